"""Pickling and deep copies of ``Variant``, ``Position``, ``PhaseData`` and the
package-compatible ``Game``'s ``map``: what comes back answers every member as the
original did (researchers send these between processes: multiprocessing, Ray).

``PhaseData`` pickles as its variant, the rules, the board before the phase, the orders
adjudicated (canonical notation), how the game ended, the orders left out and the
members already made or given (a compatible game's history fills them with the
package's values); unpickling adjudicates the phase again. Custom variants (from TOML)
pickle with their file texts. Bad input to the unpickling functions is a ``TypeError``
or a ``ValueError`` with a message.
"""

import copy
import pathlib
import pickle
import random
import warnings

import pytest

import standoff
from _policy import choose_orders
from standoff import _standoff

REPO = pathlib.Path(__file__).resolve().parents[3]
VARIANTS = REPO / "crates" / "standoff" / "variants"


def custom_toml():
    """A variant that is no built-in: France vs Austria on the standard map, renamed
    (it extends the built-in ``standard``)."""
    text = (VARIANTS / "france-austria" / "variant.toml").read_text()
    text = text.replace('name = "france-austria"', 'name = "pickle-duel"')
    return "\n".join(line for line in text.splitlines() if not line.startswith("aliases"))


def standalone_toml():
    """A variant that is no built-in and extends nothing: Pure, renamed."""
    text = (VARIANTS / "pure" / "variant.toml").read_text()
    text = text.replace('name = "pure"', 'name = "pickle-pure"')
    return "\n".join(line for line in text.splitlines() if not line.startswith("aliases"))


def round_trip(obj):
    return pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))


# -- what must agree ------------------------------------------------------------------


def messages_of(data):
    return {time: (type(m).__name__, m.to_dict()) for time, m in data.messages.items()}


def members(data):
    """Every member of a ``PhaseData``, as plain values."""
    return {
        "type": type(data),
        "name": data.name,
        "state": data.state,
        "orders": data.orders,
        "results": data.results,
        "results_str": {unit: [str(label) for label in labels] for unit, labels in data.results.items()},
        "messages": messages_of(data),
        "messages_type": type(data.messages),
        "order_errors": [(e.phase, e.power, e.order, e.kind, e.reason) for e in data.order_errors],
        "report": data.report,
        "position": data.position,
        "position_json": data.position.to_json(),
        "variant": variant_members(data.position.variant),
        "winner": data.winner,
        "to_dict": data.to_dict(),
        "destroyed": data._destroyed(),
        "unrouted": data._unrouted(),
        "repr": repr(data),
    }


def variant_members(variant):
    return {
        "name": variant.name,
        "title": variant.title,
        "powers": variant.powers,
        "provinces": variant.provinces,
        "locations": variant.locations,
        "supply_centers": variant.supply_centers,
        "victory_centers": variant.victory_centers,
        "start_year": variant.start_year,
        "initial": variant.initial_position().to_json(),
        "map_data": variant.map_data(),
    }


def assert_same(original, copied):
    assert type(copied) is standoff.PhaseData
    assert members(copied) == members(original)


# -- playing random games ---------------------------------------------------------------

BAD_ORDERS = ["A XYZ - PAR", "F NTH - MOS", "A PAR - BUR - MAR"]


def random_orders(game, rng):
    """Power -> orders drawn from ``get_all_possible_orders()`` (the differential test's
    policy: supports back real moves, convoyed armies say ``VIA``, now and then a power
    gives none), now and then with an order that cannot be used (``order_errors``)."""
    orders = choose_orders(game, rng)
    for power in orders:
        if rng.random() < 0.15:
            orders[power] = [*orders[power], rng.choice(BAD_ORDERS)]
    return orders


def play(game, rng, phases):
    """Plays up to ``phases`` phases with random orders; the phases played."""
    played = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(phases):
            if game.is_game_done:
                break
            for power, orders in random_orders(game, rng).items():
                game.set_orders(power, orders, errors="ignore")
            if isinstance(game, standoff.Game) and rng.random() < 0.3:
                game.add_message(standoff.Message("FRANCE", "GLOBAL", f"note {rng.random()}", game.get_current_phase()))
            data = game.process()
            if data is not None:
                played.append(data)
    return played


CONVOY_GAME = [
    {"ENGLAND": ["F LON - NTH", "A LVP - YOR"], "GERMANY": ["A MUN - RUH", "A BER - MUN", "F KIE - HOL"],
     "FRANCE": ["A PAR - BUR"]},
    {"ENGLAND": ["F NTH C A YOR - NWY", "A YOR - NWY VIA"], "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR"]},
    {"FRANCE": ["A BUR R PIC"]},
    {"ENGLAND": ["F LON B"], "GERMANY": ["A BER B"]},
]


def play_script(game, script=CONVOY_GAME):
    played = []
    for orders in script:
        for power, given in orders.items():
            game.set_orders(power, given)
        played.append(game.process())
    return played


def phase_kinds(played):
    return {data.name[-1] for data in played}


# -- PhaseData ----------------------------------------------------------------------------


def test_phase_data_pickled_before_the_fix_failed_now_round_trips():
    data = standoff.Game().process()
    copied = round_trip(data)
    assert_same(data, copied)


def test_scripted_game_with_a_convoy_a_retreat_and_adjustments():
    for game in (_standoff.Game(), standoff.Game()):
        played = play_script(game)
        assert [d.name for d in played] == ["S1901M", "F1901M", "F1901R", "W1901A"]
        assert "A YOR - NWY VIA" in played[1].orders["ENGLAND"] or "A YOR - NWY" in played[1].orders["ENGLAND"]
        assert played[1]._destroyed() == [] and played[2].name == "F1901R"
        for data in played:
            assert_same(data, round_trip(data))
        history = game.get_phase_history()
        assert [members(d) for d in round_trip(history)] == [members(d) for d in history]


@pytest.mark.parametrize("seed", range(4))
def test_native_game_phases_round_trip(seed):
    rng = random.Random(seed)
    game = _standoff.Game()
    played = play(game, rng, 40)
    assert {"M", "R", "A"} <= phase_kinds(played)
    assert any(d.order_errors for d in played)
    for data in played:
        assert_same(data, round_trip(data))
    # The phase history (made again from the game) pickles as a list too.
    history = game.get_phase_history()
    assert [members(d) for d in round_trip(history)] == [members(d) for d in played]


@pytest.mark.parametrize("seed", range(3))
def test_compatible_game_phases_and_history_round_trip(seed):
    rng = random.Random(100 + seed)
    game = standoff.Game()
    played = play(game, rng, 30)
    assert {"M", "R", "A"} <= phase_kinds(played)
    for data in played:
        assert_same(data, round_trip(data))
    history = game.get_phase_history()
    assert any(d.messages for d in history)
    copied = round_trip(history)
    assert [members(d) for d in copied] == [members(d) for d in history]
    # The history's members are the package's values the game keeps, filled in: they
    # come back filled, not made again from standoff's record.
    for data, back in zip(history, copied):
        assert back.results == game.result_history[data.name]
        assert back.orders == game.order_history[data.name]
        assert back.state == game.state_history[data.name]
        assert messages_of(back) == {t: ("Message", m.to_dict()) for t, m in game.message_history.get(data.name, {}).items()}


def test_a_won_game_keeps_its_winner():
    game = _standoff.Game(variant=standoff.Variant.builtin("pure"))
    rng = random.Random(3)
    played = play(game, rng, 200)
    assert game.is_game_done and played[-1].winner
    back = round_trip(played[-1])
    assert back.winner == played[-1].winner
    assert_same(played[-1], back)


@pytest.mark.parametrize("variant", ["bowen", "colonial", "ancmed"])
def test_other_builtin_variants_round_trip(variant):
    game = _standoff.Game(variant=variant)
    played = play(game, random.Random(7), 25)
    for data in played:
        assert_same(data, round_trip(data))


def test_phase_data_copies():
    game = standoff.Game()
    played = play(game, random.Random(11), 12)
    for data in [*played, *game.get_phase_history()]:
        deep = copy.deepcopy(data)
        assert_same(data, deep)
        shallow = copy.copy(data)
        assert_same(data, shallow)
    # A deep copy's members are its own; a shallow copy shares them.
    data = game.get_phase_history()[0]
    deep, shallow = copy.deepcopy(data), copy.copy(data)
    assert deep.state is not data.state and shallow.state is data.state
    deep.state["name"] = "changed"
    assert data.state["name"] == data.name
    # A list deep-copied whole.
    history = game.get_phase_history()
    assert [members(d) for d in copy.deepcopy(history)] == [members(d) for d in history]


def test_a_pickle_holds_the_custom_variant_once():
    text = custom_toml()
    variant = standoff.Variant.from_toml(text, "pickle-duel.toml")
    game = _standoff.Game(variant=variant)
    played = play(game, random.Random(5), 12)
    assert len(played) == 12
    # Every phase names the same variant: its file text is written once.
    assert pickle.dumps(played).count(text.encode()) == 1
    a, b = round_trip(played[:2])
    assert variant_members(a.position.variant) == variant_members(b.position.variant) == variant_members(variant)


# -- the package ------------------------------------------------------------------------


def test_history_pickles_as_the_packages_does():
    diplomacy = pytest.importorskip("diplomacy")
    theirs, ours = diplomacy.Game(), standoff.Game()
    play_script(theirs)
    play_script(ours)
    their_history = pickle.loads(pickle.dumps(theirs.get_phase_history()))
    our_history = round_trip(ours.get_phase_history())
    assert [type(d).__name__ for d in their_history] == ["GamePhaseData"] * 4

    def as_dicts(history):
        dicts = [d.to_dict() for d in history]
        for d in dicts:  # but when the phase was played
            d["state"] = {k: v for k, v in d["state"].items() if k != "timestamp"}
        return dicts

    assert as_dicts(our_history) == as_dicts(their_history)
    assert as_dicts(our_history) == as_dicts(ours.get_phase_history())


# -- custom variants, Variant, Position -------------------------------------------------


@pytest.mark.parametrize("toml", [custom_toml, standalone_toml])
def test_custom_variant_round_trips_everywhere(toml):
    variant = standoff.Variant.from_toml(toml(), "custom.toml")
    assert variant.name.startswith("pickle-")
    for back in (round_trip(variant), copy.deepcopy(variant), copy.copy(variant)):
        assert type(back) is standoff.Variant
        assert variant_members(back) == variant_members(variant)
    game = _standoff.Game(variant=variant)
    played = play(game, random.Random(2), 20)
    assert {"M", "A"} <= phase_kinds(played)
    for data in played:
        back = round_trip(data)
        assert_same(data, back)
        assert back.position.variant.name == variant.name
        position = data.position
        for copied in (round_trip(position), copy.deepcopy(position)):
            assert copied == position and copied.to_json() == position.to_json()
            assert variant_members(copied.variant) == variant_members(variant)
    # Unpickled objects on one variant share it.
    a, b = round_trip(played[:2])
    assert a.position.variant == b.position.variant


def test_builtin_variant_pickles_by_name():
    variant = standoff.Variant.builtin("ancmed")
    reduced = variant.__reduce__()
    assert reduced[0] is _standoff._variant_from_pickle and reduced[1] == ("ancmed",)
    assert variant_members(round_trip(variant)) == variant_members(variant)
    assert round_trip(standoff.Variant.standard()) == standoff.Variant.standard()


def test_custom_variant_pickles_its_text():
    text = custom_toml()
    variant = standoff.Variant.from_toml(text, "custom.toml")
    (saved,) = variant.__reduce__()[1]
    assert saved == {"name": "pickle-duel", "source": text, "bases": []}


def test_position_round_trips_with_what_its_other_forms_leave_out():
    game = _standoff.Game()
    play_script(game, CONVOY_GAME[:2])
    position = game.position
    assert position.phase == "F1901R" and position.dislodged
    for copied in (round_trip(position), copy.deepcopy(position)):
        assert copied == position
        # The dislodger's origin (`attacker_from`) is in the JSON form, not in `==`.
        assert copied.to_json() == position.to_json() and "attacker_from" in position.to_json()
    # A position an editor made: a dislodged unit in a movement phase.
    game = _standoff.Game()
    game.set_units("GERMANY", ["*A MUN"])
    edited = game.position
    assert edited.phase == "S1901M" and edited.dislodged
    assert round_trip(edited) == edited and round_trip(edited).to_json() == edited.to_json()
    # Retreat options as a state dict gives them (the package's own rulings).
    state = position.to_state()
    (power, retreats), = [(p, r) for p, r in state["retreats"].items() if r]
    unit = next(iter(retreats))
    state["retreats"][power][unit] = ["SYR"]
    loaded = standoff.Position.from_state(state)
    assert loaded.dislodged[power][unit] == ["SYR"]
    assert round_trip(loaded) == loaded and round_trip(loaded).dislodged[power][unit] == ["SYR"]


def test_dislodged_units_of_several_powers_come_back_in_their_order():
    # Found by the random games: the position JSON groups dislodged units by power, and
    # the report lists them in the board's order.
    game = _standoff.Game()
    played = play(game, random.Random(3), 40)
    several = [d for d in played if d.name.endswith("R") and len(d.position.dislodged) > 1]
    assert several
    for data in several:
        assert round_trip(data).report == data.report


def test_positions_pickled_by_older_builds_still_load():
    # Before: (Position, (phase, units, centers, dislodged, variant name)).
    position = standoff.Position.initial()
    old = (standoff.Position, ("S1901M", position.units, position.centers, position.dislodged, "standard"))
    assert old[0](*old[1]) == position


def test_compatible_game_map_round_trips():
    game = standoff.Game()
    for back in (round_trip(game.map), copy.deepcopy(game.map)):
        assert type(back) is type(game.map)
        assert sorted(vars(back)) == sorted(vars(game.map))
        for name, value in vars(game.map).items():
            if name == "variant":
                assert variant_members(back.variant) == variant_members(value)
            else:
                assert getattr(back, name) == value, name
        assert back.abuts("A", "PAR", "-", "BUR") and back.area_type("NTH") == "WATER"


def test_compatible_game_on_a_custom_variant_map_round_trips():
    variant = standoff.Variant.from_toml(custom_toml(), "custom.toml")
    game = standoff.Game(map_name=variant)
    back = round_trip(game.map)
    assert back.name == "pickle-duel" and back.powers == game.map.powers
    assert variant_members(back.variant) == variant_members(variant)


# -- bad input to the unpickling functions ----------------------------------------------


def phase_pickle():
    data = standoff.Game().process()
    function, (variant, state) = data.__reduce__()
    assert function is _standoff._phase_data_from_pickle
    return variant, state


def changed(state, **entries):
    out = dict(state)
    for key, value in entries.items():
        if value is KeyError:
            del out[key]
        else:
            out[key] = value
    return out


@pytest.mark.parametrize(
    "entries, error, words",
    [
        ({"format": 99}, ValueError, "format 99"),
        ({"format": "1"}, TypeError, "format"),
        ({"rules": KeyError}, ValueError, "no `rules`"),
        ({"rules": 5}, TypeError, "rules"),
        ({"rules": "{not json"}, ValueError, "rules"),
        ({"rules": '{"paradox": "no_such_rule"}'}, ValueError, "rules"),
        ({"position": 7}, TypeError, "position JSON"),
        ({"position": "[]"}, ValueError, "position"),
        ({"position": '{"phase": "Spring 1901 Movement", "units": {"France": ["A xyz"]}}'}, ValueError, "xyz"),
        ({"position": '{"phase": "Spring 1901 Movement", "units": {"France": ["A par", "F par"]}}'}, ValueError, "par"),
        ({"orders": "France: A par - bur"}, TypeError, "orders"),
        ({"orders": ["France: A par - nowhere"]}, ValueError, "nowhere"),
        ({"orders": ["France: A par - bur\nFrance: A mar - spa"]}, ValueError, "one order per line"),
        ({"orders": [""]}, ValueError, "empty order"),
        ({"end": 3}, TypeError, "end"),
        ({"end": '{"kind": "victory", "power": "Narnia", "centers": 18}'}, ValueError, "Narnia"),
        ({"end": '{"kind": "nothing"}'}, ValueError, "end"),
        ({"order_errors": [("S1901M", "FRANCE", "A XYZ H", "odd", "why")]}, ValueError, "odd"),
        ({"order_errors": [("S1901M", "FRANCE")]}, TypeError, "order_errors"),
        ({"order_errors": None}, TypeError, "order_errors"),
        ({"cells": {"winner": 1}}, ValueError, "winner"),
        ({"cells": []}, TypeError, "cells"),
        ({"surprise": 1}, ValueError, "surprise"),
    ],
)
def test_bad_phase_data_pickles_are_refused(entries, error, words):
    variant, state = phase_pickle()
    with pytest.raises(error, match=None) as caught:
        _standoff._phase_data_from_pickle(variant, changed(state, **entries))
    assert words in str(caught.value)


def test_bad_phase_data_arguments_are_refused():
    variant, state = phase_pickle()
    with pytest.raises(TypeError, match="standoff.Variant"):
        _standoff._phase_data_from_pickle("standard", state)
    with pytest.raises(TypeError, match="dict"):
        _standoff._phase_data_from_pickle(variant, [state])
    with pytest.raises(TypeError):
        _standoff._phase_data_from_pickle(variant)
    # Orders for another variant's map.
    pure = standoff.Variant.builtin("pure")
    with pytest.raises(ValueError):
        _standoff._phase_data_from_pickle(pure, state)
    # The untouched pickle reads.
    assert _standoff._phase_data_from_pickle(variant, state).name == "S1901M"


def test_bad_variant_pickles_are_refused():
    read = _standoff._variant_from_pickle
    with pytest.raises(TypeError, match="built-in variant's name"):
        read(5)
    with pytest.raises(ValueError, match="no_such_variant"):
        read("no_such_variant")
    with pytest.raises(ValueError, match="no `source`"):
        read({"name": "x"})
    with pytest.raises(ValueError, match="unknown key `extra`"):
        read({"name": "x", "source": "", "extra": 1})
    with pytest.raises(TypeError, match="`source` must be a str"):
        read({"name": "x", "source": 3})
    with pytest.raises(TypeError, match="`bases` must be a list of str"):
        read({"name": "x", "source": "", "bases": "base.toml"})
    with pytest.raises(ValueError, match="cannot load the pickled variant"):
        read({"name": "x", "source": "not = [valid"})
    # The file's name must be the saved one.
    with pytest.raises(ValueError, match="pickle-duel"):
        read({"name": "other", "source": custom_toml()})
    # A base by path is never read from disk.
    with pytest.raises(ValueError, match="cannot load the pickled variant"):
        read({"name": "x", "source": 'extends = "/etc/passwd.toml"\n[variant]\nname = "x"\n'})
    assert read({"name": "pickle-duel", "source": custom_toml()}).name == "pickle-duel"


def test_bad_position_pickles_are_refused():
    read = _standoff._position_from_pickle
    variant = standoff.Variant.standard()
    with pytest.raises(TypeError, match="standoff.Variant"):
        read("standard", "{}")
    with pytest.raises(TypeError, match="position JSON"):
        read(variant, {"phase": "Spring 1901 Movement"})
    with pytest.raises(ValueError, match="invalid position JSON"):
        read(variant, "{")
    with pytest.raises(ValueError, match="Narnia"):
        read(variant, '{"phase": "Spring 1901 Movement", "units": {"Narnia": ["A par"]}}')
    with pytest.raises(ValueError, match="phase"):
        read(variant, '{"phase": "Summer 1901", "units": {}}')
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(ValueError):
        read(variant, deep)


# -- orders set for the current phase -----------------------------------------------------


def in_each_kind_of_phase(make):
    """(game, orders) in a movement, a retreat and an adjustment phase of the scripted
    convoy game: orders the next phase of the script sets, and a power that sets none."""
    for upto in (0, 2, 3):
        game = make()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            play_script(game, CONVOY_GAME[:upto])
        yield game, CONVOY_GAME[upto]


@pytest.mark.parametrize("make", [standoff.Game, _standoff.Game], ids=["compatible", "native"])
def test_a_game_pickled_between_set_orders_and_process_plays_the_orders_set(make):
    for game, orders in in_each_kind_of_phase(make):
        phase = game.get_current_phase()
        for power, given in orders.items():
            game.set_orders(power, given)
        game.set_orders("RUSSIA", [])  # set, with no order
        copies = [round_trip(game), copy.deepcopy(game)]
        for copied in copies:
            assert copied.get_current_phase() == phase
            for power in [*orders, "RUSSIA", "TURKEY"]:
                assert copied.get_orders(power) == game.get_orders(power), (phase, power)
                if make is standoff.Game:
                    assert copied.get_power(power).order_is_set == game.get_power(power).order_is_set, (phase, power)
        game.process()
        for copied in copies:
            copied.process()
            assert copied.get_state()["units"] == game.get_state()["units"], phase
            assert copied.get_state()["centers"] == game.get_state()["centers"], phase


def error_tuples(errors):
    return [(e.phase, e.power, e.order, e.kind, e.reason) for e in errors]


@pytest.mark.parametrize("make", [standoff.Game, _standoff.Game], ids=["compatible", "native"])
def test_a_pickled_game_keeps_the_order_errors_of_its_current_phase(make):
    for game, orders in in_each_kind_of_phase(make):
        for power, given in orders.items():
            game.set_orders(power, given)
        game.set_orders("TURKEY", ["A XYZ - ABC", "F ANK - MOS"], errors="ignore")
        kept = error_tuples(game.order_errors)
        assert len(kept) == 2, kept
        for copied in (round_trip(game), copy.deepcopy(game)):
            assert error_tuples(copied.order_errors) == kept
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                played = copied.process()
            # The played phase records them, as the original's does.
            assert error_tuples(played.order_errors)[:2] == kept
    # A pickle of an earlier build, without order errors, still loads (with none).
    function, (saved, submitted, errors) = _standoff.Game().__reduce__()
    assert errors == [] and function(saved, submitted).order_errors == []


@pytest.mark.parametrize(
    "errors, error, words",
    [
        ([("S1901M", "FRANCE")], TypeError, "order_errors"),
        ([("S1901M", "FRANCE", "A XYZ H", "odd", "why")], ValueError, "odd"),
        ("S1901M", TypeError, "order_errors"),
    ],
)
def test_bad_order_errors_in_a_game_pickle_are_refused(errors, error, words):
    function, (saved, submitted, _) = _standoff.Game().__reduce__()
    with pytest.raises(error, match=words):
        function(saved, submitted, errors)


@pytest.mark.parametrize(
    "submitted, error, words",
    [
        ([("FRANCE",)], ValueError, "length 2"),
        ("FRANCE", TypeError, "str"),
        ([("NARNIA", ["A PAR - BUR"])], standoff.StandoffError, "NARNIA"),
    ],
)
def test_bad_game_pickles_are_refused(submitted, error, words):
    function, (saved, _, _) = _standoff.Game().__reduce__()
    assert function is _standoff._game_from_pickle
    with pytest.raises(error) as caught:
        function(saved, submitted)
    assert words in str(caught.value)


def test_an_order_a_pickled_game_cannot_set_again_is_warned_about():
    function, (saved, _, _) = _standoff.Game().__reduce__()
    with pytest.warns(standoff.OrderWarning, match="MOS"):
        game = function(saved, [("FRANCE", ["A PAR - MOS"])])
    assert game.get_orders("FRANCE") == []

"""The speed-ups of the random-agent loop must not change what a game does.

``set_orders`` given back the very strings ``get_all_possible_orders()`` handed out knows
their orders without reading them; it must end with the same orders, the same order
errors and the same warnings as for equal strings it has to read."""

import random
import warnings

import pytest

from standoff import Game, _standoff


def fresh(text):
    """An equal string that is a different object (so it has to be read)."""
    return text.encode().decode()


def play_both(seed, phases, make):
    """Plays the same random orders in two games, one given the listed strings, one
    given copies; returns both games."""
    rng = random.Random(seed)
    listed, copied = make(), make()
    for _ in range(phases):
        if listed.is_game_done:
            break
        possible = listed.get_all_possible_orders()
        assert possible == copied.get_all_possible_orders()
        for name, locs in listed.get_orderable_locations().items():
            # Some orders of other powers too: they must be refused the same way.
            orders = [rng.choice(possible[loc]) for loc in locs if possible[loc]]
            other = [o for loc, os in possible.items() for o in os if o not in orders]
            if other and rng.random() < 0.3:
                orders.append(rng.choice(other))
            with warnings.catch_warnings(record=True) as a:
                warnings.simplefilter("always")
                listed.set_orders(name, orders)
            with warnings.catch_warnings(record=True) as b:
                warnings.simplefilter("always")
                copied.set_orders(name, [fresh(o) for o in orders])
            assert [str(w.message) for w in a] == [str(w.message) for w in b]
        assert listed.get_orders() == copied.get_orders()
        assert [str(e) for e in listed.order_errors] == [str(e) for e in copied.order_errors]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            listed.process()
            copied.process()
        assert listed.get_units() == copied.get_units()
        assert listed.get_centers() == copied.get_centers()
    return listed, copied


@pytest.mark.parametrize("seed", range(4))
def test_listed_strings_set_the_same_orders_as_read_ones_native(seed):
    listed, copied = play_both(seed, 40, _standoff.Game)
    assert listed.get_units() == copied.get_units()


@pytest.mark.parametrize("seed", range(2))
def test_listed_strings_set_the_same_orders_as_read_ones_compat(seed):
    listed, copied = play_both(seed, 30, Game)
    assert listed.get_state() == copied.get_state()
    assert listed.result_history == copied.result_history


def test_a_string_listed_in_an_earlier_phase_is_checked_again():
    game = _standoff.Game()
    move = next(o for o in game.get_all_possible_orders()["PAR"] if o == "A PAR - BUR")
    game.set_orders("FRANCE", [move])
    game.process()  # the army is in BUR now: "A PAR - BUR" has no unit
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        game.set_orders("FRANCE", [move])
    assert game.get_orders("FRANCE") == []
    assert [e.order for e in game.order_errors] == ["A PAR - BUR"]
    assert caught


def test_a_listed_string_of_another_power_is_refused():
    game = _standoff.Game()
    move = next(o for o in game.get_all_possible_orders()["PAR"] if o == "A PAR - BUR")
    with pytest.raises(_standoff.IllegalOrderError):
        game.set_orders("GERMANY", [move], errors="raise")
    assert game.get_orders("GERMANY") == []


def _random_game(seed, phases, read_board):
    rng = random.Random(seed)
    game = Game()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(phases):
            possible = game.get_all_possible_orders()
            for name in game.powers:
                game.set_orders(name, [rng.choice(possible[loc]) for loc in game.get_orderable_locations(name)
                                       if possible[loc]])
            game.process()
            if read_board:
                [(p.units, p.centers, p.retreats) for p in game.powers.values()]
    return game


@pytest.mark.parametrize("seed", range(3))
def test_power_lists_read_late_are_those_read_every_phase(seed):
    # The Power objects read the board when first used after process(); the package's
    # unit order (units kept stay in place) must come out the same as when read every
    # phase.
    eager, lazy = _random_game(seed, 14, True), _random_game(seed, 14, False)
    for name in eager.powers:
        assert lazy.powers[name].units == eager.powers[name].units
        assert lazy.powers[name].centers == eager.powers[name].centers
        assert lazy.powers[name].retreats == eager.powers[name].retreats
    assert lazy.popped == eager.popped


def test_power_edit_right_after_process_reaches_the_game():
    game = Game()
    game.process()
    game.powers["FRANCE"].units = ["A PAR"]  # assigned before the board was read
    assert game.get_units("FRANCE") == ["A PAR"]
    assert game.get_state()["units"]["FRANCE"] == ["A PAR"]


def test_a_game_pickled_before_the_board_is_read():
    import pickle

    game = _random_game(1, 3, False)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.get_units() == game.get_units()
    assert copy.powers["FRANCE"].units == game.powers["FRANCE"].units


@pytest.mark.parametrize("make", [_standoff.Game, Game], ids=["native", "compat"])
def test_orderable_locations_of_one_power_are_its_entry_of_all(make):
    """``get_orderable_locations(power)`` is computed for that power alone; it must be
    the power's entry of ``get_orderable_locations()`` in every kind of phase."""
    kinds = set()
    # Random games until every kind of phase was seen (at least 3 games).
    for seed in range(40):
        if kinds == {"M", "R", "A"} and seed >= 3:
            break
        rng = random.Random(seed)
        game = make()
        while not game.is_game_done and int(game.get_current_phase()[1:5]) < 1908:
            kinds.add(game.get_current_phase()[-1])
            every = game.get_orderable_locations()
            possible = game.get_all_possible_orders()
            for name in every:
                assert game.get_orderable_locations(name) == every[name]
                orders = [rng.choice(possible[l]) for l in every[name] if possible[l]]
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    game.set_orders(name, orders)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # random builds beyond the allowed number
                game.process()
    assert kinds == {"M", "R", "A"}


def _possible_lists(seed, phases):
    """Every phase's possible orders of a seeded random native game."""
    rng = random.Random(seed)
    game = _standoff.Game()
    out = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(phases):
            possible = game.get_all_possible_orders()
            out.append(possible)
            for name, locs in game.get_orderable_locations().items():
                game.set_orders(name, [rng.choice(possible[loc]) for loc in locs if possible[loc]])
            game.process()
    return out


def test_listing_stays_the_same_when_the_text_table_is_emptied():
    """The table of order strings is emptied when it outgrows its limit (lowered here so
    that it happens at every listing): the lists must not change, and strings listed
    before and after it must still set the orders read ones set."""
    again = lambda game: game.get_all_possible_orders()["PAR"][0]  # noqa: E731
    game = _standoff.Game()
    assert again(game) is again(game)  # kept: the same string each time
    expected = _possible_lists(3, 24)
    old = _standoff._set_order_text_limit(100)
    try:
        first, second = again(game), again(game)
        assert first == second and first is not second  # the table was emptied
        assert _possible_lists(3, 24) == expected
        play_both(3, 24, _standoff.Game)
    finally:
        _standoff._set_order_text_limit(old)


def lists_by_definition(state):
    """``_compat._lists_of_state`` as the Python it stands for (it was this code)."""
    def names(items):
        return [" ".join(str(item).upper().split()) for item in items or ()]

    lists = {}
    influence = state.get("influence")
    for name, units in (state.get("units") or {}).items():
        units = names(units)
        places = influence.get(name) if isinstance(influence, dict) else None
        lists[str(name).upper()] = ([u for u in units if not u.startswith("*")],
                                    names((state.get("centers") or {}).get(name)),
                                    [u[1:] for u in units if u.startswith("*")],
                                    None if places is None else names(places))
    return lists


class Named:
    """Not a string: written by ``str()``."""

    def __init__(self, text):
        self.text = text

    def __str__(self):
        return self.text


class LookupOnly:
    """A mapping that is no dict: only ``get`` and ``items``."""

    def __init__(self, items):
        self._items = dict(items)

    def get(self, key, default=None):
        return self._items.get(key, default)

    def items(self):
        return self._items.items()

    def __bool__(self):
        return bool(self._items)


@pytest.mark.parametrize("state", [
    {"units": {"FRANCE": ["A PAR", "*F BRE", "f  mar", " A\tBUR ", "A PÄR", "A\x1cGAS", Named("a pic")],
               "england": ("F LON",), "ITALY": None, "GERMANY": []},
     "centers": {"FRANCE": ["par", "BRE"], "england": ["LON"]},
     "influence": {"FRANCE": ["PAR", "bur "], "GERMANY": None}},
    {"units": {"FRANCE": ["A PAR"]}, "influence": ["PAR"]},
    {"units": {"FRANCE": ["A PAR"]}, "centers": {}},
    {"units": {}},
    {"units": None},
    {},
    {"units": LookupOnly({"FRANCE": ["*a par"]}), "centers": LookupOnly({"FRANCE": ["PAR"]})},
    {"units": {"FRANCE": ["*\ud800"]}},
])
def test_lists_of_state_is_the_python_definition(state):
    """The native reading of a state's lists gives what the Python it replaced gives,
    names already written as the board writes them or not."""
    from standoff import _compat

    assert _compat._lists_of_state(state) == lists_by_definition(state)


def test_lists_of_state_refuses_what_the_definition_refuses():
    from standoff import _compat

    for state in ({"units": {"FRANCE": ["A PAR"]}, "centers": ["PAR"]}, {"units": {"FRANCE": 3}}):
        with pytest.raises((AttributeError, TypeError)):
            lists_by_definition(state)
        with pytest.raises((AttributeError, TypeError)):
            _compat._lists_of_state(state)


def test_orderable_locations_follow_every_change_of_the_board():
    """``get_orderable_locations(power)`` (the game's own power-name strings found by
    identity, any other string read) agrees with ``get_orderable_locations()`` through
    every kind of change of the board, and each call's list is the caller's own."""
    game = Game()
    first = game.get_orderable_locations("FRANCE")
    assert first == ["BRE", "MAR", "PAR"]
    first.append("XXX")
    assert game.get_orderable_locations("FRANCE") == ["BRE", "MAR", "PAR"]
    made = "".join(["FRA", "NCE"])  # equal, not the game's own string
    assert game.get_orderable_locations(made) == game.get_orderable_locations("france") == first[:3]

    def agrees():
        every = game.get_orderable_locations()
        for name in every:
            assert game.get_orderable_locations(name) == every[name], name
            assert game.get_orderable_locations(name.lower()) == every[name], name
        return every

    game.set_units("FRANCE", ["A BUR"])
    assert sorted(agrees()["FRANCE"]) == ["BRE", "BUR", "MAR", "PAR"]
    game.powers["GERMANY"].units.append("A RUH")
    assert "RUH" in agrees()["GERMANY"]
    game.powers["GERMANY"].units.remove("A RUH")
    assert "RUH" not in agrees()["GERMANY"]
    game.clear_units()
    assert agrees()["FRANCE"] == []
    game.set_units("ENGLAND", ["F LON"])
    game.set_current_phase("W1901A")  # England has 3 centers and 1 unit: 2 builds
    assert sorted(agrees()["ENGLAND"]) == ["EDI", "LVP"]
    game.set_current_phase("S1902M")
    assert agrees()["ENGLAND"] == ["LON"]
    game.set_orders("ENGLAND", ["F LON - NTH"])
    game.process()
    assert agrees()["ENGLAND"] == ["NTH"]
    game.draw()  # the board stays (as in the package, which lists its units still)
    assert agrees()["ENGLAND"] == ["NTH"]

"""Retreat and adjustment orders given through ``set_orders`` are taken as the
``diplomacy`` package (1.1.2, installed and run, never copied) takes them: the same
sequences of calls on both give the same orders listed, and the same units, order
history and result labels once the phase is played. Covers the first order per location
counting within a call, later calls replacing (or with ``replace=False`` keeping)
earlier ones, ``WAIVE`` counted only for builds left, and builds the board does not
allow staying listed until the phase voids them."""

import copy
import pickle
import warnings

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402


def both(state):
    games = []
    for cls in (diplomacy.Game, standoff.Game):
        game = cls()
        game.set_state(state)
        games.append(game)
    return games


def winter(units, centers):
    base = diplomacy.Game()
    base.set_current_phase("W1901A")
    state = base.get_state()
    state["units"] = {p: units.get(p, []) for p in state["units"]}
    state["centers"] = {p: centers.get(p, []) for p in state["centers"]}
    return state


FRANCE_CAN_BUILD_TWO = winter({"FRANCE": ["A BUR"]}, {"FRANCE": ["BRE", "MAR", "PAR"]})
FRANCE_MUST_REMOVE_ONE = winter({"FRANCE": ["A BUR", "A PAR", "F BRE"]}, {"FRANCE": ["BRE", "PAR"]})

CALLS = [
    # (state, [(orders, keyword arguments), ...])
    (FRANCE_CAN_BUILD_TWO, [(["A PAR B", "F PAR B", "WAIVE", "WAIVE", "WAIVE"], {})]),
    (FRANCE_CAN_BUILD_TWO, [(["A PAR B"], {}), (["F MAR B"], {"replace": False}), (["F BRE B"], {"replace": False})]),
    (FRANCE_CAN_BUILD_TWO, [(["A MUN B", "A PAR B"], {}), (["F BRE B"], {})]),
    (FRANCE_CAN_BUILD_TWO, [(["A MUN B"], {}), (["A MUN B", "F MAR B"], {})]),
    (FRANCE_CAN_BUILD_TWO, [(["WAIVE", "A PAR B", "F BRE B"], {}), ([], {})]),
    (FRANCE_CAN_BUILD_TWO, [(["A PAR B"], {}), ([], {"replace": False}), (["F MAR B", "A MAR B"], {})]),
    (FRANCE_MUST_REMOVE_ONE, [(["A BUR D", "A PAR D", "WAIVE"], {})]),
    (FRANCE_MUST_REMOVE_ONE, [(["A BUR D"], {}), (["F BRE D"], {"replace": False})]),
    # Written verb first: each order is for its own unit (the second word is no place).
    (FRANCE_CAN_BUILD_TWO, [(["BUILD A PAR", "BUILD F BRE"], {})]),
    (FRANCE_MUST_REMOVE_ONE, [(["REMOVE A BUR", "DISBAND A PAR"], {})]),
    (FRANCE_MUST_REMOVE_ONE, [(["REMOVE A BUR"], {}), (["REMOVE F BRE"], {"replace": False})]),
]


@pytest.mark.parametrize("state, calls", CALLS)
def test_adjustment_calls_are_taken_as_the_package_takes_them(state, calls):
    package, game = both(state)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for orders, kwargs in calls:
            package.set_orders("FRANCE", orders, **kwargs)
            game.set_orders("FRANCE", orders, **kwargs)
            assert sorted(game.get_orders("FRANCE")) == sorted(package.get_orders("FRANCE")), (orders, kwargs)
        package.process()
        game.process()
    assert sorted(game.get_units("FRANCE")) == sorted(package.get_units("FRANCE"))
    phase = package.order_history.last_key()
    assert sorted(game.order_history[phase]["FRANCE"]) == sorted(package.order_history[phase]["FRANCE"])
    assert game.result_history[phase] == package.result_history[phase]


def in_retreat():
    """Both games in a retreat phase, reached by playing (the package restores no
    dislodged units from a state dict): FRANCE's army in Burgundy dislodged (it may
    retreat to Picardy, Gascony, Belgium or Marseilles)."""
    games = []
    for cls in (diplomacy.Game, standoff.Game):
        game = cls()
        game.set_units("FRANCE", ["A BUR", "A PAR"], reset=True)
        game.set_units("GERMANY", ["A MUN", "A RUH", "A KIE"], reset=True)
        game.set_orders("GERMANY", ["A MUN - BUR", "A RUH S A MUN - BUR"])
        game.process()
        assert game.get_current_phase() == "S1901R"
        games.append(game)
    return games


RETREAT_CALLS = [
    [(["A BUR R PIC", "A BUR R GAS"], {}), (["A BUR D"], {"replace": False}), (["A BUR R BEL"], {})],
    [(["A BUR R MUN"], {})],
    [(["A BUR R PIC"], {}), ([], {})],
    [(["A BUR R PIC"], {}), ([], {"replace": False})],
    [(["A PAR R PIC", "A BUR R GAS"], {})],
    [(["A BUR R RUH"], {}), (["A BUR R PIC"], {})],
]


@pytest.mark.parametrize("calls", RETREAT_CALLS)
def test_retreat_calls_are_taken_as_the_package_takes_them(calls):
    package, game = in_retreat()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for orders, kwargs in calls:
            package.set_orders("FRANCE", orders, **kwargs)
            game.set_orders("FRANCE", orders, **kwargs)
            assert game.get_orders("FRANCE") == package.get_orders("FRANCE"), (orders, kwargs)
        package.process()
        game.process()
    assert sorted(game.get_units("FRANCE")) == sorted(package.get_units("FRANCE"))
    phase = package.order_history.last_key()
    assert game.order_history[phase]["FRANCE"] == package.order_history[phase]["FRANCE"]
    assert game.result_history[phase] == package.result_history[phase]


# Ways of reaching a power's retreat or adjustment orders through its `Power` object
# after `set_orders` (standoff keeps them in the game until the `Power` is read).
ADJUST_EDITS = {
    "read": lambda adjust: None,
    "append": lambda adjust: adjust.append("F MAR B"),
    "clear": lambda adjust: adjust.clear(),
    "replace item": lambda adjust: adjust.__setitem__(0, "F BRE B"),
}


@pytest.mark.parametrize("edit", sorted(ADJUST_EDITS))
@pytest.mark.parametrize("copied", ["no copy", "deepcopy"])
def test_adjust_read_and_edited_through_the_power_plays_as_in_the_package(edit, copied):
    package, game = both(FRANCE_CAN_BUILD_TWO)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        played = []
        for engine in (package, game):
            engine.set_orders("FRANCE", ["A PAR B"])
            power = engine.get_power("FRANCE")
            adjust = power.adjust
            assert power.adjust is adjust  # the same list, read twice
            ADJUST_EDITS[edit](adjust)
            if copied == "deepcopy":
                engine = copy.deepcopy(engine)
            assert engine.get_orders("FRANCE") == [o for o in adjust if o != "WAIVE"]
            engine.process()
            played.append(engine)
        package, game = played
    assert game.get_power("FRANCE").adjust == package.get_power("FRANCE").adjust == []
    assert sorted(game.get_units("FRANCE")) == sorted(package.get_units("FRANCE"))
    phase = package.order_history.last_key()
    assert sorted(game.order_history[phase]["FRANCE"]) == sorted(package.order_history[phase]["FRANCE"])
    assert game.result_history[phase] == package.result_history[phase]


def test_adjust_given_after_set_orders_is_kept_by_a_pickled_game():
    # (The package's games do not pickle: the orders it would play are its `adjust`.)
    (_, game) = both(FRANCE_CAN_BUILD_TWO)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game.set_orders("FRANCE", ["A PAR B", "F MAR B"])
        copy_of = pickle.loads(pickle.dumps(game))
        assert copy_of.get_power("FRANCE").adjust == ["A PAR B", "F MAR B"]
        copy_of.process()
    assert sorted(copy_of.get_units("FRANCE")) == ["A BUR", "A PAR", "F MAR"]

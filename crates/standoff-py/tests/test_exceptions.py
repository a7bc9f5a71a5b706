"""``standoff.utils.exceptions`` names the ``diplomacy`` package's exceptions
(``diplomacy.utils.exceptions``), and a ``standoff.Game`` raises the one the package
raises for the same call, so a script's ``except`` clauses keep working."""

import importlib

import pytest

import standoff
from standoff.utils import exceptions

diplomacy = pytest.importorskip("diplomacy")
theirs = importlib.import_module("diplomacy.utils.exceptions")
from diplomacy.engine.message import Message as TheirMessage  # noqa: E402


def names_and_bases(module, names):
    """Each exception name with the names of its bases within ``module``."""
    return {
        name: [k.__name__ for k in getattr(module, name).__mro__[1:] if k.__module__ == module.__name__]
        for name in names
    }


def test_the_same_names_and_hierarchy_as_the_package():
    package_names = sorted(
        name for name, value in vars(theirs).items()
        if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == theirs.__name__
    )
    assert sorted(exceptions.__all__) == package_names
    assert names_and_bases(exceptions, package_names) == names_and_bases(theirs, package_names)
    for name in package_names:
        error = getattr(exceptions, name)
        assert issubclass(error, standoff.StandoffError) and issubclass(error, ValueError), name
        assert getattr(standoff.utils.exceptions, name) is error
    assert exceptions.MapPowerException("no such power").message == "no such power"
    assert exceptions.GameIdException().message


def raised(make, call):
    """The name of the exception ``call(make())`` raises, or None."""
    try:
        call(make())
    except Exception as error:  # noqa: BLE001 - the class is what is compared
        return type(error).__name__
    return None


def controlled_twice(game):
    game.set_controlled("FRANCE", "alice")
    game.set_controlled("FRANCE", "bob")


def press_for_another_phase(game):
    message = TheirMessage if isinstance(game, diplomacy.Game) else standoff.Message
    game.add_message(message(sender="FRANCE", recipient="ENGLAND", message="hi", phase="F1901M"))


def no_dummy_left(game):
    for name in game.powers:
        game.set_controlled(name, "player-" + name)
    game.get_random_power_name()


CALLS = {
    "set_orders for no power": (lambda g: g.set_orders("NARNIA", ["A PAR H"]), "MapPowerException"),
    "press for another phase": (press_for_another_phase, "GamePhaseException"),
    "a power someone controls": (controlled_twice, "DiplomacyException"),
    "no dummy power left": (no_dummy_left, "RandomPowerException"),
}


@pytest.mark.parametrize("what", sorted(CALLS))
def test_a_call_raises_what_the_package_raises(what):
    call, name = CALLS[what]
    assert raised(diplomacy.Game, call) == raised(standoff.Game, call) == name


@pytest.mark.parametrize("settings, name", [
    ({"deadline": -1}, "NaturalIntegerException"),
    ({"n_controls": -2}, "NaturalIntegerException"),
    ({"registration_password": ""}, "DiplomacyException"),
])
def test_bad_settings_raise_what_the_package_raises(settings, name):
    assert raised(lambda: diplomacy.Game(**settings), lambda g: g) == name
    with pytest.raises(getattr(exceptions, name)):
        standoff.Game(**settings)


def test_an_unknown_power_is_a_map_power_error_where_the_package_fails():
    # The package fails with AttributeError (None has no units) for these calls.
    game = standoff.Game()
    for call in (game.get_units, game.get_orders, game.get_orderable_locations, game.clear_orders):
        with pytest.raises(exceptions.MapPowerException, match="NARNIA"):
            call("NARNIA")


def test_press_for_the_current_phase_is_taken():
    game = standoff.Game()
    game.add_message(standoff.Message(sender="FRANCE", recipient="ENGLAND", message="hi", phase="S1901M"))
    game.add_message(standoff.Message(sender="FRANCE", recipient="GLOBAL", message="all"))
    # A message with its time sent is filed as it is (a game's press restored), in both.
    for engine, message in ((diplomacy, TheirMessage), (standoff, standoff.Message)):
        other = engine.Game()
        other.add_message(message(sender="FRANCE", recipient="ENGLAND", message="old", phase="F1901M",
                                  time_sent=5))
        assert [m.phase for m in other.messages.values()] == ["F1901M"]
    assert [m.phase for m in game.messages.values()] == ["S1901M", "S1901M"]


def broken_states():
    """(what is wrong, a start state with it, what standoff's error names)."""
    start = diplomacy.Game().get_state()

    def changed(change):
        state = {key: (dict(value) if isinstance(value, dict) else value) for key, value in start.items()}
        state["units"] = {power: list(units) for power, units in start["units"].items()}
        state["centers"] = {power: list(centers) for power, centers in start["centers"].items()}
        change(state)
        return state

    yield "no such place", changed(lambda s: s["units"]["FRANCE"].append("A XYZ")), "XYZ"
    yield "no such unit type", changed(lambda s: s["units"]["FRANCE"].append("Q PIC")), "Q PIC"
    yield "no such power", changed(lambda s: s["units"].update(NARNIA=["A PIC"])), "NARNIA"
    yield "a center that is none", changed(lambda s: s["centers"]["FRANCE"].append("BUR")), "bur"
    yield "a fleet inland", changed(lambda s: s["units"]["FRANCE"].append("F BUR")), "F BUR"
    yield "two units in one place", changed(
        lambda s: (s["units"]["FRANCE"].append("A BUR"), s["units"]["GERMANY"].append("A BUR"))), "bur"
    yield "no such phase", changed(lambda s: s.update(name="S1901X")), "S1901X"


@pytest.mark.parametrize("what, state, named", list(broken_states()), ids=[w for w, _, _ in broken_states()])
def test_set_state_refuses_what_the_package_skips(what, state, named):
    # The package skips what it cannot read, silently, and keeps the rest.
    package = diplomacy.Game()
    package.set_state(state)
    assert sorted(package.get_units("FRANCE"))[:3] == ["A MAR", "A PAR", "F BRE"]
    game = standoff.Game()
    with pytest.raises(standoff.InvalidStateError, match=named):
        game.set_state(state)
    assert game.get_state()["units"] == diplomacy.Game().get_state()["units"], "left as it was"

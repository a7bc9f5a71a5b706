"""``Game.to_dict()`` / ``Game.from_dict()`` in the ``diplomacy`` package's format
(``standoff._compat_jsonable``): the same calls on both engines give the same dict (but
for the clock's times), and a dict written by either engine loads in the other with the
same board, histories, orders set, press, settings and controllers."""

import json
import warnings

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402

# A scripted game: a dislodgement and its retreat, builds (France a dummy whose build
# left is waived, Germany controlled), press, and orders set in the current phase.
SCRIPT = [
    {"GERMANY": ["A MUN - BUR", "A BER - MUN", "F KIE - DEN"], "FRANCE": ["A PAR - PIC", "A MAR - GAS", "F BRE - MAO"],
     "ENGLAND": ["F LON - NTH"]},
    {"FRANCE": ["A PIC - BUR", "A GAS S A PIC - BUR", "F MAO - SPA/NC"], "GERMANY": ["A BUR H"]},
    {"GERMANY": ["A BUR R RUH"]},
    {"FRANCE": ["A MAR B"], "GERMANY": ["A BER B"]},
]


def played(cls, message_cls, steps=len(SCRIPT)):
    game = cls(game_id="script", status="active", deadline=60, rules=["NO_PRESS", "REAL_TIME"])
    game.set_controlled("GERMANY", "gus")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for step, turn in enumerate(SCRIPT[:steps]):
            game.add_message(message_cls(sender="ENGLAND", recipient="GLOBAL", message=f"step {step}",
                                         phase=game.get_current_phase(), time_sent=100 + step))
            for name, orders in turn.items():
                game.set_orders(name, orders)
            game.process()
        if game.phase_type == "M":
            game.set_orders("ITALY", ["A VEN - TYR"])
        game.set_orders("TURKEY", [])
        game.powers["ITALY"].vote = "yes"
        game.set_wait("AUSTRIA", False)
    return game


def comparable(data):
    """A game dict through JSON, without what the clock sets (and standoff's states'
    timestamp, 0: it keeps no clock), retreat options in one order (standoff lists them
    by name, the package in its map file's order: COMPATIBILITY.md)."""
    data = json.loads(json.dumps(data))
    data.pop("timestamp_created")
    for power in data["powers"].values():
        power["controller"] = list(power["controller"].values())
        power["retreats"] = {unit: sorted(options) for unit, options in power["retreats"].items()}
    for state in data["state_history"].values():
        state.pop("timestamp")
        state["retreats"] = {power: {unit: sorted(options) for unit, options in retreats.items()}
                             for power, retreats in state["retreats"].items()}
    return data


@pytest.mark.parametrize("steps", [0, 1, 2, 3, 4])
def test_the_dict_is_the_packages(steps):
    ours = comparable(played(standoff.Game, standoff.Message, steps).to_dict())
    theirs = comparable(played(diplomacy.Game, diplomacy.Message, steps).to_dict())
    assert sorted(ours) == sorted(theirs)
    for key in theirs:
        assert ours[key] == theirs[key], key


def view(game):
    return {"phase": game.get_current_phase(), "units": game.get_units(), "centers": game.get_centers(),
            "orders": game.get_orders(), "order_history": {p: dict(o) for p, o in game.order_history.items()},
            "results": {p: {u: [str(x) for x in r] for u, r in res.items()} for p, res in game.result_history.items()},
            "messages": [m.message for m in game.messages.values()],
            "press": {p: [m.message for m in ms.values()] for p, ms in game.message_history.items()},
            "settings": [game.status, game.deadline, game.n_controls, sorted(game.rules), sorted(game.no_rules)],
            "powers": {n: [p.get_controller(), p.vote, p.wait, p.order_is_set, p.is_dummy()]
                       for n, p in game.powers.items()}}


@pytest.mark.parametrize("steps", [0, 2, 4])
def test_each_engine_loads_the_others_dict(steps):
    ours, theirs = played(standoff.Game, standoff.Message, steps), played(diplomacy.Game, diplomacy.Message, steps)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded_by_us = standoff.Game.from_dict(json.loads(json.dumps(theirs.to_dict())))
        loaded_by_them = diplomacy.Game.from_dict(json.loads(json.dumps(ours.to_dict())))
        again = standoff.Game.from_dict(ours.to_dict())
    assert view(loaded_by_us) == view(theirs)
    assert view(loaded_by_them) == view(ours)
    assert view(again) == view(ours)
    for game in (loaded_by_us, again):
        game.process()
    theirs.process()
    assert loaded_by_us.get_units() == again.get_units() == theirs.get_units()


def test_from_dict_still_takes_a_saved_game():
    game = played(standoff.Game, standoff.Message, 3)
    assert view(standoff.Game.from_dict(game.to_saved_game_format()))["units"] == view(game)["units"]


@pytest.mark.parametrize("bad, named", [
    ([], "dict"), ({"powers": []}, "powers"), ({"rules": "NO_PRESS"}, "rules"),
    ({"state_history": [1]}, "state_history"), ({"powers": {"ATLANTIS": {}}}, "ATLANTIS"),
    ({"powers": {"FRANCE": 3}}, "FRANCE"), ({"status": "sleeping"}, "status"),
])
def test_a_bad_game_dict_says_what_is_wrong(bad, named):
    with pytest.raises((ValueError, standoff.StandoffError), match=named):
        standoff.Game.from_dict(bad)

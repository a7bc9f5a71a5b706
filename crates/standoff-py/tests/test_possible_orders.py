"""``get_all_possible_orders()`` lists what the ``diplomacy`` package (1.1.2) lists, and
more only where the package leaves legal orders out (COMPATIBILITY.md).

Both engines play the same random orders; after every phase whose board they agree on,
each location's list is compared as a set. Nothing the package lists may be missing.
What only standoff lists must be one of the two documented kinds:

- the plain move ``A X - Y`` beside the ``A X - Y VIA`` the package lists (under the 2000
  rulebook an army ordered to a coast it does not border moves by convoy, ``VIA`` or
  not);
- a convoy ``F S C A X - Y`` of an army the package lets move to ``Y`` by convoy, by a
  fleet on one of its routes (the package lists only the fleets of the routes it finds).
"""

import random
import warnings

import pytest

from _policy import play_both

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402

GAMES = 4
LAST_YEAR = 1912


def explained(order, theirs):
    """Why standoff may list ``order`` where the package does not (its lists
    ``theirs``, by location), or None."""
    words = order.split()
    if len(words) == 4 and words[0] == "A" and words[2] == "-":
        if order + " VIA" in theirs.get(words[1], []):
            return "the plain move beside the package's VIA"
    if len(words) == 7 and words[0] == "F" and words[2] == "C" and words[3] == "A" and words[5] == "-":
        army, to = words[4], words[6]
        if "A %s - %s VIA" % (army, to) in theirs.get(army, []):
            return "a fleet on another route of a convoy the package allows"
    return None


def board(game):
    state = game.get_state()
    return state["units"], state["centers"], state["retreats"]


@pytest.mark.parametrize("seed", range(GAMES))
def test_possible_orders_follow_the_package(seed):
    rng = random.Random(seed)
    theirs, ours = diplomacy.Game(), standoff.Game()
    compared = 0
    while not theirs.is_game_done and int(theirs.get_current_phase()[1:5]) <= LAST_YEAR:
        phase = theirs.get_current_phase()
        if board(theirs) != board(ours):
            break  # a known adjudication difference (test_differential.py): stop here
        expected, got = theirs.get_all_possible_orders(), ours.get_all_possible_orders()
        assert set(got) == set(expected), phase
        for loc, orders in expected.items():
            missing = set(orders) - set(got[loc])
            assert not missing, (phase, loc, sorted(missing))
            extra = [o for o in set(got[loc]) - set(orders) if not explained(o, expected)]
            assert not extra, (phase, loc, sorted(extra))
        compared += 1
        play_both(theirs, ours, rng)
    assert compared >= 5


def test_supports_naming_a_coast_are_listed_as_the_package_lists_them():
    # A fleet supported into a province of two coasts: to the province, and to each
    # coast it can reach (DATC 4.B.4: a coast may be given, and must then match).
    theirs, ours = diplomacy.Game(), standoff.Game()
    for game in (theirs, ours):
        game.set_units("FRANCE", ["A MAR", "F GAS", "F POR"])
        game.set_units("RUSSIA", ["A MOS", "F BOT"])
    for loc in ("MAR", "POR", "MOS"):
        expected = {o for o in theirs.get_all_possible_orders()[loc] if " S " in o}
        got = {o for o in ours.get_all_possible_orders()[loc] if " S " in o}
        assert got == expected, loc
    listed = set(ours.get_all_possible_orders()["MAR"])
    assert {"A MAR S F POR - SPA", "A MAR S F POR - SPA/NC", "A MAR S F POR - SPA/SC"} <= listed
    # Gascony's fleet reaches only the north coast.
    assert "A MAR S F GAS - SPA/NC" in listed and "A MAR S F GAS - SPA/SC" not in listed


def test_the_explanations_are_narrow():
    theirs = {"YOR": ["A YOR - NWY VIA"], "SKA": []}
    assert explained("A YOR - NWY", theirs)
    assert explained("F SKA C A YOR - NWY", theirs)
    assert explained("A YOR - DEN", theirs) is None
    assert explained("F SKA C A YOR - DEN", theirs) is None
    assert explained("A YOR S A LVP - EDI", theirs) is None


def test_a_convoy_by_a_fleet_off_the_package_routes_is_kept():
    # A fleet in every sea, all ordered to convoy Liverpool's army to Syria: the package
    # knows two routes (through the Irish Sea or the North Atlantic, then the Mid-Atlantic
    # to the Eastern Mediterranean) and drops, silently, the convoy orders of fleets on
    # neither; standoff lists and keeps them (the Aegean is on a longer route), and labels
    # them as the package labels a convoying fleet on none of its routes.
    seas = ["NAO", "NWG", "BAR", "NTH", "IRI", "ENG", "MAO", "WES", "LYO", "TYS",
            "ION", "ADR", "AEG", "EAS", "BLA", "SKA", "HEL", "BAL", "BOT"]
    results = {}
    for game in (diplomacy.Game(), standoff.Game()):
        game.clear_units()
        game.set_units("ENGLAND", ["A LVP"] + ["F " + sea for sea in seas])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", standoff.OrderWarning)
            game.set_orders("ENGLAND", ["A LVP - SYR VIA"] + ["F %s C A LVP - SYR" % sea for sea in seas])
        kept = {order.split()[1] for order in game.get_orders("ENGLAND") if " C " in order}
        listed = "F AEG C A LVP - SYR" in game.get_all_possible_orders()["AEG"]
        game.process()
        assert "A SYR" in game.get_units("ENGLAND")
        labels = {str(unit): [str(label) for label in got]
                  for unit, got in game.result_history.last_value().items()}
        results[type(game).__module__] = (kept, listed, labels["F AEG"], labels["F MAO"])
    theirs, ours = results["diplomacy.engine.game"], results["standoff._compat"]
    assert theirs[0] == {"NAO", "IRI", "MAO", "WES", "TYS", "ION", "EAS"}
    # standoff refuses, with an OrderWarning, only the fleets on no route at all.
    assert ours[0] == set(seas) - {"BAR", "ADR", "BLA", "SKA", "HEL", "BAL", "BOT"}
    assert theirs[1:] == (False, [], [])
    assert ours[1:] == (True, ["no convoy", "void"], [])


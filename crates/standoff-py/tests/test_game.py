"""The diplomacy-package-like Game API: start position, phases, retreats, adjustments,
victory, order errors, history, copying."""

import copy
import pickle
import warnings

import pytest

import standoff
from standoff import Game


def play(game, orders, errors="raise"):
    for power, o in orders.items():
        game.set_orders(power, o, errors=errors)
    return game.process()


def test_start_position():
    g = Game()
    assert g.get_current_phase() == "S1901M"
    assert g.phase == "SPRING 1901 MOVEMENT"
    assert g.phase_type == "M"
    assert g.map_name == "standard"
    assert not g.is_game_done
    assert list(g.powers) == ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
    assert sorted(g.get_units("FRANCE")) == ["A MAR", "A PAR", "F BRE"]
    assert sorted(g.get_units()["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    assert g.get_centers("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]
    assert sum(len(c) for c in g.get_centers().values()) == 22
    assert sorted(g.get_orderable_locations("RUSSIA")) == ["MOS", "SEV", "STP", "WAR"]
    assert g.get_orders() == {p: [] for p in g.powers}
    state = g.get_state()
    assert state["name"] == "S1901M"
    assert state["homes"]["ENGLAND"] == ["EDI", "LON", "LVP"]
    # The package's default rules (diplomacy.Game().rules).
    assert g.rules == ["NO_DEADLINE", "CD_DUMMIES", "ALWAYS_WAIT", "SOLITAIRE", "NO_PRESS", "IGNORE_ERRORS",
                       "POWER_CHOICE"]
    assert g.get_phase_history() == []
    power = g.powers["ENGLAND"]
    assert power.name == "ENGLAND" and sorted(power.centers) == ["EDI", "LON", "LVP"]
    assert not power.is_eliminated()


def test_possible_orders_at_start():
    g = Game()
    possible = g.get_all_possible_orders()
    assert len(possible) == 82  # every province (Switzerland too) and named coast is a key
    assert possible["SPA"] == []
    assert possible["STP"] == possible["STP/SC"]
    assert sorted(possible["STP/SC"]) == [
        "F STP/SC - BOT", "F STP/SC - FIN", "F STP/SC - LVN", "F STP/SC H",
        "F STP/SC S A MOS - LVN", "F STP/SC S A WAR - LVN",
    ]
    lon = set(possible["LON"])
    assert {"F LON - NTH", "F LON H", "F LON S F EDI - NTH", "F LON S A LVP - WAL"} <= lon
    # Every possible order can be set without complaint.
    for loc in ("LON", "PAR", "STP", "CON"):
        for order in possible[loc]:
            h = Game()
            power = next(p for p, units in h.get_units().items() if any(u[2:5] == loc for u in units))
            h.set_orders(power, [order], errors="raise")
            assert h.get_orders(power) == [order]


def test_possible_orders_are_new_on_every_call():
    """The package makes a new dict of new lists on every call (diplomacy 1.1.2's
    ``get_all_possible_orders`` builds them afresh), so a caller may change what it was
    given: the next call is not changed by it, on the same board or after edits."""
    g = Game()
    first = g.get_all_possible_orders()
    expected = {loc: list(orders) for loc, orders in first.items()}
    first["PAR"].append("A PAR - XYZ")
    first["LON"].clear()
    first["MOS"].sort(reverse=True)
    del first["MAR"]
    first["ZZZ"] = ["F ZZZ H"]
    g.set_orders("FRANCE", ["A PAR - BUR"])  # orders do not change the board
    again = g.get_all_possible_orders()
    assert again is not first
    assert all(again[loc] is not first.get(loc) for loc in again)
    assert again == expected
    assert list(again) == list(expected)  # the keys in the same order
    # After a played phase and a board edit, still new lists each call.
    play(g, {"FRANCE": ["A PAR - BUR"]})
    after = g.get_all_possible_orders()
    after["BUR"].append("A BUR - XYZ")
    assert "A BUR - XYZ" not in g.get_all_possible_orders()["BUR"]
    g.set_units("FRANCE", ["A GAS"], reset=False)
    edited = g.get_all_possible_orders()
    assert "A GAS H" in edited["GAS"]
    edited["GAS"].pop()
    assert "A GAS H" in g.get_all_possible_orders()["GAS"]
    # The games of a variant share its table of order strings: a copy's listings
    # between two of the game's do not leak into the game's lists, nor do listings
    # that empty the table (its limit lowered so that every listing empties it).
    g = Game()
    listed = g.get_all_possible_orders()
    copy_of = copy.deepcopy(g)
    play(copy_of, {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - RUH"]})
    assert copy_of.get_all_possible_orders() != listed
    assert g.get_all_possible_orders() == listed
    old = standoff._standoff._set_order_text_limit(10)
    try:
        assert copy_of.get_all_possible_orders() != listed
        assert g.get_all_possible_orders() == listed
        assert g.get_all_possible_orders() == listed
    finally:
        standoff._standoff._set_order_text_limit(old)
    # A game restored from a pickle lists its own board, however many listings of
    # other boards (by copies sharing its table of order strings) came first; the
    # listing's stamp it kept is not pickled or copied (in another process the same
    # stamp may stand for another listing).
    saved = pickle.dumps(g)
    assert "possible" in g._cache
    assert "possible" not in pickle.loads(saved)._cache
    assert "possible" not in copy.deepcopy(g)._cache
    for listings in range(1, 8):
        restored = pickle.loads(saved)
        others = [copy.deepcopy(restored), copy.deepcopy(restored)]
        play(others[0], {"FRANCE": ["A PAR - BUR"]})
        play(others[1], {"GERMANY": ["A MUN - RUH"]})
        for n in range(listings):
            others[n % 2].get_all_possible_orders()
        assert restored.get_all_possible_orders() == listed
    # A finished game lists nothing: every location is a key, with an empty list, as
    # the package lists it (a new dict each call).
    done = Game()
    done.draw()
    empty = done.get_all_possible_orders()
    assert list(empty) == list(expected) and not any(empty.values())
    empty["PAR"].append("A PAR H")
    assert done.get_all_possible_orders()["PAR"] == []


def test_convoy_orders_are_listed():
    g = Game()
    play(g, {"ENGLAND": ["F LON - NTH", "A LVP - YOR"]})
    play(g, {})
    possible = g.get_all_possible_orders()
    assert "A YOR - NWY VIA" in possible["YOR"]
    assert "F NTH C A YOR - NWY" in possible["NTH"]


def test_a_movement_phase():
    g = Game()
    phase = play(g, {
        "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"],
        "GERMANY": ["A MUN - BUR"],
        "ENGLAND": ["F LON - NTH"],
    })
    assert g.get_current_phase() == "F1901M"
    assert sorted(g.get_units("FRANCE")) == ["A BUR", "A MAR", "F MAO"]
    assert phase.name == "S1901M"
    assert phase.results["A MUN"] == ["bounce"]
    assert phase.results["A PAR"] == []
    assert phase.orders["FRANCE"] == ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"]
    assert phase.state["name"] == "S1901M"
    assert "A Par - Bur" in phase.report
    assert g.get_order_status(unit="A MUN") == ["bounce"]
    assert g.get_order_status(loc="MUN") == ("A MUN", ["bounce"])
    assert g.get_order_status("GERMANY")["A MUN"] == ["bounce"]
    assert list(g.result_history) == ["S1901M"]
    assert g.order_history["S1901M"]["ENGLAND"] == ["F LON - NTH"]


def test_orders_are_read_in_any_notation_and_written_in_the_package_one():
    g = Game()
    g.set_orders("RUSSIA", ["F StP(sc) - Bot", "Mos to Livonia", "war h"], errors="raise")
    assert g.get_orders("RUSSIA") == ["F STP/SC - BOT", "A MOS - LVN", "A WAR H"]
    # A later order for the same unit replaces the earlier one...
    g.set_orders("RUSSIA", "A WAR - UKR")
    assert g.get_orders("RUSSIA") == ["F STP/SC - BOT", "A MOS - LVN", "A WAR - UKR"]
    # ...unless replace=False.
    g.set_orders("RUSSIA", ["A WAR - GAL"], replace=False)
    assert "A WAR - UKR" in g.get_orders("RUSSIA")
    g.clear_orders("RUSSIA")
    assert g.get_orders("RUSSIA") == []


def test_bad_orders_are_recorded_and_warned_about():
    g = Game()
    with pytest.warns(standoff.OrderWarning, match="left out"):
        g.set_orders("FRANCE", ["A PAR - BUR", "A MAR - XYZ", "nonsense", "A PAR - MOS", "F LON - NTH"])
    assert g.get_orders("FRANCE") == ["A PAR - BUR"]
    errs = g.order_errors
    assert [(e.order, e.kind) for e in errs] == [
        ("A MAR - XYZ", "invalid"),
        ("nonsense", "invalid"),
        ("A PAR - MOS", "illegal"),
        ("F LON - NTH", "illegal"),
    ]
    assert errs[3].reason == "the unit belongs to another power"
    assert all(e.power == "FRANCE" and e.phase == "S1901M" for e in errs)
    phase = g.process()
    assert len(phase.order_errors) == 4
    assert g.order_errors == []


def test_errors_raise_and_ignore():
    g = Game()
    with pytest.raises(standoff.InvalidOrderError) as info:
        g.set_orders("FRANCE", ["A PAR - BUR", "A MAR - XYZ"], errors="raise")
    assert info.value.order == "A MAR - XYZ" and info.value.power == "FRANCE"
    assert isinstance(info.value, ValueError)
    assert g.get_orders("FRANCE") == []  # nothing from that call was set
    with pytest.raises(standoff.IllegalOrderError, match="cannot move there"):
        g.set_orders("FRANCE", ["A PAR - MOS"], errors="raise")
    with pytest.raises(standoff.AmbiguousOrderError):
        g.set_orders("FRANCE", ["A PAR - Ma"], errors="raise")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g.set_orders("FRANCE", ["A PAR - MOS"], errors="ignore")
    assert len(g.order_errors) == 1
    with pytest.raises(standoff.StandoffError, match="not a power"):
        g.set_orders("NARNIA", [])
    with pytest.raises(standoff.StandoffError):
        g.set_orders("FRANCE", [], errors="sometimes")
    with pytest.raises(TypeError):
        g.set_orders("FRANCE", [1, 2])


def test_rules_are_the_package_rule_names():
    assert Game(rules=[]).rules == []
    assert Game(rules=["NO_PRESS", "no_check"]).rules == ["NO_PRESS", "NO_CHECK"]
    g = Game(rules=[])
    g.add_rule("NO_CHECK")
    g.add_rule("NO_CHECK")
    assert g.rules == ["NO_CHECK"]
    g.remove_rule("NO_CHECK")
    assert g.rules == []
    with pytest.raises(ValueError, match="unknown rule 'HOUSE_RULE'"):
        Game(rules=["HOUSE_RULE"])
    with pytest.raises(standoff.StandoffError, match="unknown rule"):
        g.add_rule("default")
    with pytest.raises(standoff.StandoffError):
        Game(variant="no-such-map")
    assert Game(map_name="standard").map_name == "standard"
    assert Game(variant=standoff.Variant.standard()).map_name == "standard"


def test_no_check_is_read_from_the_rules_as_written():
    # The package reads ``"NO_CHECK" in game.rules`` each time, and scripts write the
    # list directly: any string equal to it counts (one made at run time, a str
    # subclass), in any container; a string of the same length that differs does not.
    class Rule(str):
        pass

    made = "".join(["NO_", "CHECK"])
    for rules, checked in ((["NO_PRESS"], True), (["NO_CHECK"], False), ([made], False),
                           ([Rule("NO_CHECK")], False), (("NO_PRESS", "NO_CHECK"), False),
                           (["NO_PRESS", "NO_CHECX"], True), ([1, None, "NO_CHECK"], False)):
        g = Game()
        g.rules = rules
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            g.set_orders("FRANCE", ["A PAR - MUN"])  # not adjacent: refused when checked
        assert [str(w.message).count("A PAR - MUN") for w in said] == ([1] if checked else []), rules
        assert g.get_orders("FRANCE") == ([] if checked else ["A PAR - MUN"]), rules


def test_retreat_phase():
    g = Game()
    play(g, {"GERMANY": ["A MUN - BUR"]})
    play(g, {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]})
    assert g.get_current_phase() == "F1901R"
    assert g.phase_type == "R"
    assert "*A BUR" in g.get_units("GERMANY")
    assert g.get_orderable_locations("GERMANY") == ["BUR"]
    assert g.get_orderable_locations("FRANCE") == []
    assert g.get_state()["retreats"]["GERMANY"] == {"A BUR": ["BEL", "GAS", "MUN", "PIC", "RUH"]}
    assert g.powers["GERMANY"].retreats == {"A BUR": ["BEL", "GAS", "MUN", "PIC", "RUH"]}
    possible = g.get_all_possible_orders()
    assert sorted(possible["BUR"]) == [
        "A BUR D", "A BUR R BEL", "A BUR R GAS", "A BUR R MUN", "A BUR R PIC", "A BUR R RUH",
    ]
    with pytest.raises(standoff.IllegalOrderError, match="cannot retreat there"):
        g.set_orders("GERMANY", ["A BUR R PAR"], errors="raise")
    with pytest.raises(standoff.IllegalOrderError):
        g.set_orders("FRANCE", ["A BUR H"], errors="raise")
    g.set_orders("GERMANY", ["A BUR - RUH"], errors="raise")  # `-` is a retreat here
    assert g.get_orders("GERMANY") == ["A BUR R RUH"]
    phase = g.process()
    assert phase.results == {"A BUR": []}
    assert "A RUH" in g.get_units("GERMANY")
    assert g.get_current_phase() == "S1902M"  # nobody gained or lost a center


def test_retreat_bounce_and_disband():
    g = Game()
    g.clear_units()
    g.set_units("FRANCE", ["A PAR", "A GAS"])
    g.set_units("GERMANY", ["*A BUR"])
    g.set_units("ITALY", ["*A MAR"])
    g.set_current_phase("F1901R")
    assert set(g.get_units("GERMANY")) == {"*A BUR"}
    play(g, {"GERMANY": ["A BUR R BEL"], "ITALY": ["A MAR R BUR"]})
    assert g.get_units("GERMANY") == ["A BEL"]
    assert g.get_units("ITALY") == ["A BUR"]
    g2 = Game()
    g2.clear_units()
    g2.set_units("GERMANY", ["*A BUR"])
    g2.set_units("ITALY", ["*A PIC"])
    g2.set_current_phase("S1901R")
    phase = play(g2, {"GERMANY": ["A BUR R PAR"], "ITALY": ["A PIC R PAR"]})
    assert phase.results == {"A BUR": ["bounce", "disband"], "A PIC": ["bounce", "disband"]}
    assert g2.get_units() == {p: [] for p in g2.powers}


def test_adjustment_phase_builds():
    g = Game()
    play(g, {"FRANCE": ["F BRE - MAO", "A MAR - SPA"], "ENGLAND": ["F LON - NTH"]})
    play(g, {"FRANCE": ["F MAO - POR"]})
    assert g.get_current_phase() == "W1901A"
    assert g.phase_type == "A"
    assert g.get_centers("FRANCE") == ["BRE", "MAR", "PAR", "POR", "SPA"]
    assert g.get_orderable_locations("FRANCE") == ["BRE", "MAR"]
    assert g.get_orderable_locations("ENGLAND") == []
    assert g.get_state()["builds"]["FRANCE"] == {"count": 2, "homes": ["BRE", "MAR"]}
    possible = g.get_all_possible_orders()
    assert sorted(possible["BRE"]) == ["A BRE B", "F BRE B", "WAIVE"]
    assert sorted(possible["MAR"]) == ["A MAR B", "F MAR B", "WAIVE"]
    phase = play(g, {"FRANCE": ["F BRE B", "Build army Marseilles"]})
    assert phase.name == "W1901A"
    assert phase.orders["FRANCE"] == ["F BRE B", "A MAR B"]
    assert sorted(g.get_units("FRANCE")) == ["A MAR", "A PAR", "A SPA", "F BRE", "F POR"]
    assert g.get_current_phase() == "S1902M"


def test_build_on_a_coast_and_waive():
    g = Game()
    g.clear_units("RUSSIA")
    g.set_units("RUSSIA", ["A MOS"])
    g.set_current_phase("W1901A")
    possible = g.get_all_possible_orders()
    assert sorted(possible["STP"]) == ["A STP B", "F STP/NC B", "F STP/SC B", "WAIVE"]
    assert sorted(possible["STP/NC"]) == ["F STP/NC B", "WAIVE"]
    play(g, {"RUSSIA": ["F STP/NC B", "WAIVE", "A WAR B"]})
    assert sorted(g.get_units("RUSSIA")) == ["A MOS", "A WAR", "F STP/NC"]


def test_removals_and_civil_disorder():
    g = Game()
    g.set_units("FRANCE", ["A BUR", "A PIC"])
    g.set_current_phase("W1901A")
    assert g.get_orderable_locations("FRANCE") == ["BRE", "BUR", "MAR", "PAR", "PIC"]
    assert g.get_all_possible_orders()["PIC"] == ["A PIC D"]
    phase = play(g, {"FRANCE": ["A PIC D"]})
    # One removal was ordered, the other is made by the civil-disorder rule.
    assert len(g.get_units("FRANCE")) == 3
    assert "A PIC" in phase.results and len(phase.results) == 2


def test_victory_completes_the_game():
    g = Game()
    centers = ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE", "BER",
               "DEN", "LON", "LVP", "EDI", "NWY", "SWE", "TUN"]
    g.clear_centers()
    g.clear_units()
    g.set_centers("FRANCE", centers)
    g.set_units("FRANCE", ["A PIE", "F LON"])
    g.set_units("ITALY", ["A VEN"])
    g.set_current_phase("F1905M")
    phase = play(g, {"FRANCE": ["A PIE - VEN"], "ITALY": ["A VEN - TUS"]})
    assert phase.winner == "FRANCE"
    assert g.is_game_done
    assert g.get_current_phase() == "COMPLETED"
    assert g.winner == "FRANCE"
    assert g.process() is None
    # Every location is listed, with no orders (as the package lists a finished game),
    # by the compatible Game and the native game under it.
    for listing in (g.get_all_possible_orders(), g._native.get_all_possible_orders()):
        assert len(listing) == 82 and not any(listing.values())
    with pytest.raises(standoff.StandoffError, match="over"):
        g.set_orders("FRANCE", ["A VEN H"])
    saved = standoff.to_saved_game_format(g)
    assert saved["phases"][-1]["name"] == "COMPLETED"


def test_set_state_round_trip():
    g = Game()
    play(g, {"GERMANY": ["A MUN - BUR"]})
    play(g, {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"]})
    state = g.get_state()
    h = Game()
    h.set_state(state)
    assert h.get_state() == state
    assert h.position == g.position
    with pytest.raises(standoff.InvalidStateError):
        h.set_state({"name": "S1901M", "units": {"FRANCE": ["A XYZ"]}})
    with pytest.raises(standoff.InvalidStateError):
        h.set_state({"name": "S1901M", "units": {"FRANCE": ["A PAR", "F PAR"]}})
    with pytest.raises(standoff.InvalidStateError):
        h.set_state({"name": "Summer 1901", "units": {}})


def test_history_and_copies():
    g = Game(game_id="abc")
    play(g, {"FRANCE": ["A PAR - BUR"]})
    play(g, {"FRANCE": ["A BUR - MUN"]})
    history = g.get_phase_history()
    assert [p.name for p in history] == ["S1901M", "F1901M"]
    assert [p.name for p in g.phase_history] == ["S1901M", "F1901M"]
    assert [p.name for p in g.get_phase_history("F1901M")] == ["F1901M"]
    assert [p.name for p in g.get_phase_history(0, 0)] == ["S1901M"]
    assert history[0].to_dict()["orders"]["FRANCE"] == ["A PAR - BUR"]
    assert history[1].position.phase == "F1901M"
    c = copy.deepcopy(g)
    c.set_orders("FRANCE", ["A BUR H"])
    c.process()
    assert len(c.get_phase_history()) == 3 and len(g.get_phase_history()) == 2
    p = pickle.loads(pickle.dumps(g))
    assert p.game_id == "abc"
    assert p.get_state() == g.get_state()
    assert [x.name for x in p.get_phase_history()] == ["S1901M", "F1901M"]


def test_random_orders_are_legal():
    # Legal as a set: no order is refused, and in adjustments no build or removal
    # beyond those due is left unfollowed (an OrderWarning would say so).
    g = Game()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seed in range(24):
            play(g, g.random_orders(seed))
    history = g.get_phase_history()
    assert len(history) >= 24
    assert any(p.name.endswith("A") for p in history)
    for p in history:
        assert not p.order_errors, (p.name, p.order_errors)


def test_inputs_the_package_would_misread_are_refused_or_noted():
    g = Game()
    for name in ("W1901M", "S1901A", "F1901A"):
        with pytest.raises(standoff.InvalidStateError, match="not a phase of the game"):
            g.set_current_phase(name)
    assert g.get_current_phase() == "S1901M"
    with pytest.raises(TypeError, match="not a dict"):
        g.set_orders("FRANCE", {"A PAR": "H"})
    state = g.get_state()
    state["units"] = None
    with pytest.raises(standoff.InvalidStateError, match="units"):
        g.set_state(state)
    with pytest.raises(standoff.InvalidStateError, match="units"):
        g._native.set_state(state)
    # DATC 4.C.2: a wrong unit type is not binding, but the player is told.
    with pytest.warns(standoff.OrderWarning, match=r"`F PAR - BUR` read as `A PAR - BUR`"):
        g.set_orders("FRANCE", ["F PAR - BUR"])
    assert g.get_orders("FRANCE") == ["A PAR - BUR"]
    assert g.order_errors == []


def test_a_wrong_type_for_the_unit_supported_or_convoyed_is_said():
    # DATC 4.C.2 as for the ordered unit: the order is followed for the unit there, and
    # the player is told how it was read (the package drops such orders, silently).
    g = Game()
    with pytest.warns(standoff.OrderWarning, match=r"`F BRE S F PAR - GAS` read as `F BRE S A PAR - GAS` \(the unit it names"):
        g.set_orders("FRANCE", ["F BRE S F PAR - GAS"])
    assert g.get_orders("FRANCE") == ["F BRE S A PAR - GAS"]
    g.clear_units()
    g.set_units("ENGLAND", ["A EDI", "F NTH"])
    with pytest.warns(standoff.OrderWarning, match=r"`F NTH C F EDI - BEL` read as `F NTH C A EDI - BEL`"):
        g.set_orders("ENGLAND", ["F NTH C F EDI - BEL", "A EDI - BEL"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        g.set_orders("ENGLAND", ["F NTH C A EDI - BEL", "A EDI - BEL VIA"])
    assert g.order_errors == []


def test_power_objects_are_live():
    g = Game()
    france = g.get_power("FRANCE")
    assert g.powers["FRANCE"] is france
    france.units.remove("A PAR")
    assert "A PAR" not in g.get_units("FRANCE")
    assert "PAR" not in g.get_orderable_locations("FRANCE")
    france.centers.append("SPA")
    assert "SPA" in g.get_state()["centers"]["FRANCE"]
    g.set_orders("FRANCE", ["A MAR - BUR", "F BRE - MAO"])
    assert france.orders == {"A MAR": "- BUR", "F BRE": "- MAO"}
    del france.orders["F BRE"]
    assert g.get_orders("FRANCE") == ["A MAR - BUR"]
    g.process()
    assert g.order_history["S1901M"]["FRANCE"] == ["A MAR - BUR"]
    assert sorted(g.get_units("FRANCE")) == ["A BUR", "F BRE"]
    assert g._unit_owner("A BUR") is france
    assert g.get_hash() == g.rebuild_hash()


def test_game_map_members():
    m = Game().map
    assert m.first_year == 1901 and "FRANCE" in m.powers and "STP/NC" in m.locs
    assert m.area_type("PAR") == "LAND" and m.area_type("NTH") == "WATER" and m.area_type("SWI") == "SHUT"
    assert m.is_valid_unit("F STP/NC") and not m.is_valid_unit("F PAR") and not m.is_valid_unit("A NTH")
    assert m.abuts("A", "PAR", "-", "BUR") and not m.abuts("A", "PAR", "-", "MUN")
    assert m.abuts("F", "MAO", "-", "SPA/NC") and not m.abuts("F", "LYO", "-", "SPA/NC")
    assert sorted(m.loc_coasts["STP"]) == ["STP", "STP/NC", "STP/SC"]
    assert m.homes["RUSSIA"] == ["MOS", "SEV", "STP", "WAR"]
    assert m.phase_long("S1901M") == "SPRING 1901 MOVEMENT" and m.phase_abbr("FALL 1901 RETREATS") == "F1901R"
    assert m.compare_phases("S1901M", "F1901M") < 0 and m.compare_phases("W1901A", "F1901R") > 0

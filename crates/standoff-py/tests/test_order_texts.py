"""What ``set_orders`` keeps of orders the ``diplomacy`` package (1.1.2) takes otherwise,
and how it writes them, side by side with the package (COMPATIBILITY.md, "Other
differences"): the package drops some orders silently that the DATC has followed; the
texts standoff keeps are the package's where both keep an order.
"""

import warnings

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402


def dislodge(game, french_unit, attacker, orders):
    """Clears the board of ``game`` but for France's ``french_unit`` and the units that
    ``attacker``'s ``orders`` name, and plays them: the French unit is dislodged."""
    game.clear_units()
    game.set_units("FRANCE", [french_unit])
    game.set_units(attacker, [" ".join(order.split()[:2]) for order in orders])
    game.set_orders(attacker, orders)
    game.process()


def test_a_fleet_move_without_its_only_coast_is_written_with_it():
    # Gascony borders Spain's north coast only, the Western Mediterranean and the Gulf
    # of Lyon its south coast only: DATC 4.B.2 sends each fleet to that coast, and both
    # engines write it. Supports are kept as written (the coast of a support matters:
    # DATC 4.B.4, 6.B.9).
    orders = {
        "FRANCE": ["F GAS - SPA", "F MAO S F GAS - SPA", "F WES - SPA"],
        "ITALY": ["F LYO - SPA"],
    }
    written = {}
    for game in (diplomacy.Game(), standoff.Game()):
        game.clear_units()
        game.set_units("FRANCE", ["F GAS", "F MAO", "F WES"])
        game.set_units("ITALY", ["F LYO"])
        for power, given in orders.items():
            game.set_orders(power, given)
        written[type(game).__module__] = sorted(o for p in orders for o in game.get_orders(p))
    assert written["standoff._compat"] == written["diplomacy.engine.game"] == [
        "F GAS - SPA/NC", "F LYO - SPA/SC", "F MAO S F GAS - SPA", "F WES - SPA/SC",
    ]


def test_a_fleet_retreat_without_its_only_coast_is_followed():
    # The fleet in Gascony, dislodged, may retreat to Spain's north coast only. The
    # package drops `F GAS R SPA`, silently, and disbands the fleet; standoff follows it
    # to the only coast open (DATC 4.B.2) and writes the coast.
    outcome = {}
    for game in (diplomacy.Game(), standoff.Game()):
        dislodge(game, "F GAS", "ITALY", ["F MAO - GAS", "F BRE S F MAO - GAS"])
        assert game.get_state()["retreats"]["FRANCE"] == {"F GAS": ["SPA/NC"]}
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            game.set_orders("FRANCE", ["F GAS R SPA"])
        kept = game.get_orders("FRANCE")
        game.process()
        outcome[type(game).__module__] = (kept, game.get_units("FRANCE"))
    assert outcome["diplomacy.engine.game"] == ([], [])
    assert outcome["standoff._compat"] == (["F GAS R SPA/NC"], ["F SPA/NC"])


def test_a_move_by_convoy_no_fleet_can_make_goes_over_land():
    # An army's move written with VIA where no fleet on the board could convoy it: an
    # inland army, and Liverpool's army to Edinburgh with no fleet in the seas between
    # (Edinburgh's fleet leaves). Neither engine lists such an order. The package drops
    # it at set_orders, silently, and the army holds; standoff keeps it as written, says
    # how it will be played and, as DATC 6.G.8 prefers (4.A.3 d: "via Convoy" is
    # ignored when there is no convoy route), moves the army over land.
    orders = {"FRANCE": ["A PAR - BUR VIA"], "ENGLAND": ["A LVP - EDI VIA", "F EDI - NTH"]}
    outcome = {}
    for game in (diplomacy.Game(), standoff.Game()):
        possible = game.get_all_possible_orders()
        assert "A PAR - BUR VIA" not in possible["PAR"]
        assert "A LVP - EDI VIA" not in possible["LVP"]
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            for power, given in orders.items():
                game.set_orders(power, given)
        notes = sorted(str(w.message) for w in said)
        if isinstance(game, standoff.Game):
            assert notes == [
                "`A LVP - EDI VIA`: no fleet can convoy it this phase, so it goes over land (DATC 4.A.3)",
                "`A PAR - BUR VIA`: no fleet can convoy it this phase, so it goes over land (DATC 4.A.3)",
            ]
        else:
            assert notes == []
        kept = sorted(order for power in orders for order in game.get_orders(power))
        game.process()
        units = {unit for power in orders for unit in game.get_units(power)}
        armies = sorted(units & {"A PAR", "A BUR", "A LVP", "A EDI"})
        outcome[type(game).__module__] = (kept, armies)
    assert outcome["diplomacy.engine.game"] == (["F EDI - NTH"], ["A LVP", "A PAR"])
    assert outcome["standoff._compat"] == (
        ["A LVP - EDI VIA", "A PAR - BUR VIA", "F EDI - NTH"],
        ["A BUR", "A EDI"],
    )


def test_a_move_by_convoy_a_fleet_could_make_is_taken_without_a_word():
    game = standoff.Game()
    game.clear_units()
    game.set_units("FRANCE", ["A PIC", "F ENG"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        game.set_orders("FRANCE", ["A PIC - BEL VIA", "F ENG C A PIC - BEL"])
        game.set_orders("FRANCE", ["a pic - bel via convoy"])
    assert game.get_orders("FRANCE") == ["A PIC - BEL VIA", "F ENG C A PIC - BEL"]


def test_a_support_of_a_move_written_with_via_is_the_support():
    # "via convoy" after the supported move says nothing a support needs (a support is of
    # the move, by whatever route): standoff reads the support, the package drops the
    # order.
    kept = {}
    for game in (diplomacy.Game(), standoff.Game()):
        game.set_orders("FRANCE", ["A MAR S A PAR - BUR VIA", "A PAR - BUR"])
        kept[type(game).__module__] = sorted(game.get_orders("FRANCE"))
    assert kept["diplomacy.engine.game"] == ["A PAR - BUR"]
    assert kept["standoff._compat"] == ["A MAR S A PAR - BUR", "A PAR - BUR"]


def test_a_retreat_without_a_place_is_refused_where_the_package_disbands():
    # The package reads `A BUR R` (no place) as `A BUR D`; standoff refuses the line (it
    # names no place: recorded in order_errors, with an OrderWarning), and the unit,
    # without an order, is disbanded all the same.
    outcome = {}
    for game in (diplomacy.Game(), standoff.Game()):
        dislodge(game, "A BUR", "GERMANY", ["A MUN - BUR", "A RUH S A MUN - BUR"])
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            game.set_orders("FRANCE", ["A BUR R"])
        kept = game.get_orders("FRANCE")
        game.process()
        labels = [str(label) for label in game.result_history.last_value()["A BUR"]]
        notes = [w for w in said if issubclass(w.category, UserWarning)]
        outcome[type(game).__module__] = (kept, game.get_units("FRANCE"), labels, len(notes))
    assert outcome["diplomacy.engine.game"] == (["A BUR D"], [], ["disband"], 0)
    assert outcome["standoff._compat"] == ([], [], ["void", "disband"], 1)

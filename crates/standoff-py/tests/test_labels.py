"""Result labels: ``PhaseData.results`` (from ``process()`` and ``get_phase_history()``),
``result_history`` and ``get_order_status()`` all carry the ``diplomacy`` package's labels
(worked out in the core, ``standoff::mila::labels``); standoff's own account with reasons
stays in ``get_order_reasons()``. Expected labels are the package's (its
``tests/test_datc.py`` asserts the same for these DATC cases)."""

import warnings

from standoff import Game, _standoff


def played(units, orders, game_class=Game):
    game = game_class()
    game.clear_units()
    for power, u in units.items():
        game.set_units(power, u)
    for power, o in orders.items():
        game.set_orders(power, o)
    return game, game.process()


def test_self_dislodging_support_is_void_in_phase_data_6_d_10():
    game, data = played({"GERMANY": ["A BER", "F KIE", "A MUN"]},
                        {"GERMANY": ["A BER H", "F KIE - BER", "A MUN S F KIE - BER"]})
    assert data.results["A MUN"] == ["void"]
    assert data.results["F KIE"] == ["bounce"]
    assert data.results == game.result_history["S1901M"]
    assert game.get_phase_history()[-1].results == data.results
    # standoff's own account keeps its reason: the support was given (it could not
    # dislodge its own power's unit).
    assert "A Mun S F Kie - Ber  -> support given" in game.get_order_reasons()


def test_pandins_paradox_is_disrupted_in_phase_data_6_f_16():
    game, data = played(
        {"ENGLAND": ["F LON", "F WAL"], "FRANCE": ["A BRE", "F ENG"], "GERMANY": ["F NTH", "F BEL"]},
        {"ENGLAND": ["F LON S F WAL - ENG", "F WAL - ENG"], "FRANCE": ["A BRE - LON", "F ENG C A BRE - LON"],
         "GERMANY": ["F NTH S F BEL - ENG", "F BEL - ENG"]})
    assert data.results["F ENG"] == ["disrupted"]
    assert data.results["A BRE"] == ["no convoy"]
    assert data.results == game.result_history["S1901M"]


def test_native_game_uses_the_same_labels():
    game, data = played({"GERMANY": ["A BER", "F KIE", "A MUN"]},
                        {"GERMANY": ["A BER H", "F KIE - BER", "A MUN S F KIE - BER"]}, _standoff.Game)
    assert data.results["A MUN"] == ["void"]
    assert game.get_order_status(unit="A MUN") == ["void"]
    assert game.result_history["S1901M"]["A MUN"] == ["void"]


def test_builds_are_empty_labels_and_refused_builds_void_in_phase_data():
    game = Game()
    game.clear_units()
    game.set_units("FRANCE", ["A SPA"])
    game.set_centers("FRANCE", ["PAR", "BRE", "MAR", "SPA"])
    game.set_current_phase("W1901A")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game.set_orders("FRANCE", ["A PAR B", "F BRE B", "A SPA B"])
        data = game.process()
    assert data.results["A PAR"] == [""]
    assert data.results["F BRE"] == [""]
    assert data.results["A SPA"] == ["void"]
    assert game.result_history["W1901A"] == data.results

"""``Game.set_phase_data`` / ``extend_phase_history`` and the current phase's orders of
a saved game, as the ``diplomacy`` package (1.1.2, installed and run) does them: a game
set from another's phases has its history, board, current orders and press."""

import random
import warnings

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402
from diplomacy.utils.export import from_saved_game_format as package_load  # noqa: E402
from diplomacy.utils.export import to_saved_game_format as package_save  # noqa: E402


def played(cls, message_cls, seed, phases=9):
    """A game of ``cls`` played ``phases`` phases with random orders (the same for both
    engines while they agree), press in some phases, orders set in the current one."""
    rng = random.Random(seed)
    game = cls()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for turn in range(phases + 1):
            possible = game.get_all_possible_orders()
            for name in sorted(game.powers):
                locations = sorted(game.get_orderable_locations(name))
                game.set_orders(name, [rng.choice(sorted(possible[loc])) for loc in locations if possible[loc]])
            if turn % 3 == 0:
                game.add_message(message_cls(sender="FRANCE", recipient="GLOBAL", message=f"turn {turn}",
                                             phase=game.get_current_phase(), time_sent=1000 + turn))
            if turn < phases:
                game.process()
    return game


def view(game):
    return {"phase": game.get_current_phase(), "units": game.get_units(), "centers": game.get_centers(),
            "orders": game.get_orders(), "order_history": dict(game.order_history),
            "result_history": {p: {u: [str(r) for r in rs] for u, rs in res.items()}
                               for p, res in game.result_history.items()},
            "messages": [(t, m.message) for t, m in game.messages.items()],
            "press": {p: [(t, m.message) for t, m in ms.items()] for p, ms in game.message_history.items()},
            "order_is_set": {n: p.order_is_set for n, p in game.powers.items()}}


@pytest.mark.parametrize("seed", [1, 2])
def test_a_game_set_from_anothers_phases_is_that_game(seed):
    source = played(standoff.Game, standoff.Message, seed)
    phases = source.get_phase_history() + [source.get_phase_data()]
    # The package is given the same phases as its own GamePhaseData.
    package_phases = [diplomacy.utils.game_phase_data.GamePhaseData.from_dict(p.to_dict()) for p in phases]
    game, package = standoff.Game(status="active"), diplomacy.Game()
    game.set_controlled("ITALY", "carol")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        game.set_phase_data(phases)
        package.set_phase_data(package_phases)
    assert view(game) == view(package) == view(source)
    assert game.status == "active" and game.powers["ITALY"].get_controller() == "carol"
    assert all(power.game is game for power in game.powers.values())
    # The package's own phase objects are taken too.
    other = standoff.Game()
    other.set_phase_data(package_phases)
    assert view(other) == view(package)
    for each in (game, package):
        each.process()
    assert game.get_units() == package.get_units()


def test_set_phase_data_keeps_the_history_when_asked():
    source = played(standoff.Game, standoff.Message, 3, phases=6)
    history = source.get_phase_history()
    game = standoff.Game()
    game.set_phase_data(history[:3] + [history[3]])
    game.set_phase_data(history[3:] + [source.get_phase_data()], clear_history=False)
    assert view(game) == view(source)


def test_extend_phase_history_adds_a_phase_before_the_current_one():
    source = played(standoff.Game, standoff.Message, 4, phases=5)
    history = source.get_phase_history()
    game = standoff.Game()
    with pytest.warns(UserWarning, match="different board"):  # a phase is missing
        game.set_phase_data(history[:-1] + [source.get_phase_data()])
    assert game.get_units() == source.get_units()  # the last phase's state, as the package sets it
    game.extend_phase_history(history[-1])
    assert view(game) == view(source)
    with pytest.raises(ValueError, match="already"):
        game.extend_phase_history(history[0])


def test_saved_games_set_the_current_phases_orders_as_the_package_does():
    game = played(standoff.Game, standoff.Message, 5, phases=4)
    package = played(diplomacy.Game, diplomacy.Message, 5, phases=4)
    for saved in (game.to_saved_game_format(), package_save(package)):
        ours, theirs = standoff.from_saved_game_format(saved), package_load(saved)
        assert ours.get_orders() == theirs.get_orders()
        assert {n: p.order_is_set for n, p in ours.powers.items()} == \
               {n: p.order_is_set for n, p in theirs.powers.items()}


def test_set_phase_data_refuses_what_is_not_a_phase():
    with pytest.raises(ValueError, match="not a phase"):
        standoff.Game().set_phase_data([object()])

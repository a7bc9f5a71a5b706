"""The ``diplomacy`` package's game administration on ``standoff.Game`` (module
``standoff._compat_admin``): the settings a game is made with, its status, the flags its
rules set, controllers, votes, wait flags and the ``current_state()`` guard. Each is
checked against the package (1.1.2, installed and run) doing the same calls; the one
place adjudication reads it, the ``WAIVE`` filling of a dummy's builds, is played on
both."""

import copy
import pickle
import warnings

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402

from test_adjustment_orders import FRANCE_CAN_BUILD_TWO, both  # noqa: E402

SETTINGS = [
    {},
    {"status": "active", "deadline": 300},
    {"n_controls": 0, "rules": ["NO_PRESS"]},
    {"n_controls": 3, "rules": ["NO_DEADLINE", "REAL_TIME"], "deadline": 60},
    {"rules": ["SOLITAIRE", "PUBLIC_PRESS"], "n_controls": 5},
    {"role": "server_type", "registration_password": "secret"},
]

FLAGS = ["civil_disorder", "multiple_powers_per_player", "no_observations", "no_press", "power_choice",
         "public_press", "real_time", "start_master", "solitaire", "is_game_forming", "is_game_active",
         "is_game_paused", "is_game_canceled", "is_game_completed"]


def view(game):
    """What the administration members answer."""
    return {
        "status": game.status, "deadline": game.deadline, "n_controls": game.n_controls,
        "role": game.role, "rules": sorted(game.rules), "power": game.power,
        "flags": {flag: getattr(game, flag) for flag in FLAGS},
        "games": [game.is_player_game(), game.is_observer_game(), game.is_omniscient_game(), game.is_server_game()],
        "controllers": game.get_controllers(),
        "dummies": game.get_dummy_power_names(),
        "dummies unordered": game.get_dummy_unordered_power_names(),
        "controlled by alice": game.get_controlled_power_names("alice"),
        "counts": [game.count_controlled_powers(), game.get_expected_controls_count(),
                   game.has_expected_controls_count()],
        "powers": {name: [p.role, p.vote, p.wait, p.is_dummy(), p.is_controlled(), bool(p.does_not_wait()),
                          bool(p.moves_submitted()), p.is_server_power(), p.is_observer_power(),
                          p.is_player_power(), p.is_omniscient_power()]
                   for name, p in game.powers.items()},
        "votes": [game.count_voted(), game.does_not_wait()],
    }


@pytest.mark.parametrize("settings", SETTINGS)
def test_settings_flags_and_roles_are_the_package(settings):
    package, game = diplomacy.Game(**settings), standoff.Game(**settings)
    assert view(game) == view(package)
    assert game.registration_password == package.registration_password
    assert abs(game.timestamp_created - package.timestamp_created) < 60_000_000


@pytest.mark.parametrize("bad", [{"status": "running"}, {"deadline": -1}, {"n_controls": -2},
                                 {"registration_password": ""}, {"role": "FRANCE"},
                                 {"role": "observer_type"}, {"role": "nobody"}])
def test_bad_settings_are_refused_with_a_reason(bad):
    with pytest.raises(ValueError) as raised:
        standoff.Game(**bad)
    assert list(bad)[0] in str(raised.value)


def test_unknown_settings_are_refused():
    with pytest.raises(TypeError, match="colour"):
        standoff.Game(colour="red")


def test_controllers_votes_and_waits_follow_the_same_calls():
    package, game = diplomacy.Game(), standoff.Game()
    calls = [
        ("set_controlled", "FRANCE", "alice"), ("set_controlled", "ENGLAND", "bob"),
        ("set_controlled", "ENGLAND", None), ("set_controlled", "ITALY", "alice"),
        ("set_wait", "FRANCE", False), ("set_wait", "NOWHERE", False),
        ("set_orders", "FRANCE", ["A PAR - BUR", "A MAR H", "F BRE - MAO"]),
        ("set_orders", "ITALY", []),
        ("update_dummy_powers", ["ITALY", "NOWHERE"]),
    ]
    for name, *args in calls:
        getattr(package, name)(*args)
        getattr(game, name)(*args)
        assert {k: v for k, v in view(game).items() if k != "votes"} == \
               {k: v for k, v in view(package).items() if k != "votes"}, (name, args)
    for name in ("FRANCE", "GERMANY"):
        package.powers[name].vote = game.powers[name].vote = "yes"
    assert game.count_voted() == package.count_voted() == 2
    assert game.has_draw_vote() is package.has_draw_vote() is False
    game.clear_vote()
    assert {p.vote for p in game.powers.values()} == {"neutral"}
    assert list(game.get_controllers_timestamps()) == list(package.get_controllers_timestamps())
    with pytest.raises(ValueError, match="alice"):
        game.set_controlled("FRANCE", "carol")
    with pytest.raises(standoff.StandoffError):
        game.set_controlled("ATLANTIS", "carol")


def test_a_random_power_is_a_dummy_and_none_left_is_an_error():
    game = standoff.Game()
    for name in game.powers:
        if name != "TURKEY":
            game.set_controlled(name, "player-" + name)
    assert game.get_random_power_name() == "TURKEY"
    game.set_controlled("TURKEY", "t")
    with pytest.raises(ValueError, match="dummy"):
        game.get_random_power_name()


def test_the_game_is_completed_when_it_ends():
    for cls in (diplomacy.Game, standoff.Game):
        game = cls(status="active")
        game.draw()
        assert game.status == "completed" and game.is_game_completed, cls
    game = standoff.Game()
    with pytest.raises(ValueError, match="status"):
        game.set_status("over")
    game.set_status("paused")
    assert game.is_game_paused


def test_the_current_state_guard():
    for cls in (diplomacy.Game, standoff.Game):
        game = cls()
        with game.current_state() as same:
            assert same is game and game.is_fixed_state_unchanged()
            game.set_orders("FRANCE", ["A PAR - BUR"])
            game.process()
            assert not game.is_fixed_state_unchanged(log_error=False)
            game.set_wait("FRANCE", False)  # ignored: the state changed under the block
            assert game.powers["FRANCE"].wait is True
            with pytest.raises(RuntimeError):
                game.__enter__()
        assert game.fixed_state is None and game.is_fixed_state_unchanged()


def test_settings_and_controllers_survive_copies_and_pickles():
    game = standoff.Game(status="active", deadline=30, rules=["REAL_TIME"])
    game.set_controlled("FRANCE", "alice")
    for other in (copy.deepcopy(game), pickle.loads(pickle.dumps(game)), game.copy()):
        assert view(other) == view(game)
        assert other.powers["FRANCE"].game is other


@pytest.mark.parametrize("controlled", [False, True])
def test_builds_left_are_waived_for_a_dummy_only(controlled):
    package, game = both(FRANCE_CAN_BUILD_TWO)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for each in (package, game):
            if controlled:
                each.set_controlled("FRANCE", "alice")
            each.set_orders("FRANCE", ["A PAR B"])
        assert game.powers["FRANCE"].adjust == package.powers["FRANCE"].adjust
        assert ("WAIVE" in game.powers["FRANCE"].adjust) is not controlled
        package.process()
        game.process()
    assert game.result_history.last_value() == package.result_history.last_value()
    assert game.get_units("FRANCE") == package.get_units("FRANCE")


def test_order_is_set_and_the_current_orders_follow_the_package():
    """``order_is_set`` after each call, and the current phase's orders (None for a power
    that set none) in ``get_phase_data()`` and saved games, over a game where powers
    set orders, set none, clear them, and drop out."""
    package, game = diplomacy.Game(), standoff.Game()
    turns = [
        {"FRANCE": ["A PAR - BUR"], "ENGLAND": []},
        {"GERMANY": ["A MUN - BUR", "A BER - KIE"], "ITALY": ["A VEN - TRI"]},
        {"FRANCE": ["A BUR - MUN"], "AUSTRIA": []},
        {},
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for turn in turns:
            for name, orders in turn.items():
                package.set_orders(name, orders)
                game.set_orders(name, orders)
            if "AUSTRIA" in turn:
                package.clear_orders("AUSTRIA")
                game.clear_orders("AUSTRIA")
            assert {n: p.order_is_set for n, p in game.powers.items()} == \
                   {n: p.order_is_set for n, p in package.powers.items()}
            assert game.get_phase_data().orders == package.get_phase_data().orders
            assert game.to_saved_game_format()["phases"][-1]["orders"] == \
                   diplomacy.utils.export.to_saved_game_format(package)["phases"][-1]["orders"]
            package.process()
            game.process()
        # A power with nothing left reads ORDER_SET_EMPTY once the game clears orders.
        for each in (package, game):
            each.clear_units("TURKEY")
            each.clear_centers("TURKEY")
            each.clear_orders()
        assert game.powers["TURKEY"].order_is_set == package.powers["TURKEY"].order_is_set == 1
        assert game.powers["TURKEY"].wait is package.powers["TURKEY"].wait is False


def test_network_fields_hash_and_json_as_the_package_has_them():
    package, game = diplomacy.Game(), standoff.Game()
    for each in (package, game):
        each.set_orders("FRANCE", ["A PAR - BUR"])
        each.process()
    for name in ("controlled_powers", "daide_port", "observer_level", "meta_rules", "phase_abbr", "zobrist_hash"):
        assert getattr(game, name) == getattr(package, name), name
    assert [p.name for p in game.phase_history_from_timestamp(0)] == \
           [p.name for p in package.phase_history_from_timestamp(0)]
    assert game.phase_history_from_timestamp(1) == []  # standoff's states carry timestamp 0
    import json
    assert json.loads(game.json())["zobrist_hash"] == game.zobrist_hash
    assert json.loads(game.powers["FRANCE"].json()) == json.loads(json.dumps(game.powers["FRANCE"].to_dict()))
    assert json.loads(game.get_phase_data().json())["name"] == "F1901M"
    assert {"units", "centers", "retreats", "influence", "orders"} <= set(dir(game.powers["FRANCE"]))

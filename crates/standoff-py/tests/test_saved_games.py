"""The package's saved-game format: round trips, loading JSON and JSONL files, and games
saved by the diplomacy package itself."""

import json
import warnings

import pytest

import standoff


def _play(game, rounds):
    for seed in range(rounds):
        for power, orders in game.random_orders(seed).items():
            game.set_orders(power, orders, errors="ignore")
        game.process()


def test_round_trip_of_a_standoff_game():
    g = standoff.Game(game_id="round-trip")
    _play(g, 14)
    saved = standoff.to_saved_game_format(g)
    assert saved["id"] == "round-trip" and saved["map"] == "standard"
    assert [p["name"] for p in saved["phases"][:-1]] == [p.name for p in g.get_phase_history()]
    assert saved["phases"][-1]["name"] == g.get_current_phase()
    json.dumps(saved)  # plain JSON data
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        h = standoff.from_saved_game_format(saved)
    assert h.game_id == "round-trip"
    assert h.get_current_phase() == g.get_current_phase()
    assert h.get_state() == g.get_state()
    assert [p.name for p in h.get_phase_history()] == [p.name for p in g.get_phase_history()]
    # The package's saved format leaves WAIVE out (its get_orders() does), so the
    # orders compared are the package's view of them (order_history).
    assert h.order_history == g.order_history
    assert h.result_history == g.result_history
    for a, b in zip(h.get_phase_history(), g.get_phase_history()):
        assert a.results == b.results
    assert standoff.to_saved_game_format(h) == saved


def test_a_support_naming_a_coast_is_saved_with_it():
    """DATC 6.B.9: a support to the wrong coast does not count, so the Italian fleet
    moves. The saved game keeps the coast the support named, and replays the same."""
    g = standoff.Game()
    g.set_units("FRANCE", ["F POR", "F MAO"], reset=True)
    g.set_units("ITALY", ["F LYO", "F WES"], reset=True)
    g.set_orders("FRANCE", ["F POR S F MAO - SPA/NC", "F MAO - SPA/SC"])
    g.set_orders("ITALY", ["F LYO S F WES - SPA/SC", "F WES - SPA/SC"])
    assert g.get_orders("FRANCE") == ["F POR S F MAO - SPA/NC", "F MAO - SPA/SC"]
    g.process()
    assert g.get_units("ITALY") == ["F LYO", "F SPA/SC"]
    saved = standoff.to_saved_game_format(g)
    assert "F POR S F MAO - SPA/NC" in saved["phases"][0]["orders"]["FRANCE"]
    h = standoff.from_saved_game_format(saved)
    assert h.get_units("ITALY") == ["F LYO", "F SPA/SC"]
    assert h.get_state() == g.get_state()


def test_write_and_load_jsonl(tmp_path):
    path = tmp_path / "games.jsonl"
    games = []
    for i in range(3):
        g = standoff.Game(game_id=f"g{i}")
        _play(g, 3 + i)
        standoff.to_saved_game_format(g, output_path=str(path))
        games.append(g)
    loaded = standoff.load_saved_games(path)
    assert [g.game_id for g in loaded] == ["g0", "g1", "g2"]
    assert [g.get_state() for g in loaded] == [g.get_state() for g in games]
    single = tmp_path / "one.json"
    single.write_text(json.dumps(standoff.to_saved_game_format(games[0]), indent=2))
    assert standoff.load_saved_games(str(single))[0].get_state() == games[0].get_state()
    assert standoff.load_saved_games_from_disk is standoff.load_saved_games


def test_writes_replace_the_file_atomically(tmp_path):
    # The file is replaced by a rename (a new inode), never truncated and rewritten in
    # place, and no temporary file is left beside it (issue 14, item 1).
    path = tmp_path / "games.jsonl"
    path.write_text("old\n")
    before = path.stat().st_ino
    g = standoff.Game(game_id="a")
    standoff.to_saved_game_format(g, output_path=str(path))
    assert path.stat().st_ino != before
    assert path.read_text().splitlines()[0] == "old"
    standoff.to_saved_game_format(g, output_path=str(path), output_mode="w")
    assert len(path.read_text().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]
    with pytest.raises(OSError):
        standoff.to_saved_game_format(g, output_path=str(tmp_path / "missing" / "x.jsonl"))


def test_unreadable_games(tmp_path):
    path = tmp_path / "bad.jsonl"
    good = json.dumps(standoff.to_saved_game_format(standoff.Game(game_id="ok")))
    path.write_text(good + "\n{not json\n")
    with pytest.raises(standoff.InvalidStateError, match="1 game"):
        standoff.load_saved_games(path)
    with pytest.warns(UserWarning):
        assert len(standoff.load_saved_games(path, on_error="warn")) == 1
    with pytest.raises(standoff.InvalidStateError):
        standoff.from_saved_game_format({"phases": 3})
    with pytest.raises(OSError):
        standoff.load_saved_games(tmp_path / "missing.jsonl")


@pytest.mark.filterwarnings("ignore:.*different board")
def test_unreadable_recorded_orders_are_reported():
    g = standoff.Game(game_id="x")
    saved = standoff.to_saved_game_format(g)
    saved["phases"][0]["orders"] = {"FRANCE": ["A PAR - BUR", "A PAR - XYZ"]}
    saved["phases"].append({"name": "F1901M", "state": saved["phases"][0]["state"], "orders": {}})
    with pytest.warns(standoff.OrderWarning, match="XYZ"):
        h = standoff.from_saved_game_format(saved)
    errors = h.get_phase_history()[0].order_errors
    assert [(e.order, e.kind) for e in errors] == [("A PAR - XYZ", "invalid")]


def test_games_recorded_by_the_diplomacy_package(mila_data):
    """The CI sample: 10 games the diplomacy package played (see
    scripts/differential). standoff replays each; where its adjudication differs
    (listed in random-seed1.known) the final board differs and a warning says so."""
    known = {line.split()[0] for line in (mila_data / "random-seed1.known").read_text().splitlines()
             if line and not line.startswith("#")}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        games = standoff.load_saved_games(mila_data / "random-seed1.jsonl")
    assert len(games) == 10
    mismatched = {str(w.message).split()[1].rstrip(":") for w in caught if "different" in str(w.message)}
    assert mismatched <= known
    for g in games:
        assert not [e for p in g.get_phase_history() for e in p.order_errors]
    recorded = [json.loads(line) for line in (mila_data / "random-seed1.jsonl").read_text().splitlines()]
    for g, rec in zip(games, recorded):
        assert g.game_id == rec["id"]
        assert len(g.get_phase_history()) == len(rec["phases"]) - 1
        if g.game_id not in known:
            assert g.get_current_phase() == rec["phases"][-1]["name"]
            assert {p: sorted(u) for p, u in g.get_units().items()} == {
                p: sorted(u) for p, u in rec["phases"][-1]["state"]["units"].items()}


def test_a_game_saved_by_the_diplomacy_package():
    diplomacy = pytest.importorskip("diplomacy")
    from diplomacy.utils.export import to_saved_game_format

    pkg = diplomacy.Game()
    pkg.set_orders("FRANCE", ["A PAR - BUR", "A MAR S A PAR - BUR"])
    pkg.set_orders("GERMANY", ["A MUN - BUR"])
    pkg.process()
    pkg.set_orders("ENGLAND", ["F LON - NTH", "F EDI - NWG"])
    pkg.process()
    saved = to_saved_game_format(pkg)
    g = standoff.from_saved_game_format(saved)
    assert g.get_current_phase() == pkg.get_current_phase()
    assert {p: sorted(u) for p, u in g.get_units().items()} == {
        p: sorted(u) for p, u in pkg.get_units().items()}
    assert g.get_phase_history()[0].results["A MUN"] == ["bounce"]


def _random_game(seed, phases):
    """A standoff game of random legal orders, with press in each phase."""
    g = standoff.Game(game_id=f"random-{seed}", rules=["NO_DEADLINE", "POWER_CHOICE"])
    for i in range(phases):
        if g.is_game_done:
            break
        g.add_message({"sender": "FRANCE", "recipient": "ENGLAND", "message": f"phase {i}", "phase": g.get_current_phase()})
        g.add_message(standoff.Message("ENGLAND", "GLOBAL", "hello", g.get_current_phase()))
        for power, orders in g.random_orders(seed * 1000 + i).items():
            g.set_orders(power, orders, errors="ignore")
        g.process()
    return g


def test_saved_games_load_in_the_diplomacy_package():
    """A game saved by standoff loads in the package (its own from_saved_game_format):
    phases carry messages, states carry the package's zobrist_hash, and the package
    reads the same boards and press back."""
    export = pytest.importorskip("diplomacy.utils.export")
    for seed in range(4):
        g = _random_game(seed, 12)
        saved = json.loads(json.dumps(standoff.to_saved_game_format(g)))
        for phase in saved["phases"]:
            assert "messages" in phase and "zobrist_hash" in phase["state"]
        package_game = export.from_saved_game_format(saved)
        assert package_game.game_id == g.game_id
        assert package_game.get_current_phase() == g.get_current_phase()
        assert {p: sorted(u) for p, u in package_game.get_units().items()} == {
            p: sorted(u) for p, u in g.get_units().items()}
        assert {p: sorted(c) for p, c in package_game.get_centers().items()} == {
            p: sorted(c) for p, c in g.get_centers().items()}
        # The Zobrist hash is the package's: the package's game, built from our states,
        # computes the same number.
        assert package_game.get_hash() == g.get_hash()
        history = package_game.get_phase_history()
        assert [str(p.name) for p in history] == list(g.state_history)
        for i, phase in enumerate(history):
            assert [m.message for m in phase.messages.values()] == [f"phase {i}", "hello"]
            assert phase.state["zobrist_hash"] == g.state_history[str(phase.name)]["zobrist_hash"]
        # And back: the package's saved game loads in standoff with its press.
        again = standoff.from_saved_game_format(export.to_saved_game_format(package_game))
        assert again.get_state()["units"] == g.get_state()["units"]
        assert [len(m) for m in again.message_history.values()] == [2] * len(history)


def test_package_games_load_in_standoff_and_back():
    """A random game played by the package, saved, loads in standoff and saves again
    in a form the package reads."""
    diplomacy = pytest.importorskip("diplomacy")
    export = pytest.importorskip("diplomacy.utils.export")
    import random

    rng = random.Random(7)
    pg = diplomacy.Game(game_id="from-package")
    for _ in range(8):
        possible = pg.get_all_possible_orders()
        for power, locs in pg.get_orderable_locations().items():
            pg.set_orders(power, [rng.choice(possible[loc]) for loc in locs if possible[loc]])
        pg.process()
    saved = export.to_saved_game_format(pg)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        g = standoff.from_saved_game_format(saved)
    assert list(g.state_history) == [str(p.name) for p in pg.get_phase_history()]
    for name, state in g.state_history.items():
        assert state["zobrist_hash"] == pg.state_history[name]["zobrist_hash"]
    back = export.from_saved_game_format(standoff.to_saved_game_format(g))
    assert back.get_current_phase() == g.get_current_phase()


def test_load_saved_games_refuses_an_oversized_file(tmp_path, monkeypatch):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(standoff.to_saved_game_format(standoff.Game(game_id="x"))) + "\n")
    assert [g.game_id for g in standoff.load_saved_games(path)] == ["x"]
    # A sparse file just over the cap: refused before anything is read.
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as out:
        out.truncate((1 << 30) + 1)
    with pytest.raises(standoff.InvalidStateError, match="above the limit of 1073741824 bytes"):
        standoff.load_saved_games(big)
    with pytest.raises(standoff.InvalidStateError, match="above the limit"):
        standoff._standoff.load_saved_games(str(big))


@pytest.mark.parametrize("saved, where", [
    ([], "expected a dict, got list"),
    ({"id": "x"}, "missing field `phases`"),
    ({"phases": 3}, "phases: expected a list, got int"),
    ({"phases": [{"name": "S1901M"}]}, r"phases\[0\]: missing field `state`"),
    ({"phases": [{"state": {}}]}, r"phases\[0\]: missing field `name`"),
    ({"phases": [{"name": 5, "state": {}}]}, r"phases\[0\].name: expected a string, got int"),
    ({"phases": [{"name": "S1901M", "state": {"units": {"FRANCE": ["A PAR", 3]}}}]},
     r"phases\[0\].state.units.FRANCE\[1\]: expected a string, got int"),
    ({"phases": [{"name": "S1901M", "state": {"retreats": {"FRANCE": {"A PAR": "BUR"}}}}]},
     r"phases\[0\].state.retreats.FRANCE.A PAR: expected a list, got str"),
    ({"phases": [{"name": "S1901M", "state": {}, "orders": None}]},
     r"phases\[0\].orders: expected a dict, got NoneType"),
    ({"id": 4, "phases": []}, "id: expected a string, got int"),
])
def test_a_malformed_saved_game_is_refused_saying_where(saved, where):
    with pytest.raises(standoff.InvalidStateError, match="not a saved game: " + where):
        standoff.from_saved_game_format(saved)
    assert not standoff.is_valid_saved_game(saved)


def test_a_saved_game_may_give_its_lists_as_tuples_and_leave_out_what_a_replay_does_not_use():
    g = standoff.Game()
    _play(g, 3)
    saved = standoff.to_saved_game_format(g)
    for phase in saved["phases"]:
        phase.pop("messages", None)
        phase["state"] = {key: phase["state"][key] for key in ("name", "units", "centers")}
        phase["state"]["units"] = {p: tuple(u) for p, u in phase["state"]["units"].items()}
    loaded = standoff.from_saved_game_format(saved)
    assert loaded.get_current_phase() == g.get_current_phase()
    assert loaded.get_units() == g.get_units()

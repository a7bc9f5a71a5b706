"""The ``diplomacy`` package's module paths scripts import from exist in ``standoff``
under the same names (``from diplomacy.utils.export import to_saved_game_format``
becomes ``from standoff.utils.export import to_saved_game_format``), and hold the same
objects as the top-level names."""

import importlib

import pytest

import standoff

PATHS = [
    ("utils.export", "to_saved_game_format", standoff.to_saved_game_format),
    ("utils.export", "from_saved_game_format", standoff.from_saved_game_format),
    ("utils.export", "load_saved_games_from_disk", standoff.load_saved_games),
    ("utils.export", "is_valid_saved_game", standoff.is_valid_saved_game),
    ("utils.sorted_dict", "SortedDict", standoff.SortedDict),
    ("engine.game", "Game", standoff.Game),
    ("engine.map", "Map", standoff.Map),
    ("engine.power", "Power", standoff.Power),
    ("engine.message", "Message", standoff.Message),
    ("utils.game_phase_data", "GamePhaseData", standoff.GamePhaseData),
]


@pytest.mark.parametrize("path, name, same", PATHS)
def test_the_package_module_paths(path, name, same):
    module = importlib.import_module("standoff." + path)
    assert getattr(module, name) is same
    # `import standoff as diplomacy` then `diplomacy.utils.export....` works too.
    holder = standoff
    for part in path.split("."):
        holder = getattr(holder, part)
    assert getattr(holder, name) is same


@pytest.mark.parametrize("path, name, same", PATHS)
def test_the_package_has_those_paths(path, name, same):
    diplomacy = pytest.importorskip("diplomacy")
    module = importlib.import_module("diplomacy." + path)
    assert hasattr(module, name), f"diplomacy.{path}.{name}"


def test_message_recipients_are_the_packages():
    pytest.importorskip("diplomacy")
    ours, theirs = standoff.engine.message, importlib.import_module("diplomacy.engine.message")
    for name in ("GLOBAL", "OBSERVER", "OMNISCIENT", "SYSTEM"):
        assert getattr(ours, name) == getattr(theirs, name)


def test_order_results_are_the_labels_with_the_packages_codes():
    pytest.importorskip("diplomacy")
    theirs = importlib.import_module("diplomacy.utils.order_results")
    ours = standoff.utils.order_results
    for name in ("OK", "NO_CONVOY", "BOUNCE", "VOID", "CUT", "DISLODGED", "DISRUPTED", "DISBAND", "MAYBE"):
        label = getattr(ours, name)
        assert label == str(getattr(theirs, name)) and label.code == getattr(theirs, name).code, name
        assert label.message == getattr(theirs, name).message
    game = standoff.Game()
    game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - BUR"])
    game.process()
    assert ours.BOUNCE in game.result_history.last_value()["A PAR"]
    import pickle
    assert pickle.loads(pickle.dumps(ours.CUT)).code == ours.CUT.code


def test_the_renderer_draws_as_the_game_does(tmp_path):
    game = standoff.Game()
    game.set_orders("FRANCE", ["A PAR - BUR"])
    renderer = standoff.engine.renderer.Renderer(game)
    assert renderer.render() == game.render()
    assert renderer.render(incl_orders=False) == game.render(incl_orders=False)
    with pytest.raises(ValueError, match="svg_path"):
        standoff.engine.renderer.Renderer(game, svg_path="standard.svg")


def test_phase_data_from_a_dict_as_the_package_reads_it():
    diplomacy = pytest.importorskip("diplomacy")
    played = []
    for cls, message in ((diplomacy.Game, diplomacy.Message), (standoff.Game, standoff.Message)):
        game = cls()
        game.add_message(message(sender="FRANCE", recipient="ENGLAND", message="hi", phase="S1901M", time_sent=5))
        game.set_orders("FRANCE", ["A PAR - BUR", "A MAR - BUR"])
        game.process()
        played.append(game.get_phase_history()[0].to_dict())
    package_dict, our_dict = played
    for data in (package_dict, our_dict):
        ours = standoff.GamePhaseData.from_dict(data)
        theirs = diplomacy.utils.game_phase_data.GamePhaseData.from_dict(data)
        assert (ours.name, ours.orders) == (theirs.name, theirs.orders)
        assert ours.results == {u: [str(r) for r in labels] for u, labels in theirs.results.items()}
        assert [m.to_dict() for m in ours.messages.values()] == [
            {"sender": m.sender, "recipient": m.recipient, "message": m.message, "phase": m.phase,
             "time_sent": m.time_sent} for m in theirs.messages.values()]
        assert ours.to_dict() == standoff.GamePhaseData.from_dict(ours.to_dict()).to_dict()


@pytest.mark.parametrize("bad, named", [
    ([], "dict"), ({"name": "S1901M"}, "state"), ({"name": 1, "state": {}, "orders": {}, "results": {}}, "name"),
    ({"name": "S1901M", "state": {}, "orders": {}, "results": {}, "messages": 3}, "messages"),
    ({"name": "S1901M", "state": {}, "orders": {}, "results": {}, "messages": ["hi"]}, "message"),
])
def test_phase_data_from_a_bad_dict_says_what_is_wrong(bad, named):
    with pytest.raises(ValueError, match=named):
        standoff.GamePhaseData.from_dict(bad)

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

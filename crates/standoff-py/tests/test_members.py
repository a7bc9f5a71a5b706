"""Every public member of the ``diplomacy`` package's ``Game``, ``Power``,
``GamePhaseData`` and ``Map``, and of the package itself, is on standoff's, except those
COMPATIBILITY.md's table "Members not provided" lists (read from the file, so the table
stays true)."""

import pathlib
import pkgutil
import re
import types

import pytest

diplomacy = pytest.importorskip("diplomacy")
import standoff  # noqa: E402

COMPATIBILITY = pathlib.Path(__file__).resolve().parents[1] / "COMPATIBILITY.md"


def listed_missing():
    """Class name -> the members the table lists for it."""
    text = COMPATIBILITY.read_text(encoding="utf-8")
    section = text.split("## Members not provided", 1)[1].split("\n## ", 1)[0]
    listed = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[0].startswith("`"):
            continue
        for name in re.findall(r"`(\w+)`", cells[0]):
            listed.setdefault(name, set()).update(re.findall(r"`(\w+)`", cells[1]))
    return listed


def public(thing):
    return {name for name in dir(thing) if not name.startswith("_")}


def instances():
    """(class name, the package's instance, standoff's)."""
    theirs, ours = diplomacy.Game(), standoff.Game()
    return [
        ("Game", theirs, ours),
        ("Power", theirs.powers["FRANCE"], ours.powers["FRANCE"]),
        ("GamePhaseData", theirs.get_phase_data(), ours.get_phase_data()),
        ("Map", theirs.map, ours.map),
    ]


def package_members(package):
    """A package's public names that are no module, and its subpackages and modules
    (whether imported yet or not)."""
    names = {name for name in public(package) if not isinstance(getattr(package, name), types.ModuleType)}
    return names | {module.name for module in pkgutil.iter_modules(package.__path__)}


def test_table_lists_exactly_the_members_missing():
    listed = listed_missing()
    assert set(listed) == {"Game", "Power", "GamePhaseData", "Map", "diplomacy"}
    for name, theirs, ours in instances():
        missing = public(theirs) - set(dir(ours))
        assert sorted(missing) == sorted(listed[name]), name
    missing = package_members(diplomacy) - package_members(standoff)
    assert sorted(missing) == sorted(listed["diplomacy"])

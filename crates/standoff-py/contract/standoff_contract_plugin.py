"""pytest plugin for the contract run: makes standoff's classes the ``diplomacy`` package's
before the package's own test files import them, and records every test's outcome.

Loaded by ``run_contract.py`` with ``-p standoff_contract_plugin``. Environment:

* ``STANDOFF_CONTRACT_SDIST``: the unpacked ``diplomacy`` source distribution (its
  ``diplomacy`` package is the one imported, so the tests run against their own sources);
* ``STANDOFF_CONTRACT_OUTCOMES``: where to write ``{test id: "passed"|"failed"|...}`` (JSON).

Nothing else of the package is changed: only the module attributes the tests import the
classes from (``diplomacy.Game`` and ``diplomacy.engine.game.Game``,
``diplomacy.engine.map.Map``, ``diplomacy.utils.sorted_dict.SortedDict``; ``SWAPS``), and
only while the test files are imported (collection). They are put back afterwards,
because the package's own classes look them up by those names (``super(Game, self)`` in
``ServerGame``, which ``test_histories`` uses).
"""

import json
import os
import sys

_OUTCOMES = {}
_ORIGINAL = {}

#: (module of the package, attribute, standoff's attribute) swapped during collection.
SWAPS = [
    ("diplomacy", "Game", "Game"),
    ("diplomacy.engine.game", "Game", "Game"),
    ("diplomacy.engine.map", "Map", "Map"),
    ("diplomacy.utils.sorted_dict", "SortedDict", "SortedDict"),
]


def pytest_configure(config):  # noqa: ARG001 - pytest hook signature
    import importlib

    sdist = os.environ["STANDOFF_CONTRACT_SDIST"]
    if sdist not in sys.path:
        sys.path.insert(0, sdist)
    import diplomacy  # the sdist's package (its tests import from it)
    import diplomacy.engine.game  # noqa: F401 - imports the package's modules before the swap

    import standoff

    if not diplomacy.__file__.startswith(sdist):
        raise RuntimeError(f"diplomacy imported from {diplomacy.__file__}, not from {sdist}")
    for module_name, name, ours in SWAPS:
        module = importlib.import_module(module_name)
        _ORIGINAL[(module_name, name)] = getattr(module, name)
        setattr(module, name, getattr(standoff, ours))


def pytest_collection_finish(session):  # noqa: ARG001 - pytest hook signature
    import importlib

    import standoff

    # Every collected test module that imported a swapped class must have standoff's.
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith(("diplomacy.tests.", "diplomacy.utils.tests.")):
            continue
        for _, name, ours in SWAPS:
            if hasattr(module, name) and getattr(module, name) is not getattr(standoff, ours):
                raise RuntimeError(f"{module_name}.{name} is not standoff.{ours}")

    for module_name, name, _ in SWAPS:
        setattr(importlib.import_module(module_name), name, _ORIGINAL[(module_name, name)])


def pytest_runtest_logreport(report):
    if report.when == "call" or report.outcome != "passed":
        # A setup/teardown failure counts as the test failing.
        if report.nodeid not in _OUTCOMES or report.outcome != "passed":
            _OUTCOMES[report.nodeid] = report.outcome


def pytest_sessionfinish(session):  # noqa: ARG001 - pytest hook signature
    path = os.environ.get("STANDOFF_CONTRACT_OUTCOMES")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(_OUTCOMES, out, indent=1, sort_keys=True)

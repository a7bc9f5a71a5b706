"""pytest plugin for the contract run: makes ``standoff.Game`` the ``diplomacy`` package's
``Game`` before the package's own test files import it, and records every test's outcome.

Loaded by ``run_contract.py`` with ``-p standoff_contract_plugin``. Environment:

* ``STANDOFF_CONTRACT_SDIST``: the unpacked ``diplomacy`` source distribution (its
  ``diplomacy`` package is the one imported, so the tests run against their own sources);
* ``STANDOFF_CONTRACT_OUTCOMES``: where to write ``{test id: "passed"|"failed"|...}`` (JSON).

Nothing else of the package is changed: only the two module attributes the tests import
``Game`` from (``diplomacy.Game`` and ``diplomacy.engine.game.Game``), and only while the
test files are imported (collection). They are put back afterwards, because the
package's own classes look their base up by that name (``super(Game, self)`` in
``ServerGame``, which ``test_histories`` uses).
"""

import json
import os
import sys

_OUTCOMES = {}
_ORIGINAL = {}


def pytest_configure(config):  # noqa: ARG001 - pytest hook signature
    sdist = os.environ["STANDOFF_CONTRACT_SDIST"]
    if sdist not in sys.path:
        sys.path.insert(0, sdist)
    import diplomacy  # the sdist's package (its tests import from it)
    import diplomacy.engine.game

    import standoff

    if not diplomacy.__file__.startswith(sdist):
        raise RuntimeError(f"diplomacy imported from {diplomacy.__file__}, not from {sdist}")
    _ORIGINAL["diplomacy"] = diplomacy.Game
    _ORIGINAL["engine"] = diplomacy.engine.game.Game
    diplomacy.Game = standoff.Game
    diplomacy.engine.game.Game = standoff.Game


def pytest_collection_finish(session):  # noqa: ARG001 - pytest hook signature
    import diplomacy
    import diplomacy.engine.game

    import standoff

    # Every collected test module that imported Game must have standoff's.
    for name, module in list(sys.modules.items()):
        if name.startswith("diplomacy.tests.") and hasattr(module, "Game"):
            if module.Game is not standoff.Game:
                raise RuntimeError(f"{name}.Game is not standoff.Game")

    diplomacy.Game = _ORIGINAL["diplomacy"]
    diplomacy.engine.game.Game = _ORIGINAL["engine"]


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

import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
MILA_DATA = REPO / "crates" / "standoff" / "tests" / "data" / "mila"

# Phases where standoff and the `diplomacy` package disagree, each with its DATC reason
# (filled by test_differential.py, printed at the end of the run).
DEVIATIONS = []


@pytest.fixture
def deviation_log():
    return DEVIATIONS


@pytest.fixture
def mila_data():
    return MILA_DATA


def pytest_terminal_summary(terminalreporter):
    if not DEVIATIONS:
        return
    terminalreporter.section("standoff vs the diplomacy package: known deviations")
    for line in DEVIATIONS:
        terminalreporter.write_line(line)

"""Counts of the reliability suites, shown in the summary of every test run."""

import pytest

from reliability_counts import COUNTS, FAULTS


@pytest.fixture(scope="session")
def faults():
    yield FAULTS
    COUNTS["faults"] = (
        f"{FAULTS['injected']} injected, {FAULTS['survived']} survived "
        "(coded error on the call in flight, next call works)"
    )


def pytest_terminal_summary(terminalreporter):
    if COUNTS:
        terminalreporter.section("reliability counts")
        for suite, line in COUNTS.items():
            terminalreporter.write_line(f"{suite}: {line}")

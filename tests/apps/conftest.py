"""Fixtures of the app corpus (issue 22 item 2); the helpers are in app_corpus.py.

`app_timings` records each app's start and task seconds; the session's summary prints them.
"""

from __future__ import annotations

from typing import Any

import pytest
from app_corpus import TIMINGS, Timings


@pytest.fixture
def app_timings(request: pytest.FixtureRequest) -> Timings:
    return Timings(request.node.module.__name__.rsplit(".", 1)[-1].removeprefix("test_"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TIMINGS:
        return
    terminalreporter.section("app corpus timings (s)")
    for app, what, seconds in TIMINGS:
        terminalreporter.write_line(f"{app:<16} {what:<24} {seconds:6.1f}")

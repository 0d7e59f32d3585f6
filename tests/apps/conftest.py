"""Fixtures of the app corpus (issue 22 item 2); the helpers are in app_corpus.py.

`mcp`: `async with mcp(files=folder) as browser:` an MCP client session on browserx's server, a
conversation of its own in the corpus's one Chromium (session-scoped, reaching 127.0.0.1 only).
`app_timings` records each app's start and task seconds; the session's summary prints them.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from app_corpus import TIMINGS, Timings, apps_browser_config, mcp_browser

from browserx.browser import BrowserManager
from browserx.tools import TAB_SETUPS


@pytest.fixture(scope="session")
async def apps_manager():
    manager = BrowserManager(apps_browser_config(), setups=TAB_SETUPS)
    try:
        yield manager
    finally:
        await manager.close()


@pytest.fixture
def mcp(apps_manager):
    return functools.partial(mcp_browser, apps_manager)


@pytest.fixture
def app_timings(request: pytest.FixtureRequest) -> Timings:
    return Timings(request.node.module.__name__.rsplit(".", 1)[-1].removeprefix("test_"))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TIMINGS:
        return
    terminalreporter.section("app corpus timings (s)")
    for app, what, seconds in TIMINGS:
        terminalreporter.write_line(f"{app:<16} {what:<24} {seconds:6.1f}")

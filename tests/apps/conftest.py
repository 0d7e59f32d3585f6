"""Fixtures of the app corpus (issue 22 item 2); the helpers are in app_corpus.py.

`mcp`: `async with mcp(files=folder) as browser:` an MCP client session on browserx's server, a
conversation of its own in the corpus's one Chromium (session-scoped, reaching 127.0.0.1 only).
`app_timings` records each app's start and task seconds; the session's summary prints them.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from app_corpus import FIDELITY, LATE, TIMINGS, Timings, apps_browser_config, mcp_browser

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
def mcp(apps_manager, request: pytest.FixtureRequest):
    return functools.partial(mcp_browser, apps_manager, app=_app_name(request))


@pytest.fixture
def app_timings(request: pytest.FixtureRequest) -> Timings:
    return Timings(_app_name(request))


def _app_name(request: pytest.FixtureRequest) -> str:
    return request.node.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if TIMINGS:
        terminalreporter.section("app corpus timings (s)")
        for app, what, seconds in TIMINGS:
            terminalreporter.write_line(f"{app:<16} {what:<24} {seconds:6.1f}")
    if LATE:
        terminalreporter.section("app corpus: first looks before the app had rendered (awaited; issue 31 kind 5)")
        for line in LATE:
            terminalreporter.write_line(line)
    if not FIDELITY:
        return
    terminalreporter.section("app corpus fidelity (recall, precision of Chromium's actionable on-screen nodes)")
    for label, report in FIDELITY:
        missed = ", ".join(_miss(m) for m in report.misses[:4])
        terminalreporter.write_line(
            f"{label:<44} recall {report.recall:.2f} precision {report.precision:.2f} "
            f"({report.found + len(report.merged)}/{report.expected}, {len(report.extras)} extra)"
            + (f" missed: {missed}" if missed else "")
        )


def _miss(miss: dict) -> str:
    """One miss: Chromium's role and name, why, and the model's name when it named the node otherwise."""
    model_name = miss.get("model_name")
    return f"{miss.get('role')} {miss.get('name')!r} ({miss.get('why')}" + (
        f": model {model_name!r})" if model_name is not None else ")"
    )

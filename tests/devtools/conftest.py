"""Helpers for devtools tests: evaluate in the page, wait for a console entry, load the test PWA.

`tests/pages/pwa/` is a small PWA: index.html registers sw.js (scope /pwa/), which caches
/pwa/cached.txt on install and answers cache-first; `window.swReady` resolves once it is activated.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from browserx.actions.navigation import navigate


async def js(tab, expression: str, timeout: float = 10.0) -> Any:
    """The JSON value of `expression` in the page, promises awaited (bounded)."""
    result = await tab.session.send(
        "Runtime.evaluate",
        {"expression": expression, "awaitPromise": True, "returnByValue": True, "timeout": int(timeout * 1000)},
        timeout=timeout + 1,
    )
    assert "exceptionDetails" not in result, result["exceptionDetails"]
    return result["result"].get("value")


@contextlib.asynccontextmanager
async def console_entry(tab, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0):
    """`async with console_entry(tab, pred) as entry: <trigger>`; then `entry.result()` is the first
    console entry added to the tab's buffer that satisfies `pred` (entries already there count too)."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[dict[str, Any]] = loop.create_future()
    buffer = tab.console
    original = buffer.add

    def add(**kwargs: Any) -> None:
        original(**kwargs)
        entry = buffer.entries[-1]
        if not future.done() and predicate(entry):
            future.set_result(entry)

    buffer.add = add  # an instance attribute: from_console_api and friends call it
    try:
        yield future
        for entry in buffer.entries:
            if not future.done() and predicate(entry):
                future.set_result(entry)
        async with asyncio.timeout(timeout):
            await asyncio.shield(future)
        # A callback that re-tags an entry runs in the same event dispatch, before this task resumes.
    finally:
        del buffer.add


def text_is(text: str) -> Callable[[dict[str, Any]], bool]:
    return lambda entry: entry["text"] == text


@pytest.fixture
def pwa(server):
    """`await pwa(tab)`: load the test PWA, wait for its worker to activate, reload so it controls the page."""

    async def run(tab) -> str:
        url = server.url("/pwa/index.html")
        await navigate(tab, url)
        assert await js(tab, "window.swReady") == "activated"
        await navigate(tab, url)
        assert await js(tab, "!!navigator.serviceWorker.controller") is True
        return url

    return run


@pytest.fixture(name="js")
def js_fixture():
    return js


@pytest.fixture(name="console_entry")
def console_entry_fixture():
    return console_entry


@pytest.fixture
def caps_call(ctx):
    """`await caps_call("browser_pdf", ...)` → ToolResult, through a registry with every capability group on."""
    from browserx.tools import default_registry

    registry = default_registry(caps="all")

    async def run(tool: str, /, **arguments: Any):  # positional-only: a tool may take a field `name`
        return await registry.dispatch(tool, arguments, ctx)

    return run

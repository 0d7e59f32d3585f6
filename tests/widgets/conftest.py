"""Helpers for the widget-pattern tests: open a page, snapshot it through the tool, find controls."""

from __future__ import annotations

import pytest


@pytest.fixture
def open_page(server, call):
    """Navigate the tab to `html` served at `path`; returns the URL."""

    async def run(html: str, path: str = "/widget") -> str:
        url = server.route(path, html)
        result = await call("browser_navigate", url=url)
        assert result.success, result.error
        return url

    return run


@pytest.fixture
def snapshot(call):
    """The page model as the agent gets it: JSON (dict) or text."""

    async def run(fmt: str = "json", **args):
        result = await call("browser_dom", action="snapshot", format=fmt, **args)
        assert result.success, result.error
        return result.data

    return run


@pytest.fixture
def js(tab):
    """Evaluate in the page's main world (where the test page records what happened)."""

    async def run(expression: str):
        result = await tab.session.send(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
        )
        return result["result"].get("value")

    return run


@pytest.fixture
def named():
    """`named(model, "Save")`: the one control of a JSON model with that name."""

    def find(model: dict, name: str) -> dict:
        found = [c for c in model["controls"] if c["name"] == name]
        assert len(found) == 1, (name, [c["name"] for c in model["controls"]])
        return found[0]

    return find

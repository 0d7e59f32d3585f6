"""Fixtures of the screenshot tests."""

from __future__ import annotations

from typing import Any

import pytest

from shot_helpers import open_page


@pytest.fixture
def page(server, tab):
    """`await page(html, path="/p")` serves the html, opens it in the test's tab, returns the tab."""

    async def load(html: str, path: str = "/page") -> Any:
        await open_page(tab, server.route(path, html))
        return tab

    return load

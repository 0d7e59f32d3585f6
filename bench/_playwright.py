"""Playwright on the same Chromium binary, for the sections that compare against it.

async with playwright_chromium() as browser:      # None when Playwright is not installed
    page = await browser.new_page() if browser else None
line += playwright_part("page.click", pw_samples, ours_ms)   # "" without samples
"""

from __future__ import annotations

import contextlib
import statistics
from collections.abc import AsyncIterator
from typing import Any

from browserx.browser import find_chrome


@contextlib.asynccontextmanager
async def playwright_chromium() -> AsyncIterator[Any]:
    """Playwright's browser on the Chromium browserx uses, closed on exit; None without Playwright."""
    try:
        from playwright.async_api import async_playwright
    except ImportError:
        yield None
        return
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=find_chrome())
        try:
            yield browser
        finally:
            await browser.close()


def playwright_part(
    label: str, samples: list[float], ours_ms: float, versus: str = "ours", width: int = 6, digits: int = 2
) -> str:
    """The result line's Playwright comparison (median of `samples`, in seconds); "" when none ran."""
    if not samples:
        return ""
    ms = statistics.median(samples) * 1000
    return f" | playwright {label} {ms:{width}.{digits}f} ms ({ms / ours_ms:.2f}x {versus})"

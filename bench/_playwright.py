"""Playwright on the same Chromium binary, for the sections that compare against it.

async with playwright_chromium() as browser:      # None when Playwright is not installed
    page = await browser.new_page() if browser else None
line += playwright_part("page.click", pw_samples, ours_ms)   # "" without samples
for contestant in round_order(i, playwright_click if page else None, [ours, floor]): ...
"""

from __future__ import annotations

import contextlib
import statistics
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

from browserx.browser import find_chrome

T = TypeVar("T", bound=Callable[..., Any])


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


def round_order(i: int, playwright: T | None, pair: list[T]) -> list[T]:
    """Who runs in round `i`: Playwright first in every round (when it runs), then the two others in turn.

    Whoever runs right after Playwright meets its browser still busy (measured on the click: about 1.3 ms
    more), so each of the two follows Playwright in half the rounds and the other in the rest. (A plain
    rotation of the three put the first of them right after Playwright in two rounds of three.)
    """
    turn = pair[i % 2 :] + pair[: i % 2]
    return ([playwright] if playwright is not None else []) + turn

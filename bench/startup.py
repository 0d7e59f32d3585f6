"""Cold start: browserx launch → first successful browser_navigate, against the floor of a bare
`chromium --headless` start until DevTools is ready. Same flags, same run, medians."""

from __future__ import annotations

import asyncio
import statistics
import time

from browserx.browser import BrowserConfig, BrowserManager, find_chrome, launch_chrome
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

RUNS = 5
PAGE = "data:text/html,<title>bench</title><p>ready</p>"


async def _bare_start() -> float:
    started = time.perf_counter()
    chrome = await launch_chrome(executable=find_chrome())  # returns once "DevTools listening" is printed
    elapsed = time.perf_counter() - started
    await chrome.terminate()
    return elapsed


async def _browserx_start(registry) -> float:
    started = time.perf_counter()
    async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
        result = await registry.dispatch("browser_navigate", {"url": PAGE}, ToolContext(manager, "bench"))
        elapsed = time.perf_counter() - started
        assert result.success, result.error
    return elapsed


async def _playwright_start(playwright) -> float:
    started = time.perf_counter()
    browser = await playwright.chromium.launch(executable_path=find_chrome())
    page = await browser.new_page()
    await page.goto(PAGE)
    elapsed = time.perf_counter() - started
    await browser.close()
    return elapsed


async def run(print_fn=print) -> dict:
    registry = default_registry()
    bare, full, pw = [], [], []
    try:
        from playwright.async_api import async_playwright

        playwright = await async_playwright().start()
    except ImportError:
        playwright = None
    for _ in range(RUNS):  # interleaved, so machine noise hits all alike
        bare.append(await _bare_start())
        full.append(await _browserx_start(registry))
        if playwright is not None:
            pw.append(await _playwright_start(playwright))
    if playwright is not None:
        await playwright.stop()
    bare_ms, full_ms = statistics.median(bare) * 1000, statistics.median(full) * 1000
    out = {"startup_ms": full_ms, "bare_ms": bare_ms, "ratio": full_ms / bare_ms}
    line = (
        f"startup   cold start → first navigate {full_ms:7.1f} ms | floor: bare chromium → DevTools ready "
        f"{bare_ms:7.1f} ms ({out['ratio']:.2f}x)"
    )
    if pw:
        out["playwright_ms"] = statistics.median(pw) * 1000
        line += f" | playwright launch→goto {out['playwright_ms']:7.1f} ms ({out['playwright_ms'] / full_ms:.2f}x ours)"
    print_fn(line + f"  [median of {RUNS}]")
    return out


if __name__ == "__main__":
    asyncio.run(run())

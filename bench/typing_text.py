"""Typing 100 characters into a plain input: browserx's type against the bare key events and Playwright.

    python bench/typing_text.py

- browserx: `browser_dom action=type element_id=… text=…` through the tool registry: the field
  focused and checked in page, per character keyDown (with the text) and keyUp, pipelined, then the
  page's answer on where the keys landed, the effects summary.
- floor: the same 200 `Input.dispatchKeyEvent`s (keys.typing_events) sent bare on the tab's
  session, pipelined, into the field already focused: what any keyboard-faithful typing must send.
- Playwright: `locator.press_sequentially(text)` on the same Chromium binary (it awaits each event).
The field is emptied in page (untimed) before every contestant's turn, and its value checked after
it: typing that loses a key fails the bench. Medians of N interleaved rounds (Playwright first, then
browserx and the floor in turns, so that each follows Playwright as often as the other:
bench/_playwright.py round_order).
"""

from __future__ import annotations

import asyncio
import statistics
import time

from _playwright import playwright_chromium, playwright_part, round_order
from _serve import serve_page

from browserx.actions.keys import send_keys, typing_events
from browserx.browser import BrowserConfig, BrowserManager
from browserx.page.service import DomService
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

N = 30
TEXT = ("The quick brown fox jumps over the lazy dog, 0123456789! " * 2)[:100]
PAGE = b"""<!doctype html><title>typing bench</title><h1>Typing bench</h1>
<label>Message <input id=field size=120></label><button>Send</button>"""
EMPTY = "document.getElementById('field').value = ''; document.getElementById('field').focus()"
VALUE = "document.getElementById('field').value"


async def _eval(session, expression: str):
    result = await session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return result["result"].get("value")


async def run(print_fn=print) -> dict:
    assert len(TEXT) == 100
    server, url = serve_page(PAGE)
    registry = default_registry()
    ours, floor, pw = [], [], []
    events = typing_events(TEXT)
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager, playwright_chromium() as browser:
            ctx = ToolContext(manager, "bench-typing")
            assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
            tab = await ctx.tab()
            model = await DomService.of(tab).snapshot()
            element_id = next(c.id for c in model.controls if c.name == "Message")
            page = await browser.new_page() if browser is not None else None
            if page is not None:
                await page.goto(url)
            args = {"action": "type", "element_id": element_id, "text": TEXT}

            async def browserx_type() -> None:
                await _eval(tab.session, EMPTY)
                started = time.perf_counter()
                result = await registry.dispatch("browser_dom", args, ctx)
                ours.append(time.perf_counter() - started)
                assert result.success, result.error
                assert await _eval(tab.session, VALUE) == TEXT

            async def floor_type() -> None:
                await _eval(tab.session, EMPTY)
                started = time.perf_counter()
                await send_keys(tab.session, events)
                floor.append(time.perf_counter() - started)
                assert await _eval(tab.session, VALUE) == TEXT

            async def playwright_type() -> None:
                await page.evaluate(EMPTY)
                started = time.perf_counter()
                await page.locator("#field").press_sequentially(TEXT)
                pw.append(time.perf_counter() - started)
                assert await page.evaluate(VALUE) == TEXT

            pair = [browserx_type, floor_type]
            playwright = playwright_type if page is not None else None
            for contestant in round_order(
                0, playwright, pair
            ):  # warm up: world, compiled functions, Playwright's script
                await contestant()
            ours.clear(), floor.clear(), pw.clear()
            for i in range(N):  # interleaved: Playwright first, then ours and the floor in turns (round_order)
                for contestant in round_order(i, playwright, pair):
                    await contestant()
    finally:
        server.shutdown()
    ours_ms, floor_ms = statistics.median(ours) * 1000, statistics.median(floor) * 1000
    paired = statistics.median(a / b for a, b in zip(ours, floor, strict=True))
    out = {"type_ms": ours_ms, "floor_ms": floor_ms, "ratio": ours_ms / floor_ms, "paired_ratio": paired}
    line = (
        f"typing    browser_dom type 100 chars {ours_ms:6.2f} ms | floor: 200 dispatchKeyEvent pipelined "
        f"{floor_ms:6.2f} ms ({out['ratio']:.2f}x, paired {paired:.2f}x)"
    )
    if pw:
        out["playwright_ms"] = statistics.median(pw) * 1000
    print_fn(line + playwright_part("press_sequentially", pw, ours_ms) + f"  [median of {N}]")
    return out


if __name__ == "__main__":
    asyncio.run(run())

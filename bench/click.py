"""Click by element id: browserx's browser_dom click against the bare CDP floor and Playwright.

    python bench/click.py

- browserx: `browser_dom action=click element_id=…` through the tool registry (validation,
  per-conversation lock, cover check in page, pipelined mouse events, effect summary, invalidation).
- floor: what any CDP click must do at least, issued directly on the same element in the same run:
  `DOM.getBoxModel` + `Input.dispatchMouseEvent` mousePressed + mouseReleased, one after another.
- Playwright: `page.click("#target")` on the same Chromium binary (its actionability checks included).
Medians of N interleaved rounds (Playwright first, then browserx and the floor in turns, so that each
follows Playwright's click as often as the other); the page counts clicks, so a click that does
nothing fails the bench. Same element every time: the pointer already rests on it, so neither
side sends a mouseMoved (browserx pipelines one before the press when the pointer is elsewhere).

Two more rows, in the same run (issue 31: the look after an action waits for the timers its own
handlers started, actions/timers.py): the same click on a BUSY page (a clock ticking every second
and a frame loop of its own, none of it the click's: it must cost what the plain click costs,
paired with its own floor), and a click whose handler writes a status 50 ms later (`waited_ms`
says how long the action waited for its timer: the 50 ms and what the page did after).
"""

from __future__ import annotations

import asyncio
import statistics
import time

from _playwright import playwright_chromium, playwright_part, round_order
from _serve import serve_page

from browserx.browser import BrowserConfig, BrowserManager
from browserx.page.service import DomService
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

N = 100
TARGET_RATIO = 1.3
PAGE = b"""<!doctype html><title>click bench</title>
<nav><a href="#a">Home</a> <a href="#b">Docs</a></nav><h1>Click bench</h1>
<p>Some text around the button, as on a real page.</p>
<button id=target onclick="window.clicks = (window.clicks || 0) + 1">Press me</button>
<input aria-label=Search><button>Other</button>"""
BUSY = (
    PAGE
    + b"""<p>It is <span id=clock>0</span>; frame <span id=frame>0</span></p>
<script>let n = 0; setInterval(() => { clock.textContent = String(++n); }, 1000);
let f = 0;
requestAnimationFrame(function loop() { if (++f % 60 === 0) frame.textContent = f; requestAnimationFrame(loop); });
</script>"""
)
TIMER = b"""<!doctype html><title>timer bench</title><button id=target>Save</button><p role=status id=out></p>
<script>target.onclick = () => setTimeout(() => { out.textContent = 'Saved ' + Date.now(); }, 50);</script>"""
N_MORE = 40  # rounds of the two other rows


async def _floor_click(session, backend_node_id: int) -> float:
    started = time.perf_counter()
    box = await session.send("DOM.getBoxModel", {"backendNodeId": backend_node_id})
    quad = box["model"]["content"]
    x, y = (quad[0] + quad[4]) / 2, (quad[1] + quad[5]) / 2
    for kind in ("mousePressed", "mouseReleased"):
        await session.send(
            "Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}
        )
    return time.perf_counter() - started


async def _clicks(session) -> int:
    result = await session.send("Runtime.evaluate", {"expression": "window.clicks || 0", "returnByValue": True})
    return int(result["result"]["value"])


async def run(print_fn=print) -> dict:
    server, url = serve_page(PAGE)
    registry = default_registry()
    ours, floor, pw = [], [], []
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager, playwright_chromium() as browser:
            ctx = ToolContext(manager, "bench-click")
            result = await registry.dispatch("browser_navigate", {"url": url}, ctx)
            assert result.success, result.error
            tab = await ctx.tab()
            model = await DomService.of(tab).snapshot()
            element_id = next(c.id for c in model.controls if c.name == "Press me")
            backend_node_id = await DomService.of(tab).backend_node_id(element_id)
            page = await browser.new_page() if browser is not None else None
            if page is not None:
                await page.goto(url)
            args = {"action": "click", "element_id": element_id}
            for _ in range(5):  # warm up: world, compiled functions, Playwright's injected script
                assert (await registry.dispatch("browser_dom", args, ctx)).success
                await _floor_click(tab.session, backend_node_id)
                if page is not None:
                    await page.click("#target")
            before = await _clicks(tab.session)

            async def browserx_click() -> None:
                started = time.perf_counter()
                result = await registry.dispatch("browser_dom", args, ctx)
                ours.append(time.perf_counter() - started)
                assert result.success, result.error

            async def floor_click() -> None:
                floor.append(await _floor_click(tab.session, backend_node_id))

            async def playwright_click() -> None:
                started = time.perf_counter()
                await page.click("#target")
                pw.append(time.perf_counter() - started)

            for i in range(N):  # interleaved: Playwright first, then ours and the floor in turns (round_order)
                for contestant in round_order(
                    i, playwright_click if page is not None else None, [browserx_click, floor_click]
                ):
                    await contestant()
            counted = await _clicks(tab.session) - before
            assert counted == 2 * N, f"expected {2 * N} clicks on the page, counted {counted}"
    finally:
        server.shutdown()
    ours_ms, floor_ms = statistics.median(ours) * 1000, statistics.median(floor) * 1000
    # Each of our clicks is paired with the floor click of the same round: the median of those
    # ratios is steadier than a ratio of medians when other processes load the machine.
    paired = statistics.median(a / b for a, b in zip(ours, floor, strict=True))
    out = {
        "click_ms": ours_ms,
        "floor_ms": floor_ms,
        "ratio": ours_ms / floor_ms,
        "paired_ratio": paired,
        "target_ratio": TARGET_RATIO,
    }
    line = (
        f"click     browser_dom click by id {ours_ms:6.2f} ms | floor: getBoxModel+press+release "
        f"{floor_ms:6.2f} ms ({out['ratio']:.2f}x, paired {paired:.2f}x, target ≤{TARGET_RATIO}x)"
    )
    if pw:
        out["playwright_ms"] = statistics.median(pw) * 1000
    print_fn(line + playwright_part("page.click", pw, ours_ms) + f"  [median of {N}]")
    busy, busy_floor, _ = await _rows(BUSY)
    out["busy_paired_ratio"] = statistics.median(a / b for a, b in zip(busy, busy_floor, strict=True))
    print_fn(
        f"click     on a busy page (a clock, a frame loop) {statistics.median(busy) * 1000:6.2f} ms | floor "
        f"{statistics.median(busy_floor) * 1000:6.2f} ms (paired {out['busy_paired_ratio']:.2f}x; the page's own "
        f"timers are not the click's)  [median of {N_MORE}]"
    )
    timed, timed_floor, waited = await _rows(TIMER)
    out["timer_click_ms"], out["timer_waited_ms"] = statistics.median(timed) * 1000, statistics.median(waited)
    print_fn(
        f"click     whose handler writes a status 50 ms later {out['timer_click_ms']:6.2f} ms, of which waited for "
        f"its timer {out['timer_waited_ms']:.1f} ms (floor {statistics.median(timed_floor) * 1000:.2f} ms)"
        f"  [median of {N_MORE}]"
    )
    return out


async def _rows(page_html: bytes) -> tuple[list[float], list[float], list[float]]:
    """browserx click and floor click, alternating, on `page_html`; and each click's `waited_ms` timers."""
    server, url = serve_page(page_html)
    registry = default_registry()
    ours, floor, waited = [], [], []
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
            ctx = ToolContext(manager, "bench-click-more")
            assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
            tab = await ctx.tab()
            model = await DomService.of(tab).snapshot()
            element_id = next(c.id for c in model.controls if c.name in ("Press me", "Save"))
            backend_node_id = await DomService.of(tab).backend_node_id(element_id)
            args = {"action": "click", "element_id": element_id}
            for i in range(N_MORE + 3):
                for turn in (0, 1) if i % 2 else (1, 0):
                    if turn == 0:
                        started = time.perf_counter()
                        result = await registry.dispatch("browser_dom", args, ctx)
                        took = time.perf_counter() - started
                        assert result.success, result.error
                        if i >= 3:  # after a warm-up
                            ours.append(took)
                            waited.append((result.data.get("waited_ms") or {}).get("timers", 0.0))
                    else:
                        took = await _floor_click(tab.session, backend_node_id)
                        if i >= 3:
                            floor.append(took)
    finally:
        server.shutdown()
    return ours, floor, waited


if __name__ == "__main__":
    asyncio.run(run())

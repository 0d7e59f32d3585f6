"""Whole forms: one browser_dom fill of six fields against the six single actions that do the same.

    python bench/forms.py

- fill: `browser_dom action=fill` with a text field, a checkbox, a radio, a select, a range slider
  and a date input, through the tool registry (one effects baseline and summary for the form).
- singles: the same six fields by six `browser_dom` calls (type, click, click, select, type, type),
  each a full action with its own effects, as an agent without fill would do it.
- Playwright: fill, set_checked, check, select_option, fill and the slider's value set in page (its
  fill refuses range inputs), on the same Chromium.
Each round writes other values than the last (the checkbox flips, the radio alternates), so no
field is ever left as it was; after the rounds the page's values are checked, so a fill that does
nothing fails the bench. Medians of N interleaved rounds (Playwright first, then fill and the singles
in turns, so that each follows Playwright as often as the other: bench/_playwright.py round_order).
"""

from __future__ import annotations

import asyncio
import json
import statistics
import time

from _playwright import playwright_chromium, playwright_part, round_order
from _serve import serve_page

from browserx.browser import BrowserConfig, BrowserManager
from browserx.page.service import DomService
from browserx.tools import TAB_SETUPS, ToolContext, default_registry

N = 30
PAGE = b"""<!doctype html><title>form bench</title><h1>Sign up</h1>
<form onsubmit="return false">
<label>Name <input id=name></label>
<label><input type=checkbox id=agree> I agree</label>
<label><input type=radio name=plan id=free> Free</label><label><input type=radio name=plan id=pro> Pro</label>
<label>Country <select id=country><option>Norway</option><option>Sweden</option><option>Finland</option></select></label>
<label>Volume <input type=range id=volume min=0 max=100></label>
<label>Day <input type=date id=day></label>
<button>Send</button></form>"""
STATE = """JSON.stringify(['name', 'agree', 'pro', 'country', 'volume', 'day'].map(id => document.getElementById(id))
  .map(e => e.type === 'checkbox' || e.type === 'radio' ? e.checked : e.value))"""


def _values(i: int) -> list:
    return [
        f"Name {i}",
        i % 2 == 0,
        "pro" if i % 2 == 0 else "free",
        ["Norway", "Sweden", "Finland"][i % 3],
        10 + i % 80,
        f"2030-01-{1 + i % 28:02d}",
    ]


async def run(print_fn=print) -> dict:
    server, url = serve_page(PAGE)
    registry = default_registry()
    fill_t, singles_t, pw_t = [], [], []
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager, playwright_chromium() as browser:
            ctx = ToolContext(manager, "bench-forms")
            assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
            tab = await ctx.tab()
            model = await DomService.of(tab).snapshot()
            ids = {c.name: c.id for c in model.controls}
            name, agree, free, pro = ids["Name"], ids["I agree"], ids["Free"], ids["Pro"]
            country, volume, day = ids["Country"], ids["Volume"], ids["Day"]
            page = await browser.new_page() if browser is not None else None
            if page is not None:
                await page.goto(url)
            state = {"round": 0, "checked": False}

            async def dom(**args) -> None:
                result = await registry.dispatch("browser_dom", args, ctx)
                assert result.success, result.error

            async def browserx_fill() -> None:
                text, check, plan, option, number, date = _values(state["round"])
                fields = [
                    {"element_id": name, "value": text},
                    {"element_id": agree, "value": check},
                    {"element_id": pro if plan == "pro" else free, "value": True},
                    {"element_id": country, "value": option},
                    {"element_id": volume, "value": number},
                    {"element_id": day, "value": date},
                ]
                started = time.perf_counter()
                await dom(action="fill", fields=fields)
                fill_t.append(time.perf_counter() - started)

            async def browserx_singles() -> None:
                text, _check, plan, option, number, date = _values(state["round"])
                started = time.perf_counter()
                await dom(action="type", element_id=name, text=text)
                await dom(action="click", element_id=agree)  # flips it, as fill's alternating value does
                await dom(action="click", element_id=pro if plan == "pro" else free)
                await dom(action="select", element_id=country, option=option)
                await dom(action="type", element_id=volume, text=str(number))
                await dom(action="type", element_id=day, text=date)
                singles_t.append(time.perf_counter() - started)

            async def playwright_fill() -> None:
                text, check, plan, option, number, date = _values(state["round"])
                started = time.perf_counter()
                await page.fill("#name", text)
                await page.set_checked("#agree", check)
                await page.check("#" + plan)
                await page.select_option("#country", option)
                await page.eval_on_selector(
                    "#volume",
                    "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', "
                    "{bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true})); }",
                    str(number),
                )
                await page.fill("#day", date)
                pw_t.append(time.perf_counter() - started)

            pair = [browserx_fill, browserx_singles]
            playwright = playwright_fill if page is not None else None
            for _ in range(3):  # warm up (worlds, compiled functions, Playwright's injected script)
                for contestant in round_order(0, playwright, pair):
                    state["round"] += 1
                    await contestant()
            for i in range(N):  # interleaved: Playwright first, then fill and the singles in turns (round_order)
                for contestant in round_order(i, playwright, pair):
                    state["round"] += 1
                    await contestant()
                    if contestant is not playwright_fill:
                        # Both browserx ways must leave the page with this round's values.
                        text, check, plan, option, number, date = _values(state["round"])
                        got = await tab.session.send("Runtime.evaluate", {"expression": STATE, "returnByValue": True})
                        seen = json.loads(got["result"]["value"])
                        assert seen[0] == text and seen[2] == (plan == "pro") and seen[3] == option, (
                            contestant.__name__,
                            seen,
                            _values(state["round"]),
                        )
                        assert seen[4] == str(number) and seen[5] == date, (contestant.__name__, seen)
                        assert contestant is browserx_singles or seen[1] == check
    finally:
        server.shutdown()
    fill_ms, singles_ms = statistics.median(fill_t) * 1000, statistics.median(singles_t) * 1000
    out = {"fill_ms": fill_ms, "singles_ms": singles_ms, "ratio": singles_ms / fill_ms, "fields": 6, "calls_saved": 5}
    line = (
        f"forms     browser_dom fill of 6 fields {fill_ms:6.2f} ms | 6 single actions {singles_ms:6.2f} ms "
        f"({out['ratio']:.2f}x fill, 1 call instead of 6)"
    )
    if pw_t:
        out["playwright_ms"] = statistics.median(pw_t) * 1000
    print_fn(line + playwright_part("6 calls", pw_t, fill_ms, versus="fill") + f"  [median of {N}]")
    return out


if __name__ == "__main__":
    asyncio.run(run())

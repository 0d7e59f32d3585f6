"""Deltas (issue 23): what the page a click leaves costs as a delta on large.html, against the click alone.

    python bench/deltas.py          # or: python bench/run.py deltas

On tests/corpus/pages/large.html (20,000 elements), each round toggles one checkbox by id:
- `click`: browser_dom click, as today (no page in the result);
- `click+delta`: the same click with since="last": the click, whose record says what changed in the
  page model (inpage/recheck.js: here the checkbox's state, so the last model is patched, no walk), and
  the delta's text;
- `click;look`: today's act-then-look, the click and then a full snapshot (two calls);
- `diff`: the delta's own work on two captured models (diff + its text), pure Python.
Medians of N rounds of click and click+delta (order alternating; the ratio also paired per round), then
N/4 of click;look apart (a full capture's garbage collection pauses whatever follows it), and the tokens
(o200k) of a delta and of the full model.
The issue's target: a delta after a click ≤ 1.2× the click alone. A click whose effects recheck.js
cannot name (a DOM change, ...) pays a fresh capture instead, as `click;look` does.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from _serve import serve_corpus

N = 60


async def _ms(fn) -> tuple[float, Any]:
    started = time.perf_counter()
    out = await fn()
    return (time.perf_counter() - started) * 1000, out


async def run(print_fn=print) -> dict:
    import bpe_openai  # not browserx.llm: it imports openai, whose httpx finds bench/click.py as `click`

    from browserx.browser import BrowserConfig, BrowserManager
    from browserx.page.delta import diff
    from browserx.page.delta_text import render_delta
    from browserx.page.service import DomService
    from browserx.tools import TAB_SETUPS, ToolContext, default_registry

    httpd, base = serve_corpus()
    registry = default_registry()
    times: dict[str, list[float]] = {"click": [], "click+delta": [], "click;look": [], "diff": []}
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
            ctx = ToolContext(manager, "bench-deltas")
            navigated = await registry.dispatch("browser_navigate", {"url": f"{base}/pages/large.html"}, ctx)
            assert navigated.success, navigated.error
            tab = await ctx.tab()
            full = await registry.dispatch("browser_dom", {"action": "snapshot"}, ctx)
            model = DomService.of(tab).last
            assert model is not None
            target = next(c.id for c in model.controls if c.role == "checkbox" and c.in_viewport)
            click = {"action": "click", "element_id": target}
            delta_text = ""

            async def plain() -> None:
                result = await registry.dispatch("browser_dom", click, ctx)
                assert result.success and "page" not in result.data, result.error

            service = DomService.of(tab)
            patched = 0

            async def with_delta() -> None:
                nonlocal delta_text, patched
                result = await registry.dispatch("browser_dom", {**click, "since": "last"}, ctx)
                assert result.success and result.data["page"].startswith("(snapshot"), result.data.get("page")
                delta_text = result.data["page"]
                patched += service.patch is not None and service.patch.now is service.last  # no walk

            async def act_then_look() -> None:
                assert (await registry.dispatch("browser_dom", click, ctx)).success
                assert (await registry.dispatch("browser_dom", {"action": "snapshot"}, ctx)).success

            for _ in range(3):  # warm up
                await plain()
                await with_delta()
            # The click with and without its delta, in rounds of both (order alternating); then act-then-look
            # apart: a full capture's garbage is collected during whatever comes next (10-20 ms pauses).
            contenders = [("click", plain), ("click+delta", with_delta)]
            patched = 0  # counted over the measured rounds
            for i in range(N):
                for key, fn in contenders[i % 2 :] + contenders[: i % 2]:
                    times[key].append((await _ms(fn))[0])
            for _ in range(N // 4):
                times["click;look"].append((await _ms(act_then_look))[0])
            before = await service.snapshot(fresh=True)
            await plain()
            after = await service.snapshot(fresh=True)
            for _ in range(N):
                started = time.perf_counter()
                render_delta(before, after, diff(before, after), number=2, base_number=1)
                times["diff"].append((time.perf_counter() - started) * 1000)
            encoding = bpe_openai.get_encoding("o200k_base")
            full_tokens, delta_tokens = len(encoding.encode(full.data)), len(encoding.encode(delta_text))
    finally:
        httpd.shutdown()
    med = {k: statistics.median(v) for k, v in times.items()}
    # Each round's click+delta over its own click (same moment of a noisy machine), then their median.
    paired = statistics.median(d / c for d, c in zip(times["click+delta"], times["click"], strict=True))
    out = {
        **{f"{k}_ms": v for k, v in med.items()},
        "delta_over_click": med["click+delta"] / med["click"],
        "delta_over_click_paired": paired,
        "patched": patched,
        "delta_over_click_then_look": med["click+delta"] / med["click;look"],
        "delta_tokens": delta_tokens,
        "full_tokens": full_tokens,
    }
    print_fn(
        f"deltas    large.html checkbox click {med['click']:6.1f} ms | click+delta {med['click+delta']:6.1f} ms "
        f"({out['delta_over_click']:.2f}x the click, paired {paired:.2f}x; target ≤1.2x; {patched} of {N} without a "
        f"walk) | click;look {med['click;look']:6.1f} ms "
        f"(click+delta is {out['delta_over_click_then_look']:.2f}x of it) | diff+text {med['diff']:.1f} ms | "
        f"delta {delta_tokens} tokens vs full model {full_tokens}  [median of {N}]"
    )
    return out


if __name__ == "__main__":
    asyncio.run(run())

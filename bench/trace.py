"""Performance traces (issue 32): what recording costs a load, and how fast its insights are ready.

    python bench/trace.py          # or: python bench/run.py trace

- `load` / `load+trace`: tests/corpus/pages/large.html (20,000 elements) reloaded, Page.reload to its
  load event, without and with a trace recording around it (devtools/trace.py's categories), in
  alternating rounds; the ratio of medians (the issue's target: ≤ 1.3×). `stop` is apart: Tracing.end
  and the stream read once the load is over (what the agent waits for after it).
- `insights 5s`: a 5 s trace (large.html's load, then scrolling it) analysed (devtools/insights.py,
  the issue's target: ≤ 1 s) and the whole summary the agent gets (insights, the elements named,
  perf_report), with the trace's size.
Medians of N rounds; on a shared machine compare the ratios, measured within one run.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from _serve import serve_corpus

N = 8


async def _reload(tab: Any) -> float:
    started = time.perf_counter()
    async with tab.session.wait_for("Page.loadEventFired", timeout=60):
        await tab.session.send("Page.reload", {}, timeout=60)
    return (time.perf_counter() - started) * 1000


async def run(print_fn=print) -> dict:
    from browserx.browser import BrowserConfig, BrowserManager
    from browserx.devtools import perf_report
    from browserx.devtools.insights import analyse
    from browserx.devtools.trace import TraceRecorder
    from browserx.tools import TAB_SETUPS, ToolContext, default_registry
    from browserx.tools.perf import _analysis

    httpd, base = serve_corpus()
    registry = default_registry(caps="perf")
    times: dict[str, list[float]] = {"load": [], "load+trace": [], "stop": []}
    out: dict[str, Any] = {}
    try:
        async with BrowserManager(BrowserConfig(), setups=TAB_SETUPS) as manager:
            ctx = ToolContext(manager, "bench-trace")
            navigated = await registry.dispatch("browser_navigate", {"url": f"{base}/pages/large.html"}, ctx)
            assert navigated.success, navigated.error
            tab = await ctx.tab()
            recorder = TraceRecorder.of(tab)
            await _reload(tab)  # warm
            for round_ in range(N):
                for traced in (round_ % 2 == 0, round_ % 2 == 1):
                    if traced:
                        await recorder.start(mode="navigation")
                        times["load+trace"].append(await _reload(tab))
                        started = time.perf_counter()
                        await recorder.stop()
                        times["stop"].append((time.perf_counter() - started) * 1000)
                    else:
                        times["load"].append(await _reload(tab))
            medians = {k: statistics.median(v) for k, v in times.items()}
            ratio = medians["load+trace"] / medians["load"]
            print_fn(f"large.html load          {medians['load']:8.1f} ms")
            print_fn(f"large.html load + trace  {medians['load+trace']:8.1f} ms   ratio {ratio:.2f}x (target <= 1.3x)")
            print_fn(f"stop (end + stream read) {medians['stop']:8.1f} ms")
            out.update({f"{k}_ms": round(v, 1) for k, v in medians.items()}, trace_ratio=round(ratio, 3))

            # A 5 s trace: the load, then scrolling the page.
            await recorder.start(mode="navigation")
            started = time.perf_counter()
            await _reload(tab)
            while time.perf_counter() - started < 5.0:
                await tab.session.send("Runtime.evaluate", {"expression": "window.scrollBy(0, 400)"})
                await asyncio.sleep(0.1)
            trace = await recorder.stop()
            analysed, summarised = [], []
            for _ in range(5):
                t0 = time.perf_counter()
                analyse(trace.events, trace.conditions)
                analysed.append((time.perf_counter() - t0) * 1000)
                trace.analysis = None
                t0 = time.perf_counter()
                analysis, nodes = await _analysis(tab, trace)
                perf_report.summary(analysis, trace, nodes)
                summarised.append((time.perf_counter() - t0) * 1000)
            a, s = statistics.median(analysed), statistics.median(summarised)
            print_fn(
                f"insights of a {trace.wall_seconds:.1f} s trace ({len(trace.events)} events, "
                f"{trace.output['bytes'] / 1e6:.1f} MB): analyse {a:.0f} ms, summary with elements {s:.0f} ms "
                "(target <= 1000 ms)"
            )
            out.update(insights_ms=round(a, 1), summary_ms=round(s, 1), trace_events=len(trace.events))
    finally:
        httpd.shutdown()
    return out


if __name__ == "__main__":
    asyncio.run(run())

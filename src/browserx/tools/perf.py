"""browser_perf (capability group `perf`): a performance trace around a reload or navigation, or around the
agent's own actions (start … stop), answered with a compact summary; then each insight by name.
The lower layers: devtools/trace.py (recording), insights.py (what it says), perf_report.py (how it reads)."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from pydantic import Field

from ..actions.navigation import check_url
from ..browser import Tab
from ..devtools import perf_report
from ..devtools.insights import Analysis, analyse
from ..devtools.perf_nodes import describe_nodes
from ..devtools.trace import Trace, TraceRecorder
from ..page.service import DomService
from .base import Hints, Needs, Tool, ToolContext, ToolOutput
from .params import Duration, TabParams, duration_field

Insight = Literal["lcp", "cls", "long_tasks", "inp", "render_blocking", "critical_chain", "third_parties"]


class PerfParams(TabParams):
    action: Literal["start", "stop", "insight"]
    reload: bool = False
    url: str | None = Field(default=None, min_length=1, max_length=8192, description="trace its load")
    after: Duration = duration_field("3s", "recording after load")
    name: Insight | None = None


async def perf(ctx: ToolContext, params: PerfParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    recorder = TraceRecorder.of(tab)
    if params.action == "insight":
        assert params.name is not None  # Needs
        trace = recorder.latest()
        analysis, nodes = await _analysis(tab, trace)
        return ToolOutput(perf_report.insight(params.name, analysis, trace, nodes), tab_id=tab.tab_id)
    if params.action == "stop":
        trace = await recorder.stop()
        analysis, nodes = await _analysis(tab, trace)
        return ToolOutput(perf_report.summary(analysis, trace, nodes), tab_id=tab.tab_id)
    if not (params.reload or params.url):
        await recorder.start(mode="actions")
        return ToolOutput(
            {"recording": True, "conditions": recorder.conditions, "hint": "Act, then browser_perf action=stop."},
            tab_id=tab.tab_id,
        )
    if params.url:
        check_url(tab, params.url)
    await recorder.start(mode="navigation")
    try:
        await recorder.load(params.url)
        # What happens after load (late shifts, long tasks, the LCP's last candidate) belongs to the load.
        await asyncio.sleep(params.after)
    finally:
        trace = await recorder.stop()
    analysis, nodes = await _analysis(tab, trace)
    return ToolOutput(perf_report.summary(analysis, trace, nodes), tab_id=tab.tab_id)


async def _analysis(tab: Tab, trace: Trace) -> tuple[Analysis, dict[int, dict[str, Any]]]:
    if trace.analysis is None:
        trace.analysis = analyse(trace.events, trace.conditions)
    analysis: Analysis = trace.analysis
    if not analysis.nodes:
        return analysis, {}
    service = DomService.of(tab)
    await service.snapshot()  # the page model's ids, so the elements a trace names come with theirs
    context_id = await service.world.context_id()
    return analysis, await describe_nodes(tab, analysis.nodes, context_id)


TOOLS = [
    Tool(
        "browser_perf",
        "Performance trace. start: reload=true or url traces the load (summary back); neither: records your "
        "actions until stop. insight name: lcp, cls, long_tasks, inp, render_blocking, critical_chain, "
        "third_parties. Says CPU/network/device conditions.",
        PerfParams,
        perf,
        timeout_field=None,
        actions={
            "start": Needs(takes=("reload", "url", "after")),
            "stop": Needs(),
            "insight": Needs("name"),
        },
        hints={"name": "Give name: one of the insights the summary lists."},
        annotations=Hints(open_world=True),
    ),
]

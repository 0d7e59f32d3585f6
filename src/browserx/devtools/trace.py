"""Performance traces: `Tracing.start` with DevTools' timeline categories, streamed back on stop.

    recorder = TraceRecorder.of(tab)
    await recorder.start()                       # then: a reload, a navigation or the agent's actions
    trace = await recorder.stop()                # Trace: events, the file, the conditions, the time span

The trace comes as a stream (transferMode ReturnAsStream, read by IO.read in chunks: a trace of a
busy page is tens of megabytes, far over one CDP message) in Chrome's JSON trace format
(`{"traceEvents": [...], "metadata": {...}}`), which is what Chrome's Performance panel opens; it is
kept under the conversation's output directory (devtools/outputs.py, by output_id). The categories
are those DevTools' Performance panel records with, less the screenshots and the sampling profiler's
high resolution (the cost on large.html: bench/trace.py); conditions (CPU rate, network, device)
come from devtools/emulation.py, always.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

from ..browser import Tab
from ..errors import CDPError, NavigationFailedError, NoTraceError, TraceError
from .emulation import emulation_of
from .outputs import OutputStore
from .streams import read_stream

CATEGORIES = [
    "-*",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "disabled-by-default-devtools.timeline.stack",
    "disabled-by-default-v8.cpu_profiler",
    "v8.execute",
    "blink.user_timing",
    "blink.console",
    "loading",
    "latencyInfo",
]
# Where the page stands when a trace starts: its document (timeOrigin), its clock and how many interactions
# it has counted (Event Timing's interactionCount, counted as each is dispatched).
_PAGE_MARK = "JSON.stringify([performance.timeOrigin, performance.now(), performance.interactionCount || 0])"
# An interaction's EventTiming is written once the frame after it is presented, which under load comes as
# late as the second frame's callbacks (measured: 0-3 ms after them in a third of clicks on a loaded
# machine). So: two frames; then, if the page counted an interaction since the trace started, until an
# Event Timing entry of one since then is reported (an observer sees those of 16 ms or more, all an INP
# would name), or 6 frames more for one quicker than that, whose frame was presented long before.
_SETTLED = """((origin, since, count) => new Promise(done => {
  const same = performance.timeOrigin === origin, from = same ? since : 0;
  const pending = (performance.interactionCount || 0) > (same ? count : 0);
  let seen = false, frames = 0;
  const observer = pending ? new PerformanceObserver(list => {
    if (list.getEntries().some(e => e.interactionId && e.startTime >= from)) seen = true;
  }) : null;
  if (observer) observer.observe({ type: "event", durationThreshold: 16, buffered: true });
  const frame = () => requestAnimationFrame(() => {
    if (++frames < 2 || (observer && !seen && frames < 8)) return frame();
    if (observer) observer.disconnect();
    done(frames);
  });
  frame();
}))"""


@dataclass
class Trace:
    events: list[dict[str, Any]]
    conditions: dict[str, Any]
    output: dict[str, Any]  # {output_id, path, bytes}
    wall_seconds: float
    mode: str  # "navigation" or "actions"
    analysis: Any = None  # insights.Analysis, made once on first use


@dataclass
class TraceRecorder:
    tab: Tab
    started: float | None = None
    mode: str = "actions"
    conditions: dict[str, Any] = field(default_factory=dict)
    last: Trace | None = None
    page_mark: list[float] | None = None  # [timeOrigin, now, interactionCount] as an actions trace started

    @classmethod
    def of(cls, tab: Tab) -> TraceRecorder:
        return tab.state.setdefault(cls, lambda: cls(tab))

    @property
    def recording(self) -> bool:
        return self.started is not None

    async def start(self, *, mode: str = "actions") -> None:
        if self.recording:
            raise TraceError("a trace is already being recorded on this tab")
        # The conditions it runs under: what the tab emulates at the start (always said).
        self.conditions = emulation_of(self.tab).conditions()
        try:
            await self.tab.session.send(
                "Tracing.start",
                {
                    "traceConfig": {"includedCategories": CATEGORIES[1:], "excludedCategories": ["*"]},
                    "transferMode": "ReturnAsStream",
                    "streamFormat": "json",
                    "streamCompression": "none",
                },
                timeout=10,
            )
        except CDPError as exc:
            raise TraceError(f"tracing could not start: {exc.message}") from exc
        self.started, self.mode = time.monotonic(), mode
        self.page_mark = await self._page_mark() if mode == "actions" else None

    async def _page_mark(self) -> list[float] | None:
        try:
            result = await self.tab.session.send(
                "Runtime.evaluate", {"expression": _PAGE_MARK, "returnByValue": True, "silent": True}, timeout=3
            )
            return json.loads(result["result"]["value"])
        except (CDPError, TimeoutError, KeyError, TypeError, ValueError):
            return None  # a page that answers nothing now: its interactions are waited for as a new document's

    async def load(self, url: str | None = None, *, timeout: float = 60.0) -> None:
        """Reload (or go to `url`) and wait for the load event: CDP alone, so nothing of browserx's runs in
        the page meanwhile (its world is made on first use: that would be a long task of the trace)."""
        session = self.tab.session
        async with session.wait_for("Page.loadEventFired", timeout=timeout):
            if url is None:
                await session.send("Page.reload", {}, timeout=timeout)
            else:
                result = await session.send("Page.navigate", {"url": url}, timeout=timeout)
                if result.get("errorText"):
                    raise NavigationFailedError(f"{result['errorText']} while loading {url}")

    async def stop(self, *, timeout: float = 60.0) -> Trace:
        if not self.recording:
            raise NoTraceError("no trace is being recorded on this tab")
        assert self.started is not None
        session = self.tab.session
        origin, since, count = self.page_mark or (0, 0, 0)
        try:
            await session.send(
                "Runtime.evaluate",
                {
                    "expression": f"{_SETTLED}({json.dumps(origin)}, {json.dumps(since)}, {json.dumps(count)})",
                    "awaitPromise": True,
                    "timeout": 2000,
                    "silent": True,
                },
                timeout=3,
            )
        except (CDPError, TimeoutError):
            pass  # a page that paints no frame (hidden, stuck) has no interaction to finish
        wall = time.monotonic() - self.started
        self.started = None
        try:
            async with session.wait_for("Tracing.tracingComplete", timeout=timeout) as complete:
                await session.send("Tracing.end", {}, timeout=10)
            handle = complete.result().get("stream")
            if not handle:
                raise TraceError("the browser sent no trace stream")
            raw = await read_stream(session, handle, timeout=timeout)
        except CDPError as exc:
            raise TraceError(f"the trace could not be read: {exc.message}") from exc
        text = raw.decode("utf-8", errors="replace")
        events = _events(text)
        ref = OutputStore.of(self.tab.conversation).keep(text, stem="trace", suffix=".json")
        output = {"output_id": ref["output_id"], "path": ref["path"], "bytes": ref["bytes"]}
        self.last = Trace(events, self.conditions, output, round(wall, 3), self.mode)
        return self.last

    def latest(self) -> Trace:
        if self.last is None:
            raise NoTraceError("no trace was recorded on this tab yet")
        return self.last

    async def close(self) -> None:
        if self.recording:
            self.started = None
            try:
                await asyncio.wait_for(self.tab.session.send("Tracing.end", {}, timeout=5), 6)
            except (CDPError, TimeoutError):
                pass  # the tab is going away with its trace


def _events(text: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TraceError(f"the trace is not JSON: {exc.msg}") from exc
    events = data.get("traceEvents", []) if isinstance(data, dict) else data
    return [e for e in events if isinstance(e, dict)]

"""The V8 CPU profile a trace carries (disabled-by-default-v8.cpu_profiler: Profile, ProfileChunk), read
as samples: which script function was running when. insights.py asks it what a long task ran when the
task's own FunctionCall event names no script: a call through a wrapper without a URL (a script added
over CDP, such as browserx's own timer watch, that calls the page's callback) hides the page's function
from the trace events, but not from the sampler's stacks."""

from __future__ import annotations

from collections import Counter
from typing import Any


def page_samples(events: list[dict[str, Any]], pid: int, tid: int) -> list[tuple[float, dict[str, Any]]]:
    """(ts in µs, the innermost frame with a URL) of each sample of the thread's profile, in time order."""
    starts = {
        e.get("id"): e["args"]["data"].get("startTime", e["ts"])
        for e in events
        if e.get("name") == "Profile" and e.get("pid") == pid and e.get("tid") == tid
    }
    nodes: dict[Any, dict[str, Any]] = {}
    out: list[tuple[float, dict[str, Any]]] = []
    clocks = dict(starts)
    for chunk in (e for e in events if e.get("name") == "ProfileChunk" and e.get("id") in starts):
        if chunk.get("pid") != pid:
            continue
        data = chunk["args"].get("data", {})
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            nodes[(chunk["id"], node["id"])] = node
        for sample, delta in zip(profile.get("samples", []), data.get("timeDeltas", []), strict=False):
            clocks[chunk["id"]] += delta
            frame = _frame_with_url(nodes, chunk["id"], sample)
            if frame is not None:
                out.append((clocks[chunk["id"]], frame))
    out.sort(key=lambda s: s[0])
    return out


def _frame_with_url(nodes: dict[Any, dict[str, Any]], profile_id: Any, node_id: int) -> dict[str, Any] | None:
    seen = 0
    node = nodes.get((profile_id, node_id))
    while node is not None and seen < 1000:  # bounded: a malformed profile must not loop
        frame = node.get("callFrame", {})
        if str(frame.get("url", "")).startswith(("http:", "https:", "file:")):
            return frame
        node = nodes.get((profile_id, node["parent"])) if "parent" in node else None
        seen += 1
    return None


def busiest_function(samples: list[tuple[float, dict[str, Any]]], start: float, end: float) -> dict[str, Any] | None:
    """The page's frame sampled most often between start and end (µs), as a trace event's data names it."""
    counts: Counter[tuple[str, str, int]] = Counter(
        (f.get("functionName", ""), f.get("url", ""), int(f.get("lineNumber", 0)))
        for ts, f in samples
        if start <= ts < end
    )
    if not counts:
        return None
    (name, url, line), _ = counts.most_common(1)[0]
    return {"functionName": name, "url": url, "lineNumber": line}

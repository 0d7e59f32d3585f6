"""What a performance trace says, as DevTools' insights and Lighthouse's metrics say it.

    analysis = analyse(trace.events, conditions)
    analysis.metrics        # fcp_ms, lcp_ms, cls, tbt_ms, inp_ms, …
    analysis.insights       # {"lcp": {...}, "cls": {...}, "long_tasks": …, "render_blocking": …, …}

Definitions (web.dev / Lighthouse 12), from the trace events Chromium writes:
- Times are ms from the main frame's `navigationStart` (navigation traces) or from the trace's start.
- LCP: the last `largestContentfulPaint::Candidate` of the navigation; its element is the candidate's
  `nodeId` (a backend node id, resolved to an element_id by the tools layer), its image the matching
  `LargestImagePaint::Candidate`'s imageUrl. Phases: TTFB (the document's response headers), resource
  load delay (TTFB → the image's load start), load duration, render delay (load end → LCP); text: TTFB
  and render delay only.
- CLS: the largest session window (shifts less than 1 s apart, at most 5 s long) of `LayoutShift`
  weighted scores without recent input; each shift with its impacted nodes and, where the trace
  says, its cause: `LayoutImageUnsized` (an image without dimensions), a web font that finished
  loading just before, or the script that ran just before (content inserted or resized).
- Long tasks: main-thread `RunTask`s over 50 ms, with the script whose call took longest inside;
  TBT: the sum of (task - 50 ms) after FCP, a task that straddles FCP counted from FCP (Lighthouse).
- INP: the longest `EventTiming` of an interaction (interactionId) during the trace, split into input
  delay, processing and presentation.
- Render-blocking: requests Chromium marks `renderBlocking: blocking` (or parser-blocking in body)
  that started before FCP. Critical chain: the longest path of VeryHigh/High priority requests from
  the document by initiator. Third parties: bytes and main-thread script time by origin other than
  the document's site.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from .samples import busiest_function, page_samples
from .trace_requests import SCRIPT_EVENTS as _SCRIPT_EVENTS, critical_chain, render_blocking, requests_of, third_parties

LONG_TASK_US = 50_000
_WANTED = {
    "navigationStart",
    "firstContentfulPaint",
    "largestContentfulPaint::Candidate",
    "LargestImagePaint::Candidate",
    "largestContentfulPaint::Invalidate",
    "LayoutShift",
    "LayoutImageUnsized",
    "RunTask",
    "Profile",
    "ProfileChunk",
    "ResourceSendRequest",
    "ResourceReceiveResponse",
    "ResourceFinish",
    "EventTiming",
    "TracingStartedInBrowser",
    "thread_name",
    "MarkDOMContent",
    "InvalidateLayout",
    "ScheduleStyleRecalculation",
    "MarkLoad",
    *_SCRIPT_EVENTS,
}


@dataclass
class Analysis:
    conditions: dict[str, Any]
    url: str = ""
    metrics: dict[str, Any] = field(default_factory=dict)
    insights: dict[str, Any] = field(default_factory=dict)
    nodes: set[int] = field(default_factory=set)  # backend node ids the insights name (resolved by the tools layer)


def analyse(events: list[dict[str, Any]], conditions: dict[str, Any]) -> Analysis:
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for event in events:
        name = event.get("name")
        if name in _WANTED:
            by[name].append(event)
    out = Analysis(conditions)
    # The page's renderer main thread: the process of the outermost main frame.
    frames = [f for e in by["TracingStartedInBrowser"] for f in e.get("args", {}).get("data", {}).get("frames", [])]
    main_frame = next((f for f in frames if f.get("isOutermostMainFrame")), frames[0] if frames else {})
    navigations = [
        e
        for e in by["navigationStart"]
        if e["args"].get("data", {}).get("documentLoaderURL") and e["args"]["data"].get("isOutermostMainFrame", True)
    ]
    nav = navigations[-1] if navigations else None
    pid = nav["pid"] if nav else main_frame.get("processId")
    frame_id = nav["args"].get("frame") if nav else main_frame.get("frame")
    tids = [e["tid"] for e in by["thread_name"] if e["pid"] == pid and e["args"].get("name") == "CrRendererMain"]
    tid = tids[0] if tids else None
    starts = [e["ts"] for e in by["TracingStartedInBrowser"]] or [
        min((e["ts"] for e in events if "ts" in e), default=0)
    ]
    zero = nav["ts"] if nav else starts[0]
    out.url = nav["args"]["data"]["documentLoaderURL"] if nav else main_frame.get("url", "")
    nav_id = nav["args"]["data"].get("navigationId") if nav else None

    def ms(ts: float) -> float:
        return round((ts - zero) / 1000, 1)

    on_main = [e for e in events if e.get("pid") == pid and e.get("tid") == tid] if tid is not None else []
    requests = requests_of(by, frame_id)
    fcp = next((e["ts"] for e in by["firstContentfulPaint"] if _of_nav(e, nav_id, frame_id)), None)
    metrics: dict[str, Any] = {}
    if nav:
        metrics["fcp_ms"] = ms(fcp) if fcp else None
        for name, key in (("MarkDOMContent", "dom_content_loaded_ms"), ("MarkLoad", "load_ms")):
            marks = [
                e["ts"] for e in by[name] if e["args"].get("data", {}).get("frame") == frame_id and e["ts"] >= zero
            ]
            metrics[key] = ms(marks[0]) if marks else None
    lcp = _lcp(by, nav_id, frame_id, requests, zero, ms) if nav else None
    if lcp:
        metrics["lcp_ms"] = lcp["time_ms"]
        out.nodes.add(lcp["backend_node_id"])
        out.insights["lcp"] = lcp
    # The previous document shifts until the new one commits: only what comes after its response counts.
    document = next((r for r in requests.values() if r["type"] == "Document"), None)
    since = document.get("headers_end") or document["start"] if document else zero
    cls = _cls(by, frame_id, requests, on_main, ms, since if nav else 0)
    metrics["cls"] = cls["score"]
    out.insights["cls"] = cls
    out.nodes |= {n for s in cls["shifts"] for n in s["moved_nodes"]} | {
        n for s in cls["shifts"] for n in s.get("unsized_images", [])
    }
    tasks = [t for t in _long_tasks(by, pid, tid, on_main, ms) if t["_end"] > zero]  # not the previous document's
    fcp_ts = fcp if fcp is not None else zero
    # A task of url-less script only is an evaluation sent over CDP (browserx's own look at the page, a
    # DevTools console): said, but not the page's blocking time.
    page_tasks = [t for t in tasks if not t.get("injected")]
    tbt = sum(max(0.0, t["_end"] - max(t["_start"], fcp_ts) - LONG_TASK_US) for t in page_tasks) / 1000
    metrics["tbt_ms"] = round(tbt, 1)
    for t in tasks:
        del t["_start"], t["_end"]
    out.insights["long_tasks"] = {"count": len(page_tasks), "tbt_ms": round(tbt, 1), "tasks": tasks[:10]}
    inp = _inp(by, pid, ms)
    if inp:
        metrics["inp_ms"] = inp["inp_ms"]
        out.insights["inp"] = inp
    out.insights["render_blocking"] = render_blocking(requests, fcp_ts, ms)
    out.insights["critical_chain"] = critical_chain(requests, out.url, ms)
    out.insights["third_parties"] = third_parties(requests, on_main, out.url)
    out.metrics = metrics
    return out


def _of_nav(event: dict[str, Any], nav_id: str | None, frame_id: str | None) -> bool:
    data = event.get("args", {}).get("data", {})
    if nav_id and data.get("navigationId"):
        return bool(data["navigationId"] == nav_id)
    return bool(event.get("args", {}).get("frame") == frame_id)


def _lcp(by, nav_id, frame_id, requests, zero, ms) -> dict[str, Any] | None:
    candidates = [e for e in by["largestContentfulPaint::Candidate"] if _of_nav(e, nav_id, frame_id)]
    invalidated = [e["ts"] for e in by["largestContentfulPaint::Invalidate"] if _of_nav(e, nav_id, frame_id)]
    if invalidated:
        candidates = [e for e in candidates if e["ts"] > max(invalidated)]
    if not candidates:
        return None
    last = candidates[-1]
    data = last["args"]["data"]
    out: dict[str, Any] = {"time_ms": ms(last["ts"]), "type": data.get("type"), "backend_node_id": data.get("nodeId")}
    out["node_name"] = data.get("nodeName")
    document = next((r for r in requests.values() if r["type"] == "Document"), None)
    ttfb = ms(document["headers_end"]) if document and document.get("headers_end") else None
    phases: dict[str, float | None] = {"ttfb": ttfb}
    if data.get("type") == "image":
        image: dict[str, Any] = next(
            (
                e["args"]["data"]
                for e in reversed(by["LargestImagePaint::Candidate"])
                if e["args"]["data"].get("DOMNodeId") == data.get("nodeId")
            ),
            {},
        )
        out["image_url"] = image.get("imageUrl")
        load_start, load_end = data.get("imageLoadStart"), data.get("imageLoadEnd")
        request = next((r for r in requests.values() if r["url"] == out["image_url"]), None)
        if request and request.get("end"):
            load_start, load_end = ms(request["start"]), ms(request["end"])
        if load_start is not None and load_end is not None:
            phases["resource_load_delay"] = round(load_start - (ttfb or 0), 1)
            phases["load_duration"] = round(load_end - load_start, 1)
            phases["render_delay"] = round(out["time_ms"] - load_end, 1)
    else:
        phases["render_delay"] = round(out["time_ms"] - (ttfb or 0), 1)
    out["phases_ms"] = phases
    return out


def _cls(by, frame_id, requests, on_main, ms, after) -> dict[str, Any]:
    shifts = [
        e
        for e in by["LayoutShift"]
        if e["ts"] > after and (e["args"].get("frame") in (frame_id, None) or frame_id is None)
    ]
    shifts = [
        e
        for e in shifts
        if not e["args"]["data"].get("had_recent_input") and e["args"]["data"].get("is_main_frame", True)
    ]
    unsized = list(by["LayoutImageUnsized"])
    windows: list[list[dict[str, Any]]] = []
    for e in shifts:
        w = windows[-1] if windows else None
        if w and e["ts"] - w[-1]["ts"] < 1_000_000 and e["ts"] - w[0]["ts"] < 5_000_000:
            w.append(e)
        else:
            windows.append([e])
    score = max(
        (
            sum(s["args"]["data"].get("weighted_score_delta", s["args"]["data"].get("score", 0)) for s in w)
            for w in windows
        ),
        default=0.0,
    )
    listed = []
    since = 0
    for e in shifts:
        data = e["args"]["data"]
        moved = [n["node_id"] for n in data.get("impacted_nodes", []) if "node_id" in n]
        shift: dict[str, Any] = {
            "time_ms": ms(e["ts"]),
            "score": round(data.get("weighted_score_delta", data.get("score", 0)), 4),
            "moved_nodes": moved,
        }
        shift["causes"] = _causes(e["ts"], since, unsized, requests, on_main, shift)
        since = e["ts"]
        listed.append(shift)
    return {"score": round(score, 4), "shifts": listed[:15], "windows": len(windows)}


def _causes(ts, since, unsized, requests, on_main, shift) -> list[str]:
    """What the trace says moved things, among what happened after the previous shift and at most 500 ms
    before this one (DevTools' CLS culprits: unsized images, web fonts; else the script that ran)."""
    lo = max(since, ts - 500_000)
    causes = []
    images = [u["args"]["data"].get("nodeId") for u in unsized if lo < u["ts"] <= ts]
    if images:
        shift["unsized_images"] = [n for n in images if n is not None]
        causes.append("image without width and height")
    for r in requests.values():
        if r.get("end") and lo < r["end"] <= ts and r["type"] == "Font":
            causes.append(f"web font loaded: {r['url'][:120]}")
    if not causes:
        # The script whose DOM or style change invalidated layout (its stack, in the trace), else the last call.
        stacks = [
            e["args"]["data"]["stackTrace"][0]
            for e in sorted(on_main, key=lambda e: e["ts"])
            if e.get("name") in ("InvalidateLayout", "ScheduleStyleRecalculation")
            and lo < e["ts"] <= ts
            and e["args"].get("data", {}).get("stackTrace")
        ]
        ran = sorted(
            (e for e in on_main if e.get("name") == "FunctionCall" and lo < e["ts"] + e.get("dur", 0) <= ts),
            key=lambda e: e["ts"] + e.get("dur", 0),
        )
        if stacks:
            causes.append(f"content inserted or resized by script: {_where(stacks[-1])}")
        elif ran:
            causes.append(f"content inserted or resized by script: {_where(ran[-1]['args'].get('data', {}))}")
    return causes


def _where(data: dict[str, Any]) -> str:
    name = data.get("functionName") or "(anonymous)"
    return f"{name} {data.get('url', '')[:160]}:{int(data.get('lineNumber', 0)) + (1 if 'functionName' in data else 0)}"


def _long_tasks(by, pid, tid, on_main, ms) -> list[dict[str, Any]]:
    tasks = [e for e in by["RunTask"] if e.get("pid") == pid and e.get("tid") == tid and e.get("dur", 0) > LONG_TASK_US]
    scripts = sorted(
        (e for e in on_main if e.get("name") in _SCRIPT_EVENTS and e.get("ph") == "X"), key=lambda e: e["ts"]
    )
    out = []
    sampled: list[Any] | None = None
    for task in tasks:
        start, end = task["ts"], task["ts"] + task["dur"]
        inside = [e for e in scripts if start <= e["ts"] < end]
        calls = [e for e in inside if e["args"].get("data", {}).get("url")]
        top = max(calls, key=lambda e: (e["name"] == "FunctionCall", e.get("dur", 0)), default=None)
        entry: dict[str, Any] = {
            "start_ms": ms(start),
            "duration_ms": round(task["dur"] / 1000, 1),
            "blocking_ms": round((task["dur"] - LONG_TASK_US) / 1000, 1),
            "_start": start,
            "_end": end,
        }
        if top is None and any(e["name"] in ("EvaluateScript", "FunctionCall") for e in inside):
            # A call with no URL: CDP's own evaluation, or a wrapper added over CDP calling the page's
            # function (a timer's callback): the sampler's stacks tell which.
            if sampled is None:
                sampled = page_samples(by["Profile"] + by["ProfileChunk"], pid, tid)
            found = busiest_function(sampled, start, end)
            if found is not None:
                top = {"name": "FunctionCall", "args": {"data": found}}
        if top is None and any(e["name"] in ("EvaluateScript", "FunctionCall") for e in inside):
            entry["injected"] = True
            entry["activity"] = "evaluation sent over CDP (not the page's script)"
        elif top is None:  # no script: say what the browser was busy with (ParseHTML, Layout, …)
            busy = [e for e in on_main if e.get("ph") == "X" and start <= e["ts"] < end and e.get("name") != "RunTask"]
            longest = max(busy, key=lambda e: e.get("dur", 0), default=None)
            if longest is not None:
                entry["activity"] = longest["name"]
        else:
            data = top["args"]["data"]
            entry["script"] = data.get("url", "")[:200]
            entry["function"] = data.get("functionName") or (
                "(script evaluation)" if top["name"] == "EvaluateScript" else "(anonymous)"
            )
            entry["line"] = int(data.get("lineNumber", 0)) + (1 if top["name"] == "FunctionCall" else 0)
        out.append(entry)
    return sorted(out, key=lambda t: -t["duration_ms"])


def _inp(by, pid, ms) -> dict[str, Any] | None:
    """INP over the interactions (the events sharing an interactionId: pointerdown, pointerup, click …, up to
    the same frame): the longest; its phases from the earliest handler start to the latest handler end."""
    groups: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for e in by["EventTiming"]:
        data = e.get("args", {}).get("data", {})
        if e.get("ph") in ("b", "X") and data.get("interactionId") and e.get("pid") == pid:
            groups[data["interactionId"]].append({**data, "_ts": e["ts"]})
    if not groups:
        return None

    def duration(events: list[dict[str, Any]]) -> float:
        return max(float(d.get("duration", 0)) for d in events)

    worst = max(groups.values(), key=duration)
    inp = duration(worst)
    start = min(float(d.get("timeStamp", 0)) for d in worst)
    begin = min(float(d.get("processingStart", 0)) for d in worst)
    end = max(float(d.get("processingEnd", 0)) for d in worst)
    longest = max(worst, key=lambda d: float(d.get("processingEnd", 0)) - float(d.get("processingStart", 0)))
    phases = {"input_delay": begin - start, "processing": end - begin, "presentation": start + inp - end}
    return {
        "inp_ms": round(inp, 1),
        "type": longest.get("type"),
        "at_ms": ms(min(d["_ts"] for d in worst)),
        "interactions": len(groups),
        "phases_ms": {k: round(v, 1) for k, v in phases.items()},
    }

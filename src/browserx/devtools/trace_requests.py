"""The requests of a trace (ResourceSendRequest / ReceiveResponse / Finish) and what insights.py says
of them: render-blocking requests, the critical request chain, third parties by origin."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

Ms = Callable[[float], float]
SCRIPT_EVENTS = ("FunctionCall", "EvaluateScript", "TimerFire", "EventDispatch", "v8.compile")


def site(host: str) -> str:
    parts = host.split(".")
    return host if host.replace(".", "").isdigit() or len(parts) < 2 else ".".join(parts[-2:])


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.netloc else url[:40]


def requests_of(by: dict[str, list[dict[str, Any]]], frame_id: str | None) -> dict[str, dict[str, Any]]:
    requests: dict[str, dict[str, Any]] = {}
    for e in by["ResourceSendRequest"]:
        data = e["args"]["data"]
        if frame_id and data.get("frame") not in (frame_id, None):
            continue
        requests[data["requestId"]] = {
            "url": data.get("url", ""),
            "start": e["ts"],
            "type": data.get("resourceType"),
            "priority": data.get("priority"),
            "blocking": data.get("renderBlocking"),
            "initiator": (data.get("initiator") or {}).get("url"),
            "end": None,
            "bytes": 0,
        }
    for e in by["ResourceReceiveResponse"]:
        data = e["args"]["data"]
        request = requests.get(data.get("requestId"))
        if request is not None:
            timing = data.get("timing") or {}
            headers_end = timing.get("requestTime", 0) * 1e6 + timing.get("receiveHeadersEnd", 0) * 1000
            request["headers_end"] = headers_end if timing else e["ts"]
            request["status"] = data.get("statusCode")
            request["from_cache"] = data.get("fromCache")
    for e in by["ResourceFinish"]:
        data = e["args"]["data"]
        request = requests.get(data.get("requestId"))
        if request is not None:
            request["end"] = data["finishTime"] * 1e6 if data.get("finishTime") else e["ts"]
            request["bytes"] = int(data.get("encodedDataLength") or 0)
            request["failed"] = bool(data.get("didFail"))
    return requests


def render_blocking(requests, fcp_ts, ms) -> list[dict[str, Any]]:
    blocking = [
        r for r in requests.values() if r["blocking"] in ("blocking", "in_body_parser_blocking") and r["start"] < fcp_ts
    ]
    return [
        {
            "url": r["url"][:200],
            "type": r["type"],
            "start_ms": ms(r["start"]),
            "duration_ms": round(((r["end"] or r["start"]) - r["start"]) / 1000, 1),
            "blocking": r["blocking"],
        }
        for r in sorted(blocking, key=lambda r: r["start"])
    ][:15]


def critical_chain(requests, url, ms) -> dict[str, Any]:
    critical = {r["url"]: r for r in requests.values() if r["priority"] in ("VeryHigh", "High") and r.get("end")}

    def chain(r: dict[str, Any], seen: set[str]) -> list[dict[str, Any]]:
        parent = critical.get(r["initiator"] or "")
        if parent is None or parent["url"] in seen:
            return [r]
        return [*chain(parent, seen | {r["url"]}), r]

    longest = max((chain(r, set()) for r in critical.values()), key=lambda c: c[-1]["end"] - c[0]["start"], default=[])
    return {
        "requests": [{"url": r["url"][:200], "type": r["type"], "end_ms": ms(r["end"])} for r in longest],
        "length": len(longest),
        "time_ms": round((longest[-1]["end"] - longest[0]["start"]) / 1000, 1) if longest else 0,
    }


def third_parties(requests, on_main, url) -> list[dict[str, Any]]:
    first = site(urlsplit(url).hostname or "")
    by_origin: dict[str, dict[str, float]] = defaultdict(lambda: {"bytes": 0, "main_thread_ms": 0.0, "requests": 0})
    for r in requests.values():
        if site(urlsplit(r["url"]).hostname or "") != first and r["url"].startswith("http"):
            entry = by_origin[origin(r["url"])]
            entry["bytes"] += r["bytes"]
            entry["requests"] += 1
    depth_end = 0.0
    for e in on_main:  # top-level script events only: a nested call's time is its parent's
        if e.get("name") not in SCRIPT_EVENTS or e.get("ph") != "X" or e["ts"] < depth_end:
            continue
        depth_end = e["ts"] + e.get("dur", 0)
        script = e["args"].get("data", {}).get("url", "")
        if script.startswith("http") and site(urlsplit(script).hostname or "") != first:
            by_origin[origin(script)]["main_thread_ms"] += e.get("dur", 0) / 1000
    ranked = sorted(by_origin.items(), key=lambda item: (-item[1]["main_thread_ms"], -item[1]["bytes"]))
    return [
        {
            "origin": o,
            "bytes": int(d["bytes"]),
            "requests": int(d["requests"]),
            "main_thread_ms": round(d["main_thread_ms"], 1),
        }
        for o, d in ranked[:10]
    ]

"""A trace's analysis as the agent reads it: a compact summary (≤ 800 tokens), then each insight on its
own, the elements named by element_id, tag and text or image URL (perf_nodes.py), and the conditions
the trace ran under always first."""

from __future__ import annotations

from typing import Any

from .insights import Analysis
from .trace import Trace

INSIGHTS = ("lcp", "cls", "long_tasks", "inp", "render_blocking", "critical_chain", "third_parties")


def _element(nodes: dict[int, dict[str, Any]], backend_node_id: Any) -> dict[str, Any]:
    described = nodes.get(backend_node_id) if isinstance(backend_node_id, int) else None
    if not described:
        return {"gone": True}
    return {k: v for k, v in described.items() if v not in (None, "")}


def _lcp_brief(lcp: dict[str, Any], nodes: dict[int, dict[str, Any]]) -> dict[str, Any]:
    element = _element(nodes, lcp.get("backend_node_id"))
    out = {"time_ms": lcp["time_ms"], "type": lcp.get("type"), "element": element, "phases_ms": lcp["phases_ms"]}
    if lcp.get("image_url"):
        out["image_url"] = lcp["image_url"]
    return out


def insight(name: str, analysis: Analysis, trace: Trace, nodes: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """One insight in full (lists bounded), with the conditions."""
    data = analysis.insights.get(name)
    out: dict[str, Any] = {"insight": name, "conditions": trace.conditions}
    if data is None:
        out["found"] = "nothing: " + ("no interaction during the trace" if name == "inp" else "the trace has none")
        return out
    if name == "lcp":
        out.update(_lcp_brief(data, nodes))
    elif name == "cls":
        shifts = []
        for shift in data["shifts"]:
            entry = {
                "time_ms": shift["time_ms"],
                "score": shift["score"],
                "causes": shift["causes"] or ["not in the trace"],
            }
            entry["moved"] = [_element(nodes, n) for n in shift["moved_nodes"][:5]]
            if shift.get("unsized_images"):
                entry["unsized_images"] = [_element(nodes, n) for n in shift["unsized_images"][:5]]
            shifts.append(entry)
        out.update({"score": data["score"], "session_windows": data["windows"], "shifts": shifts})
    else:
        out.update(data if isinstance(data, dict) else {"items": data})
    return out


def summary(analysis: Analysis, trace: Trace, nodes: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The metrics, the top finding of each insight and where the raw trace is."""
    ins = analysis.insights
    out: dict[str, Any] = {
        "conditions": trace.conditions,
        "mode": trace.mode,
        "url": analysis.url,
        "metrics": {k: v for k, v in analysis.metrics.items() if v is not None},
    }
    if "lcp" in ins:
        lcp = _lcp_brief(ins["lcp"], nodes)
        lcp.pop("image_url", None)
        out["lcp"] = lcp
    cls = ins.get("cls")
    if cls and cls["shifts"]:
        worst = max(cls["shifts"], key=lambda s: s["score"])
        out["cls"] = {
            "score": cls["score"],
            "shifts": len(cls["shifts"]),
            "largest": {"time_ms": worst["time_ms"], "score": worst["score"], "causes": worst["causes"][:2]},
        }
    tasks = ins.get("long_tasks", {})
    if tasks.get("count"):
        out["long_tasks"] = {
            "count": tasks["count"],
            "tbt_ms": tasks["tbt_ms"],
            "longest": [
                {k: t[k] for k in ("start_ms", "duration_ms", "function", "script", "activity") if k in t}
                for t in [t for t in tasks["tasks"] if not t.get("injected")][:3]
            ],
        }
    if "inp" in ins:
        out["inp"] = {k: ins["inp"][k] for k in ("inp_ms", "type", "phases_ms")}
    if ins.get("render_blocking"):
        out["render_blocking"] = [f"{r['url']} ({r['duration_ms']} ms)" for r in ins["render_blocking"][:5]]
    chain = ins.get("critical_chain") or {}
    if chain.get("length", 0) > 1:
        out["critical_chain"] = {"length": chain["length"], "time_ms": chain["time_ms"]}
    if ins.get("third_parties"):
        out["third_parties"] = ins["third_parties"][:3]
    out["trace"] = {**trace.output, "seconds": trace.wall_seconds}
    out["insights"] = [name for name in INSIGHTS if ins.get(name)]
    out["hint"] = (
        "browser_perf action=insight name=… for one in full; the trace file opens in Chrome's Performance panel."
    )
    return out

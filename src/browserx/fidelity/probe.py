"""The in-page half of the fidelity check (report.py): where a person can see an element, and what
a pointer aimed at a model entry reaches. Runs in browserx's isolated world of the main frame, on
elements of that document and of its same-origin frames; it never writes to the page.

    facts = await probe(tab, ids, [(backend_node_id, relate), ...])   # ids: the model's element ids
    facts["nodes"][i]   # {why, drawn, box, in_view, tabindex, scroller, ua, host, id, select, up, down, ...}
    facts["entries"][i] # {why, drawn, box, in_view, up} for ids[i]

`why` is "" on screen, else why not (report.py). Media controls' roots are never asked `mode` (crashes Chromium 156).
"""

from __future__ import annotations

import asyncio
from importlib import resources
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError, JSExceptionError
from ..page.service import DomService

OBJECT_GROUP = "browserx-fidelity"
CHUNK = 400  # nodes per in-page call: arguments of one Runtime.callFunctionOn
CONCURRENCY = 16  # DOM.resolveNode calls in flight at once (one WebSocket; they pipeline well)
PROBE_TIMEOUT_S = 60.0

# The in-page half: one function declaration (a .js file of its own, read by ESLint).
PROBE = resources.files(__package__).joinpath("probe.js").read_text(encoding="utf-8")


async def probe(tab: Tab, ids: list[str], nodes: list[tuple[int, int]]) -> dict[str, Any]:
    """Facts for `nodes` ([(backend_node_id, relate)]) and for the model entries `ids`. `relate` asks
    for the entries around a node without one of its own: 1 always, 2 if it is a tab stop (tabindex
    ≥ 0) and no scroll area, 0 never. A node that cannot be resolved any more has why "gone"."""
    context_id = await DomService.of(tab).world.context_id()
    session = tab.session
    semaphore = asyncio.Semaphore(CONCURRENCY)

    async def resolve(backend_node_id: int) -> str | None:
        async with semaphore:
            try:
                result = await session.send(
                    "DOM.resolveNode",
                    {"backendNodeId": backend_node_id, "executionContextId": context_id, "objectGroup": OBJECT_GROUP},
                )
            except BrowserxError:  # gone since the AX tree was read
                return None
            return result["object"].get("objectId")

    out_nodes: list[dict[str, Any]] = [{"why": "gone"} for _ in nodes]
    entries: list[dict[str, Any]] = []
    try:
        resolved = await asyncio.gather(*(resolve(backend_node_id) for backend_node_id, _ in nodes))
        live = [(i, oid) for i, oid in enumerate(resolved) if oid]
        for start in range(0, max(len(live), 1), CHUNK):
            part = live[start : start + CHUNK]
            spec = {"ids": ids, "entries": start == 0, "relate": [nodes[i][1] for i, _ in part]}
            result = await session.send(
                "Runtime.callFunctionOn",
                {
                    "functionDeclaration": PROBE,
                    "executionContextId": context_id,
                    "arguments": [{"value": spec}] + [{"objectId": oid} for _, oid in part],
                    "returnByValue": True,
                },
                timeout=PROBE_TIMEOUT_S,
            )
            if "exceptionDetails" in result:
                details = result["exceptionDetails"]
                text = (details.get("exception") or {}).get("description") or details.get("text")
                raise JSExceptionError(f"fidelity probe threw: {text}")
            value = result["result"]["value"]
            for (i, _), fact in zip(part, value["nodes"], strict=True):
                out_nodes[i] = fact
            if start == 0:
                entries = value["entries"]
    finally:
        await session.send("Runtime.releaseObjectGroup", {"objectGroup": OBJECT_GROUP})
    return {"nodes": out_nodes, "entries": entries}

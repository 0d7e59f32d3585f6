"""The elements a trace names (by backend node id), as an agent can use them: the element_id of the
element or of the nearest control around it (the page model's ids, read in browserx's world), its tag,
its text (cut) or image URL. Nothing of a field's value: a node is described by what a person sees."""

from __future__ import annotations

import asyncio
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError

_DESCRIBE = "function () { return globalThis.__bxact.traceNode(this); }"  # inpage/describe.js


async def describe_nodes(tab: Tab, backend_node_ids: set[int], context_id: int) -> dict[int, dict[str, Any]]:
    """Each node still in the page, described ({gone: true} for one that is not); in browserx's world `context_id`."""
    semaphore = asyncio.Semaphore(8)

    async def one(backend_node_id: int) -> dict[str, Any]:
        async with semaphore:
            try:
                resolved = await tab.session.send(
                    "DOM.resolveNode",
                    {"backendNodeId": backend_node_id, "executionContextId": context_id, "objectGroup": "bx-perf"},
                    timeout=5,
                )
                result = await tab.session.send(
                    "Runtime.callFunctionOn",
                    {
                        "objectId": resolved["object"]["objectId"],
                        "functionDeclaration": _DESCRIBE,
                        "returnByValue": True,
                    },
                    timeout=5,
                )
            except BrowserxError:
                return {"gone": True}
            return result.get("result", {}).get("value") or {"gone": True}

    ids = sorted(i for i in backend_node_ids if isinstance(i, int))
    try:
        described = await asyncio.gather(*(one(i) for i in ids))
    finally:
        try:
            await tab.session.send("Runtime.releaseObjectGroup", {"objectGroup": "bx-perf"}, timeout=5)
        except BrowserxError:
            pass  # the page went away with its objects
    return dict(zip(ids, described, strict=True))

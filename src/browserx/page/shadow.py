"""Closed shadow roots, found through CDP and handed to browserx's world.

Page scripts (and browserx's world) cannot see a closed shadow root, but CDP can. The walk
(frames.js) notes the custom elements that show no shadow root and were never looked up; after a
snapshot that met some (`pending_hosts` > 0), `adopt_closed_roots` asks CDP about each:

    DOM.describeNode(host, depth 0)   -> node.shadowRoots, a closed one has shadowRootType "closed"
    DOM.resolveNode(root backendNodeId, the world's context) -> a handle on the root
    __browserx.adoptShadowRoot(host, root | null)             -> null marks "no root": never asked again

and the caller captures once more, now through the adopted roots. Every host is looked up once per
document, so only the first snapshot that meets new hosts pays; at most `MAX_HOSTS` per snapshot,
so a page of 10,000 custom elements spreads its lookups over snapshots instead of stalling one.
All handles made here live in one object group, released at the end.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from ..errors import BrowserxError
from .world import PageWorld

MAX_HOSTS = 200
TIMEOUT_S = 10.0
_GROUP = "browserx-shadow"
_TAKE = "function (n) { return globalThis.__browserx.pendingHosts().slice(0, n); }"
# Arguments come in (host, root-or-null) pairs: one call for the whole batch (inpage/dom.js).
_ADOPT = "function (...pairs) { return globalThis.__browserx.adoptShadowRoots(...pairs); }"


async def adopt_closed_roots(world: PageWorld, limit: int = MAX_HOSTS) -> int:
    """Look up the hosts the last walk in `world` noted; the number of closed roots adopted."""
    session = world.session
    context_id = await world.context_id()
    try:
        taken = await session.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": _TAKE,
                "executionContextId": context_id,
                "arguments": [{"value": limit}],
                "objectGroup": _GROUP,
            },
            timeout=TIMEOUT_S,
        )
        array_id = taken.get("result", {}).get("objectId")
        if not array_id:
            return 0
        props = await session.send(
            "Runtime.getProperties", {"objectId": array_id, "ownProperties": True}, timeout=TIMEOUT_S
        )
        hosts = [
            p["value"]["objectId"]
            for p in props.get("result", [])
            if p.get("name", "").isdigit() and p.get("value", {}).get("objectId")
        ]
        if not hosts:
            return 0
        described = await asyncio.gather(
            *(session.send("DOM.describeNode", {"objectId": host, "depth": 0}, timeout=TIMEOUT_S) for host in hosts),
            return_exceptions=True,
        )
        pairs: list[tuple[str, int | None]] = []
        for host, result in zip(hosts, described, strict=True):
            if isinstance(result, BaseException):
                continue  # gone from the document: the next walk will not note it again
            pairs.append((host, _closed_root(result.get("node", {}))))
        roots = await asyncio.gather(
            *(
                session.send(
                    "DOM.resolveNode",
                    {"backendNodeId": backend_node_id, "executionContextId": context_id, "objectGroup": _GROUP},
                    timeout=TIMEOUT_S,
                )
                for _host, backend_node_id in pairs
                if backend_node_id is not None
            ),
            return_exceptions=True,
        )
        resolved = iter(roots)
        arguments: list[dict[str, Any]] = []
        for host, backend_node_id in pairs:
            root = next(resolved) if backend_node_id is not None else None
            if isinstance(root, BaseException):
                continue  # the root could not be handed over now: the host stays pending
            root_id = root.get("object", {}).get("objectId") if root else None
            arguments += [{"objectId": host}, {"objectId": root_id} if root_id else {"value": None}]
        if not arguments:
            return 0
        adopted = await session.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": _ADOPT,
                "executionContextId": context_id,
                "arguments": arguments,
                "returnByValue": True,
            },
            timeout=TIMEOUT_S,
        )
        return int(adopted.get("result", {}).get("value") or 0)
    finally:
        with contextlib.suppress(BrowserxError):
            await session.send("Runtime.releaseObjectGroup", {"objectGroup": _GROUP}, timeout=5.0)


def _closed_root(node: dict[str, Any]) -> int | None:
    """The backend node id of the node's closed shadow root, if it has one."""
    for root in node.get("shadowRoots") or ():
        if root.get("shadowRootType") == "closed" and root.get("backendNodeId"):
            return int(root["backendNodeId"])
    return None

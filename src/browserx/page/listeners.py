"""Whether the page serves a month grid's clicks by a listener of its own (served.js explains the rule).

browserx's world cannot see the page's event listeners, and CDP shows them only for an object of the
page's world: `DOMDebugger.getEventListeners` on a node resolved in the isolated world lists none
(measured on Chromium 156). So, for each month grid the last walk noted (a handful at most, each once
per table and document):

    DOM.describeNode(table in browserx's world)          -> its backendNodeId
    DOM.resolveNode(backendNodeId)                        -> the table in the page's world
    Runtime.callFunctionOn(table, up to 3 ancestors)      -> the table and its wrappers below <body>
    DOMDebugger.getEventListeners(each, depth 0)          -> any click, mousedown, mouseup, pointerdown/up
    __browserxWidgets.markGrid(table, served)             -> the walk makes its day cells clickable

About 8 round trips per grid (a few ms), paid by the first snapshot that meets it; a page without a
month grid pays nothing. The caller captures once more when a grid is served.
"""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources
from typing import Any

from ..errors import BrowserxError
from .world import PageWorld

TIMEOUT_S = 5.0
CLICKS = {"click", "mousedown", "mouseup", "pointerdown", "pointerup"}
_GROUP = "browserx-listeners"
_TAKE = "function () { return globalThis.__browserxWidgets.takePendingGrids(); }"
_MARK = "function (table, served) { globalThis.__browserxWidgets.markGrid(table, served); }"
# Called on the table in the page's own world (inpage/page_world/wrappers.js): one function declaration.
_WRAPPERS = resources.files("browserx").joinpath("inpage/page_world/wrappers.js").read_text(encoding="utf-8")


async def ask_grid_listeners(world: PageWorld) -> int:
    """Ask about the month grids the last walk in `world` noted; how many are served (0 on failure)."""
    try:
        return await _ask(world)
    except BrowserxError:
        return 0  # the model without those cells beats no model


async def _ask(world: PageWorld) -> int:
    session = world.session
    context_id = await world.context_id()
    try:
        taken = await session.send(
            "Runtime.callFunctionOn",
            {"functionDeclaration": _TAKE, "executionContextId": context_id, "objectGroup": _GROUP},
            timeout=TIMEOUT_S,
        )
        tables = await _elements(world, taken)
        served = await asyncio.gather(*(_served(world, table) for table in tables), return_exceptions=True)
        count = 0
        for table, answer in zip(tables, served, strict=True):
            if isinstance(answer, BaseException):
                continue  # asked again at the next snapshot
            count += bool(answer)
            await session.send(
                "Runtime.callFunctionOn",
                {
                    "functionDeclaration": _MARK,
                    "executionContextId": context_id,
                    "arguments": [{"objectId": table}, {"value": bool(answer)}],
                },
                timeout=TIMEOUT_S,
            )
        return count
    finally:
        with contextlib.suppress(BrowserxError):
            await session.send("Runtime.releaseObjectGroup", {"objectGroup": _GROUP}, timeout=TIMEOUT_S)


async def _elements(world: PageWorld, array: dict[str, Any]) -> list[str]:
    """The object ids of the elements of a remote array."""
    array_id = array.get("result", {}).get("objectId")
    if not array_id:
        return []
    props = await world.session.send(
        "Runtime.getProperties", {"objectId": array_id, "ownProperties": True}, timeout=TIMEOUT_S
    )
    return [
        p["value"]["objectId"]
        for p in props.get("result", [])
        if p.get("name", "").isdigit() and p.get("value", {}).get("objectId")
    ]


async def _served(world: PageWorld, table: str) -> bool:
    session = world.session
    node = await session.send("DOM.describeNode", {"objectId": table, "depth": 0}, timeout=TIMEOUT_S)
    backend_node_id = node.get("node", {}).get("backendNodeId")
    if not backend_node_id:
        return False
    page_table = await session.send(
        "DOM.resolveNode", {"backendNodeId": backend_node_id, "objectGroup": _GROUP}, timeout=TIMEOUT_S
    )
    table_id = page_table.get("object", {}).get("objectId")
    if not table_id:
        return False
    wrappers = await session.send(
        "Runtime.callFunctionOn",
        {"functionDeclaration": _WRAPPERS, "objectId": table_id, "objectGroup": _GROUP},
        timeout=TIMEOUT_S,
    )
    for element in await _elements(world, wrappers):
        found = await session.send("DOMDebugger.getEventListeners", {"objectId": element}, timeout=TIMEOUT_S)
        if any(listener.get("type") in CLICKS for listener in found.get("listeners", [])):
            return True
    return False

"""Whether the page serves a month grid's days, or a data table's rows, by a listener of its own
(served.js explains the rules).

browserx's world cannot see the page's event listeners, and CDP shows them only for an object of the
page's world: `DOMDebugger.getEventListeners` on a node resolved in the isolated world lists none
(measured on Chromium 156). A listener added with plain `addEventListener` (delegation: one on the table
or its box for all its rows; jQuery's `.on("click", "tr", f)` adds one such) is seen only this way. So,
for each month grid or data table the last walk noted (20 at most a walk, each once per table and
document):

    DOM.describeNode(table in browserx's world)          -> its backendNodeId
    DOM.resolveNode(backendNodeId)                        -> the table in the page's world
    Runtime.callFunctionOn(table, wrappers.js)            -> its body sections, it, its wrappers below <body>
    Runtime.getProperties(that array)                     -> their object ids (and how many may serve rows)
    DOMDebugger.getEventListeners(each, depth 0, at once) -> any click, mousedown, mouseup, pointerdown/up
    __browserxWidgets.markGrid(table, listened, delegated) -> the walk makes its days or rows clickable

About 5 round trips in sequence per table (the tables at once), paid by the first snapshot that meets
it; document, body and window are never asked, so their listeners (analytics, shortcuts) serve nothing;
a page without a month or a plain data table pays nothing. The caller captures once more when a grid
is served. On large.html (20,000 elements) its one table is an ARIA grid (its cells are its entries):
never asked.

Handlers a framework's root listener calls (React's onClick props, served.js) cannot be seen this way at
all: the element has no listener, its root has one for everything. What holds them is the page's own
JavaScript, so a small script in the page's world answers for them (page_world/handlers.js, added to
every document by the tab setup `SERVED_HANDLERS`, as actions/timers.py adds timers.js) through events
named by a token the page does not know; the walk asks it synchronously, at the first row or cell of a
grid it has not asked about: no round trip, no second capture (asking per cell through CDP would take
a round trip or two per cell; a page-world pass after the capture would need a whole walk again).
Measured on large.html (one table, 7,201 rows and cells, 20,000 elements; load average ~20): the page
world's answer 1.2 ms, the isolated world's marking what was asked 1.9 ms, once per document (rows
rendered anew are asked again); later walks pay a WeakSet lookup per cell. A page without a grid pays
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from importlib import resources
from typing import Any

from ..browser import Tab, TabSetup
from ..errors import BrowserxError
from .world import PageWorld

TIMEOUT_S = 5.0
CLICKS = {"click", "mousedown", "mouseup", "pointerdown", "pointerup"}
_GROUP = "browserx-listeners"
_TAKE = "function () { return globalThis.__browserxWidgets.takePendingGrids(); }"
_MARK = "function (table, ...answer) { return globalThis.__browserxWidgets.markGrid(table, ...answer); }"
# An element listening to this many event types or more is a framework's root dispatching every event to
# the handlers its elements keep (React 17+ listens to some 80 types there): seen by handlers.js, not as
# a listener that serves a table's rows.
DISPATCHER_TYPES = 10
# Called on the table in the page's own world (inpage/page_world/wrappers.js): one function declaration.
_WRAPPERS = resources.files("browserx").joinpath("inpage/page_world/wrappers.js").read_text(encoding="utf-8")
# The page world's answers about handlers (handlers.js): event types named by a token one per process,
# which the page can neither guess nor forge; and how many rows and cells of a grid it looks at (the
# walk lists no more controls than that anyway: max_controls is 400 by default).
CHANNEL = "bx" + secrets.token_hex(8)
HANDLER_LIMIT = 2000


class ServedHandlers:
    """Per tab: its documents' own world answers which grid parts carry a click handler (handlers.js)."""

    def __init__(self, channel: str) -> None:
        self.channel = channel


def handlers_source(channel: str = CHANNEL) -> str:
    source = resources.files("browserx").joinpath("inpage/page_world/handlers.js").read_text(encoding="utf-8")
    return source.replace("__TOKEN__", channel).replace("__LIMIT__", str(HANDLER_LIMIT))


async def _attach(tab: Tab) -> None:
    try:
        await tab.session.send(
            "Page.addScriptToEvaluateOnNewDocument", {"source": handlers_source(), "runImmediately": True}
        )
    except BrowserxError:
        return  # no answers: cells served only through the root's listener stay text
    tab.state.put(ServedHandlers(CHANNEL))


def served_channel(world: PageWorld) -> str:
    """The token of the page world's answers for `world`'s walk, or "" when there are none: a tab
    without the setup, or an out-of-process frame's world (the script is added to the tab's session)."""
    handlers = world.tab.state.get(ServedHandlers)
    return handlers.channel if handlers is not None and world.session is world.tab.session else ""


SERVED_HANDLERS = TabSetup("served_handlers", attach=_attach)


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
            listened, delegated = answer
            marked = await session.send(
                "Runtime.callFunctionOn",
                {
                    "functionDeclaration": _MARK,
                    "executionContextId": context_id,
                    "arguments": [{"objectId": table}, {"value": listened}, {"value": delegated}],
                    "returnByValue": True,
                },
                timeout=TIMEOUT_S,
            )
            count += bool(marked.get("result", {}).get("value"))
        return count
    finally:
        with contextlib.suppress(BrowserxError):
            await session.send("Runtime.releaseObjectGroup", {"objectGroup": _GROUP}, timeout=TIMEOUT_S)


async def _elements(world: PageWorld, array: dict[str, Any]) -> list[str]:
    """The object ids of the elements of a remote array."""
    return _element_ids(await _properties(world, array))


async def _properties(world: PageWorld, array: dict[str, Any]) -> list[dict[str, Any]]:
    """A remote array's own properties (none when it is no object)."""
    array_id = array.get("result", {}).get("objectId")
    if not array_id:
        return []
    props = await world.session.send(
        "Runtime.getProperties", {"objectId": array_id, "ownProperties": True}, timeout=TIMEOUT_S
    )
    return list(props.get("result", []))


def _element_ids(props: list[dict[str, Any]]) -> list[str]:
    return [p["value"]["objectId"] for p in props if p.get("name", "").isdigit() and p.get("value", {}).get("objectId")]


async def _served(world: PageWorld, table: str) -> tuple[bool, bool]:
    """(listened, delegated) for a table the walk noted: a press listener on the table, a body section
    of it or a wrapper below <body>; one of those on an element that may serve its rows (wrappers.js
    `container`) and is no framework's root dispatcher (DISPATCHER_TYPES)."""
    session = world.session
    node = await session.send("DOM.describeNode", {"objectId": table, "depth": 0}, timeout=TIMEOUT_S)
    backend_node_id = node.get("node", {}).get("backendNodeId")
    if not backend_node_id:
        return False, False
    page_table = await session.send(
        "DOM.resolveNode", {"backendNodeId": backend_node_id, "objectGroup": _GROUP}, timeout=TIMEOUT_S
    )
    table_id = page_table.get("object", {}).get("objectId")
    if not table_id:
        return False, False
    wrappers = await session.send(
        "Runtime.callFunctionOn",
        {"functionDeclaration": _WRAPPERS, "objectId": table_id, "objectGroup": _GROUP},
        timeout=TIMEOUT_S,
    )
    props = await _properties(world, wrappers)
    elements = _element_ids(props)
    # How many of them, from the first, may serve the table's rows (wrappers.js): a number property.
    container = next((p.get("value", {}).get("value") for p in props if p.get("name") == "container"), None)
    container = container if isinstance(container, int) else 0
    answers = await asyncio.gather(
        *(session.send("DOMDebugger.getEventListeners", {"objectId": e}, timeout=TIMEOUT_S) for e in elements)
    )
    listened = delegated = False
    for index, found in enumerate(answers):
        types = {listener.get("type") for listener in found.get("listeners", [])}
        if types & CLICKS:
            listened = True
            delegated = delegated or (index < container and len(types) < DISPATCHER_TYPES)
    return listened, delegated

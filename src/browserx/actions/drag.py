"""Dragging: an element onto another, a point onto a point, or files from outside onto a drop zone.

    await drag(tab, "li_3", "li_1")                         # sortable list, HTML5 or pointer-driven (by its handle)
    await drag(tab, "sl_2", "sl_2", offset=(180, 5))        # a slider's thumb to 180 px inside its box
    await drag_files(tab, "cl_4", ["photo.png"])            # files dropped on a drop zone
    await drag_points(tab, (100, 200), (400, 200))          # CSS pixels of the viewport

Two kinds of drag, one result. Every drag starts as a person's: press, moves with the button held,
one per frame. If the page starts an HTML5 drag (`draggable`, links, images, or an item a sortable
list makes draggable when pressed), `Input.setInterceptDrags` catches it (`Input.dragIntercepted`,
carrying the page's own DataTransfer) and `Input.dispatchDragEvent` carries it on along the same
path (dragenter, dragover per step, drop at the target). Otherwise it stays pointer-driven
(sortable lists, sliders, splitters) until the release. Both run inside the action machinery of
element.py, so they report effects like a click. An item of a sortable list that drags only by a handle
inside it (a grip, Ionic's ion-reorder) is pressed at its handle (inpage/ripple.js says how one is
recognised); the result says so (`handle: true`).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError, NodeNotFoundError, ValidationError
from .element import _act, _Run
from .settle import DEFAULT_SETTLE
from .upload import checked_paths

STEPS = 10  # intermediate pointer moves between press and release
DRAG_START_WAIT = 1.0  # after the moves, for the drag of a source draggable before the press
COPY_LINK_MOVE = 1 | 2 | 16  # Input.DragData.dragOperationsMask

_BOX = "function(id) { return globalThis.__bxact.dragBox(id); }"  # inpage/ripple.js: pointer actions' page side
_FRAME = "function() { return globalThis.__bxact.nextPaint(); }"
_DRAGGABLE_AT = "function(x, y) { return globalThis.__bxact.draggableAt(x, y); }"  # the one hit test (geometry.js)


async def _box(run: _Run, element_id: str) -> dict[str, Any]:
    box = await run.frame.world.call(_BOX, element_id)
    if not box:
        raise NodeNotFoundError(
            f"no element {element_id} on the current page; take a new snapshot", details={"element_id": element_id}
        )
    return box


async def _target_point(
    run: _Run, target_id: str, offset: tuple[float, float] | None, where: dict[str, Any] | None = None
) -> tuple[float, float]:
    """The target's visible centre, or the point `offset` from its top-left corner (tab viewport)."""
    where = where or await run.page("click", target_id, False)
    x, y = await run.point(where)
    if offset is None:
        return x, y
    box = await _box(run, target_id)
    ox, oy = offset
    if not (0 <= ox <= box["w"] and 0 <= oy <= box["h"]):
        raise ValidationError(
            f"offset ({ox}, {oy}) lies outside {target_id} ({box['w']:.0f}x{box['h']:.0f})",
            hint="Give x, y inside the target's box, from its top-left corner.",
        )
    return x + ox - box["w"] / 2, y + oy - box["h"] / 2


def _mouse(tab: Tab, kind: str, x: float, y: float, pressed: bool) -> Any:
    return tab.session.send(
        "Input.dispatchMouseEvent",
        {
            "type": kind,
            "x": x,
            "y": y,
            "button": "left" if kind != "mouseMoved" or pressed else "none",
            "buttons": 1 if pressed and kind != "mouseReleased" else 0,
            "clickCount": 1 if kind != "mouseMoved" else 0,
        },
    )


async def _next_frame(run: _Run) -> None:
    """One rendered frame of the page (bounded in page: 50 ms when no frame comes)."""
    await run.frame.world.call(_FRAME)


async def _drag(run: _Run, start: tuple[float, float], end: tuple[float, float], draggable: bool) -> str:
    """Press at `start`, move to `end` in steps, release there. Returns "html5" or "pointer".

    Drags are intercepted whatever the source looks like before the press: sortable lists often make
    their items draggable in their pointerdown handler (SortableJS does). Pressed-button mouse moves
    are delivered one per rendered frame (Chromium aligns them with frames), so a pointer drag is
    paced as a hand moves; the last move repeats `end` (a hand comes to rest before it lets go). Drag
    events are not aligned: once the browser hands a drag over (`Input.dragIntercepted`), the rest
    of the path goes as dragover events one frame apart, then drop at `end`. Sortable lists act on
    the path and ignore what comes too soon after their last change (SortableJS keeps still for
    30 ms after each swap): all at once, the path was one swap and a drop where the list no longer
    listened. Only a source that was draggable before the press waits (DRAG_START_WAIT) for its drag.
    """
    tab = run.tab
    (x0, y0), (x1, y1) = start, end
    session = tab.session
    intercepted: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

    def caught(params: dict[str, Any]) -> None:
        if not intercepted.done():
            intercepted.set_result(params.get("data") or {})

    def at(i: int) -> tuple[float, float]:
        t = min(i, STEPS) / STEPS
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t

    off = session.on("Input.dragIntercepted", caught)
    pressed = False
    try:
        await session.send("Input.setInterceptDrags", {"enabled": True})
        await _mouse(tab, "mouseMoved", x0, y0, False)
        await _mouse(tab, "mousePressed", x0, y0, True)
        pressed = True
        step = STEPS + 2
        for i in range(1, STEPS + 2):
            if intercepted.done():
                step = i
                break
            await _mouse(tab, "mouseMoved", *at(i), True)
        data = None
        if intercepted.done() or draggable:
            try:
                async with asyncio.timeout(DRAG_START_WAIT):
                    data = await asyncio.shield(intercepted)
            except TimeoutError:
                data = None  # the page did not start a drag after all: it was a pointer drag
        if data is not None:
            here = at(min(step, STEPS))
            await session.send(
                "Input.dispatchDragEvent", {"type": "dragEnter", "x": here[0], "y": here[1], "data": data}
            )
            for i in range(min(step, STEPS), STEPS + 2):
                x, y = at(i)
                await session.send("Input.dispatchDragEvent", {"type": "dragOver", "x": x, "y": y, "data": data})
                await _next_frame(run)
            await session.send("Input.dispatchDragEvent", {"type": "drop", "x": x1, "y": y1, "data": data})
        await _mouse(tab, "mouseReleased", x1, y1, True)
        pressed = False
    finally:
        off()
        if pressed:  # failed or cancelled mid-drag: never leave the button held down for the next action
            with contextlib.suppress(BrowserxError, TimeoutError):
                await _mouse(tab, "mouseReleased", x1, y1, True)
        await session.send("Input.setInterceptDrags", {"enabled": False})
    tab.pointer = (x1, y1, tab.navigations)
    return "html5" if intercepted.done() else "pointer"


async def drag(
    tab: Tab,
    element_id: str,
    target_id: str,
    *,
    offset: tuple[float, float] | None = None,
    detail: bool = False,
    settle: float = DEFAULT_SETTLE,
) -> dict[str, Any]:
    """Drag `element_id` onto `target_id` (its centre, or `offset` from its top-left corner)."""

    async def body(run: _Run) -> dict[str, Any]:
        # The effects baseline, and where a press starts the drag: a reachable point of the element, or
        # of its sortable item's handle (inpage/ripple.js dragFrom: a list that drags only by the handle).
        source = await run.first("dragFrom", element_id)
        where = await run.page("click", target_id, False)
        if where.get("scrolled") and element_id != target_id:
            source = await run.page("dragFrom", element_id)  # scrolling to the target moved the source
        start = await run.point(source)
        end = await _target_point(run, target_id, offset, where)
        box = await _box(run, element_id)
        kind = await _drag(run, start, end, bool(box["draggable"]))
        if source.get("handle"):
            return await run.done(kind=kind, x=round(end[0]), y=round(end[1]), handle=True)
        return await run.done(kind=kind, x=round(end[0]), y=round(end[1]))

    return await _act(tab, detail, body, element_id, settle=settle)


async def drag_files(
    tab: Tab,
    target_id: str,
    paths: list[str],
    *,
    offset: tuple[float, float] | None = None,
    detail: bool = False,
    settle: float = DEFAULT_SETTLE,
) -> dict[str, Any]:
    """Drop files from outside the page onto `target_id` (dragenter, dragover, drop with dataTransfer.files)."""
    files = checked_paths(tab, paths)

    async def body(run: _Run) -> dict[str, Any]:
        await run.first("none")
        x, y = await _target_point(run, target_id, offset)
        data = {"items": [], "files": files, "dragOperationsMask": COPY_LINK_MOVE}
        for kind in ("dragEnter", "dragOver", "drop"):
            await tab.session.send("Input.dispatchDragEvent", {"type": kind, "x": x, "y": y, "data": data})
        return await run.done(files=len(files), x=round(x), y=round(y))

    return await _act(tab, detail, body, target_id, settle=settle)


async def drag_points(
    tab: Tab, start: tuple[float, float], end: tuple[float, float], *, detail: bool = False
) -> dict[str, Any]:
    """Drag from one viewport point (CSS pixels) to another: page_screenshot's drag."""

    async def body(run: _Run) -> dict[str, Any]:
        await run.first("none")
        html5 = bool(await run.frame.world.call(_DRAGGABLE_AT, *start))
        kind = await _drag(run, start, end, html5)
        return await run.done(kind=kind)

    return await _act(tab, detail, body)

"""Out-of-process iframes (OOPIFs) in the page model: where each sits, and acting inside one.

A cross-site iframe runs in a process of its own: the main capture cannot enter it (it counts it in
`omitted.frames`). With `SnapshotOptions.include_cross_origin_iframes`, DomService captures each
one through its own target (`browser.children`, auto-attached) and world (`PageWorld.of(tab,
child.session)`), level by level from the top document:

1. `plan_level` finds the OOPIFs hanging from the documents captured so far, within
   `max_iframe_depth`, and places each: `DOM.getFrameOwner` on the parent's session gives its
   `<iframe>`, resolved into the parent's world, where `__browserx.frameInfo` says where its content
   box lies in the parent's top viewport, what of it can show, its selector and region. A nested
   OOPIF adds its parent OOPIF's offset and clip.
2. DomService captures it with `options.frame` (boxes in top-viewport pixels, clipped to the frame)
   and `merge`s the result: controls and headings after those before, selectors prefixed with the
   iframe's selector (`iframe#pay >> button`), counts summed.

Actions by element id use `Frame`: the world an id lives in, and `to_top` to turn a point in the
frame's viewport into a point of the tab's viewport (where `Input.dispatchMouseEvent` goes),
re-placing the frame at that moment (it may have scrolled), bringing it into view if needed, and
refusing a point that something in a parent document covers.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from ..browser import Tab
from ..browser.children import ChildTarget, children_of
from ..cdp import CDPSession
from ..errors import BrowserxError, ElementCoveredError, ElementNotVisibleError, NodeNotFoundError
from .world import PageWorld

PLACE_TIMEOUT_S = 5.0
_TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
# frameInfo of the <iframe> (this); with a point (in the frame's viewport), also what a pointer there
# would hit in the parent's documents (frames.js).
_FRAME_INFO = "function (x, y) { return globalThis.__browserx.frameHit(this, x, y); }"


@dataclass
class Doc:
    """A captured document that frames hang from: the tab's own, or an OOPIF's (top-viewport terms)."""

    session: CDPSession
    depth: int = 0  # frames between the top document and this one
    offset: tuple[float, float] = (0.0, 0.0)
    clip: list[float] | None = None  # [x, y, width, height]; None: the whole viewport
    selector: str = ""  # of its <iframe>, hops joined by " >> "
    region: str | None = None
    inert: bool = False  # under an inert element of a parent document: its controls are disabled


@dataclass
class FramePlan:
    """An OOPIF to capture: its target, its world, and where it sits."""

    child: ChildTarget
    world: PageWorld
    doc: Doc

    def script_frame(self, viewport: tuple[float, float]) -> dict[str, Any]:
        """`options.frame` for capture.js: this frame's place in the top viewport."""
        return {
            "offset": list(self.doc.offset),
            "clip": self.doc.clip,
            "region": self.doc.region,
            "inert": self.doc.inert,
            "viewport": list(viewport),
        }


async def plan_level(tab: Tab, parents: list[Doc], max_depth: int) -> tuple[list[FramePlan], int]:
    """The shown OOPIFs directly under `parents` (top to bottom), and how many lie just past max_depth."""
    children = children_of(tab)
    await children.settle(2.0)  # a frame still paused at start would not answer
    frames = children.frames()
    beyond = 0
    found: list[tuple[Doc, ChildTarget, int]] = []
    for doc in parents:
        kids = [c for c in frames if c.parent is doc.session]
        if not kids:
            continue
        local = await _frame_depths(doc.session, kids)
        for child in kids:
            depth = local.get(child.parent_frame_id or "")
            if depth is None:
                continue  # its parent frame is going away
            depth += doc.depth + 1
            if depth > max_depth:
                if depth == max_depth + 1:
                    beyond += 1  # just past the limit: its parent document is in the model, so say so
                continue
            found.append((doc, child, depth))
    infos = await asyncio.gather(*(frame_info(tab, child) for _doc, child, _depth in found), return_exceptions=True)
    plans = []
    for (doc, child, depth), info in zip(found, infos, strict=True):
        if isinstance(info, BaseException) or not info.get("shown"):
            continue  # hidden, or gone meanwhile: the parent's capture counted it in omitted.frames
        plans.append(FramePlan(child, PageWorld.of(tab, child.session), _inside(doc, info, child, depth)))
    plans.sort(key=lambda p: (p.doc.offset[1], p.doc.offset[0]))
    return plans, beyond


def _inside(parent: Doc, info: dict[str, Any], child: ChildTarget, depth: int) -> Doc:
    dx, dy = parent.offset
    offset = (info["offset"][0] + dx, info["offset"][1] + dy)
    x, y, w, h = info["clip"]
    clip = _intersect([x + dx, y + dy, w, h], parent.clip)
    selector = f"{parent.selector} >> {info['selector']}" if parent.selector else info["selector"]
    return Doc(
        child.session,
        depth,
        offset,
        clip,
        selector,
        info.get("region") or parent.region,
        bool(info.get("inert")) or parent.inert,
    )


def _intersect(a: list[float], b: list[float] | None) -> list[float]:
    if b is None:
        return a
    x, y = max(a[0], b[0]), max(a[1], b[1])
    return [x, y, max(0.0, min(a[0] + a[2], b[0] + b[2]) - x), max(0.0, min(a[1] + a[3], b[1] + b[3]) - y)]


async def _frame_depths(session: CDPSession, kids: list[ChildTarget]) -> dict[str, int]:
    """Depth of each frame of `session`'s process below its main frame (0), as far as `kids` need."""
    if all(c.parent_frame_id == session.target_id for c in kids):
        return {session.target_id: 0}
    try:
        tree = (await session.send("Page.getFrameTree", timeout=PLACE_TIMEOUT_S))["frameTree"]
    except BrowserxError:
        return {}
    depths: dict[str, int] = {}
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        depths[node["frame"]["id"]] = depth
        stack += [(c, depth + 1) for c in node.get("childFrames", ())]
    return depths


async def frame_info(tab: Tab, child: ChildTarget, point: tuple[float, float] | None = None) -> dict[str, Any]:
    """frameInfo of the OOPIF's `<iframe>`, in the parent session's top viewport.

    With `point` (in the frame's viewport), `cover` says what the parent's documents show there
    instead of the frame (absent when the frame is what a pointer would hit).
    """
    parent = child.parent or tab.session
    owner = await parent.send("DOM.getFrameOwner", {"frameId": child.target_id}, timeout=PLACE_TIMEOUT_S)
    world = PageWorld.of(tab, parent)
    context_id = await world.context_id()
    resolved = await parent.send(
        "DOM.resolveNode",
        {"backendNodeId": owner["backendNodeId"], "executionContextId": context_id},
        timeout=PLACE_TIMEOUT_S,
    )
    object_id = resolved["object"]["objectId"]
    try:
        args = [{"value": point[0]}, {"value": point[1]}] if point else [{"value": None}, {"value": None}]
        result = await parent.send(
            "Runtime.callFunctionOn",
            {"functionDeclaration": _FRAME_INFO, "objectId": object_id, "arguments": args, "returnByValue": True},
            timeout=PLACE_TIMEOUT_S,
        )
    finally:
        with contextlib.suppress(BrowserxError):
            await parent.send("Runtime.releaseObject", {"objectId": object_id}, timeout=PLACE_TIMEOUT_S)
    if "exceptionDetails" in result:
        raise NodeNotFoundError("the frame's <iframe> could not be measured")
    return result["result"]["value"]


def merge(raw: dict[str, Any], part: dict[str, Any], selector: str) -> list[str]:
    """Append a frame's capture to `raw` (in place); the element ids it brought."""
    offset = len(raw["headings"])
    raw["headings"] += part.get("headings", [])
    for region in part.get("regions", []):
        if region not in raw["regions"]:
            raw["regions"].append(region)
    for control in part.get("controls", []):
        if control.get("heading") is not None:
            control["heading"] += offset
        raw["controls"].append(control)
    for element_id, sel in part.get("aimap", {}).items():
        raw["aimap"][element_id] = f"{selector} >> {sel}"
    for key in ("controls", "headings"):
        raw["omitted"][key] = raw["omitted"].get(key, 0) + part.get("omitted", {}).get(key, 0)
    return [c["id"] for c in part.get("controls", [])]


@dataclass
class Frame:
    """The document an element id lives in: the tab's own (`child` None) or an OOPIF's."""

    tab: Tab
    world: PageWorld
    child: ChildTarget | None = None

    async def to_top(self, x: float, y: float, *, scrolled: bool = False) -> tuple[float, float]:
        """A point of this frame's viewport as a point of the tab's viewport, brought into view.

        `scrolled`: the frame just scrolled itself (Chromium passes that on to its parents a moment
        later). ELEMENT_NOT_VISIBLE if no scrolling shows the point; ELEMENT_COVERED if a parent
        document covers it.
        """
        if self.child is None:
            return x, y
        if scrolled:
            await self._painted()
        shown = await self._lift(x, y, scroll=False)
        if shown is None:
            await self._lift(x, y, scroll=True)
            # Mouse events find their frame by what the browser last drew: let the scroll be drawn.
            await self._painted()
            shown = await self._lift(x, y, scroll=False)
        if shown is None:
            raise ElementNotVisibleError(
                "the element's frame is outside the viewport or clipped away", details={"x": round(x), "y": round(y)}
            )
        return shown

    async def _painted(self) -> None:
        with contextlib.suppress(BrowserxError):
            await PageWorld.of(self.tab).call(_TWO_FRAMES, timeout=2.0)

    async def _lift(self, x: float, y: float, *, scroll: bool) -> tuple[float, float] | None:
        """Up through each OOPIF level (placed afresh) to the top; None if clipped out of view there."""
        child: ChildTarget | None = self.child
        visible = True
        registry = children_of(self.tab)
        while child is not None:
            try:
                if scroll:
                    await _scroll_owner(self.tab, child, x, y)
                info = await frame_info(self.tab, child, (x, y))
            except NodeNotFoundError:
                raise
            except BrowserxError as exc:
                if registry.get(child.session.session_id) is not None:
                    raise  # still there: the error says what went wrong
                raise NodeNotFoundError("the element's frame went away; take a new snapshot") from exc
            if not info.get("shown"):
                raise ElementNotVisibleError("the element's frame is hidden")
            if "cover" in info:
                raise ElementCoveredError(
                    "something in the page covers the element's frame", details={"cover": info["cover"]}
                )
            x, y = x + info["offset"][0], y + info["offset"][1]
            cx, cy, cw, ch = info["clip"]
            visible = visible and cx <= x < cx + cw and cy <= y < cy + ch
            parent = child.parent
            child = registry.get(parent.session_id) if parent is not None and parent is not self.tab.session else None
        width, height = self.tab.viewport
        return (x, y) if visible and 0 <= x < width and 0 <= y < height else None


async def _scroll_owner(tab: Tab, child: ChildTarget, x: float, y: float) -> None:
    """Scroll the parent's document so the point (x, y of the frame's viewport) of the `<iframe>` shows."""
    parent = child.parent or tab.session
    owner = await parent.send("DOM.getFrameOwner", {"frameId": child.target_id}, timeout=PLACE_TIMEOUT_S)
    node = {"backendNodeId": owner["backendNodeId"]}
    model = (await parent.send("DOM.getBoxModel", node, timeout=PLACE_TIMEOUT_S))["model"]
    # The rect is relative to the border box; the point is in the content box.
    left, top = model["content"][0] - model["border"][0], model["content"][1] - model["border"][1]
    await parent.send(
        "DOM.scrollIntoViewIfNeeded",
        {**node, "rect": {"x": left + x - 8, "y": top + y - 8, "width": 16, "height": 16}},
        timeout=PLACE_TIMEOUT_S,
    )

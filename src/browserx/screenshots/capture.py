"""Viewport and element captures over CDP, sized for the model (see scale.py for the contract).

    shot = await capture_viewport(tab, limits)          # Capture(png, frame, scroll_x, scroll_y)
    shot = await capture_element(tab, selector="#cart")  # clipped to the element's box

When the image must be smaller than the device pixels, Chromium renders it small itself
(`Page.captureScreenshot` with `clip.scale`): measured 2× to 4× faster than capturing at full
size and resizing with Pillow (bench/screenshot.py).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import struct
from dataclasses import dataclass
from typing import Any

from ..browser import Tab
from ..cdp import CDPSession
from ..errors import (
    BrowserxError,
    CDPError,
    ElementNotVisibleError,
    JSExceptionError,
    NodeNotFoundError,
    ScreenshotFailedError,
    ValidationError,
)
from .scale import DEFAULT_LIMITS, ImageLimits, ShotGeometry, capture_scale, fit

CAPTURE_TIMEOUT = 15.0


@dataclass
class Capture:
    png: bytes
    frame: ShotGeometry
    scroll_x: float
    scroll_y: float
    clip: dict[str, float] | None = None  # element captures: the clipped box, viewport CSS px
    viewport: tuple[int, int] | None = None  # element captures: the viewport (the frame is the clip's)

    def viewport_bounds(self) -> dict[str, int]:
        width, height = self.viewport or (self.frame.width, self.frame.height)
        return {"width": width, "height": height, "scroll_x": round(self.scroll_x), "scroll_y": round(self.scroll_y)}


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height from the PNG header (IHDR), without decoding the image."""
    if len(png) < 24 or png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ScreenshotFailedError("the browser returned something that is not a PNG image")
    return struct.unpack(">II", png[16:24])


def viewport_frame(tab: Tab, limits: ImageLimits = DEFAULT_LIMITS) -> ShotGeometry:
    """The frame a viewport screenshot of `tab` has now: what coordinates of actions map through."""
    width, height = tab.viewport
    return fit(width, height, float(tab.device_scale_factor), limits)


async def scroll_position(tab: Tab, *, timeout: float = CAPTURE_TIMEOUT) -> tuple[float, float]:
    metrics = await tab.session.send("Page.getLayoutMetrics", timeout=timeout)
    viewport = metrics.get("cssVisualViewport") or metrics.get("visualViewport") or {}
    return float(viewport.get("pageX", 0)), float(viewport.get("pageY", 0))


_SCROLL_BY = "(dx, dy) => globalThis.__bxact.scrollDocument(dx, dy)"  # inpage/ripple.js


async def scroll_by(tab: Tab, dx: float, dy: float) -> tuple[float, float]:
    """Scroll the document by (dx, dy) CSS px, clamped at its edges by the browser; the new position."""
    from ..page.world import PageWorld  # the page layer sits above actions/screenshots' imports of browser

    x, y = await PageWorld.of(tab).call(_SCROLL_BY, dx, dy, timeout=CAPTURE_TIMEOUT)
    return float(x), float(y)


async def _capture(tab: Tab, params: dict[str, Any], timeout: float) -> bytes:
    try:
        raw = await tab.session.send(
            "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False, **params}, timeout=timeout
        )
    except CDPError as exc:  # a refusal of this command, not of the connection: the capture failed
        if type(exc) is CDPError:
            raise ScreenshotFailedError(exc.message, details=exc.details) from exc
        raise
    try:
        return base64.b64decode(raw.get("data", ""), validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ScreenshotFailedError(f"the browser returned an unreadable screenshot: {exc}") from exc


async def capture_viewport(
    tab: Tab, limits: ImageLimits = DEFAULT_LIMITS, *, timeout: float = CAPTURE_TIMEOUT
) -> Capture:
    """The whole viewport (scrollbars included) as PNG, no larger than `limits`."""
    planned = viewport_frame(tab, limits)
    if not planned.resized:
        # Full size: the plain capture is the fastest, and needs no scroll position to aim a clip.
        (scroll_x, scroll_y), png = await asyncio.gather(
            scroll_position(tab, timeout=timeout), _capture(tab, {}, timeout)
        )
    else:
        scroll_x, scroll_y = await scroll_position(tab, timeout=timeout)
        scale = capture_scale(planned.width, planned.height, planned.device_scale_factor, limits)
        # clip is in document CSS px; Chromium multiplies clip.scale by the device pixel ratio.
        png = await _capture(
            tab,
            {
                "clip": {
                    "x": scroll_x,
                    "y": scroll_y,
                    "width": planned.width,
                    "height": planned.height,
                    "scale": scale / planned.device_scale_factor,
                }
            },
            timeout,
        )
    image_width, image_height = png_size(png)
    frame = ShotGeometry(planned.width, planned.height, image_width, image_height, planned.device_scale_factor)
    return Capture(png, frame, scroll_x, scroll_y)


_QUERY = "(selector) => document.querySelector(selector)"


async def element_object_id(tab: Tab, *, selector: str | None = None, element_id: str | None = None) -> str:
    """A handle on the element named by a CSS selector or a page-model element id."""
    object_id: str | None
    if element_id is not None:
        from ..page.service import DomService  # noqa: PLC0415 - the page model is optional for viewport shots

        object_id = await DomService.of(tab).element_object_id(element_id)
        if not object_id:
            raise NodeNotFoundError(f"no element with element_id {element_id!r}")
        return object_id
    from ..page.world import PageWorld

    try:
        object_id = await PageWorld.of(tab).object_id(_QUERY, selector)
    except JSExceptionError as exc:  # querySelector throws SyntaxError for a malformed selector
        raise ValidationError(
            f"invalid CSS selector {selector!r}",
            hint="Give a valid CSS selector such as '#id', '.class' or 'form button'.",
        ) from exc
    if not object_id:
        raise NodeNotFoundError(
            f"selector {selector!r} matches no element",
            hint="Check the selector against a fresh snapshot (browser_dom action=snapshot).",
        )
    return object_id


async def element_box(session: CDPSession, object_id: str, *, timeout: float = CAPTURE_TIMEOUT) -> dict[str, float]:
    """Scroll the element into view if needed; its border box in CSS px of its session's viewport."""
    send = session.send
    try:
        await send("DOM.scrollIntoViewIfNeeded", {"objectId": object_id}, timeout=timeout)
    except ElementNotVisibleError:
        pass  # no layout object: getBoxModel below says so with the right code
    model = (await send("DOM.getBoxModel", {"objectId": object_id}, timeout=timeout))["model"]
    quad = model["border"]
    xs, ys = quad[0::2], quad[1::2]
    return {"x": min(xs), "y": min(ys), "width": max(xs) - min(xs), "height": max(ys) - min(ys)}


async def capture_element(
    tab: Tab,
    *,
    selector: str | None = None,
    element_id: str | None = None,
    limits: ImageLimits = DEFAULT_LIMITS,
    timeout: float = CAPTURE_TIMEOUT,
) -> Capture:
    """The element's box (the part inside the viewport) as PNG, no larger than `limits`."""
    owner = None  # the document the element lives in, when named by element id
    session = tab.session
    if element_id is not None:  # an element of an out-of-process frame has its handle in that frame's session
        from ..page.service import DomService  # noqa: PLC0415

        owner = DomService.of(tab).frame_of(element_id)
        session = owner.world.session
    object_id = await element_object_id(tab, selector=selector, element_id=element_id)
    try:
        box = await element_box(session, object_id, timeout=timeout)
    finally:
        try:
            await session.send("Runtime.releaseObject", {"objectId": object_id}, timeout=5)
        except BrowserxError:
            pass  # the document may be gone; its objects went with it
    if owner is not None and owner.child is not None:
        # The box is in the frame's viewport: move it by where the frame's centre point lands on
        # the tab (parents scrolled so it shows).
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        tx, ty = await owner.to_top(cx, cy, scrolled=True)
        box["x"], box["y"] = box["x"] + tx - cx, box["y"] + ty - cy
    width, height = tab.viewport
    left, top = max(0.0, box["x"]), max(0.0, box["y"])
    right, bottom = min(float(width), box["x"] + box["width"]), min(float(height), box["y"] + box["height"])
    if right - left < 1 or bottom - top < 1:
        raise ElementNotVisibleError(
            "the element has no visible area inside the viewport",
            details={"box": {k: round(v, 1) for k, v in box.items()}},
        )
    clip = {"x": left, "y": top, "width": right - left, "height": bottom - top}
    scroll_x, scroll_y = await scroll_position(tab, timeout=timeout)
    dpr = float(tab.device_scale_factor)
    scale = capture_scale(round(clip["width"]) or 1, round(clip["height"]) or 1, dpr, limits)
    png = await _capture(
        tab,
        {
            "clip": {
                "x": scroll_x + left,
                "y": scroll_y + top,
                "width": clip["width"],
                "height": clip["height"],
                "scale": scale / dpr,
            }
        },
        timeout,
    )
    image_width, image_height = png_size(png)
    frame = ShotGeometry(max(1, round(clip["width"])), max(1, round(clip["height"])), image_width, image_height, dpr)
    return Capture(
        png, frame, scroll_x, scroll_y, clip={k: round(v, 1) for k, v in clip.items()}, viewport=(width, height)
    )

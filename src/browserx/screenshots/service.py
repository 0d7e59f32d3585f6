"""What the screenshot tools do, over a tab: capture and store, or act at image coordinates.

    data, stored = await screenshot(tab, scroll_offset=(0, 400), marks=True)   # stored.png, stored.path
    data = await act(tab, "click", x=676, y=380)          # x, y in the last screenshot's pixels

Every x, y (and scroll amount) a model sends is in screenshot pixels and goes through
`scale.to_css` once; the results state the CSS pixels that were used.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..actions import coordinates
from ..actions.keys import parse_key
from ..browser import Tab
from ..errors import ValidationError
from .capture import Capture, capture_element, capture_viewport, scroll_by, scroll_position, viewport_frame
from .marks import collect_marks, draw_marks
from .scale import ShotGeometry, limits_for, to_css
from .store import ScreenshotStore


@dataclass
class Stored:
    """A screenshot as the model gets it: the PNG bytes and the store's one file holding them."""

    png: bytes
    path: Path


def _store_image(tab: Tab, png: bytes) -> tuple[str, Stored]:
    path = ScreenshotStore.of(tab.conversation).save(png)
    return path.name, Stored(png, path)


async def screenshot(
    tab: Tab, *, scroll_offset: tuple[int, int] | None = None, marks: bool = False
) -> tuple[dict[str, Any], Stored]:
    """Scroll by `scroll_offset` (screenshot px, clamped at the document edges), then capture the viewport."""
    limits = limits_for(tab.conversation)
    async with tab.lock:
        if scroll_offset and any(scroll_offset):
            frame = viewport_frame(tab, limits)
            await scroll_by(tab, scroll_offset[0] / frame.scale, scroll_offset[1] / frame.scale)
        if marks:  # the page model and the pixels at the same scroll position, taken side by side
            shot, found = await asyncio.gather(
                capture_viewport(tab, limits), collect_marks(tab, viewport_frame(tab, limits))
            )
        else:
            shot, found = await capture_viewport(tab, limits), []
    png = shot.png
    data: dict[str, Any] = {}
    if marks:
        png = await asyncio.to_thread(draw_marks, png, shot.frame, found)  # decode+draw+encode off the loop
        data["marks"] = len(found)
    file_id, image = _store_image(tab, png)
    return {"image_file_id": file_id, **_image_data(shot), **data}, image


async def element_screenshot(
    tab: Tab, *, selector: str | None = None, element_id: str | None = None, timeout: float = 15.0
) -> tuple[dict[str, Any], Stored]:
    limits = limits_for(tab.conversation)
    if selector is None and element_id is None:
        shot = await capture_viewport(tab, limits, timeout=timeout)
    else:
        shot = await capture_element(tab, selector=selector, element_id=element_id, limits=limits, timeout=timeout)
    file_id, image = _store_image(tab, shot.png)
    data = {"image_file_id": file_id, **_image_data(shot)}
    if shot.clip is not None:
        data["clip"] = shot.clip
    data["description"] = f"Screenshot taken (saved as {image.path})"
    return data, image


def _image_data(shot: Capture) -> dict[str, Any]:
    return {
        "width": shot.frame.image_width,
        "height": shot.frame.image_height,
        "format": "png",
        "viewport_bounds": shot.viewport_bounds(),
        "scale": round(shot.frame.scale, 4),
        "device_scale_factor": shot.frame.device_scale_factor,
    }


async def act(
    tab: Tab,
    action: str,
    *,
    x: int | None = None,
    y: int | None = None,
    text: str | None = None,
    key: str | None = None,
    scroll_offset: tuple[int, int] | None = None,
    button: str = "left",
    modifiers: int = 0,
    wait_after_action: int = 100,
) -> dict[str, Any]:
    """click / type / scroll / keypress; x, y and scroll_offset in screenshot pixels."""
    frame = viewport_frame(tab, limits_for(tab.conversation))
    css_x = css_y = 0.0
    used: dict[str, float] | None = None
    if action == "keypress":
        parse_key(key or "", modifiers)  # an unknown key is VALIDATION_ERROR before anything is sent
    else:
        if x is None or y is None:
            raise ValidationError(f"{action} needs coordinates {{x, y}}")
        css_x, css_y = to_css(frame, x, y)
        used = {"x": round(css_x, 2), "y": round(css_y, 2)}
    async with tab.lock:
        started = time.time()
        data = await _dispatch(
            tab,
            action,
            frame,
            css_x,
            css_y,
            text=text,
            key=key,
            scroll_offset=scroll_offset,
            button=button,
            modifiers=modifiers,
        )
        await coordinates.wait_after_action(tab, wait_after_action)
        if action == "scroll":
            scroll_x, scroll_y = await scroll_position(tab)
            data["viewport_bounds"] = {
                "width": frame.width,
                "height": frame.height,
                "scroll_x": round(scroll_x),
                "scroll_y": round(scroll_y),
            }
    return {
        "coordinates_used": used,
        "action_timestamp": datetime.fromtimestamp(started, UTC).isoformat(timespec="milliseconds"),
        **({"scale": round(frame.scale, 4)} if used else {}),
        **data,
    }


async def drag(tab: Tab, x: int, y: int, to_x: int, to_y: int, *, detail: bool = False) -> dict[str, Any]:
    """Press at (x, y), move to (to_x, to_y), release; screenshot pixels. Effects as for a click."""
    from ..actions.drag import drag_points  # noqa: PLC0415 - element actions are heavier than coordinates

    frame = viewport_frame(tab, limits_for(tab.conversation))
    start, end = to_css(frame, x, y), to_css(frame, to_x, to_y)
    async with tab.lock:
        data = await drag_points(tab, start, end, detail=detail)
    return {
        "coordinates_used": {"x": round(start[0], 2), "y": round(start[1], 2)},
        "to_used": {"x": round(end[0], 2), "y": round(end[1], 2)},
        "scale": round(frame.scale, 4),
        **data,
    }


async def _dispatch(
    tab: Tab,
    action: str,
    frame: ShotGeometry,
    css_x: float,
    css_y: float,
    *,
    text: str | None,
    key: str | None,
    scroll_offset: tuple[int, int] | None,
    button: str,
    modifiers: int,
) -> dict[str, Any]:
    if action == "click":
        await coordinates.click(tab, css_x, css_y, button=button, modifiers=modifiers)
        return {}
    if action == "type":
        await coordinates.type_at(tab, css_x, css_y, text or "", modifiers=modifiers)
        return {"typed_characters": len(text or "")}
    if action == "scroll":
        if scroll_offset is not None:  # an amount in screenshot px, like every other number the model sends
            delta_x, delta_y = scroll_offset[0] / frame.scale, scroll_offset[1] / frame.scale
        else:  # no amount: bring the point to the middle of the viewport
            delta_x, delta_y = css_x - frame.width / 2, css_y - frame.height / 2
        await coordinates.scroll_at(tab, css_x, css_y, delta_x, delta_y, modifiers=modifiers)
        return {"scroll_delta": {"x": round(delta_x, 2), "y": round(delta_y, 2)}}
    if action == "keypress":
        await coordinates.keypress(tab, key or "", modifiers)
        return {"key": key}
    raise ValidationError(f"unknown action {action!r}")

"""Filling a slider drawn in plain boxes that only a pointer moves: its thumb dragged along its track.

    await drag_thumb(run, "sl_4", kind, 7)   # from actions/fill.py, for a field of kind "drag" (inpage/tracks.js)

A person moves such a slider by pressing its thumb, moving along the track and letting go where the value
they read is the one they want. Where the widget shows a scale (tick labels, the ends' numbers), the point of
the number on it is where the pointer goes; where it shows none, the bubble a thumb shows while it is dragged
is read at each move instead: a first move tells how many pixels one unit takes, the next ones go the rest of
the way. Either way the moves are checked by the value read while pressed, corrected a few times (a thumb that
snaps to its steps), and read again after the release. A widget with no scale and no bubble tells nobody its
value: VALIDATION_ERROR, the thumb brought back where it was before the release.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

from ..errors import BrowserxError, NodeNotFoundError, ValidationError
from .element import _Run

MOVE_STEPS = 8  # pointer moves from one point to the next, one per rendered frame
CORRECTIONS = 6  # moves after the first that correct a thumb short of or past the number
PROBE_SHARE = 0.08  # of the track's length: the first move of a drag read by its bubble
PROBE_TRIES = 3  # probes of growing length before a bubble that shows no change is given up
_THUMB = "function(id, value) { return globalThis.__bxact.thumbTrack(id, value); }"  # inpage/tracks.js


class _Pointer:
    """The left button held on the thumb, moved one frame at a time; always let go (finally)."""

    def __init__(self, run: _Run) -> None:
        self.run, self.x, self.y, self.pressed = run, 0.0, 0.0, False

    async def _send(self, kind: str, x: float, y: float) -> None:
        held = self.pressed and kind != "mouseReleased"
        await self.run.tab.session.send(
            "Input.dispatchMouseEvent",
            {
                "type": kind,
                "x": x,
                "y": y,
                "button": "left" if kind != "mouseMoved" or held else "none",
                "buttons": 1 if held else 0,
                "clickCount": 0 if kind == "mouseMoved" else 1,
            },
        )

    async def press(self, x: float, y: float) -> None:
        await self._send("mouseMoved", x, y)
        self.pressed = True
        await self._send("mousePressed", x, y)
        self.x, self.y = x, y

    async def move(self, x: float, y: float) -> None:
        x0, y0 = self.x, self.y
        for i in range(1, MOVE_STEPS + 1):
            await self._send("mouseMoved", x0 + (x - x0) * i / MOVE_STEPS, y0 + (y - y0) * i / MOVE_STEPS)
        await self._send("mouseMoved", x, y)  # a hand comes to rest before it reads or lets go
        self.x, self.y = x, y

    async def release(self) -> None:
        if self.pressed:
            await self._send("mouseReleased", self.x, self.y)
            self.pressed = False
        self.run.tab.pointer = (self.x, self.y, self.run.tab.navigations)


async def _thumb(run: _Run, element_id: str, value: float | None) -> dict[str, Any]:
    out = await run.frame.world.call(_THUMB, element_id, value)
    if not isinstance(out, dict) or out.get("error"):
        raise NodeNotFoundError(f"no slider {element_id} on the current page; take a new snapshot")
    return out


async def drag_thumb(run: _Run, element_id: str, kind: dict[str, Any], value: float) -> None:
    """Drag the thumb of `element_id` (a drawn slider with no tab stop) to `value`, checked after the release."""
    lo, hi = kind.get("min"), kind.get("max")
    if lo is not None and hi is not None and not lo <= value <= hi:
        raise ValidationError(f"the number is outside {lo}..{hi}")
    info = await _thumb(run, element_id, value)
    if info.get("now") == value:
        return
    x0, y0 = await run.point(info)  # moves after the press go by differences: the same in a frame's viewport
    forward = (0.0, -1.0) if info["vertical"] else (1.0, 0.0)  # the way a track's values grow: right, or up
    pointer = _Pointer(run)
    try:
        await pointer.press(x0, y0)
        if info["scale"]:
            got = await _by_scale(run, pointer, element_id, value)
        else:
            got = await _by_bubble(run, pointer, element_id, value, forward, info["length"])
            if got is None:
                await pointer.move(x0, y0)  # nothing reads its value: left where it was
                raise ValidationError("the slider shows no scale and no value to drag it by")
        if got != value:
            raise ValidationError("the slider's thumb did not reach the number by dragging")
        await pointer.release()
    finally:
        with contextlib.suppress(BrowserxError, TimeoutError):
            await pointer.release()  # never leave the button held down for the next action
    after = await _thumb(run, element_id, value)
    if info["scale"] and after.get("now") != value:
        raise ValidationError("the slider's thumb did not stay at the number after the release")


async def _by_scale(run: _Run, pointer: _Pointer, element_id: str, value: float) -> float | None:
    """To the number's point on the scale; then by the gap between where the thumb stands and that point."""
    got = None
    for _ in range(1 + CORRECTIONS):
        info = await _thumb(run, element_id, value)
        got = info.get("now")
        if got == value or "to" not in info:
            break
        # Where the pointer goes next: by as far as the thumb still stands from the number's point.
        gap_x, gap_y = info["to"]["x"] - info["x"], info["to"]["y"] - info["y"]
        if abs(gap_x) < 0.5 and abs(gap_y) < 0.5:
            gap_x, gap_y = (math.copysign(1, gap_x) if gap_x else 0), (math.copysign(1, gap_y) if gap_y else 0)
        await pointer.move(pointer.x + gap_x, pointer.y + gap_y)
    return got


async def _by_bubble(
    run: _Run, pointer: _Pointer, element_id: str, value: float, forward: tuple[float, float], length: float
) -> float | None:
    """Read by the bubble a dragged thumb shows: a probe move learns the pixels per unit, then the rest."""
    start = (await _thumb(run, element_id, None)).get("now")
    x0, y0 = pointer.x, pointer.y
    per_unit = None
    got = start
    for tries in range(1, PROBE_TRIES + 1):
        sign = 1.0 if start is None or value > start else -1.0
        probe = sign * PROBE_SHARE * length * tries
        await pointer.move(x0 + forward[0] * probe, y0 + forward[1] * probe)
        got = (await _thumb(run, element_id, None)).get("now")
        if got is None:
            continue
        if start is None:  # the bubble showed only once the thumb moved: read from here on
            start, x0, y0 = got, pointer.x, pointer.y
            continue
        if got != start:
            per_unit = probe / (got - start)
            break
    if per_unit is None or start is None or got is None:
        return None
    for _ in range(1 + CORRECTIONS):
        if got == value:
            break
        along = (value - got) * per_unit
        await pointer.move(pointer.x + forward[0] * along, pointer.y + forward[1] * along)
        got = (await _thumb(run, element_id, None)).get("now")
        if got is None:
            return None
    return got

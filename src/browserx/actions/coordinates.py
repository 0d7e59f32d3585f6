"""Input at a point of the viewport: click, type, scroll, keypress by (x, y) in CSS pixels.

    await click(tab, 120.5, 300, button="left", modifiers=modifier_bits(shift=True))
    await type_at(tab, 400, 210, "hello")          # click to focus, then Input.insertText
    await scroll_at(tab, 640, 360, 0, 600)         # a mouse wheel at the point
    await keypress(tab, "Enter")

Coordinates here are CSS pixels of the viewport; mapping from a resized screenshot's pixels
happens before, in screenshots.scale.to_css. After acting, the tab's page model is stale.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError
from .keys import press_key

BUTTONS = {"left": 1, "right": 2, "middle": 4}  # the `buttons` bitmask of a held button
MAX_WAIT_AFTER_ACTION_MS = 10_000
INPUT_TIMEOUT = 10.0


async def _mouse(tab: Tab, kind: str, x: float, y: float, **params: Any) -> None:
    await tab.session.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, **params}, timeout=INPUT_TIMEOUT)


async def click(
    tab: Tab, x: float, y: float, *, button: str = "left", modifiers: int = 0, click_count: int = 1
) -> None:
    """Move to (x, y), press and release `button` there: the events a real click produces."""
    if button not in BUTTONS:
        raise ValueError(f"unknown mouse button {button!r}")
    await _mouse(tab, "mouseMoved", x, y, modifiers=modifiers, button="none", buttons=0)
    await _mouse(
        tab, "mousePressed", x, y, modifiers=modifiers, button=button, buttons=BUTTONS[button], clickCount=click_count
    )
    await _mouse(tab, "mouseReleased", x, y, modifiers=modifiers, button=button, buttons=0, clickCount=click_count)
    invalidate(tab)


async def type_at(tab: Tab, x: float, y: float, text: str, *, modifiers: int = 0) -> None:
    """Click at (x, y) to focus what is there, then insert `text` as one edit (input events fire)."""
    await click(tab, x, y, modifiers=modifiers)
    if text:
        await tab.session.send("Input.insertText", {"text": text}, timeout=INPUT_TIMEOUT)
    invalidate(tab)


async def scroll_at(tab: Tab, x: float, y: float, delta_x: float, delta_y: float, *, modifiers: int = 0) -> None:
    """A mouse wheel at (x, y): scrolls whatever scrollable area is under the point (or the page)."""
    await _mouse(tab, "mouseMoved", x, y, modifiers=modifiers, button="none", buttons=0)
    await _mouse(tab, "mouseWheel", x, y, modifiers=modifiers, deltaX=delta_x, deltaY=delta_y)
    invalidate(tab)


async def keypress(tab: Tab, key: str, modifiers: int = 0) -> None:
    """Press `key` (a DOM key name such as 'Enter', or 'Control+A') on the focused element."""
    await press_key(tab.session, key, modifiers)
    invalidate(tab)


async def wait_after_action(tab: Tab, wait_ms: float) -> None:
    """Give the page time to react (the caller's choice), bounded, then two frames so it has painted."""
    wait_ms = max(0.0, min(float(wait_ms), MAX_WAIT_AFTER_ACTION_MS))
    if wait_ms:
        await asyncio.sleep(wait_ms / 1000)
    await next_frames(tab)


_TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


async def next_frames(tab: Tab, timeout: float = 2.0) -> None:
    """Wait until the page rendered two frames (a scroll or click has been painted); bounded."""
    from ..page.world import PageWorld  # noqa: PLC0415

    try:
        await PageWorld.of(tab).call(_TWO_FRAMES, timeout=timeout)
    except BrowserxError:
        # The action already happened: a page that navigated away, renders no frames or is busy
        # must not turn it into a failure. The next call reports a closed or crashed tab.
        pass


def invalidate(tab: Tab) -> None:
    """The page changed under the page model: its next snapshot must be taken anew."""
    try:
        from ..page.service import DomService  # noqa: PLC0415 - the page layer may not be built yet
    except ImportError:
        return
    DomService.of(tab).invalidate()

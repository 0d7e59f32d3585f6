"""An optional ripple where a pointer action landed (spec contract 10), for people watching the browser.

Off by default; on per call (`visual_effect=True`), per tab (`tab.state.put(VisualEffects())`)
or for the process (`visual.ENABLED = True`). Fire and forget: the action never waits for it, and
any failure (a page whose CSP or state refuses the overlay, a navigation) is silently ignored. The
overlay lives in browserx's isolated world and removes itself when its animation ends.
"""

from __future__ import annotations

import asyncio
import contextlib

from ..browser import Tab
from ..errors import BrowserxError
from ..page.world import PageWorld

ENABLED = False


class VisualEffects:
    """In a tab's `state`: ripples for every action on that tab."""


_tasks: set[asyncio.Task[None]] = set()  # strong references until each finishes

_RIPPLE = "function(x, y) { return globalThis.__bxact.ripple(x, y); }"  # inpage/ripple.js


def enabled(tab: Tab, requested: bool | None = None) -> bool:
    return bool(requested) or tab.state.get(VisualEffects) is not None or ENABLED


def maybe_ripple(tab: Tab, x: float, y: float, requested: bool | None = None) -> None:
    if not enabled(tab, requested):
        return
    task = asyncio.get_running_loop().create_task(_ripple(tab, x, y))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def _ripple(tab: Tab, x: float, y: float) -> None:
    with contextlib.suppress(BrowserxError):  # the page moved on or closed: the ripple is cosmetic
        await PageWorld.of(tab).call(_RIPPLE, x, y, timeout=2.0)

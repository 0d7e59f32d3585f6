"""Waiting out the animations an action started, so the result and the next snapshot see their end.

    await settle_animations(world)   # after an action's own settle (requests, DOM)

The in-page half is widgets.js (`__browserxWidgets.settleAnimations`): it waits for the finite CSS
transitions, CSS animations and Web Animations that can finish within the bound, and remembers
the targets of those still running, whose controls the next snapshot marks `animating`. Infinite
ones (spinners) and long ones (over 5 s: tickers) are never waited for.
"""

from __future__ import annotations

from ..errors import BrowserxError
from ..page.world import PageWorld

ANIMATION_WAIT_MS = 1000  # the bound of one wait (the default: at most 1 s)
_SETTLE = """function(ms) {
  const W = globalThis.__browserxWidgets;
  return W ? W.settleAnimations(ms, true) : null;
}"""


async def settle_animations(world: PageWorld, bound_ms: int = ANIMATION_WAIT_MS) -> dict | None:
    """Wait (at most `bound_ms`) for the finite animations the action started (since its in-page begin);
    what waited and what still runs."""
    try:
        return await world.call(_SETTLE, bound_ms, timeout=bound_ms / 1000 + 5.0)
    except BrowserxError:
        return None  # the document went away (a navigation): nothing left to wait for

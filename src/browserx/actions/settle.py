"""Actions that settle: an action returns once the requests it started have finished and the DOM
has been quiet briefly, within a bound.

    mark = tab.load.mark()                       # before the action
    ...                                          # the action
    outcome = await settle(tab, world, mark, budget=2.0)
    # {"settled": True} or {"settled": False, "pending_requests": ["http://…/api/slow"]}

An action that started no request costs nothing here (one comparison): the requests in flight are
the tab's own record (`tab.load`, browser/loading.py, fed by `Network.*` events), never polled.
When it did start some, the wait is for their `loadingFinished`/`loadingFailed`, then for a quiet
DOM (the in-page program's MutationObserver, in browserx's isolated world), again while that
rendering starts more. A message the action sends on a WebSocket is such a request, answered by the
socket's next message; and the answer a socket gives to the action's requests (an acknowledgement, then
its output a moment later, in steps) is awaited until the socket has paused for SOCKET_QUIET_S
(browser/loading.py says which sockets answer), then the DOM's quiet again: a page that writes what came
in a frame or a task after the message has written it by then. All within the action's `budget`.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..browser import Tab
from ..errors import BrowserxError
from ..page.world import PageWorld

M = TypeVar("M")
DEFAULT_SETTLE = 2.0  # seconds an action may wait for what it started
# A page with nothing to act on yet is waited for longer than an action's effects: a person looking
# at a blank app shell or a spinner waits for the app, not two seconds.
FIRST_RENDER_S = 5.0
BUILT_QUIET_MS = 300  # a page adding no element for this long has built what it shows
BUILDING_QUIET_MS = 1000  # ... once it has been seen building: its next part may follow some work
_BUILT = "function(quiet, limit) { return globalThis.__bxact.built(quiet, limit); }"
QUIET_MS = 100  # the DOM counts as settled after this long without a mutation
MAX_NAMED = 5  # pending requests named in a result

# Resolves after `quiet` ms without a DOM mutation (true), or at `limit` ms (false): the in-page
# program's one MutationObserver (page/observer.js).
_QUIET = "function(quiet, limit) { return globalThis.__bxact.quiet(quiet, limit); }"
_QUIET_SINCE = "function(quiet, limit) { return globalThis.__bxact.quietSince(quiet, limit); }"


# The animations the action started (since its in-page begin): waited for when they can finish within
# the bound; those still running are remembered, and the next snapshot marks their controls `animating`.
# Infinite ones (spinners) and long ones (over 5 s: tickers) are never waited for (widgets.js).
ANIMATION_WAIT_MS = 1000
# The timers the action's own handlers started (actions/timers.py: each at most TIMER_BOUND_MS, and the
# chains they start), waited for as long as an animation: what a person sees follow a click.
TIMER_WAIT_MS = 1000
_MOTION = "function(ms) { return globalThis.__bxact.motion(ms); }"
_CAUSED = "function(ms, late) { return globalThis.__bxact.caused(ms, late); }"


def _since(began: float) -> float:
    return round((time.perf_counter() - began) * 1000, 1)


async def settle_animations(world: PageWorld, waited: dict[str, float]) -> dict[str, Any] | None:
    """Wait for the finite animations the action started: `{waited, running, timers}` (`timers`: their
    end started timers of the action), None when the document went away. `waited["animations"]`: how
    long, when there was any to wait for."""
    began = time.perf_counter()
    try:
        out = await world.call(_MOTION, ANIMATION_WAIT_MS, timeout=ANIMATION_WAIT_MS / 1000 + 5.0)
    except BrowserxError:
        return None  # a navigation: nothing left to wait for
    if out and out.get("waited"):
        waited["animations"] = _since(began)
    return out


async def settle_timers(
    world: PageWorld, page: dict[str, Any], budget: float, late: int, waited: dict[str, float]
) -> dict[str, Any] | None:
    """After a record (element.js finish, a click's report) that says `timers`: wait, at most
    TIMER_WAIT_MS within `budget` s, for the timers the action's handlers started and the chains they
    start, then take the effects once the page has run what they queued (`late`, as after any reaction).
    The record after them; `page` itself when it said no timers; None when the document went away.
    `waited["timers"]` adds how long."""
    if not page.pop("timers", False) or not late:
        return page
    began, limit = time.perf_counter(), int(min(TIMER_WAIT_MS, budget * 1000))
    try:
        after = await world.call(_CAUSED, limit, late, timeout=limit / 1000 + 5.0)
    except BrowserxError:
        after = None
    waited["timers"] = round(waited.get("timers", 0) + _since(began), 1)
    return after if isinstance(after, dict) else None


async def settle(
    tab: Tab, world: PageWorld, mark: int, budget: float, waited: dict[str, float] | None = None
) -> dict[str, Any]:
    """Wait (at most `budget` s) for the requests started since `mark`, then for a quiet DOM.

    `{"settled": bool}`, plus `pending_requests` (URLs) when some did not finish in time, and
    `waited: True` when there was anything to wait for (the caller then measures its effects again;
    `waited["requests"]`, when given, how long).
    """
    state = tab.load
    if state.seq == mark:
        return {"settled": True}
    if budget <= 0:  # not waiting, but still honest about what is still running
        pending = state.pending_since(mark)
        return {"settled": not pending, **({"pending_requests": pending[:MAX_NAMED]} if pending else {})}
    deadline = time.monotonic() + budget
    quiet = False
    while True:
        await state.wait(lambda: not state.pending_since(mark), deadline)
        if state.pending_since(mark) or time.monotonic() >= deadline:
            break
        # The responses are in: let the page render them (the work may start more requests).
        try:
            limit = deadline - time.monotonic()
            quiet = bool(await world.call(_QUIET, QUIET_MS, int(limit * 1000), timeout=limit + 1.0))
        except BrowserxError:
            quiet = True  # the document went away: nothing left to render
        if state.pending_since(mark):
            continue
        # A server that acknowledged the action's request may still be sending its output down a socket
        # (browser/loading.py: answering): the look waits for it, then for the page to render it.
        if state.answer_ends(mark) is None and not await state.wait_first_answer(mark, deadline):
            break
        if not await state.wait_answered(mark, deadline):
            quiet = False
            break
        # The socket has been quiet for longer than QUIET_MS: what the page wrote in a task or a frame after
        # its last message is written. The DOM's quiet counts from its last change, not from now.
        try:
            limit = deadline - time.monotonic()
            quiet = bool(await world.call(_QUIET_SINCE, QUIET_MS, int(limit * 1000), timeout=limit + 1.0))
        except BrowserxError:
            quiet = True
        if not state.pending_since(mark) and state.answer_ends(mark) is None:
            break  # else a request its rendering started, or more of the answer: waited for as before
    pending = state.pending_since(mark)
    if waited is not None:
        waited["requests"] = round((budget - (deadline - time.monotonic())) * 1000, 1)
    out: dict[str, Any] = {"settled": quiet and not pending, "waited": True}
    if pending:
        out["pending_requests"] = pending[:MAX_NAMED]
    return out


class FirstRender:
    """Per tab: the document whose first look (a snapshot) has been taken."""

    def __init__(self) -> None:
        self.loader_id: str | None = None


async def first_render(
    tab: Tab, world: PageWorld, capture: Callable[[], Awaitable[M]], budget: float = FIRST_RENDER_S
) -> tuple[M, bool]:
    """The first look at a document: `capture()`'s model, and whether the page had rendered.

    A page just loaded may still be building what a person will see: a single-page app's
    "Loading...", a menu bar before the main panel its scripts add. So the first look waits, as an
    action does, while the page adds elements or has requests of its own in flight, and looks again,
    until it has done neither for BUILT_QUIET_MS (a long poll, a clock or an animation alone is no
    building: the one cost a static page pays, once per document). At most `budget` s while it shows
    nothing to act on (then False: still loading), DEFAULT_SETTLE once it does (a page that never
    stops, a ticker, is then taken as it is). A later look at the same document costs one comparison.
    """
    model = await capture()
    seen = tab.state.setdefault(FirstRender, FirstRender)
    state = tab.load
    if seen.loader_id == state.loader_id:
        return model, True
    seen.loader_id = state.loader_id
    start = time.monotonic()
    showing: float | None = None  # since when it shows something to act on
    looking = state.mark()  # requests started from here on are the page still loading
    building = False
    while True:
        shows = bool(getattr(model, "controls", None))
        if shows and showing is None:
            showing = time.monotonic()
        deadline = start + budget if showing is None else min(start + budget, showing + DEFAULT_SETTLE)
        left = deadline - time.monotonic()
        if left <= 0:
            return model, shows
        began, mark = time.monotonic(), state.mark()
        # A page seen building is given longer to go on (its next part may come after some work).
        quiet_ms = BUILDING_QUIET_MS if building else BUILT_QUIET_MS
        try:
            built = await world.call(_BUILT, quiet_ms, int(left * 1000), timeout=left + 1.0)
        except BrowserxError:
            return model, True  # the document went away: the next look is another document's first
        # Busy: elements added, a request started or ended meanwhile, or one still running that it
        # started during this look (or, while it shows nothing, since it committed: "Loading...").
        since = state.document_seq if not shows else looking
        if not (built.get("built") or state.network_at > began or state.pending_since(since)):
            return model, True
        building = True
        if state.pending_since(min(mark, since)):
            await settle(tab, world, min(mark, since), deadline - time.monotonic())
        model = await capture()

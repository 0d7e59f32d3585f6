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
rendering starts more.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..browser import Tab
from ..errors import BrowserxError
from ..page.world import PageWorld

M = TypeVar("M")
DEFAULT_SETTLE = 2.0
# A page with nothing to act on yet is waited for longer than an action's effects: a person looking
# at a blank app shell or a spinner waits for the app, not two seconds.
FIRST_RENDER_S = 5.0  # seconds an action may wait for what it started
QUIET_MS = 100  # the DOM counts as settled after this long without a mutation
MAX_NAMED = 5  # pending requests named in a result

# Resolves after `quiet` ms without a DOM mutation (true), or at `limit` ms (false): the in-page
# program's one MutationObserver (page/observer.js).
_QUIET = "function(quiet, limit) { return globalThis.__bxact.quiet(quiet, limit); }"


async def settle(tab: Tab, world: PageWorld, mark: int, budget: float) -> dict[str, Any]:
    """Wait (at most `budget` s) for the requests started since `mark`, then for a quiet DOM.

    `{"settled": bool}`, plus `pending_requests` (URLs) when some did not finish in time, and
    `waited: True` when there was anything to wait for (the caller then measures its effects again).
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
        if not state.pending_since(mark):
            break
    pending = state.pending_since(mark)
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

    A page with nothing to act on yet while the requests it started since it committed are in flight
    is a single-page app still rendering ("Loading..."): wait, as an action does (at most `budget` s),
    for those requests and then a quiet DOM, and look again. False when that wait ran out. A page that
    shows controls is taken as it is (a long poll or a live feed never delays a look); a later look
    at the same document costs one comparison.
    """
    model = await capture()
    seen = tab.state.setdefault(FirstRender, FirstRender)
    state = tab.load
    if seen.loader_id == state.loader_id:
        return model, True
    seen.loader_id = state.loader_id
    deadline = time.monotonic() + budget
    # An app loads in phases (its code, then its data, then more code): look again after each.
    while not getattr(model, "controls", None):
        if not state.pending_since(state.document_seq):
            return model, True  # nothing more is coming: what shows is the page
        left = deadline - time.monotonic()
        if left <= 0:
            return model, False
        await settle(tab, world, state.document_seq, left)
        model = await capture()
    return model, True

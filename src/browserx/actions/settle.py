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
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError
from ..page.world import PageWorld

DEFAULT_SETTLE = 2.0  # seconds an action may wait for what it started
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
    """Per tab: the document whose first render a look (snapshot, find) has waited for."""

    def __init__(self) -> None:
        self.loader_id: str | None = None


async def first_render(tab: Tab, world: PageWorld, budget: float = DEFAULT_SETTLE) -> bool:
    """Before the first look at a document: wait, as an action does (at most `budget` s), for the
    requests it started since it committed and then a quiet DOM, so a single-page app shows its first
    render rather than "Loading...". False when it stopped waiting with work still running.

    Nothing to wait for (a static page, or a later look) costs one comparison.
    """
    seen = tab.state.setdefault(FirstRender, FirstRender)
    state = tab.load
    if seen.loader_id == state.loader_id:
        return True
    seen.loader_id = state.loader_id
    if not state.pending_since(state.document_seq):
        return True
    return bool((await settle(tab, world, state.document_seq, budget))["settled"])

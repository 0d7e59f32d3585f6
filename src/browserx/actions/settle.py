"""Actions that settle: an action returns once the requests it started have finished and the DOM
has been quiet briefly, within a bound.

    tracker = NetworkTracker.of(tab)
    mark = tracker.mark()                        # before the action
    ...                                          # the action
    outcome = await settle(tab, world, mark, budget=2.0)
    # {"settled": True} or {"settled": False, "pending_requests": ["http://…/api/slow"]}

An action that started no request costs nothing here (one comparison): the requests a tab's own
session sees are counted from `Network.*` events as they come (`NetworkTracker`), never polled.
When it did start some, the wait is for their `loadingFinished`/`loadingFailed`, then for a quiet
DOM (a MutationObserver in browserx's isolated world), again while that rendering starts more.
`wait_network_idle` serves browser_wait's network_idle.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError
from ..page.world import PageWorld

DEFAULT_SETTLE = 2.0   # seconds an action may wait for what it started
QUIET_MS = 100         # the DOM counts as settled after this long without a mutation
MAX_NAMED = 5          # pending requests named in a result
MAX_URL = 200
_LONG_LIVED = {"EventSource", "WebSocket"}  # open by design: waiting for them would always time out
SERVICE = "actions.network_tracker"

# Resolves after `quiet` ms without a DOM mutation (true), or at `limit` ms (false).
_QUIET = """function(quiet, limit) {
  return new Promise(resolve => {
    let timer = 0;
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(() => end(true), quiet); });
    const hard = setTimeout(() => end(false), limit);
    function end(ok) { observer.disconnect(); clearTimeout(timer); clearTimeout(hard); resolve(ok); }
    observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    timer = setTimeout(() => end(true), quiet);
  });
}"""


class NetworkTracker:
    """The requests in flight on a tab's own session, each numbered in the order it started."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.seq = 0
        self.inflight: dict[str, tuple[int, str]] = {}  # requestId -> (seq, url)
        self._changed: list[asyncio.Future[None]] = []
        on = tab.session.on
        self._offs = [on("Network.requestWillBeSent", self._started), on("Network.loadingFinished", self._ended),
                      on("Network.loadingFailed", self._ended)]
        tab.document_listeners.append(self._document_changed)

    @classmethod
    def of(cls, tab: Tab) -> NetworkTracker:
        tracker = tab.services.get(SERVICE)
        if tracker is None:
            tracker = tab.services[SERVICE] = cls(tab)
        return tracker

    def mark(self) -> int:
        return self.seq

    def pending_since(self, mark: int) -> list[str]:
        return [url for seq, url in self.inflight.values() if seq > mark]

    async def changed(self, timeout: float) -> bool:
        """Wait for a request to start or end; False after `timeout` seconds without one."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._changed.append(future)
        try:
            async with asyncio.timeout(max(0.0, timeout)):
                await future
            return True
        except TimeoutError:
            return False
        finally:
            if future in self._changed:
                self._changed.remove(future)

    # -- event callbacks (reader task: quick) --------------------------------------------------

    def _started(self, params: dict[str, Any]) -> None:
        if params.get("type") in _LONG_LIVED:
            return
        request_id = params.get("requestId", "")
        known = self.inflight.get(request_id)
        url = str(params.get("request", {}).get("url", ""))[:MAX_URL]
        if known is not None:  # a redirect keeps its id and its place in the order
            self.inflight[request_id] = (known[0], url)
            return
        self.seq += 1
        self.inflight[request_id] = (self.seq, url)
        self._wake()

    def _ended(self, params: dict[str, Any]) -> None:
        if self.inflight.pop(params.get("requestId", ""), None) is not None:
            self._wake()

    def _document_changed(self) -> None:
        # A new document: the old one's requests will not report their end on this page.
        if self.inflight:
            self.inflight.clear()
            self._wake()

    def _wake(self) -> None:
        waiting, self._changed = self._changed, []
        for future in waiting:
            if not future.done():
                future.set_result(None)


async def settle(tab: Tab, world: PageWorld, mark: int, budget: float) -> dict[str, Any]:
    """Wait (at most `budget` s) for the requests started since `mark`, then for a quiet DOM.

    `{"settled": bool}`, plus `pending_requests` (URLs) when some did not finish in time, and
    `waited: True` when there was anything to wait for (the caller then measures its effects again).
    """
    tracker = NetworkTracker.of(tab)
    if tracker.seq == mark:
        return {"settled": True}
    if budget <= 0:  # not waiting, but still honest about what is still running
        pending = tracker.pending_since(mark)
        return {"settled": not pending, **({"pending_requests": pending[:MAX_NAMED]} if pending else {})}
    loop = asyncio.get_running_loop()
    deadline = loop.time() + budget
    quiet = False
    while True:
        while tracker.pending_since(mark):
            if not await tracker.changed(deadline - loop.time()):
                break
        if tracker.pending_since(mark) or loop.time() >= deadline:
            break
        # The responses are in: let the page render them (the work may start more requests).
        try:
            limit = deadline - loop.time()
            quiet = bool(await world.call(_QUIET, QUIET_MS, int(limit * 1000), timeout=limit + 1.0))
        except BrowserxError:
            quiet = True  # the document went away: nothing left to render
        if not tracker.pending_since(mark):
            break
    pending = tracker.pending_since(mark)
    out: dict[str, Any] = {"settled": quiet and not pending, "waited": True}
    if pending:
        out["pending_requests"] = pending[:MAX_NAMED]
    return out


async def wait_network_idle(tab: Tab, idle: float, timeout: float) -> tuple[bool, list[str]]:
    """Until no request has been in flight for `idle` seconds; (done, requests still in flight)."""
    tracker = NetworkTracker.of(tab)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        remaining = deadline - loop.time()
        if remaining <= 0:
            return False, [url for _, url in tracker.inflight.values()][:MAX_NAMED]
        if tracker.inflight or remaining < idle:
            await tracker.changed(remaining)
        elif not await tracker.changed(idle):
            return True, []


async def _attach_hook(tab: Tab) -> None:
    NetworkTracker.of(tab)  # count from the first request (Network is enabled by devtools.network)


if _attach_hook not in Tab.attach_hooks:
    Tab.attach_hooks.append(_attach_hook)

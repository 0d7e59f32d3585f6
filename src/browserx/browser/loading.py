"""The load state of a tab's document: committed, DOMContentLoaded, load, and the requests in flight.

    state = tab.load
    await state.wait(lambda: state.usable_for(loader_id), deadline)   # bounded, on events
    state.report()   # {"load": "pending", "pending_requests": 2, "pending_urls": [...]}
    mark = state.mark(); ...; state.pending_since(mark)   # the requests an action started (actions/settle.py)

A page is *usable* once its document committed and DOMContentLoaded fired (the parser is done, so
the body exists). Its load event may wait much longer, on a stalled image, ad or tracker that
never answers: callers wait for it only a bounded time and report it as pending.

Fed by the tab's own session (`Page.*` and `Network.*` events; quick callbacks on the reader task).
This is the tab's one record of requests in flight: navigation's wait_until, the load report,
actions that settle and browser_wait's network_idle all read it. Requests of out-of-process iframes
and workers go through their own sessions and are not counted; neither are the browser's favicon
fetch and long-lived connections (EventSource, WebSocket), which are open by design: waiting for
them would always time out. Requests are named without their query (it may carry what was typed).

A socket's server may answer a request in steps: an app whose state lives on its server acknowledges what
it was sent (an HTTP 200, a first message) and its output comes down the socket later, often as several
messages with pauses between them (queued, running, the output, idle). So a socket that had been quiet
for SOCKET_QUIET_S and receives a message after a request started is *answering* (`answer_ends`) until
it is quiet for SOCKET_QUIET_S again; a socket whose messages come closer than that with no request between
them streams on its own (a ticker, a feed) and never answers. Actions wait for the answer (settle.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..errors import BrowserxError

if TYPE_CHECKING:
    from ..cdp import CDPSession


class _TabLike(Protocol):  # the tab owns its LoadState; imports run one way (tab -> loading)
    target_id: str
    session: CDPSession


QUIET_S = 0.5  # network idle: no request in flight for this long
NAMED_REQUESTS = 5  # pending requests are named when there are at most this many
MAX_URL = 120
MAX_TRACKED = 1000  # requests whose end we never saw must not pile up
MAX_KEPT_URL = 200  # a data: URL may be megabytes: keep only what a report could show
_LONG_LIVED = {"EventSource", "WebSocket"}
# How long a server's answer may pause between its messages and still be one answer: an app's server
# under load (2 cores, busy) was measured leaving up to 100 ms between queued, running and its output;
# an action whose request a socket answers pays this once after the last message.
SOCKET_QUIET_S = 0.3


@dataclass(slots=True)
class Socket:
    """A WebSocket of the page: when it last received a message, and the answer it is giving."""

    url: str
    heard_at: float = float("-inf")  # its last message received
    heard_seq: int = 0  # `seq` then: a request started since if `seq` has grown
    answer_seq: int = -1  # `seq` when its current answer began (-1: it never answered)
    answers: bool = False  # its last answer was to a request: the next request is expected to get one


@dataclass(slots=True)
class Request:
    """A request in flight; `seq` numbers the requests in the order they started (a redirect keeps it)."""

    seq: int
    url: str
    loader_id: str
    type: str
    frame_id: str


class LoadState:
    """One tab's document and its progress; a fresh tab (about:blank) counts as loaded."""

    def __init__(self, tab: _TabLike) -> None:
        self.tab = tab
        now = time.monotonic()
        self.loader_id = ""
        self.dcl_at: float | None = now
        self.load_at: float | None = now
        self.seq = 0  # the number of the last request that started
        self.document_seq = 0  # `seq` when the current document committed: its own requests come after
        self.inflight: dict[str, Request] = {}  # requestId ->
        self.arrived: dict[str, float] = {}  # loaderId -> when its main-frame document finished arriving
        self.network_at = now  # the last time a request started or ended
        self.sockets: dict[str, Socket] = {}  # WebSocket requestId -> its URL and answer
        self._waiters: set[asyncio.Future[None]] = set()
        self._probe: asyncio.Task[None] | None = None

    def watch(self) -> list[Callable[[], None]]:
        on = self.tab.session.on
        return [
            on("Page.frameNavigated", self._navigated),
            on("Page.domContentEventFired", self._dom_content_loaded),
            on("Page.loadEventFired", self._loaded),
            on("Network.requestWillBeSent", self._request),
            on("Network.loadingFinished", self._request_done),
            on("Network.loadingFailed", self._request_done),
            # A message the page sends on a WebSocket is work in flight until the server answers on it
            # (an app that talks over a socket: its reply is what an action waits for).
            on("Network.webSocketCreated", self._socket_created),
            on("Network.webSocketFrameSent", self._socket_sent),
            on("Network.webSocketFrameReceived", self._socket_heard),
            on("Network.webSocketFrameError", self._socket_answered),
            on("Network.webSocketClosed", self._socket_closed),
        ]

    # -- questions ---------------------------------------------------------------------------

    def committed(self, loader_id: str) -> bool:
        return self.loader_id == loader_id

    def usable_for(self, loader_id: str) -> bool:
        return self.loader_id == loader_id and self.dcl_at is not None

    def document_arrived(self, loader_id: str) -> bool:
        """The whole HTML of that document arrived (DOMContentLoaded may still wait on a script)."""
        return loader_id in self.arrived

    @property
    def complete(self) -> bool:
        return self.load_at is not None

    @property
    def pending(self) -> bool:
        """The current document's load event has not fired yet."""
        return self.load_at is None

    def quiet(self, idle: float = QUIET_S) -> bool:
        return not self.inflight and time.monotonic() - self.network_at >= idle

    def mark(self) -> int:
        """Where the requests started from now on begin (for `pending_since`)."""
        return self.seq

    def pending_since(self, mark: int) -> list[str]:
        """The URLs of the requests in flight that started after `mark`, oldest first."""
        return [r.url for r in self.inflight.values() if r.seq > mark]

    def answer_ends(self, mark: int) -> float | None:
        """While a socket answers a request started after `mark`: when the last of them will have been
        quiet for SOCKET_QUIET_S (time.monotonic); else None."""
        ends = [
            s.heard_at + SOCKET_QUIET_S
            for s in self.sockets.values()
            if s.answer_seq > mark and time.monotonic() - s.heard_at < SOCKET_QUIET_S
        ]
        return max(ends) if ends else None

    async def wait_answered(self, mark: int, deadline: float) -> bool:
        """Until no socket answers a request started after `mark` (each quiet for SOCKET_QUIET_S), or
        `deadline` (then False)."""
        while (end := self.answer_ends(mark)) is not None:
            now = time.monotonic()
            if now >= deadline:
                return False
            # No event marks the end of a quiet stretch: look again when it would end (a message
            # meanwhile moved it later).
            await self._next_change(max(0.001, min(end, deadline) - now))
        return True

    async def wait_first_answer(self, mark: int, deadline: float) -> bool:
        """A socket that answered the page's last request it was asked by is expected to answer these too:
        until one begins answering a request started after `mark` (True), or SOCKET_QUIET_S passes after
        the last request ended with none (False; those sockets are no longer expected to), or `deadline`."""

        def expected() -> list[Socket]:
            return [s for s in self.sockets.values() if s.answers and s.answer_seq <= mark]

        while expected():
            if self.answer_ends(mark) is not None:
                return True
            now, until = time.monotonic(), min(deadline, self.network_at + SOCKET_QUIET_S)
            if now >= until:
                for socket in expected():
                    socket.answers = False
                return False
            await self._next_change(until - now)
        return self.answer_ends(mark) is not None

    def report(self) -> dict[str, Any]:
        """`load` and, while it is pending, the requests still in flight (named when few)."""
        out: dict[str, Any] = {"load": "complete" if self.complete else "pending"}
        if self.dcl_at is None:  # the parser still waits (on a script that has not arrived)
            out["dom_content_loaded"] = False
        if self.inflight or self.pending:
            out["pending_requests"] = len(self.inflight)
            if 0 < len(self.inflight) <= NAMED_REQUESTS:
                out["pending_urls"] = [_short(r.url) for r in self.inflight.values()]
        return out

    # -- waiting -----------------------------------------------------------------------------

    async def wait(self, condition: Callable[[], bool], deadline: float) -> bool:
        """Until `condition()` holds (checked on every event) or `deadline` (time.monotonic) passes."""
        while not condition():
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            await self._next_change(remaining)
        return True

    async def wait_quiet(self, deadline: float, idle: float = QUIET_S) -> bool:
        """Until no request has been in flight for `idle` seconds, or `deadline`."""
        while True:
            now = time.monotonic()
            if self.quiet(idle):
                return True
            if now >= deadline:
                return False
            # A quiet stretch ends on its own (no event comes): wake up when it would be complete.
            until = deadline if self.inflight else min(deadline, self.network_at + idle)
            await self._next_change(max(0.001, until - now))

    async def _next_change(self, timeout: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.add(future)
        try:
            await asyncio.wait({future}, timeout=timeout)
        finally:
            self._waiters.discard(future)

    def changed(self) -> None:
        """Wake the waiters to check their condition again (a caller's own event may be part of it)."""
        for future in self._waiters:
            if not future.done():
                future.set_result(None)

    def document_gone(self) -> None:
        """The tab crashed or closed: what was in flight will never report its end."""
        if self.inflight:
            self.inflight.clear()
            self.network_at = time.monotonic()
        self.changed()

    # -- event callbacks (reader task: quick) ------------------------------------------------

    def _navigated(self, params: dict[str, Any]) -> None:
        frame = params.get("frame", {})
        if frame.get("parentId") or frame.get("loaderId", "") == self.loader_id:
            return
        now = time.monotonic()
        self.loader_id = frame.get("loaderId", "")
        self.document_seq = self.seq
        self.dcl_at = self.load_at = None
        if params.get("type") == "BackForwardCacheRestore":
            # A restored page fires neither event again: it was parsed; whether it had loaded, it says.
            self.dcl_at = now
            self._probe = asyncio.get_running_loop().create_task(self._probe_restored(self.loader_id))
        # What is still in flight belongs to the document that left (its own request aside).
        self.inflight = {rid: r for rid, r in self.inflight.items() if r.loader_id == self.loader_id}
        self.arrived = {k: v for k, v in self.arrived.items() if k == self.loader_id}
        self.changed()

    async def _probe_restored(self, loader_id: str) -> None:
        try:
            result = await self.tab.session.send(
                "Runtime.evaluate", {"expression": "document.readyState", "returnByValue": True}, timeout=5.0
            )
        except BrowserxError:  # a page gone or busy: its load stays pending, as reported
            return
        if result.get("result", {}).get("value") == "complete" and self.loader_id == loader_id and self.load_at is None:
            self.load_at = time.monotonic()
            self.changed()

    def _dom_content_loaded(self, _params: dict[str, Any]) -> None:
        if self.dcl_at is None:
            self.dcl_at = time.monotonic()
        self.changed()

    def _loaded(self, _params: dict[str, Any]) -> None:
        now = time.monotonic()
        self.dcl_at = self.dcl_at or now
        self.load_at = now
        self.changed()

    def _request(self, params: dict[str, Any]) -> None:
        request_id = params.get("requestId", "")
        url = str(params.get("request", {}).get("url", ""))
        kind = params.get("type", "")
        if kind in _LONG_LIVED or (kind == "Other" and url.endswith("/favicon.ico")):
            return  # open by design, or the browser's own fetch after the load: not the page's work
        known = self.inflight.get(request_id)
        if known is not None:  # a redirect keeps its id and its place in the order
            seq = known.seq
        else:
            if len(self.inflight) >= MAX_TRACKED:
                self.inflight.pop(next(iter(self.inflight)))
            self.seq = seq = self.seq + 1
        self.inflight[request_id] = Request(
            seq, _named(url), params.get("loaderId", ""), kind, params.get("frameId", "")
        )
        self.network_at = time.monotonic()
        self.changed()

    def _socket_created(self, params: dict[str, Any]) -> None:
        if len(self.sockets) >= MAX_TRACKED:
            self.sockets.pop(next(iter(self.sockets)))
        # What the server says on connecting answers no request: only those started from now on.
        self.sockets[params.get("requestId", "")] = Socket(_named(str(params.get("url", ""))), heard_seq=self.seq)

    def _socket_sent(self, params: dict[str, Any]) -> None:
        request_id = params.get("requestId", "")
        key = _socket_key(request_id)
        if key in self.inflight:  # already waiting for an answer on this socket
            return
        if len(self.inflight) >= MAX_TRACKED:
            self.inflight.pop(next(iter(self.inflight)))
        self.seq += 1
        self.inflight[key] = Request(
            self.seq,
            socket.url if (socket := self.sockets.get(request_id)) else "websocket",
            self.loader_id,
            "WebSocket",
            "",
        )
        self.network_at = time.monotonic()
        self.changed()

    def _socket_heard(self, params: dict[str, Any]) -> None:
        socket = self.sockets.get(params.get("requestId", ""))
        if socket is not None:
            now = time.monotonic()
            # After a quiet stretch, the first message since a request started begins an answer; one that
            # continues a stretch of messages continues what they were (an answer, or a stream).
            if now - socket.heard_at >= SOCKET_QUIET_S:
                socket.answer_seq = self.seq if self.seq > socket.heard_seq else -1
                if socket.answer_seq >= 0:
                    socket.answers = True
                    self.changed()  # a wait for its first message (wait_first_answer)
            socket.heard_at, socket.heard_seq = now, self.seq
        self._socket_answered(params)

    def _socket_closed(self, params: dict[str, Any]) -> None:
        self.sockets.pop(params.get("requestId", ""), None)  # it answers no more
        self._socket_answered(params)
        self.changed()

    def _socket_answered(self, params: dict[str, Any]) -> None:
        if self.inflight.pop(_socket_key(params.get("requestId", "")), None) is not None:
            self.network_at = time.monotonic()
            self.changed()

    def _request_done(self, params: dict[str, Any]) -> None:
        request = self.inflight.pop(params.get("requestId", ""), None)
        if request is None:
            return
        self.network_at = time.monotonic()
        if request.type == "Document" and request.frame_id == self.tab.target_id:
            # (Its end may be reported before the commit: kept by loader id, not for "the current" one.)
            if len(self.arrived) >= 8:
                self.arrived.pop(next(iter(self.arrived)))
            self.arrived[request.loader_id] = self.network_at
        self.changed()


def _socket_key(request_id: str) -> str:
    return "ws:" + request_id


def _named(url: str) -> str:
    """How a request is named in results: without its query, which may carry what was typed (a
    lookup as you type), and short (a data: URL may be megabytes)."""
    base, query, _ = url.partition("?")
    return (base[:MAX_KEPT_URL] + "?…") if query else base[:MAX_KEPT_URL]


def _short(url: str) -> str:
    return url if len(url) <= MAX_URL else url[: MAX_URL - 1] + "…"

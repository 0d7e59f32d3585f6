"""One WebSocket to the browser: ids → futures, events routed by sessionId.

A single reader task owns the socket's receive side. Replies resolve the future waiting on
their id; events go to per-listener bounded queues and to synchronous callbacks, which must
be quick and never block (they run on the reader task; one slow handler would stall every
reply). When the socket closes, every pending call fails at once with BROWSER_CLOSED.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any
from urllib.parse import urlsplit

import websockets
from websockets.asyncio.client import ClientConnection, connect

from ..errors import BrowserClosedError, BrowserxError, TimeoutError, error_from_cdp

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 30.0
# Screenshots and page models of large pages run to tens of MB; the websockets default (1 MiB) fails them.
MAX_MESSAGE_BYTES = 512 * 1024 * 1024

EventCallback = Callable[[dict[str, Any]], object]  # what it returns is ignored
# key: (session_id or "" for the browser, method)
_Key = tuple[str, str]


class EventQueue:
    """A bounded buffer of events for one listener; the oldest is dropped when full."""

    def __init__(self, maxsize: int) -> None:
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize)
        self.dropped = 0

    def put(self, params: dict[str, Any]) -> None:
        if self._queue.full():
            self._queue.get_nowait()
            self.dropped += 1
        self._queue.put_nowait(params)

    async def get(self, timeout: float | None = None) -> dict[str, Any]:
        async with asyncio.timeout(timeout):
            return await self._queue.get()

    def get_nowait(self) -> dict[str, Any] | None:
        try:
            return self._queue.get_nowait()
        except asyncio.QueueEmpty:
            return None


def socket_options(ws_url: str) -> dict[str, Any]:
    """How browserx opens a DevTools WebSocket (`websockets.connect` keywords): big messages, no pings.

    A browser on this machine is spoken to without compression: deflating its messages (screenshots,
    page models) costs time and saves nothing; across a network (a browser service) it saves bandwidth.
    """
    host = urlsplit(ws_url).hostname or ""
    loopback = host == "localhost" or host.startswith("127.") or host == "::1"
    return {
        "max_size": MAX_MESSAGE_BYTES,
        "ping_interval": None,
        "compression": None if loopback else "deflate",
        "logger": _FramesUnlogged(logging.getLogger("browserx.cdp.socket"), {}),
    }


class _FramesUnlogged(logging.LoggerAdapter):
    """The socket's logger, without its DEBUG lines: websockets logs every frame there, and CDP frames
    carry what the agent types and the HTTP credentials browserx answers with."""

    def isEnabledFor(self, level: int) -> bool:
        return level > logging.DEBUG and self.logger.isEnabledFor(level)


class CDPConnection:
    """The browser-level DevTools connection. Use `CDPConnection.open(ws_url)`."""

    def __init__(self, ws: ClientConnection, url: str) -> None:
        self.url = url
        self._ws = ws
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[asyncio.Future[Any], str, str]] = {}  # id -> (future, method, session)
        self._callbacks: dict[_Key, list[EventCallback]] = {}
        self._queues: dict[_Key, list[EventQueue]] = {}
        self._close_callbacks: list[Callable[[], None]] = []
        self._closed = asyncio.Event()
        self.close_reason = ""
        self._reader = asyncio.get_running_loop().create_task(self._read(), name="cdp-reader")

    @classmethod
    async def open(cls, ws_url: str, *, timeout: float = 15.0) -> CDPConnection:
        try:
            async with asyncio.timeout(timeout):
                ws = await connect(ws_url, open_timeout=timeout, **socket_options(ws_url))
        except (OSError, websockets.InvalidHandshake, websockets.InvalidURI) as exc:  # OSError: timeouts too
            raise BrowserClosedError(f"cannot open DevTools WebSocket {ws_url}: {exc}") from exc
        return cls(ws, ws_url)

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def on_close(self, callback: Callable[[], None]) -> None:
        self._close_callbacks.append(callback)

    async def send(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        *,
        session_id: str | None = None,
        timeout: float | None = DEFAULT_TIMEOUT,
    ) -> dict[str, Any]:
        if self.closed:
            raise BrowserClosedError(f"{method}: the browser connection is closed ({self.close_reason})")
        msg_id = next(self._ids)
        message: dict[str, Any] = {"id": msg_id, "method": method, "params": params or {}}
        if session_id:
            message["sessionId"] = session_id
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[msg_id] = (future, method, session_id or "")
        try:
            try:
                await self._ws.send(json.dumps(message))
            except websockets.ConnectionClosed as exc:
                raise BrowserClosedError(f"{method}: the browser connection closed") from exc
            # Waiting (rather than a timeout scope) leaves Chrome's own coded errors, such as
            # TIMEOUT for "Execution was terminated", as they are.
            await asyncio.wait([future], timeout=timeout)
            if not future.done():
                raise TimeoutError(f"{method} did not answer within {timeout:g} s", details={"cdp_method": method})
            return future.result()
        finally:
            self._pending.pop(msg_id, None)

    # -- events ---------------------------------------------------------------------------

    def on(self, method: str, callback: EventCallback, *, session_id: str | None = None) -> Callable[[], None]:
        """Call `callback(params)` on the reader task for each event; returns an unsubscribe function."""
        key = (session_id or "", method)
        self._callbacks.setdefault(key, []).append(callback)

        def off() -> None:
            with contextlib.suppress(ValueError, KeyError):
                self._callbacks[key].remove(callback)

        return off

    @contextlib.contextmanager
    def listen(self, *methods: str, session_id: str | None = None, maxsize: int = 256):
        """Buffer events of the given methods (params get a "method" key) while the block runs."""
        queue = EventQueue(maxsize)
        keys = [(session_id or "", m) for m in methods]
        for key in keys:
            self._queues.setdefault(key, []).append(queue)
        try:
            yield queue
        finally:
            for key in keys:
                with contextlib.suppress(ValueError, KeyError):
                    self._queues[key].remove(queue)

    def fail_session(self, session_id: str, error: BrowserxError) -> None:
        """Fail every call in flight on one session at once (its target crashed or went away)."""
        for future, method, session in list(self._pending.values()):
            if session == session_id and not future.done():
                future.set_exception(type(error)(f"{method}: {error.message}", hint=error.hint))

    def remove_session(self, session_id: str) -> None:
        """Forget every listener of a detached session."""
        for table in (self._callbacks, self._queues):
            for key in [k for k in table if k[0] == session_id]:
                del table[key]

    # -- reader -----------------------------------------------------------------------------

    async def _read(self) -> None:
        try:
            async for raw in self._ws:
                message = json.loads(raw)
                msg_id = message.get("id")
                if msg_id is not None:
                    self._resolve(msg_id, message)
                else:
                    self._dispatch(message)
        except websockets.ConnectionClosed as exc:
            self.close_reason = f"socket closed ({exc.rcvd.code if exc.rcvd else 'no close frame'})"
        except Exception as exc:  # the reader must never die silently
            log.exception("CDP reader failed")
            self.close_reason = f"reader failed: {exc!r}"
        finally:
            self._fail_all()

    def _resolve(self, msg_id: int, message: dict[str, Any]) -> None:
        entry = self._pending.get(msg_id)
        if entry is None or entry[0].done():
            return
        future, method, _session = entry
        if "error" in message:
            future.set_exception(error_from_cdp(method, message["error"]))
        else:
            future.set_result(message.get("result", {}))

    def _dispatch(self, message: dict[str, Any]) -> None:
        method = message.get("method", "")
        params = message.get("params", {})
        key = (message.get("sessionId", ""), method)
        for callback in list(self._callbacks.get(key, ())):
            try:
                callback(params)
            except Exception:
                log.exception("CDP event callback for %s failed", method)
        queues = self._queues.get(key)
        if queues:
            event = dict(params, method=method)
            for queue in list(queues):
                queue.put(event)

    def _fail_all(self) -> None:
        if not self.close_reason:
            self.close_reason = "socket closed"
        self._closed.set()
        for future, method, _session in list(self._pending.values()):
            if not future.done():
                future.set_exception(
                    BrowserClosedError(f"{method}: the browser connection closed ({self.close_reason})")
                )
        self._pending.clear()
        for callback in self._close_callbacks:
            try:
                callback()
            except Exception:
                log.exception("CDP close callback failed")

    async def close(self) -> None:
        try:
            await self._ws.close()
        except Exception:  # closing a broken socket: the reader has said why already
            log.debug("closing the DevTools socket failed", exc_info=True)
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):  # _read itself never raises
            await self._reader
        if not self.closed:
            self._fail_all()

    async def events(self, method: str, *, session_id: str | None = None) -> AsyncIterator[dict[str, Any]]:
        with self.listen(method, session_id=session_id) as queue:
            while True:
                yield await queue.get()

"""A flattened target session: the same connection, every message tagged with its sessionId."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..errors import BrowserxError, TimeoutError
from .connection import DEFAULT_TIMEOUT, CDPConnection, EventCallback


class CDPSession:
    def __init__(self, connection: CDPConnection, session_id: str, target_id: str) -> None:
        self.connection = connection
        self.session_id = session_id
        self.target_id = target_id
        self._enabled: dict[str, int] = {}
        self._enable_lock = asyncio.Lock()

    async def send(
        self, method: str, params: dict[str, Any] | None = None, *, timeout: float | None = DEFAULT_TIMEOUT
    ) -> dict[str, Any]:
        return await self.connection.send(method, params, session_id=self.session_id, timeout=timeout)

    def on(self, method: str, callback: EventCallback) -> Callable[[], None]:
        return self.connection.on(method, callback, session_id=self.session_id)

    def listen(self, *methods: str, maxsize: int = 256):
        return self.connection.listen(*methods, session_id=self.session_id, maxsize=maxsize)

    @contextlib.asynccontextmanager
    async def wait_for(
        self,
        method: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        predicate: Callable[[dict[str, Any]], bool] | None = None,
    ):
        """`async with session.wait_for("Page.loadEventFired") as event: <trigger>`; then `event.result()`.

        The listener is armed before the block runs, so an event fired by the trigger is never missed.
        """
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

        def deliver(params: dict[str, Any]) -> None:
            if not future.done() and (predicate is None or predicate(params)):
                future.set_result(params)

        off = self.on(method, deliver)
        try:
            yield future
            await asyncio.wait([future], timeout=timeout)
            if not future.done():
                raise TimeoutError(f"no {method} within {timeout:g} s")
        finally:
            off()

    async def enable(self, domain: str, params: dict[str, Any] | None = None) -> None:
        """Reference-counted `Domain.enable`: the first caller enables, the last `disable` disables."""
        async with self._enable_lock:
            count = self._enabled.get(domain, 0)
            if count == 0:
                await self.send(f"{domain}.enable", params)
            self._enabled[domain] = count + 1

    async def disable(self, domain: str) -> None:
        async with self._enable_lock:
            count = self._enabled.get(domain, 0)
            if count <= 0:
                return
            if count == 1:
                with contextlib.suppress(BrowserxError):  # the target is gone: so is the domain
                    await self.send(f"{domain}.disable")
            self._enabled[domain] = count - 1

    def detached(self) -> None:
        self.connection.remove_session(self.session_id)

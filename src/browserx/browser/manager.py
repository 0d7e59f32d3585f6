"""The browser manager: one Chromium (launched or attached), one conversation per caller.

Usage::

    async with BrowserManager(BrowserConfig()) as manager:
        conversation = await manager.conversation("chat-1")
        tab = await conversation.tab()

A conversation idle for longer than `idle_timeout` is closed by a reaper task. When the browser
dies, calls in flight fail with BROWSER_CLOSED and the next `conversation()` call launches a new
browser (a launched one) or reports BROWSER_CLOSED again (an attached one that is gone).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from typing import Any

from ..cdp import CDPConnection
from ..errors import BrowserClosedError, LaunchFailedError
from .config import BrowserConfig
from .conversation import Conversation
from .launcher import ChromeProcess, launch_chrome, resolve_ws_url

log = logging.getLogger(__name__)
DEFAULT_CONVERSATION = "default"


class BrowserManager:
    def __init__(self, config: BrowserConfig | None = None) -> None:
        self.config = config or BrowserConfig()
        self.chrome: ChromeProcess | None = None
        self._connection: CDPConnection | None = None
        self.conversations: dict[str, Conversation] = {}
        self.launches = 0
        self._lock = asyncio.Lock()
        self._reaper: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self._closed = False

    async def __aenter__(self) -> BrowserManager:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def connection(self) -> CDPConnection:
        if self._connection is None:
            raise BrowserClosedError("the browser is not started")
        return self._connection

    @property
    def attached(self) -> bool:
        return self.config.cdp_url is not None

    async def start(self) -> None:
        async with self._lock:
            await self._ensure_browser()

    async def _ensure_browser(self) -> CDPConnection:
        if self._closed:
            raise BrowserClosedError("the browser manager is closed")
        if self._connection is not None and not self._connection.closed:
            return self._connection
        await self._drop_browser()
        if self.attached:
            assert self.config.cdp_url is not None
            try:
                ws_url = await resolve_ws_url(self.config.cdp_url)
            except LaunchFailedError as exc:
                if self.launches:  # it answered before: a remote browser that went away is reported
                    raise BrowserClosedError(f"the remote browser at {self.config.cdp_url} is gone",
                                             hint="Restart the remote browser; browserx does not relaunch it.") from exc
                raise
        else:
            self.chrome = await launch_chrome(headless=self.config.headless, executable=self.config.executable,
                                              extra_args=self.config.extra_args, timeout=self.config.launch_timeout,
                                              user_data_dir=self.config.user_data_dir)
            ws_url = self.chrome.ws_url
        self.launches += 1
        try:
            connection = await CDPConnection.open(ws_url)
        except BrowserClosedError as exc:
            if self.attached:
                raise LaunchFailedError(str(exc), hint="Check that the remote browser is running.") from exc
            raise
        self._connection = connection
        self._subscribe(connection)
        await connection.send("Target.setDiscoverTargets", {"discover": True})
        if self._reaper is None or self._reaper.done():
            self._reaper = asyncio.get_running_loop().create_task(self._reap_idle(), name="browserx-reaper")
        return connection

    def _subscribe(self, connection: CDPConnection) -> None:
        def by_context(params: dict[str, Any]) -> Conversation | None:
            info = params.get("targetInfo", params)
            matches = [c for c in self.conversations.values() if c.browser_context_id == info.get("browserContextId")]
            # On a shared (persistent) context several conversations match: the opener's owns a popup.
            opener = info.get("openerId")
            owner = next((c for c in matches if any(t.target_id == opener for t in c.tabs.values())), None)
            return owner or next(iter(matches), None)

        def created(params: dict[str, Any]) -> None:
            info = params["targetInfo"]
            conversation = by_context(params)
            if conversation is not None and info.get("type") == "page" and info.get("openerId"):
                conversation.adopt(info)

        def changed(params: dict[str, Any]) -> None:
            for conversation in self.conversations.values():  # each updates only its own tabs
                conversation.target_info_changed(params["targetInfo"])

        def destroyed(params: dict[str, Any]) -> None:
            for conversation in self.conversations.values():
                conversation.target_gone(params["targetId"])

        def download(method: str):
            def handler(params: dict[str, Any]) -> None:
                for conversation in self.conversations.values():
                    if method == "begin" and any(t.target_id == params.get("frameId")
                                                 for t in conversation.tabs.values()):
                        conversation.download_started(params)
                    elif method == "progress" and params.get("guid") in conversation.downloads:
                        conversation.download_progress(params)
            return handler

        connection.on("Target.targetCreated", created)
        connection.on("Target.targetInfoChanged", changed)
        connection.on("Target.targetDestroyed", destroyed)
        connection.on("Target.detachedFromTarget", lambda p: destroyed({"targetId": p.get("targetId", "")}))
        connection.on("Browser.downloadWillBegin", download("begin"))
        connection.on("Browser.downloadProgress", download("progress"))

    async def _drop_browser(self) -> None:
        """Forget a dead browser: its conversations are gone with it."""
        for conversation in list(self.conversations.values()):
            await conversation.close()
        self.conversations.clear()
        if self._connection is not None:
            await self._connection.close()
            self._connection = None
        if self.chrome is not None:
            await self.chrome.terminate()
            self.chrome = None

    async def conversation(self, conversation_id: str | None = None) -> Conversation:
        """The conversation with this id, created (with its own browser context) on first use."""
        conversation_id = conversation_id or DEFAULT_CONVERSATION
        async with self._lock:
            existing = self.conversations.get(conversation_id)
            if existing is not None and not existing.closed and not self.connection_closed:
                existing.touch()
                return existing
            connection = await self._ensure_browser()
            if self.config.user_data_dir:  # only the default context is persistent: share it
                contexts = await connection.send("Target.getBrowserContexts")
                conversation = Conversation(self, conversation_id, contexts["defaultBrowserContextId"],
                                            shared_context=True)
            else:
                created = await connection.send("Target.createBrowserContext", {"disposeOnDetach": True})
                conversation = Conversation(self, conversation_id, created["browserContextId"])
            self.conversations[conversation_id] = conversation
            try:
                await conversation.setup()
            except BaseException:
                self.conversations.pop(conversation_id, None)
                await conversation.close()
                raise
            return conversation

    def new_conversation_id(self) -> str:
        return f"conversation-{next(self._ids)}"

    @property
    def connection_closed(self) -> bool:
        return self._connection is None or self._connection.closed

    async def close_conversation(self, conversation_id: str) -> bool:
        conversation = self.conversations.pop(conversation_id, None)
        if conversation is None:
            return False
        await conversation.close()
        return True

    async def _reap_idle(self) -> None:
        while not self._closed:
            interval = max(0.05, min(self.config.idle_timeout / 4, 30.0))
            await asyncio.sleep(interval)  # a periodic check, not a wait on an event
            now = time.monotonic()
            for conversation_id, conversation in list(self.conversations.items()):
                idle = now - conversation.last_used
                if idle > self.config.idle_timeout:
                    log.info("closing idle conversation %s after %.0f s", conversation_id, idle)
                    try:
                        await self.close_conversation(conversation_id)
                    except Exception:  # the reaper goes on with the others
                        log.warning("closing idle conversation %s failed", conversation_id, exc_info=True)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._reaper is not None:
            self._reaper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reaper
        await self._drop_browser()

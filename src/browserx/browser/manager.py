"""The browser manager: where each conversation's browser comes from, and one conversation per caller.

Usage::

    async with BrowserManager(BrowserConfig()) as manager:
        conversation = await manager.conversation("chat-1")
        tab = await conversation.tab()

Two ways to get browsers:

- one shared Chromium, launched (default) or attached (`cdp_url`); each conversation is an
  isolated browser context in it. When the browser dies, calls in flight fail with BROWSER_CLOSED
  and the next `conversation()` call launches a new browser (a launched one) or reports
  BROWSER_CLOSED again (an attached one that is gone).
- a browser per conversation from a service (`browser_endpoint`, see endpoints.py). A refusing or
  full service gives BROWSER_UNAVAILABLE; a remote browser that goes away fails that
  conversation's calls with BROWSER_CLOSED, and its next call gets a new browser.

A conversation idle for longer than `idle_timeout` is closed by a reaper task; closing one gives a
browser of its own back to its service at once.

What every tab collects from the moment it attaches (network log, logs of its iframes and workers,
…) is the `setups` the manager is given, and nothing else: `BrowserManager(config,
setups=browserx.tools.TAB_SETUPS)` for the tools; two managers in one process do not share them.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Sequence

from ..cdp import CDPConnection
from ..errors import BrowserClosedError, BrowserxError, LaunchFailedError
from .config import BrowserConfig
from .conversation import Conversation, shared_download_dir
from .endpoints import endpoint_for
from .launcher import ChromeProcess, launch_chrome, resolve_ws_url
from .storage import load_state, read_state_file
from .tab import TabSetup

log = logging.getLogger(__name__)
DEFAULT_CONVERSATION = "default"


class BrowserManager:
    def __init__(self, config: BrowserConfig | None = None, *, setups: Sequence[TabSetup] = ()) -> None:
        self.config = config or BrowserConfig()
        self.setups = tuple(setups)
        self.endpoint = endpoint_for(self.config)  # None: one shared browser
        self.chrome: ChromeProcess | None = None
        self._connection: CDPConnection | None = None
        self.conversations: dict[str, Conversation] = {}
        self.launches = 0
        self._lock = asyncio.Lock()
        self._reaper: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self._closed = False
        self._opening: dict[str, asyncio.Lock] = {}  # per conversation id (remote browsers)
        self._tasks: set[asyncio.Task[None]] = set()

    async def __aenter__(self) -> BrowserManager:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def connection(self) -> CDPConnection:
        """The shared browser's connection (with a browser endpoint each conversation has its own)."""
        if self._connection is None:
            raise BrowserClosedError(
                "the browser is not started"
                if self.endpoint is None
                else "no shared browser: each conversation has its own (browser_endpoint)"
            )
        return self._connection

    @property
    def attached(self) -> bool:
        return self.config.cdp_url is not None

    async def start(self) -> None:
        async with self._lock:
            if self.endpoint is None:
                await self._ensure_browser()
            else:  # browsers come per conversation
                self._start_reaper()

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
                    raise BrowserClosedError(
                        f"the remote browser at {self.config.cdp_url} is gone",
                        hint="Restart the remote browser; browserx does not relaunch it.",
                    ) from exc
                raise
        else:
            self.chrome = await launch_chrome(
                headless=self.config.headless,
                executable=self.config.executable,
                extra_args=self.config.extra_args,
                timeout=self.config.launch_timeout,
                user_data_dir=self.config.user_data_dir,
            )
            ws_url = self.chrome.ws_url
        self.launches += 1
        try:
            connection = await CDPConnection.open(ws_url)
        except BrowserClosedError as exc:
            if self.attached:
                raise LaunchFailedError(str(exc), hint="Check that the remote browser is running.") from exc
            raise
        self._connection = connection
        await connection.send("Target.setDiscoverTargets", {"discover": True})
        self._start_reaper()
        return connection

    def _start_reaper(self) -> None:
        if self._reaper is None or self._reaper.done():
            self._reaper = asyncio.get_running_loop().create_task(self._reap_idle(), name="browserx-reaper")

    async def _drop_browser(self) -> None:
        """Forget a dead browser: its conversations are gone with it."""
        for conversation in list(self.conversations.values()):
            await conversation.close()
        self.conversations.clear()
        keep_profile = self.chrome is not None and self.chrome.keep_profile
        if keep_profile and self._connection is not None and not self._connection.closed:
            # A kept profile: Chromium shuts itself down, writing its cookies and storage to disk first
            # (a signal under load can come before that write).
            with contextlib.suppress(BrowserxError):
                await self._connection.send("Browser.close", timeout=5)
        if self._connection is not None:
            await self._connection.close()
            self._connection = None
        if self.chrome is not None:
            await self.chrome.terminate(timeout=15.0 if keep_profile else 5.0)
            self.chrome = None

    async def conversation(self, conversation_id: str | None = None) -> Conversation:
        """The conversation with this id, created (with its own browser context) on first use."""
        conversation_id = conversation_id or DEFAULT_CONVERSATION
        if self.endpoint is not None:
            return await self._remote_conversation(conversation_id)
        async with self._lock:
            existing = self.conversations.get(conversation_id)
            if existing is not None and not existing.closed and not self.connection_closed:
                existing.touch()
                return existing
            connection = await self._ensure_browser()
            return await self._open_conversation(conversation_id, connection)

    async def _remote_conversation(self, conversation_id: str) -> Conversation:
        # Waiting for the service (its queue, up to endpoint_timeout) holds only this conversation's lock.
        async with self._opening.setdefault(conversation_id, asyncio.Lock()):
            existing = self.conversations.get(conversation_id)
            if existing is not None and not existing.closed and not existing.connection.closed:
                existing.touch()
                return existing
            if existing is not None:  # its browser went away: release what is left of it, then a new one
                await self.close_conversation(conversation_id)
            if self._closed:
                raise BrowserClosedError("the browser manager is closed")
            assert self.endpoint is not None
            remote = await self.endpoint.open()
            if self._closed:  # closed while we waited for the service
                await remote.release()
                raise BrowserClosedError("the browser manager is closed")
            self.launches += 1
            log.info("conversation %s: %s", conversation_id, remote.label)
            try:
                await remote.connection.send("Target.setDiscoverTargets", {"discover": True})
                conversation = await self._open_conversation(conversation_id, remote.connection, remote.release)
            except BaseException:
                await asyncio.shield(remote.release())
                raise
            # A browser that goes away frees its slot now, not at the conversation's next call.
            remote.connection.on_close(lambda: self._forget_later(conversation))
            self._start_reaper()
            return conversation

    def _forget_later(self, conversation: Conversation) -> None:
        if self.conversations.get(conversation.conversation_id) is conversation and not self._closed:
            task = asyncio.get_running_loop().create_task(self._forget(conversation))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _forget(self, conversation: Conversation) -> None:
        async with self._opening.setdefault(conversation.conversation_id, asyncio.Lock()):
            if self.conversations.get(conversation.conversation_id) is conversation:
                await self.close_conversation(conversation.conversation_id)

    async def _open_conversation(
        self, conversation_id: str, connection: CDPConnection, release: Callable[[], Awaitable[None]] | None = None
    ) -> Conversation:
        if self.config.user_data_dir and release is None:  # only the default context is persistent: share it
            contexts = await connection.send("Target.getBrowserContexts")
            temp_dir = self.chrome.temp_dir if self.chrome is not None else None
            conversation = Conversation(
                conversation_id,
                contexts["defaultBrowserContextId"],
                connection,
                self.config,
                shared_context=True,
                setups=self.setups,
                shared_download_dir=shared_download_dir(self.config, temp_dir),
            )
        else:
            created = await connection.send("Target.createBrowserContext", {"disposeOnDetach": True})
            conversation = Conversation(
                conversation_id,
                created["browserContextId"],
                connection,
                self.config,
                release=release,
                setups=self.setups,
            )
        self.conversations[conversation_id] = conversation
        try:
            await conversation.setup()
            if self.config.storage_state:  # every new conversation starts with the saved logins
                await load_state(conversation, read_state_file(self.config.storage_state))
        except BaseException:
            self.conversations.pop(conversation_id, None)
            await conversation.close()
            raise
        return conversation

    def new_conversation_id(self) -> str:
        return f"conversation-{next(self._ids)}"

    @property
    def connection_closed(self) -> bool:
        """The shared browser is gone (with a browser endpoint: the manager is closed)."""
        if self.endpoint is not None:
            return self._closed
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

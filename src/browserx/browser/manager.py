"""The browser manager: where each conversation's browser comes from, and one conversation per caller.

Usage::

    async with BrowserManager(BrowserConfig()) as manager:
        conversation = await manager.conversation("chat-1")
        tab = await conversation.tab()

Two ways to get browsers:

- local Chromium processes (pool.py, `browser_processes`): one shared (default), a pool of N, or one
  per conversation, launched; or one attached (`cdp_url`). Each conversation is an isolated browser
  context in its process. When a process dies, the calls in flight of its conversations (and only
  theirs) fail with BROWSER_CLOSED, and their next `conversation()` call launches a new process (a
  launched one) or reports BROWSER_CLOSED again (an attached one that is gone).
- a browser per conversation from a service (`browser_endpoint`, see endpoints.py). A refusing or
  full service gives BROWSER_UNAVAILABLE; a remote browser that goes away fails that
  conversation's calls with BROWSER_CLOSED, and its next call gets a new browser.

A conversation idle for longer than `idle_timeout` is closed by a reaper task; closing one gives a
browser of its own back to its service (or stops its process) at once. Past `max_conversations`, or
below `min_free_memory`, a new conversation is refused with a coded error (resources.py); the open
ones go on.

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
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

from ..cdp import CDPConnection
from ..errors import BrowserClosedError
from .config import BrowserConfig
from .conversation import Conversation, shared_download_dir
from .endpoints import endpoint_for
from .launcher import ChromeProcess
from .pool import BrowserPool, LocalBrowser
from .resources import check_new_conversation
from .storage import load_state, read_state_file
from .tab import TabSetup

log = logging.getLogger(__name__)
DEFAULT_CONVERSATION = "default"


class BrowserManager:
    def __init__(self, config: BrowserConfig | None = None, *, setups: Sequence[TabSetup] = ()) -> None:
        self.config = config or BrowserConfig()
        self.setups = tuple(setups)
        self.endpoint = endpoint_for(self.config)  # None: local browsers (the pool)
        self.pool = BrowserPool(self.config, self._browser_lost)
        self.conversations: dict[str, Conversation] = {}
        self._remote_launches = 0
        self._reaper: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self._closed = False
        self._opening: dict[str, asyncio.Lock] = {}  # per conversation id: opening one waits for nobody else
        self._tasks: set[asyncio.Task[None]] = set()
        self._starting: set[str] = set()  # conversations being opened: counted against max_conversations

    async def __aenter__(self) -> BrowserManager:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def launches(self) -> int:
        """Browsers launched, attached or taken from a service so far."""
        return self._remote_launches + self.pool.launches

    @property
    def _shared(self) -> LocalBrowser | None:
        if self.endpoint is not None or self.config.browser_processes != "shared" or not self.pool.browsers:
            return None
        return self.pool.browsers[0]

    @property
    def chrome(self) -> ChromeProcess | None:
        """The shared browser's process (None when attached, with a service, or with several processes)."""
        shared = self._shared
        return shared.chrome if shared is not None else None

    @property
    def connection(self) -> CDPConnection:
        """The shared browser's connection (with several browsers each conversation has its own)."""
        shared = self._shared
        if shared is None or shared.connection is None:
            raise BrowserClosedError(
                "the browser is not started"
                if shared is not None
                else "no shared browser: each conversation's browser is its `connection`"
            )
        return shared.connection

    @property
    def attached(self) -> bool:
        return self.config.cdp_url is not None

    async def start(self) -> None:
        if self._closed:
            raise BrowserClosedError("the browser manager is closed")
        if self.endpoint is None:
            await self.pool.start()
        self._start_reaper()

    def _start_reaper(self) -> None:
        if self._reaper is None or self._reaper.done():
            self._reaper = asyncio.get_running_loop().create_task(self._reap_idle(), name="browserx-reaper")

    def _browser_lost(self, browser: LocalBrowser, connection: CDPConnection) -> None:
        """A local browser went away (on the reader task): its process is reaped now. Its conversations'
        calls in flight have failed with BROWSER_CLOSED; each one is closed and opened again on a new
        process at its next call (or reaped when idle), not now: a call may still be unwinding in it."""
        if self._closed:
            return
        log.info("browser %d (pid %s) went away", browser.index, browser.pid)
        self._later(browser.forget(connection))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def conversation(self, conversation_id: str | None = None) -> Conversation:
        """The conversation with this id, created (with its own browser context) on first use."""
        conversation_id = conversation_id or DEFAULT_CONVERSATION
        if self.endpoint is not None:
            return await self._remote_conversation(conversation_id)
        async with self._opening.setdefault(conversation_id, asyncio.Lock()):
            existing = self.conversations.get(conversation_id)
            if existing is not None and not existing.closed and not existing.connection.closed:
                existing.touch()
                return existing
            if existing is not None:  # its browser went away: release what is left of it, then a new one
                await self.close_conversation(conversation_id)
            if self._closed:
                raise BrowserClosedError("the browser manager is closed")
            check_new_conversation(self.config, len(self.conversations.keys() | self._starting))
            browser = self.pool.place(conversation_id)
            release = (lambda: self.pool.leave(conversation_id)) if self.pool.per_conversation else None
            self._starting.add(conversation_id)
            try:
                connection = await browser.ensure()
                if self._closed:
                    raise BrowserClosedError("the browser manager is closed")
                conversation = await self._open_conversation(conversation_id, connection, release)
            except BaseException:
                await asyncio.shield(self.pool.leave(conversation_id))
                raise
            finally:
                self._starting.discard(conversation_id)
            log.info("conversation %s: browser %d (pid %s)", conversation_id, browser.index, browser.pid)
            self._start_reaper()
            return conversation

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
            check_new_conversation(self.config, len(self.conversations.keys() | self._starting))
            self._starting.add(conversation_id)
            try:
                return await self._open_remote(conversation_id)
            finally:
                self._starting.discard(conversation_id)

    async def _open_remote(self, conversation_id: str) -> Conversation:
        assert self.endpoint is not None
        remote = await self.endpoint.open()
        if self._closed:  # closed while we waited for the service
            await remote.release()
            raise BrowserClosedError("the browser manager is closed")
        self._remote_launches += 1
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
            self._later(self._forget(conversation))

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
        """The shared browser is gone (with several browsers or a service: the manager is closed)."""
        shared = self._shared
        if shared is None:
            return self._closed
        return not shared.alive

    async def close_conversation(self, conversation_id: str) -> bool:
        conversation = self.conversations.pop(conversation_id, None)
        if conversation is None:
            return False
        try:
            await conversation.close()
        finally:
            if self.endpoint is None:
                await self.pool.leave(conversation_id)
        return True

    async def _reap_idle(self) -> None:
        while not self._closed:
            interval = max(0.05, min(self.config.idle_timeout / 4, 30.0))
            await asyncio.sleep(interval)  # a periodic check, not a wait on an event
            now = time.monotonic()
            for conversation_id, conversation in list(self.conversations.items()):
                if conversation.busy:
                    conversation.touch()  # a call runs on it: in use, however long it takes
                    continue
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
        closed = await asyncio.gather(
            *(self.close_conversation(conversation_id) for conversation_id in list(self.conversations)),
            return_exceptions=True,
        )
        for failure in closed:
            if isinstance(failure, BaseException):  # the others are closed all the same
                log.warning("closing a conversation failed: %r", failure)
        await self.pool.close()

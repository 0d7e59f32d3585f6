"""Local browsers for conversations: one shared Chromium, a pool of N, or one per conversation.

`BrowserConfig.browser_processes` says which ("shared", "pool", "per_conversation"). A
`LocalBrowser` is one of them: launched by browserx, or attached (`cdp_url`, shared only), with
its connection and the ids of the conversations placed on it. The pool places each new
conversation (`place`) and forgets it (`leave`); a per-conversation browser goes with its
conversation. A browser that dies takes only the conversations placed on it: the manager closes
those (their calls in flight already failed with BROWSER_CLOSED), and the next `ensure()` of that
place launches a new process, while the other browsers and their conversations see nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from ..cdp import CDPConnection
from ..errors import BrowserClosedError, BrowserxError, LaunchFailedError
from .config import BrowserConfig
from .launcher import ChromeProcess, launch_chrome, resolve_ws_url

log = logging.getLogger(__name__)


class LocalBrowser:
    """One browser process (or an attached browser) and the conversations placed on it."""

    def __init__(
        self,
        config: BrowserConfig,
        index: int,
        lost: Callable[[LocalBrowser, CDPConnection], None],
        launched: Callable[[], None] = lambda: None,
    ) -> None:
        self.config = config
        self.index = index
        self.chrome: ChromeProcess | None = None
        self.connection: CDPConnection | None = None
        self.conversation_ids: set[str] = set()
        self.launches = 0
        self._lost = lost  # told (on the reader task) when its connection closes
        self._launched = launched
        self._lock = asyncio.Lock()

    @property
    def alive(self) -> bool:
        return self.connection is not None and not self.connection.closed

    @property
    def pid(self) -> int | None:
        return self.chrome.pid if self.chrome is not None else None

    async def ensure(self) -> CDPConnection:
        """Its live connection: the running browser, or a new one launched (attached) in its place."""
        async with self._lock:
            if self.connection is not None and not self.connection.closed:
                return self.connection
            await self._drop()
            ws_url = await self._start()
            self.launches += 1
            self._launched()
            try:
                connection = await CDPConnection.open(ws_url)
            except BrowserClosedError as exc:
                if self.config.cdp_url is not None:
                    raise LaunchFailedError(str(exc), hint="Check that the remote browser is running.") from exc
                raise
            await connection.send("Target.setDiscoverTargets", {"discover": True})
            self.connection = connection
            connection.on_close(lambda: self._lost(self, connection))
            return connection

    async def _start(self) -> str:
        config = self.config
        if config.cdp_url is not None:
            try:
                return await resolve_ws_url(config.cdp_url)
            except LaunchFailedError as exc:
                if self.launches:  # it answered before: a remote browser that went away is reported
                    raise BrowserClosedError(
                        f"the remote browser at {config.cdp_url} is gone",
                        hint="Restart the remote browser; browserx does not relaunch it.",
                    ) from exc
                raise
        self.chrome = await launch_chrome(
            headless=config.headless,
            executable=config.executable,
            extra_args=config.extra_args,
            timeout=config.launch_timeout,
            user_data_dir=config.user_data_dir,
        )
        log.info("browser %d started (pid %d)", self.index, self.chrome.pid)
        return self.chrome.ws_url

    async def drop(self) -> None:
        async with self._lock:
            await self._drop()

    async def forget(self, connection: CDPConnection) -> None:
        """That connection is gone: stop its process now (reaped, its profile removed), unless a new
        browser has taken its place already."""
        async with self._lock:
            if self.connection is connection:
                await self._drop()

    async def _drop(self) -> None:
        """Close the connection and stop the process (if we launched it); nothing of it stays."""
        connection, self.connection = self.connection, None
        keep_profile = self.chrome is not None and self.chrome.keep_profile
        if keep_profile and connection is not None and not connection.closed:
            # A kept profile: Chromium shuts itself down, writing its cookies and storage to disk first
            # (a signal under load can come before that write).
            with contextlib.suppress(BrowserxError):
                await connection.send("Browser.close", timeout=5)
        if connection is not None:
            await connection.close()
        if self.chrome is not None:
            chrome, self.chrome = self.chrome, None
            await chrome.terminate(timeout=15.0 if keep_profile else 5.0)


class BrowserPool:
    """Where the conversations of a manager run, by `config.browser_processes`."""

    def __init__(self, config: BrowserConfig, lost: Callable[[LocalBrowser, CDPConnection], None]) -> None:
        self.config = config
        self.per_conversation = config.browser_processes == "per_conversation"
        size = config.browser_pool_size if config.browser_processes == "pool" else 1
        self._lost = lost
        self.launches = 0  # browsers launched (or attached) over the pool's life
        self._next_index = size
        # Fixed places (shared: one; pool: N); per conversation, a browser made for each and dropped with it.
        self.browsers: list[LocalBrowser] = [] if self.per_conversation else [self._new(i) for i in range(size)]
        self._placed: dict[str, LocalBrowser] = {}

    def _new(self, index: int) -> LocalBrowser:
        return LocalBrowser(self.config, index, self._lost, self._count_launch)

    def _count_launch(self) -> None:
        self.launches += 1

    def place(self, conversation_id: str) -> LocalBrowser:
        """The browser a new conversation goes to (the least loaded; a fresh one per conversation).
        Taken at once, before any launch is awaited, so that conversations opening together spread."""
        if self.per_conversation:
            browser = self._new(self._next_index)
            self._next_index += 1
            self.browsers.append(browser)
        else:
            browser = min(self.browsers, key=lambda b: (len(b.conversation_ids), not b.alive, b.index))
        browser.conversation_ids.add(conversation_id)
        self._placed[conversation_id] = browser
        return browser

    def of(self, conversation_id: str) -> LocalBrowser | None:
        return self._placed.get(conversation_id)

    async def leave(self, conversation_id: str) -> None:
        """The conversation is closed: its place is free; a browser of its own stops."""
        browser = self._placed.pop(conversation_id, None)
        if browser is None:
            return
        browser.conversation_ids.discard(conversation_id)
        if self.per_conversation and not browser.conversation_ids:
            with contextlib.suppress(ValueError):
                self.browsers.remove(browser)
            await browser.drop()

    async def start(self) -> None:
        """Launch the fixed places now (per conversation: nothing until one opens)."""
        if not self.per_conversation:
            await asyncio.gather(*(browser.ensure() for browser in self.browsers))

    async def close(self) -> None:
        browsers, self.browsers = self.browsers, []
        self._placed.clear()
        await asyncio.gather(*(browser.drop() for browser in browsers), return_exceptions=True)

    def processes(self) -> dict[int, list[str]]:
        """The pid of each launched browser and the conversations on it (for logs, tests and benches)."""
        return {b.pid: sorted(b.conversation_ids) for b in self.browsers if b.pid is not None}

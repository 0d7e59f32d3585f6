"""A conversation: one isolated browser context, its tabs, downloads and working directories.

It is given its connection and config by the manager and never reaches back to it: the browser
layer depends one way (manager -> conversation -> tab -> children -> policy). The connection is
the shared browser's (launched or --cdp-url) or, with a browser endpoint, a browser of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..cdp import CDPConnection, CDPSession
from ..errors import BrowserClosedError, BrowserxError, TabNotFoundError
from .config import BrowserConfig
from .files import file_roots
from .resources import check_new_tab
from .state import State
from .tab import Tab, TabSetup

log = logging.getLogger(__name__)


@dataclass
class Download:
    guid: str
    url: str
    file_name: str
    frame_id: str
    state: str = "inProgress"
    size: int = 0
    path: str = ""

    def info(self) -> dict[str, Any]:
        return {"file_name": self.file_name, "url": self.url, "state": self.state, "size": self.size, "path": self.path}


def shared_download_dir(config: BrowserConfig, browser_temp_dir: str | None) -> Path:
    """Downloads go where the context's last Browser.setDownloadBehavior says: conversations sharing
    a context share one directory, which outlives each of them (under --output-dir, or the browser's
    temporary directory, removed with the browser)."""
    if config.output_dir or browser_temp_dir is None:
        base = Path(config.output_dir or tempfile.gettempdir())
    else:
        base = Path(browser_temp_dir)
    directory = base / "browserx-shared-downloads"
    directory.mkdir(parents=True, exist_ok=True)
    return directory


class Conversation:
    """Cookies, storage and tabs of one conversation; nothing is shared with another.

    Except on a persistent profile (`shared_context`): only the browser's default context is
    persistent, so conversations then share it (cookies, storage, downloads setting); each still
    has its own tabs, and closing it closes those tabs instead of disposing the context.
    """

    def __init__(
        self,
        conversation_id: str,
        browser_context_id: str,
        connection: CDPConnection,
        config: BrowserConfig,
        *,
        release: Callable[[], Awaitable[None]] | None = None,
        shared_context: bool = False,
        shared_download_dir: Path | None = None,
        setups: Sequence[TabSetup] = (),
    ) -> None:
        self.conversation_id = conversation_id
        self.browser_context_id = browser_context_id
        self.connection = connection
        self.config = config
        self.shared_context = shared_context
        self.setups = tuple(setups)  # run on each of its tabs as it attaches (the manager's)
        self._release = release  # gives a browser of its own back to its service (endpoints.py)
        self._offs: list[Callable[[], None]] = []
        self.tabs: dict[int, Tab] = {}
        self.active_tab_id: int | None = None
        self.closed = False
        self.closed_event = asyncio.Event()
        self.last_used = time.monotonic()
        self.downloads: dict[str, Download] = {}
        self._download_events: dict[str, asyncio.Event] = {}
        self._next_tab_id = 1
        self._opening_tabs = 0
        self._adopting: dict[str, asyncio.Task[Tab | None]] = {}
        root = Path(self.config.output_dir) if self.config.output_dir else Path(tempfile.gettempdir())
        root.mkdir(parents=True, exist_ok=True)
        self.root_dir = Path(tempfile.mkdtemp(prefix="browserx-conv-", dir=root))
        self.download_dir = self.root_dir / "downloads"
        self.output_dir = self.root_dir / "output"
        self.screenshot_dir = self.root_dir / "screenshots"
        for directory in (self.download_dir, self.output_dir, self.screenshot_dir):
            directory.mkdir()
        if shared_context and shared_download_dir is not None:
            self.download_dir = shared_download_dir
        self.state = State()  # per-conversation state of higher layers (screenshot store, …), closed with it
        self.client_roots: list[str] = []  # directories the MCP client offers (roots/list), added to the file roots

    def file_roots(self) -> list[Path]:
        """Where this conversation's tools may read or write files (browser/files.py)."""
        return file_roots(
            self.config.file_roots,
            self.config.output_dir,
            extra=[self.output_dir, self.download_dir, *self.client_roots],
        )

    def touch(self) -> None:
        self.last_used = time.monotonic()

    def check_open(self) -> None:
        if self.closed or self.connection.closed:
            raise BrowserClosedError(f"conversation {self.conversation_id} lost its browser")

    async def setup(self) -> None:
        self._subscribe()
        await self.connection.send(
            "Browser.setDownloadBehavior",
            {
                "behavior": "allowAndName",
                "browserContextId": self.browser_context_id,
                "downloadPath": str(self.download_dir),
                "eventsEnabled": True,
            },
        )

    def _subscribe(self) -> None:
        """Follow the browser's target and download events that concern this conversation's context."""
        connection = self.connection

        def mine(params: dict[str, Any]) -> bool:
            return params.get("targetInfo", {}).get("browserContextId") == self.browser_context_id

        def created(params: dict[str, Any]) -> None:
            info = params["targetInfo"]
            # On a shared (persistent) context every conversation sees a popup: the opener's owns it.
            if (
                mine(params)
                and info.get("type") == "page"
                and info.get("openerId")
                and (not self.shared_context or any(t.target_id == info["openerId"] for t in self.tabs.values()))
            ):
                self.adopt(info)

        def changed(params: dict[str, Any]) -> None:
            if mine(params):
                self.target_info_changed(params["targetInfo"])

        def download_begun(params: dict[str, Any]) -> None:
            if any(t.target_id == params.get("frameId") for t in self.tabs.values()):
                self.download_started(params)

        def download_progress(params: dict[str, Any]) -> None:
            if params.get("guid") in self.downloads:
                self.download_progress(params)

        self._offs += [
            connection.on("Target.targetCreated", created),
            connection.on("Target.targetInfoChanged", changed),
            connection.on("Target.targetDestroyed", lambda p: self.target_gone(p["targetId"])),
            # The browser's word that a renderer died; the tab's session says it too (Inspector.targetCrashed).
            connection.on("Target.targetCrashed", lambda p: self.target_crashed(p.get("targetId", ""))),
            connection.on("Target.detachedFromTarget", lambda p: self.target_gone(p.get("targetId", ""))),
            connection.on("Browser.downloadWillBegin", download_begun),
            connection.on("Browser.downloadProgress", download_progress),
        ]

    # -- tabs -------------------------------------------------------------------------------

    async def new_tab(self, url: str = "about:blank") -> Tab:
        self.check_open()
        check_new_tab(self.config, len(self.tabs) + sum(not t.done() for t in self._adopting.values()))
        self._opening_tabs += 1  # in use while it opens (however long a loaded machine takes)
        try:
            created = await self.connection.send(
                "Target.createTarget", {"url": "about:blank", "browserContextId": self.browser_context_id}
            )
            tab = await self._attach(created["targetId"], opener_tab_id=None)
        finally:
            self._opening_tabs -= 1
            self.touch()
        self.active_tab_id = tab.tab_id
        if url != "about:blank":
            await tab.session.send("Page.navigate", {"url": url})
        return tab

    @property
    def busy(self) -> bool:
        """A call runs on it now (a tab opening, or an action holding a tab's lock): not idle."""
        return self._opening_tabs > 0 or any(tab.lock.locked() for tab in self.tabs.values())

    async def _attach(self, target_id: str, opener_tab_id: int | None) -> Tab:
        attached = await self.connection.send("Target.attachToTarget", {"targetId": target_id, "flatten": True})
        session = CDPSession(self.connection, attached["sessionId"], target_id)
        tab = Tab(self, self._next_tab_id, session, opener_tab_id, config=self.config, setups=self.setups)
        self._next_tab_id += 1
        self.tabs[tab.tab_id] = tab
        await tab.attach(self.config.viewport, self.config.device_scale_factor)
        # Targets opened by the page start paused until we let them run.
        with contextlib.suppress(BrowserxError):  # it was not paused, or is gone already
            await session.send("Runtime.runIfWaitingForDebugger", timeout=5)
        return tab

    def adopt(self, target_info: dict[str, Any]) -> None:
        """A page target appeared in our context (popup, target=_blank): attach it as a new tab."""
        target_id = target_info["targetId"]
        if target_id in self._adopting or any(t.target_id == target_id for t in self.tabs.values()):
            return
        opener = next((t.tab_id for t in self.tabs.values() if t.target_id == target_info.get("openerId")), None)
        try:
            check_new_tab(self.config, len(self.tabs) + sum(not t.done() for t in self._adopting.values()))
        except BrowserxError as refused:  # a popup past the limit is closed; its opener is told why
            self._adopting[target_id] = asyncio.get_running_loop().create_task(self._refuse(target_id))
            if opener is not None:
                self.tabs[opener].notice("tab_refused", url=target_info.get("url", ""), code=refused.code)
            return

        async def run() -> Tab | None:
            try:
                tab = await self._attach(target_id, opener)
                tab.url = target_info.get("url", tab.url)
                if opener is not None and opener in self.tabs:
                    self.tabs[opener].notice("new_tab", new_tab_id=tab.tab_id, url=tab.url)
                return tab
            except Exception:
                log.debug("target %s not adopted", target_id, exc_info=True)
                return None  # closed before we could attach: nothing to adopt

        self._adopting[target_id] = asyncio.get_running_loop().create_task(run())

    async def _refuse(self, target_id: str) -> Tab | None:
        with contextlib.suppress(BrowserxError):
            await self.connection.send("Target.closeTarget", {"targetId": target_id}, timeout=10)
        return None

    async def settle_adoptions(self, timeout: float = 5.0) -> None:
        pending = [t for t in self._adopting.values() if not t.done()]
        if pending:
            await asyncio.wait(pending, timeout=timeout)

    def target_info_changed(self, info: dict[str, Any]) -> None:
        for tab in self.tabs.values():
            if tab.target_id == info.get("targetId"):
                tab.title = info.get("title", tab.title)
                tab.url = info.get("url", tab.url)

    def target_crashed(self, target_id: str) -> None:
        for tab in self.tabs.values():
            if tab.target_id == target_id:
                tab.crash_seen()

    def target_gone(self, target_id: str) -> None:
        self._adopting.pop(target_id, None)
        for tab_id, tab in list(self.tabs.items()):
            if tab.target_id == target_id:
                tab.detach()
                del self.tabs[tab_id]
                if self.active_tab_id == tab_id:
                    self.active_tab_id = max(self.tabs) if self.tabs else None

    async def tab(self, tab_id: int | None = None) -> Tab:
        """The tab with that id, or the active tab (opened if there is none)."""
        self.check_open()
        self.touch()
        if tab_id is None:
            if self.active_tab_id is None or self.active_tab_id not in self.tabs:
                return await self.new_tab()
            return self.tabs[self.active_tab_id]
        if tab_id not in self.tabs:
            await self.settle_adoptions()
        tab = self.tabs.get(tab_id)
        if tab is None:
            raise TabNotFoundError(f"no tab with tab_id {tab_id}; open tabs: {sorted(self.tabs) or 'none'}")
        return tab

    async def list_tabs(self) -> list[dict[str, Any]]:
        self.check_open()
        await self.settle_adoptions()
        return [
            tab.info(active=tab.tab_id == self.active_tab_id)
            for tab in sorted(self.tabs.values(), key=lambda t: t.tab_id)
        ]

    async def select_tab(self, tab_id: int) -> Tab:
        tab = await self.tab(tab_id)
        self.active_tab_id = tab.tab_id
        with contextlib.suppress(BrowserxError):  # cosmetic for a headless browser
            await tab.session.send("Page.bringToFront", timeout=5)
        return tab

    async def close_tab(self, tab_id: int) -> None:
        tab = await self.tab(tab_id)
        with contextlib.suppress(TabNotFoundError):
            await self.connection.send("Target.closeTarget", {"targetId": tab.target_id})
        self.target_gone(tab.target_id)

    # -- downloads -------------------------------------------------------------------------

    def download_started(self, params: dict[str, Any]) -> None:
        guid = params["guid"]
        self.downloads[guid] = Download(
            guid=guid,
            url=params.get("url", ""),
            file_name=params.get("suggestedFilename") or guid,
            frame_id=params.get("frameId", ""),
        )
        self._download_events.setdefault(guid, asyncio.Event())
        for tab in self.tabs.values():
            if tab.target_id == params.get("frameId"):
                tab.notice("download", file_name=self.downloads[guid].file_name, url=self.downloads[guid].url)

    def download_progress(self, params: dict[str, Any]) -> None:
        download = self.downloads.get(params["guid"])
        if download is None:
            return
        download.state = params.get("state", download.state)
        download.size = int(params.get("receivedBytes") or params.get("totalBytes") or download.size)
        if download.state == "completed":
            saved = self.download_dir / download.guid
            target = self.download_dir / Path(download.file_name).name
            with contextlib.suppress(OSError):
                if saved.exists():
                    saved.replace(target)
                download.path = str(target)
        if download.state in ("completed", "canceled"):
            self._download_events.setdefault(download.guid, asyncio.Event()).set()

    async def wait_download(self, guid: str, timeout: float) -> Download:
        event = self._download_events.setdefault(guid, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await event.wait()
        return self.downloads[guid]

    # -- lifecycle -------------------------------------------------------------------------

    async def _close_targets(self, target_ids: list[str], timeout: float = 5.0) -> None:
        """Close these targets and wait (bounded) until the browser reports them gone: closeTarget
        answers before the target is destroyed, and a caller may list the targets right after."""
        loop = asyncio.get_running_loop()
        gone = {target_id: loop.create_future() for target_id in target_ids}

        def destroyed(params: dict[str, Any]) -> None:
            future = gone.get(params.get("targetId", ""))
            if future is not None and not future.done():
                future.set_result(None)

        off = self.connection.on("Target.targetDestroyed", destroyed)
        try:
            for target_id in target_ids:
                with contextlib.suppress(BrowserxError):
                    await self.connection.send("Target.closeTarget", {"targetId": target_id}, timeout=10)
            if gone:
                await asyncio.wait(gone.values(), timeout=timeout)
        finally:
            off()

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        target_ids = [tab.target_id for tab in self.tabs.values()]
        for tab in list(self.tabs.values()):
            tab.detach()
        self.tabs.clear()
        for task in self._adopting.values():
            task.cancel()
        for off in self._offs:
            off()
        if self._release is not None:  # a browser of its own, context and all: back to its service at once
            try:
                await self._release()
            except Exception:  # the service may be gone already; its slot is freed on its side then
                log.warning("releasing the remote browser of %s failed", self.conversation_id, exc_info=True)
        elif self.shared_context and not self.connection.closed:
            await self._close_targets(target_ids)  # the shared context stays; only this conversation's tabs go
        elif not self.connection.closed:
            with contextlib.suppress(BrowserxError):
                await self.connection.send(
                    "Target.disposeBrowserContext", {"browserContextId": self.browser_context_id}, timeout=10
                )
        await self.state.close()
        # A temporary root goes entirely; under a user's --output-dir, outputs and downloads stay.
        shutil.rmtree(self.screenshot_dir, ignore_errors=True)
        if not self.config.output_dir:
            shutil.rmtree(self.root_dir, ignore_errors=True)
        self.closed_event.set()

"""What an action did to the page, measured around it: the effect summary of every action result.

Most of it costs nothing: the URL, the notices the tab already collects (new tabs, dialogs,
downloads), and the file choosers the action opened (intercepted: actions/upload.py). Focus and
DOM changes come from the in-page half (`element.js`: `begin` before the action rides on the
action's own first call, `finish` after it). Waits are bounded event waits:
a navigation the action requested is followed to its commit, a new tab to its adoption.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError
from ..page.world import PageWorld
from .navigation import wait_ready

NAVIGATION_WAIT = 10.0  # a requested navigation that has not committed by then is reported as pending
ADOPTION_WAIT = 5.0
_ID_OF_THIS = "function() { return globalThis.__browserx.idOf(this); }"
_NAVIGATION_STARTED = "function() { const A = globalThis.__bxact; return A ? A.navigationStarted() : false; }"


class EffectWatch:
    """Arm before an action (`EffectWatch(tab)`), `await watch.settle()` after it, then `summary(page)`."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.url = tab.url
        self.notice_mark = len(tab.notices)
        self.navigation_requested: str | None = None  # the disposition: currentTab, newTab, download…
        self.navigation_pending = False
        self.same_document_url: str | None = None
        self.loader_id = tab.load.loader_id  # a new document (its load state is reported) changes it
        self.choosers: list[dict[str, Any]] = []  # Page.fileChooserOpened during the action
        loop = asyncio.get_running_loop()
        self._committed: asyncio.Future[None] = loop.create_future()
        main = tab.target_id
        session, connection = tab.session, tab.session.connection

        def requested(params: dict[str, Any]) -> None:
            if params.get("frameId") == main:
                self.navigation_requested = params.get("disposition", "currentTab")

        def committed(params: dict[str, Any]) -> None:
            frame = params.get("frame", params)
            if (frame.get("id") or frame.get("frameId")) == main and not frame.get("parentId"):
                self._done()

        def within(params: dict[str, Any]) -> None:
            if params.get("frameId") == main:
                self.same_document_url = params.get("url")

        self._offs = [
            session.on("Page.frameRequestedNavigation", requested),
            session.on("Page.frameNavigated", committed),
            session.on("Page.frameStoppedLoading", committed),
            session.on("Page.navigatedWithinDocument", within),
            session.on("Page.fileChooserOpened", self.choosers.append),
            connection.on("Browser.downloadWillBegin", lambda _p: self._done()),
        ]

    def _done(self) -> None:
        if not self._committed.done():
            self._committed.set_result(None)

    def navigation_started(self) -> None:
        """The page itself reported a navigation of its document (its event may not have arrived yet)."""
        if self.navigation_requested is None:
            self.navigation_requested = "currentTab"

    @property
    def navigating(self) -> bool:
        """The action asked the main frame to load another document (or download) in this tab."""
        return self.navigation_requested in ("currentTab", "download")

    async def settle(self) -> None:
        """Wait (bounded) for a requested navigation to commit and for new tabs to be attached."""
        try:
            deadline = time.monotonic() + NAVIGATION_WAIT
            if self.navigating and not self._committed.done():
                try:
                    async with asyncio.timeout(NAVIGATION_WAIT):
                        await asyncio.shield(self._committed)
                except TimeoutError:
                    self.navigation_pending = True
            if self.tab.load.loader_id != self.loader_id:
                # The action loaded a new document: wait until it is usable, as browser_navigate does.
                with contextlib.suppress(TimeoutError):  # errors.TimeoutError: a builtin one too
                    await wait_ready(self.tab, self.tab.load.loader_id, deadline=deadline)
            await self.tab.conversation.settle_adoptions(timeout=ADOPTION_WAIT)
        finally:
            self.close()

    async def file_chooser(self, world: PageWorld) -> dict[str, Any] | None:
        """`effects.file_chooser`: the file input whose chooser the action opened (the last), or None."""
        if not self.choosers:
            return None
        opened = self.choosers[-1]
        return {
            "element_id": await _element_id(self.tab, world, opened.get("backendNodeId")),
            "multiple": opened.get("mode") == "selectMultiple",
        }

    def close(self) -> None:
        for off in self._offs:
            off()
        self._offs = []

    def summary(self, page: dict[str, Any] | None = None) -> dict[str, Any]:
        """Only what changed; `page` is element.js `finish()` (focus and DOM counts), None if not measured."""
        effects: dict[str, Any] = {}
        url = self.tab.url if self.tab.url != self.url else self.same_document_url or (page or {}).get("url")
        if url and url != self.url:
            effects["url"] = url
        if self.navigation_pending:
            effects["navigation"] = "pending"
        if self.tab.load.loader_id != self.loader_id:
            effects.update(self.tab.load.report())  # load: complete | pending, with what is in flight
        for notice in self.tab.notices[self.notice_mark :]:
            kind = notice.get("type")
            if kind == "new_tab":
                effects.setdefault("new_tabs", []).append(
                    {"tab_id": notice.get("new_tab_id"), "url": notice.get("url")}
                )
            elif kind == "dialog":
                effects.setdefault("dialogs", []).append(
                    {k: notice.get(k) for k in ("dialog_type", "message", "action")}
                )
            elif kind == "download":
                effects.setdefault("downloads", []).append({"file_name": notice.get("file_name")})
        if page:
            if not page.get("focus_same"):
                effects["focus"] = page.get("focus")  # None: focus left every element
            if page.get("dom_changed"):
                effects["dom_changed"] = True
            for key in ("controls_added", "controls_removed"):
                if page.get(key):
                    effects[key] = page[key]
        return effects


async def _element_id(tab: Tab, world: PageWorld, backend_node_id: int | None) -> str | None:
    """The page model's id of a DOM node; a snapshot names it first if it has none yet."""
    from ..page.service import DomService  # noqa: PLC0415 - as in invalidate_snapshot

    if backend_node_id is None:
        return None
    for attempt in (1, 2):
        try:
            node = await world.session.send(
                "DOM.resolveNode", {"backendNodeId": backend_node_id, "executionContextId": await world.context_id()}
            )
            found = await world.session.send(
                "Runtime.callFunctionOn",
                {"functionDeclaration": _ID_OF_THIS, "objectId": node["object"]["objectId"], "returnByValue": True},
            )
        except BrowserxError:
            return None
        element_id = found.get("result", {}).get("value")
        if element_id or attempt == 2:
            return element_id
        await DomService.of(tab).snapshot(fresh=True)
    return None


async def navigation_started(world: PageWorld) -> bool:
    """Did the page start loading another document? Asked after something that runs page code to its
    end first (a dialog's answer lets the submit that opened it go on): the call runs after it."""
    try:
        return bool(await world.call(_NAVIGATION_STARTED, timeout=5.0))
    except BrowserxError:
        return True  # the document is already going away


def invalidate_snapshot(tab: Tab) -> None:
    """Every action, success or failure, makes the page model stale (spec contracts 2-4)."""
    with contextlib.suppress(ImportError):
        from ..page.service import DomService

        DomService.of(tab).invalidate()

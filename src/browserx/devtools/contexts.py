"""Logs from every context of a tab: the page, its iframes, and its dedicated, service and shared workers.

The tab's own page session already feeds `tab.console` (Runtime.consoleAPICalled, tagged "page").
This module adds what the page session alone does not show:

- Out-of-process iframes and workers are separate targets, auto-attached as child sessions of the
  tab by `browser.children` (which enables Runtime on each and resumes it once every child
  setup of the tab ran, `CONTEXTS.child_setup` among them). Here each child's console messages,
  exceptions and Log entries are tagged with its context as it attaches, and Log is enabled on it
  before it runs, so nothing it logs at start-up is lost. Chromium auto-attaches dedicated workers,
  OOPIFs and the service workers of the page's scope this way.
- Shared workers are not related to a page in Chromium's eyes: a per-conversation watcher attaches
  to every `shared_worker` target of the conversation's browser context and hands its messages to
  the tabs of the same origin (`Runtime.enable` replays messages logged before we attached).
- Same-process iframes log through the page session itself: their messages are re-tagged
  `iframe:<url>` from the execution context's frame.
- `Log.entryAdded` (network errors, interventions, violations) from every session.

Context tags: `page`, `iframe:<url>`, `worker:<url>`, `service_worker:<script url>`,
`shared_worker:<url>`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from ..browser import Tab, TabSetup
from ..browser.children import ChildTarget, children_of
from ..cdp import CDPSession
from ..errors import BrowserxError

if TYPE_CHECKING:
    from ..browser import Conversation

__all__ = ["CONTEXTS", "ChildTarget", "SharedWorkers", "TabContexts", "contexts_of"]

_SETUP_TIMEOUT = 5.0
_LOG_LEVELS = {"verbose": "debug"}  # Log.entryAdded levels → console types


class TabContexts:
    """The bookkeeping that tags each console entry of a tab with its context."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self._context_frames: dict[int, str] = {}  # execution context id → frame id (page session)
        self._frame_urls: dict[str, str] = {}
        self._offs: list[Callable[[], None]] = []

    @property
    def children(self) -> dict[str, ChildTarget]:
        """The tab's child targets (OOPIFs and workers), by session id."""
        return children_of(self.tab).children

    # -- setup -------------------------------------------------------------------------------

    async def start(self) -> None:
        tab, on = self.tab, self.tab.session.on
        self._offs += [
            # Registered after the tab's own console callbacks, so these run right after them.
            on("Runtime.consoleAPICalled", self._retag_iframe_message),
            on("Runtime.exceptionThrown", self._retag_iframe_exception),
            on("Runtime.executionContextCreated", self._context_created),
            on(
                "Runtime.executionContextDestroyed",
                lambda p: self._context_frames.pop(p.get("executionContextId", -1), None),
            ),
            on("Runtime.executionContextsCleared", lambda _p: self._context_frames.clear()),
            on("Page.frameNavigated", self._frame_navigated),
            on("Page.frameDetached", lambda p: self._frame_urls.pop(p.get("frameId", ""), None)),
            on("Log.entryAdded", lambda p: self._log_entry(p, "page")),
        ]
        tab.document_listeners.append(self._maybe_closed)
        await tab.session.send("Log.enable", timeout=_SETUP_TIMEOUT)

    def child_attached(self, child: ChildTarget) -> None:
        on = child.session.on
        child.offs += [
            on("Runtime.consoleAPICalled", lambda p: self.tab.console.from_console_api(p, context=child.context)),
            on("Runtime.exceptionThrown", lambda p: self.tab.console.from_exception(p, context=child.context)),
            on("Log.entryAdded", lambda p: self._log_entry(p, child.context)),
        ]

    async def settle(self, timeout: float = _SETUP_TIMEOUT) -> None:
        """Wait (bounded) until every child attached so far is set up."""
        await children_of(self.tab).settle(timeout)

    def _maybe_closed(self) -> None:
        if not self.tab.closed:
            return
        for off in self._offs:
            off()
        self._offs.clear()

    # -- tagging -----------------------------------------------------------------------------

    def _context_created(self, params: dict[str, Any]) -> None:
        context = params.get("context", {})
        frame_id = (context.get("auxData") or {}).get("frameId")
        if frame_id:
            self._context_frames[context["id"]] = frame_id

    def _frame_navigated(self, params: dict[str, Any]) -> None:
        frame = params.get("frame", {})
        if frame.get("parentId"):
            self._frame_urls[frame["id"]] = frame.get("url", "")

    def _iframe_context(self, execution_context_id: int | None) -> str | None:
        frame_id = self._context_frames.get(execution_context_id or -1)
        if frame_id is None or frame_id == self.tab.target_id:  # the main frame's id is the target's
            return None
        return f"iframe:{self._frame_urls.get(frame_id, '')}"

    def _retag_iframe_message(self, params: dict[str, Any]) -> None:
        self._retag(self._iframe_context(params.get("executionContextId")), params.get("timestamp"))

    def _retag_iframe_exception(self, params: dict[str, Any]) -> None:
        details = params.get("exceptionDetails", {})
        self._retag(self._iframe_context(details.get("executionContextId")), params.get("timestamp"))

    def _retag(self, context: str | None, timestamp: float | None) -> None:
        # The tab's callback has just appended this message tagged "page"; name its iframe instead.
        entries = self.tab.console.entries
        if context and entries and entries[-1]["context"] == "page" and entries[-1]["timestamp"] == timestamp:
            entries[-1]["context"] = context

    def _log_entry(self, params: dict[str, Any], context: str) -> None:
        entry = params.get("entry", {})
        if entry.get("source") == "worker":
            return  # a worker's console message echoed to its page: its own session reports it
        level = entry.get("level", "info")
        self.tab.console.add(
            level=_LOG_LEVELS.get(level, level),
            text=str(entry.get("text", "")),
            source=f"log-{entry.get('source', 'other')}",
            context=context,
            url=str(entry.get("url", "")),
            line=entry.get("lineNumber"),
            timestamp=entry.get("timestamp"),
        )


class SharedWorkers:
    """Attaches to the shared workers of one conversation and routes their logs to same-origin tabs."""

    def __init__(self, conversation: Conversation) -> None:
        self.conversation = conversation
        self.sessions: dict[str, ChildTarget] = {}  # by target id
        connection = conversation.connection
        self._offs = [
            connection.on("Target.targetCreated", self._created),
            connection.on("Target.targetDestroyed", lambda p: self._gone(p.get("targetId", ""))),
        ]

    def _created(self, params: dict[str, Any]) -> None:
        info = params.get("targetInfo", {})
        if (
            info.get("type") == "shared_worker"
            and info.get("browserContextId") == self.conversation.browser_context_id
            and info["targetId"] not in self.sessions
        ):
            asyncio.get_running_loop().create_task(self._attach(info))

    async def _attach(self, info: dict[str, Any]) -> None:
        connection = self.conversation.connection
        with contextlib.suppress(BrowserxError):  # the worker ended before we could attach
            attached = await connection.send(
                "Target.attachToTarget", {"targetId": info["targetId"], "flatten": True}, timeout=_SETUP_TIMEOUT
            )
            session = CDPSession(connection, attached["sessionId"], info["targetId"])
            child = ChildTarget(session, "shared_worker", info.get("url", ""))
            self.sessions[info["targetId"]] = child
            child.offs += [
                session.on("Runtime.consoleAPICalled", lambda p: self._route(child, "from_console_api", p)),
                session.on("Runtime.exceptionThrown", lambda p: self._route(child, "from_exception", p)),
            ]
            await session.send("Runtime.enable", timeout=_SETUP_TIMEOUT)  # replays what it logged before

    def _route(self, child: ChildTarget, method: str, params: dict[str, Any]) -> None:
        origin = _origin(child.url)
        for tab in list(self.conversation.tabs.values()):
            if _origin(tab.url) == origin:
                getattr(tab.console, method)(params, context=child.context)

    def _gone(self, target_id: str) -> None:
        child = self.sessions.pop(target_id, None)
        if child is not None:
            for off in child.offs:
                off()
            child.session.detached()

    def close(self) -> None:
        for off in self._offs:
            off()
        for target_id in list(self.sessions):
            self._gone(target_id)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def contexts_of(tab: Tab) -> TabContexts:
    """The tab's context tracker (made when the tab attached, by `CONTEXTS`)."""
    return tab.state.need(TabContexts)


async def _attach(tab: Tab) -> None:
    conversation = tab.conversation
    conversation.state.setdefault(SharedWorkers, lambda: SharedWorkers(conversation))
    await tab.state.put(TabContexts(tab)).start()


def _child_attached(tab: Tab, child: ChildTarget) -> None:
    contexts_of(tab).child_attached(child)


async def _child_setup(_tab: Tab, child: ChildTarget) -> None:
    await child.session.send("Log.enable", timeout=_SETUP_TIMEOUT)


# Logs of the tab's iframes and workers, and of the conversation's shared workers, tagged by context.
CONTEXTS = TabSetup("contexts", attach=_attach, child_attached=_child_attached, child_setup=_child_setup)

"""The child targets of each tab: out-of-process iframes (OOPIFs) and workers, auto-attached.

Chromium runs a cross-site iframe and every worker as a target of its own, invisible to the tab's
session. `Target.setAutoAttach` (flatten, waitForDebuggerOnStart) on the tab's session attaches
them as child sessions of the tab, and on each child session attaches their own children (an OOPIF
inside an OOPIF, a worker's workers). Each child is set up (Runtime, for iframes the conversation's
allowed origins and HTTP credentials (policy.py), and the child setups the tab was given, e.g.
Network) and then resumed, so nothing it does at start-up is missed.

    children = tab.children
    await children.settle()                  # every child attached so far is set up
    [frame] = children.frames()              # the tab's OOPIFs, at any depth
    frame.parent_frame_id, frame.parent      # the frame holding it, and the session it lives in

This lives in the browser layer because both `page` (OOPIF page models) and `devtools` (logs and
network of every context) need it, and neither may import the other. Every tab starts it
(`Tab.attach`), whatever setups it has.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cdp import CDPSession
from ..errors import PageNavigatedError
from .credentials import HttpCredentials
from .policy import DocumentGate, Notice

SETUP_TIMEOUT = 5.0
_AUTO_ATTACH = {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True}


@dataclass
class ChildTarget:
    """A target attached under a tab (OOPIF or worker) through auto-attach.

    For an iframe, `session.target_id` is also the frame id of the OOPIF's main frame.
    """

    session: CDPSession
    target_type: str
    url: str
    parent: CDPSession | None = None  # the session it was attached under: the tab's, or another child's
    parent_frame_id: str | None = None  # iframes: the frame (in `parent`'s process) that holds it
    offs: list[Callable[[], None]] = field(default_factory=list)  # run when it detaches

    @property
    def target_id(self) -> str:
        return self.session.target_id

    @property
    def context(self) -> str:
        return f"{self.target_type}:{self.url}"


# The first argument of listeners and setups is the `Tab` owning the child (this module does not
# import tab.py: the browser layer depends one way, tab -> children -> policy). The tab passes
# those of its `TabSetup`s (tab.py).
# `fn(tab, child)`, run on the reader task the moment a child attaches (before anything it does
# can be reported): subscribe to its events here and put the unsubscribers in `child.offs`.
ChildListener = Callable[[Any, ChildTarget], None]
# `async fn(tab, child)`, awaited (bounded) before the child is resumed (network.py enables Network).
ChildSetup = Callable[[Any, ChildTarget], Awaitable[None]]


class TabChildren:
    """The child targets of one tab, by session id: `tab.children`.

    `tab` is the owner handed to listeners and setups; the rest is what the children need of it:
    its session, the allowed origins their iframes obey, where blocked navigations are reported,
    and what to run on each child as it attaches.
    """

    def __init__(
        self,
        tab: Any,
        session: CDPSession,
        *,
        allowed_origins: list[str],
        notice: Notice,
        credentials: HttpCredentials | None = None,
        listeners: Sequence[ChildListener] = (),
        setups: Sequence[ChildSetup] = (),
    ) -> None:
        self.tab = tab
        self.listeners = tuple(listeners)
        self.setups = tuple(setups)
        self.session = session
        self.allowed_origins = allowed_origins
        self.credentials = credentials or HttpCredentials()
        self.notice = notice
        self.children: dict[str, ChildTarget] = {}  # by session id
        self._offs: list[Callable[[], None]] = []
        self._tasks: set[asyncio.Task[None]] = set()
        self._started = False

    async def start(self) -> None:
        if self._started:
            return
        self._started = True
        self._offs.append(self.session.connection.on("Target.targetInfoChanged", self._target_info_changed))
        self._offs += self._watch(self.session)
        await self.session.send("Target.setAutoAttach", _AUTO_ATTACH, timeout=SETUP_TIMEOUT)

    def frames(self) -> list[ChildTarget]:
        """The OOPIFs of the tab (any depth), in the order they attached."""
        return [c for c in self.children.values() if c.target_type == "iframe"]

    def get(self, session_id: str) -> ChildTarget | None:
        return self.children.get(session_id)

    async def settle(self, timeout: float = SETUP_TIMEOUT) -> None:
        """Wait (bounded) until every child attached so far is set up."""
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=timeout)

    # -- events (on the reader task: quick, never waiting for a reply) ---------------------------

    def _watch(self, parent: CDPSession) -> list[Callable[[], None]]:
        return [
            parent.on("Target.attachedToTarget", lambda p: self._attached(parent, p)),
            parent.on("Target.detachedFromTarget", self._detached),
        ]

    def _attached(self, parent: CDPSession, params: dict[str, Any]) -> None:
        info = params["targetInfo"]
        session = CDPSession(self.session.connection, params["sessionId"], info["targetId"])
        child = ChildTarget(session, info.get("type", "other"), info.get("url", ""), parent, info.get("parentFrameId"))
        self.children[session.session_id] = child
        for listener in self.listeners:
            listener(self.tab, child)
        child.offs += self._watch(session)  # nested OOPIFs and workers of workers
        task = asyncio.get_running_loop().create_task(self._set_up(child))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _set_up(self, child: ChildTarget) -> None:
        session, tab = child.session, self.tab
        steps: list[Awaitable[Any]] = [
            session.send("Runtime.enable", timeout=SETUP_TIMEOUT),
            session.send("Target.setAutoAttach", _AUTO_ATTACH, timeout=SETUP_TIMEOUT),
            *(setup(tab, child) for setup in self.setups),
        ]
        if child.target_type == "iframe" and (self.allowed_origins or self.credentials):
            gate = DocumentGate(
                session, allowed_origins=self.allowed_origins, credentials=self.credentials, notice=self.notice
            )
            steps.append(gate.start())
        # A paused worker answers Runtime.enable only once it runs, so resume alongside, not after:
        # the commands reach the target in order, so the domains are on before its first line runs.
        steps.append(session.send("Runtime.runIfWaitingForDebugger", timeout=SETUP_TIMEOUT))
        await asyncio.gather(*steps, return_exceptions=True)  # a child that went away mid-setup is fine

    def _detached(self, params: dict[str, Any]) -> None:
        child = self.children.pop(params.get("sessionId", ""), None)
        if child is None:
            return
        for off in child.offs:
            off()
        # Calls still waiting on it would otherwise wait out their timeouts.
        self.session.connection.fail_session(
            child.session.session_id,
            PageNavigatedError(f"the {child.target_type} target went away (navigated or closed)"),
        )
        child.session.detached()

    def _target_info_changed(self, params: dict[str, Any]) -> None:
        info = params.get("targetInfo", {})
        for child in self.children.values():
            if child.session.target_id == info.get("targetId") and info.get("url"):
                child.url = info["url"]  # an OOPIF is attached before it commits its URL

    def close(self) -> None:
        """The tab is gone: so are its children (Tab.detach calls this)."""
        for off in self._offs:
            off()
        self._offs.clear()
        for session_id in list(self.children):
            self._detached({"sessionId": session_id})


def children_of(tab: Any) -> TabChildren:
    """The tab's child-target registry, `tab.children` (the `Tab` creates it, and `Tab.attach` starts it)."""
    children: TabChildren = tab.children
    return children

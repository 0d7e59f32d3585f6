"""One page target of a conversation: its CDP session, console buffer, dialogs and notices."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cdp import CDPSession
from ..errors import TabCrashedError, TabNotFoundError
from .children import ChildTarget, TabChildren
from .config import BrowserConfig
from .console import ConsoleBuffer
from .credentials import HttpCredentials
from .dialogs import Dialogs
from .loading import LoadState
from .policy import DocumentGate
from .state import State

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TabSetup:
    """What a higher layer does to every tab of a manager that was given it (`BrowserManager(setups=)`).

    `attach(tab)` is awaited once when the tab attaches, before its child targets are followed (make
    the tab's state here: `tab.state.put(...)`); `child_attached(tab, child)` runs on the reader task
    the moment an OOPIF or worker attaches (subscribe; put unsubscribers in `child.offs`);
    `child_setup(tab, child)` is awaited (bounded) before that child is resumed.
    """

    name: str
    attach: Callable[[Tab], Awaitable[None]] | None = None
    child_attached: Callable[[Tab, ChildTarget], None] | None = None
    child_setup: Callable[[Tab, ChildTarget], Awaitable[None]] | None = None


class Tab:
    """A page the conversation knows, numbered by `tab_id` (1, 2, …) within its conversation.

    Higher layers keep their per-tab state in `state` (state.py: one DOM service per tab, the
    network log, …), made on first use or by the `setups` the tab was given, which run when it
    attaches. Its child targets (out-of-process iframes, workers) are in `children`.

    A tab gets what it needs (session, config) from its conversation when created and never
    reaches back through it; `conversation` (the owning `Conversation`, which imports this module,
    not the reverse) is there for higher layers: its output directory, screenshot store, adoptions.
    """

    def __init__(
        self,
        conversation: Any,
        tab_id: int,
        session: CDPSession,
        opener_tab_id: int | None,
        *,
        config: BrowserConfig,
        setups: Sequence[TabSetup] = (),
    ) -> None:
        self.conversation = conversation
        self.config = config
        self.tab_id = tab_id
        self.session = session
        self.target_id = session.target_id
        self.opener_tab_id = opener_tab_id
        self.url = "about:blank"
        self.title = ""
        self.loader_id = ""
        self.navigations = 0  # main-frame documents seen; changes whenever the document does
        self.closed = False
        self.crashed = False
        self.console = ConsoleBuffer()
        self.dialogs = Dialogs(self)  # alert/confirm/prompt/beforeunload: answered by policy or by the agent
        self.notices: list[dict[str, Any]] = []  # reported (and cleared) with the next tool result
        self.state = State()
        self.setups = tuple(setups)
        # Where the last mouse event of any browserx action went (x, y, navigations), and the tokens
        # that pair a click with its in-page settle answer (actions/element.py).
        self.pointer: tuple[float, float, int] | None = None
        self.click_tokens = itertools.count(1)
        self.document_listeners: list[Callable[[], None]] = []
        self.lock = asyncio.Lock()  # one action at a time per tab
        self.load = LoadState(self)  # the document's load progress and requests in flight
        self._offs: list[Callable[[], None]] = []
        credentials = HttpCredentials.parse(config.http_credentials)
        # The tab's one Fetch client: allowed origins and HTTP authentication of its documents (policy.py).
        self.gate = DocumentGate(
            session, allowed_origins=config.allowed_origins, credentials=credentials, notice=self.notice
        )
        self.children = TabChildren(
            self,
            session,
            allowed_origins=config.allowed_origins,
            credentials=credentials,
            notice=self.notice,
            listeners=[s.child_attached for s in self.setups if s.child_attached is not None],
            setups=[s.child_setup for s in self.setups if s.child_setup is not None],
        )

    async def attach(self, viewport: tuple[int, int], device_scale_factor: float = 1.0) -> None:
        on = self.session.on
        self._offs += [
            on("Page.frameNavigated", self._frame_navigated),
            *self.dialogs.watch(),
            on("Runtime.consoleAPICalled", self.console.from_console_api),
            on("Runtime.exceptionThrown", self.console.from_exception),
            on("Inspector.targetCrashed", lambda _params: self.crash_seen()),
            *self.load.watch(),
        ]
        await asyncio.gather(
            self.session.enable("Page"),
            self.session.enable("Runtime"),
            self.session.enable("Network"),  # the requests in flight of tab.load
            self.set_viewport(*viewport, device_scale_factor=device_scale_factor),
        )
        await self.gate.start()
        for setup in self.setups:
            if setup.attach is not None:
                await setup.attach(self)
        # OOPIFs and workers, whatever setups the tab has (the page model needs the OOPIFs).
        await self.children.start()

    async def set_viewport(self, width: int, height: int, *, device_scale_factor: float = 1.0) -> None:
        # --window-size does not give the viewport it says (1280x720 reports 1280x577): set it exactly.
        await self.session.send(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": device_scale_factor, "mobile": False},
        )
        self.viewport = (width, height)
        self.device_scale_factor = device_scale_factor

    def check_open(self, *, allow_crashed: bool = False) -> None:
        if self.closed:
            raise TabNotFoundError(f"tab {self.tab_id} is closed")
        if self.crashed and not allow_crashed:
            raise TabCrashedError(f"tab {self.tab_id} crashed (its renderer died)", details={"tab_id": self.tab_id})

    def notice(self, kind: str, **data: Any) -> None:
        self.notices.append({"type": kind, "tab_id": self.tab_id, **data})

    def take_notices(self) -> list[dict[str, Any]]:
        notices, self.notices = self.notices, []
        return notices

    def document_changed(self) -> None:
        for listener in list(self.document_listeners):
            try:
                listener()
            except Exception:  # one listener's bug must not keep the others from the news
                log.exception("document listener %r failed", listener)

    # -- event callbacks (run on the reader task: quick, never blocking) ------------------------

    def _frame_navigated(self, params: dict[str, Any]) -> None:
        frame = params.get("frame", {})
        if frame.get("parentId"):
            return
        self.url = frame.get("url", self.url) + frame.get("urlFragment", "")
        self.crashed = False  # a new document replaced the crashed one
        if frame.get("loaderId") != self.loader_id:
            self.loader_id = frame.get("loaderId", "")
            self.navigations += 1
        self.document_changed()

    def crash_seen(self) -> None:
        """Its renderer died (crash, out of memory): calls in flight on it fail with TAB_CRASHED, and so do
        the next ones until a navigation or reload gives it a new document; other tabs go on."""
        if self.crashed or self.closed:
            return  # told twice: by its session and by the browser
        self.crashed = True
        error = TabCrashedError(f"tab {self.tab_id} crashed (its renderer died)", details={"tab_id": self.tab_id})
        self.session.connection.fail_session(self.session.session_id, error)
        self.load.document_gone()
        self.document_changed()

    def detach(self) -> None:
        self.closed = True
        self.session.connection.fail_session(
            self.session.session_id, TabNotFoundError(f"tab {self.tab_id} was closed during the call")
        )
        for off in self._offs:
            off()
        self.dialogs.close()
        self.load.document_gone()
        self.session.detached()
        self.children.close()
        self.document_changed()

    def info(self, *, active: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"tab_id": self.tab_id, "url": self.url, "title": self.title, "active": active}
        if self.opener_tab_id is not None:
            out["opener_tab_id"] = self.opener_tab_id
        return out

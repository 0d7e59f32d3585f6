"""JavaScript dialogs of a tab (alert, confirm, prompt, beforeunload): answered by policy, or left to the agent.

`BrowserConfig.dialog_policy`:

    accept_alerts   alerts accepted, the others dismissed, at once (the library default)
    accept/dismiss  every dialog, at once
    ask             left open (the MCP server's and the agent's default): the action that opened it
                    reports it, `answer()` closes it (tool browser_dialog); one nobody answers within
                    `dialog_timeout` seconds gets the accept_alerts rule and a notice saying so.

While a dialog is open the page's main thread waits inside it: Runtime calls and Input events to
that page do not answer until it closes. So work that may open one races it against `opened()`
(`first_or_dialog`), and tools refuse to start on a tab with an open dialog (`check`).

    dialogs = tab.dialogs
    outcome = await first_or_dialog(work(), dialogs.opened())   # DialogOpened(info) if one opened first
    await dialogs.answer(True, prompt_text="Ada")
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..errors import BrowserxError, DialogOpenError, NotFoundError

if TYPE_CHECKING:
    from ..cdp import CDPSession
    from .config import BrowserConfig


class _TabLike(Protocol):  # the tab owns its Dialogs; imports run one way (tab -> dialogs)
    tab_id: int
    session: CDPSession
    config: BrowserConfig

    def notice(self, kind: str, **data: Any) -> None: ...


T = TypeVar("T")
MAX_MESSAGE = 500
ANSWER_TIMEOUT = 5.0


@dataclass
class DialogOpened:
    """What `first_or_dialog` returns when a dialog opened before the work finished."""

    dialog: dict[str, Any]


class Dialogs:
    """The dialog state of one tab (`tab.dialogs`)."""

    def __init__(self, tab: _TabLike) -> None:
        self.tab = tab
        self.pending: dict[str, Any] | None = None  # the open dialog, policy "ask" only
        self._tasks: set[asyncio.Task[None]] = set()
        # Told of every dialog that opens, and whether work waiting on `opened()` will report it.
        self.listeners: set[Callable[[dict[str, Any], bool], None]] = set()
        self._claims: set[asyncio.Future[dict[str, Any]]] = set()
        self._timer: asyncio.TimerHandle | None = None

    def watch(self) -> list[Callable[[], None]]:
        """Subscribe to the tab's dialog events; the unsubscribe functions."""
        on = self.tab.session.on
        return [on("Page.javascriptDialogOpening", self._opening), on("Page.javascriptDialogClosed", self._closed)]

    @property
    def asking(self) -> bool:
        return self.tab.config.dialog_policy == "ask"

    def check(self) -> None:
        """DIALOG_OPEN when a dialog waits for an answer: the page cannot act until it has one."""
        if self.pending is not None:
            info = self.pending
            raise DialogOpenError(
                f"tab {self.tab.tab_id} has an open {info['type']} dialog: {info['message']!r}",
                hint="Answer it with browser_dialog (accept true or false; prompt_text for a prompt), then retry.",
                details={"dialog": dict(info), "tab_id": self.tab.tab_id},
            )

    def opened(self, *, next_one: bool = False) -> asyncio.Future[dict[str, Any]]:
        """A future resolved with the dialog once one is open (at once if one already is, unless
        `next_one`: the one after it, claimed before answering it); the caller reports the dialog
        itself (listeners are told it is claimed)."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        if self.pending is not None and not next_one:
            future.set_result(dict(self.pending))
            return future
        self._claims.add(future)
        future.add_done_callback(self._claims.discard)
        return future

    async def answer(self, accept: bool, prompt_text: str | None = None) -> dict[str, Any]:
        """Close the open dialog: accept (OK, leave the page) or dismiss (Cancel, stay)."""
        info = self.pending
        if info is None:
            raise NotFoundError(
                f"tab {self.tab.tab_id} has no open dialog",
                hint="Dialogs are reported as effects.dialog of the action that opened them.",
            )
        params: dict[str, Any] = {"accept": accept}
        if prompt_text is not None and info["type"] == "prompt":
            params["promptText"] = prompt_text
        # Cleared first: the page runs on once answered and may open the next dialog before the reply
        # to this command arrives; that one must stay pending.
        self._clear()
        try:
            await self.tab.session.send("Page.handleJavaScriptDialog", params, timeout=ANSWER_TIMEOUT)
        except BrowserxError:
            if self.pending is None:  # not answered: it is still open
                self.pending = info
                self._timer = asyncio.get_running_loop().call_later(self.tab.config.dialog_timeout, self._fallback)
            raise
        return {"type": info["type"], "message": info["message"], "accepted": accept}

    # -- event callbacks (reader task: quick, never blocking) --------------------------------

    def _opening(self, params: dict[str, Any]) -> None:
        kind = params.get("type", "alert")
        message = str(params.get("message", ""))[:MAX_MESSAGE]
        config = self.tab.config
        if config.dialog_policy != "ask":
            accept = config.dialog_policy == "accept" or (config.dialog_policy == "accept_alerts" and kind == "alert")
            self.tab.notice("dialog", dialog_type=kind, message=message, action="accepted" if accept else "dismissed")
            # Answer on a task of its own: the reader task must never wait for a reply.
            self._answer_soon(accept)
            return
        info: dict[str, Any] = {"type": kind, "message": message}
        if kind == "prompt":
            info["default_prompt"] = str(params.get("defaultPrompt", ""))[:MAX_MESSAGE]
        self._clear()  # one dialog at a time per page; never let an old fallback answer this one
        self.pending = info
        self._timer = asyncio.get_running_loop().call_later(config.dialog_timeout, self._fallback)
        claims = [f for f in self._claims if not f.done()]
        for future in claims:
            future.set_result(dict(info))
        for listener in list(self.listeners):
            listener(dict(info), bool(claims))

    def _closed(self, _params: dict[str, Any]) -> None:
        self._clear()

    def _fallback(self) -> None:
        info = self.pending
        if info is None:
            return
        accept = info["type"] == "alert"
        self.tab.notice(
            "dialog",
            dialog_type=info["type"],
            message=info["message"],
            action="accepted" if accept else "dismissed",
            by="timeout",
        )
        self._clear()
        self._answer_soon(accept)

    def _answer_soon(self, accept: bool) -> None:
        # A task of its own (the reader task must never wait for a reply), kept until it is done:
        # the loop holds tasks only weakly.
        task = asyncio.get_running_loop().create_task(self._send(accept))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _clear(self) -> None:
        self.pending = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _send(self, accept: bool) -> None:
        with contextlib.suppress(BrowserxError):
            await self.tab.session.send("Page.handleJavaScriptDialog", {"accept": accept}, timeout=ANSWER_TIMEOUT)

    def close(self) -> None:
        self._clear()
        self.listeners.clear()
        for future in list(self._claims):
            future.cancel()


async def first_or_dialog(work: Awaitable[T], opened: asyncio.Future[dict[str, Any]]) -> T | DialogOpened:
    """`work`'s result, or DialogOpened if a dialog opened first (the work is then cancelled: it
    would wait for the answer)."""
    task = asyncio.ensure_future(work)
    try:
        either: set[asyncio.Future[Any]] = {task, opened}
        await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            return task.result()
        return DialogOpened(opened.result())
    finally:
        opened.cancel()
        if not task.done():
            task.cancel()
            task.add_done_callback(_consume)


def _consume(task: asyncio.Task[Any]) -> None:
    # The cancelled work's own error (a CDP call cut short) is of no interest: nobody waits for it.
    if not task.cancelled():
        task.exception()

"""browserx's isolated JavaScript world in each frame of a tab, with its in-page program.

Page scripts cannot see or tamper with what runs here, and what runs here keeps its state
(element ↔ id maps) for the life of the document. One world per frame document: created on
first use, forgotten when Chromium destroys its execution context (navigation, reload).

    PageWorld.of(tab)                   # the tab's own session: its main frame (and same-process frames)
    PageWorld.of(tab, child.session)    # an out-of-process iframe's session: its main frame

A `PageWorld` serves one CDP session; its default frame is that target's main frame (a target's
main frame has the target's id). Same-origin frames are reached from there, so most callers never
name a frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

from ..browser import Tab
from ..browser.children import children_of
from ..cdp import CDPSession
from ..errors import BrowserxError, JSExceptionError, NodeNotFoundError
from .bundle import bundle

WORLD_NAME = "browserx"
# Functions only browserx's world sees (Runtime.addBinding): the page calls them to tell Python
# something the moment it happens (Runtime.bindingCalled), sooner than any reply to a call.
CLICK_BINDING = "__browserxClick"  # a click's record, as its dispatch ends (element.js settle)
TEXT_BINDING = "__browserxTextChanged"  # the reader text handed ahead may be stale (reading.js)
BINDINGS = (CLICK_BINDING, TEXT_BINDING)
# The in-page program: the page model and the actions, one bundle of ES-module-style parts (bundle.py)
# evaluated once per world. main.js is its entry: it imports the parts that publish globalThis.__browserx
# (capture.js), __browserxReader (reader.js), __browserxWidgets (widgets.js) and __bxact (element.js).
ENTRY = "inpage/main.js"
_bootstrap_source: str | None = None


def bootstrap_source() -> str:
    global _bootstrap_source
    if _bootstrap_source is None:
        # Idempotent: a second evaluation in the same world keeps the first definitions.
        _bootstrap_source = bundle(ENTRY, prologue="if (globalThis.__browserx) return;\n")
    return _bootstrap_source


class PageWorld:
    """browserx's world in the frames of one session of a tab. Get it with `PageWorld.of(tab, session)`."""

    def __init__(self, tab: Tab, session: CDPSession | None = None) -> None:
        self.tab = tab
        self.session = session or tab.session
        self.frame_id = self.session.target_id  # the session's main frame
        self._contexts: dict[str, int] = {}  # frame_id -> executionContextId
        self._lock = asyncio.Lock()
        self._bound = False
        self._clicks: dict[int, asyncio.Future[dict[str, Any]]] = {}  # token -> the click's record
        self._on_binding: dict[str, Callable[[str], None]] = {CLICK_BINDING: self._click_reported}
        self._offs = [
            self.session.on("Runtime.bindingCalled", self._binding_called),
            self.session.on("Runtime.executionContextDestroyed", self._destroyed),
            self.session.on("Runtime.executionContextsCleared", lambda _p: self._contexts.clear()),
        ]
        if self.session is tab.session:
            tab.document_listeners.append(self._contexts.clear)

    @classmethod
    def of(cls, tab: Tab, session: CDPSession | None = None) -> PageWorld:
        """The world of `session` (default: the tab's own), created on first use.

        A child session's world is dropped with the child (its OOPIF went away or navigated to
        another process).
        """
        if session is None or session is tab.session:
            key, session = None, None
        else:
            key = session.session_id
        world = tab.state.get(cls, key)
        if world is None:
            world = tab.state.put(cls(tab, session), key)
            child = children_of(tab).get(session.session_id) if session is not None else None
            if child is not None:
                child.offs.append(lambda: world._close(key))
        return world

    def _close(self, key: str | None) -> None:
        for off in self._offs:
            off()
        self._contexts.clear()
        self.tab.state.discard(type(self), key, self)

    def expect_click(self, token: int) -> asyncio.Future[dict[str, Any]]:
        """The record of the armed click `token` (element.js settle), as the page reports it."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._clicks[token] = future
        future.add_done_callback(lambda _f: self._clicks.pop(token, None))
        return future

    def on_binding(self, name: str, handler: Callable[[str], None]) -> None:
        """Call `handler(payload)` whenever the page calls the binding `name` (one of BINDINGS)."""
        self._on_binding[name] = handler

    def _binding_called(self, params: dict[str, Any]) -> None:
        handler = self._on_binding.get(params.get("name") or "")
        if handler is not None:
            handler(params.get("payload") or "")

    def _click_reported(self, payload: str) -> None:
        try:
            record = json.loads(payload)
            future = self._clicks.get(record.pop("token"))
        except (ValueError, AttributeError, KeyError, TypeError):
            return  # not ours to read: only browserx's world has the binding, but stay defensive
        if future is not None and not future.done():
            future.set_result(record)

    def _destroyed(self, params: dict[str, Any]) -> None:
        gone = params.get("executionContextId")
        for frame_id, context_id in list(self._contexts.items()):
            if context_id == gone:
                del self._contexts[frame_id]

    async def context_id(self, frame_id: str | None = None) -> int:
        frame_id = frame_id or self.frame_id
        async with self._lock:
            context_id = self._contexts.get(frame_id)
            if context_id is None:
                if not self._bound:  # once per session: a binding reaches every world of its name
                    self._bound = True
                    for name in BINDINGS:  # without one, its feature asks the page instead
                        with contextlib.suppress(BrowserxError):
                            await self.session.send(
                                "Runtime.addBinding", {"name": name, "executionContextName": WORLD_NAME}
                            )
                created = await self.session.send(
                    "Page.createIsolatedWorld",
                    {"frameId": frame_id, "worldName": WORLD_NAME, "grantUniveralAccess": True},
                )
                context_id = created["executionContextId"]
                result = await self.session.send(
                    "Runtime.evaluate",
                    {"expression": bootstrap_source(), "contextId": context_id, "returnByValue": True},
                )
                _raise_for_exception(result, "bootstrap")
                self._contexts[frame_id] = context_id
            return context_id

    async def call(
        self,
        function_declaration: str,
        *args: Any,
        frame_id: str | None = None,
        timeout: float = 30.0,
        return_by_value: bool = True,
        await_promise: bool = True,
    ) -> Any:
        """Run `function_declaration(...args)` in the world; its (awaited) JSON result, or a RemoteObject.
        `await_promise=False` for a function known to answer at once: Chromium then skips the promise
        machinery of the call (measured: a few hundredths of a millisecond of a click's one call)."""
        for attempt in (1, 2):
            context_id = await self.context_id(frame_id)
            try:
                result = await self.session.send(
                    "Runtime.callFunctionOn",
                    {
                        "functionDeclaration": function_declaration,
                        "executionContextId": context_id,
                        "arguments": [{"value": a} for a in args],
                        "returnByValue": return_by_value,
                        "awaitPromise": await_promise,
                    },
                    timeout=timeout,
                )
            except NodeNotFoundError:
                # The document went away between lookup and call: make a new world, once.
                self._contexts.pop(frame_id or self.frame_id, None)
                if attempt == 2:
                    raise
                continue
            _raise_for_exception(result, "in-page script")
            remote = result.get("result", {})
            return remote.get("value") if return_by_value else remote
        raise AssertionError("unreachable")

    async def object_id(self, function_declaration: str, *args: Any, frame_id: str | None = None) -> str | None:
        """Like `call`, but returns a handle (objectId) to the resulting object, or None for null."""
        remote = await self.call(function_declaration, *args, frame_id=frame_id, return_by_value=False)
        return remote.get("objectId")


def _raise_for_exception(result: dict[str, Any], what: str) -> None:
    details = result.get("exceptionDetails")
    if details:
        exception = details.get("exception") or {}
        text = exception.get("description") or details.get("text", "exception")
        raise JSExceptionError(f"{what} threw: {text}", details={"line": details.get("lineNumber")})

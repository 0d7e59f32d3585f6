"""Acting on the page by element id: click, scroll, hover; and the run every element action is made of.

    result = await click(tab, "bu_1", click_count=2)
    # {"success": True, "duration_ms": 3.1, "snapshotInvalidated": True, "effects": {"focus": {...}}}

Two strategies with one result shape (spec contract 9): "cdp" (default) sends real input events
(`Input.dispatchMouseEvent`, `Input.insertText`, `Input.dispatchKeyEvent`) at the element's visible centre after
checking in page that nothing covers it; "script" acts in page (`element.click()`-style synthetic events, value
setting with input/change events), for pages where real input cannot reach the element. The in-page half is
`inpage/reach.js` + `inpage/element.js`, parts of the one in-page program (inpage/main.js) that `PageWorld` installs
with the page model, once per document in browserx's isolated world (no install round trip). A left click costs one
call before the mouse events and none after: the click's own dispatch reports what changed (focus, DOM, same-document
URL) through a binding (`Runtime.bindingCalled`) while the input is acked. Other actions ask the page once more
afterwards. When the page reacted (DOM, URL, a default action), it is read again once it ran what it queued
(`LATE_LOOK_MS`), and what the action set in motion is waited for (settle.py; the result's `waited_ms` says which).

Every element action is one run (`_act`, `_Run`): the actions here, and those of options.py (select), keyboard.py,
drag.py, fill.py and upload.py; beside click, so that a click is read in one file (docs/CONTRIBUTING.md).

An element of an out-of-process iframe (a snapshot with include_cross_origin_iframes) is acted on in that frame's
world (`DomService.frame_of`); the point it answers is in the frame's viewport, and `Frame.to_top` makes it a point
of the tab's viewport, where mouse events go. Keyboard input on the tab's session reaches whichever frame has focus.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..browser import Tab
from ..browser.dialogs import DialogOpened, first_or_dialog
from ..errors import BrowserxError, ElementNotVisibleError, NodeNotFoundError, error_for_code
from ..page.frames import Frame
from ..page.service import DomService
from ..page.world import PageWorld
from . import visual
from .effects import EffectWatch, invalidate_snapshot, navigation_started
from .keys import press_key
from .settle import DEFAULT_SETTLE, settle as settle_page, settle_animations, settle_timers
from .timers import channel_of

BUTTONS = {"left": (0, 1), "middle": (1, 4), "right": (2, 2)}  # name -> (DOM button, buttons bitmask)
CLICK_SETTLE_MS = 1000  # in page, the longest wait for an armed click
BINDING_GRACE = 0.05  # after the input's ack, how long the click's reported record may still be on its way
# Runs `begin(detail, channel)` (effects baseline; channel: the page world's timer events, actions/timers.py) and
# one entry point of __bxact in one round trip; a returned promise (awaitOption) is awaited.
_CALL = "function(method, begin, ...args) { return globalThis.__bxact.call(method, begin, ...args); }"
_AT_ONCE = frozenset({"click", "none"})  # entry points that never answer a promise: called without awaitPromise
# After an action the page reacted to (its DOM, its URL, a default action), the effects are read again once the
# page is idle, at most this long after (inpage/reach.js whenIdle): what its handlers set off a task or a frame
# later (a timer, a dialog's close event, a route's data fetch) is then seen, and the requests it started are
# settled as the action's own. An action that changed nothing costs nothing.
LATE_LOOK_MS = 100
_FINISH = "function(late) { const A = globalThis.__bxact; return A ? A.finish(late) : null; }"
_SCROLL_POSITION = "function() { return [Math.round(scrollX), Math.round(scrollY)]; }"


async def _page(world: PageWorld, method: str, *args: Any, begin: list[Any] | None = None) -> dict[str, Any]:
    """Call `__bxact[method](*args)`; with `begin` (its arguments), also take the effects baseline first."""
    out = await world.call(_CALL, method, begin, *args, await_promise=method not in _AT_ONCE)
    if not isinstance(out, dict):
        raise NodeNotFoundError("the page gave no answer for the element; take a new snapshot")
    if out.get("error"):
        details = {k: out[k] for k in ("cover", "layer", "options") if out.get(k)}
        raise error_for_code(out["error"], out.get("message") or out["error"], details=details)
    return out


class _Run:
    """One action: effects armed before, settled and summarised after, snapshot always invalidated.

    `frame` is where the element lives: every in-page call of the action goes to its world.
    """

    def __init__(self, tab: Tab, detail: bool, frame: Frame, settle: float = DEFAULT_SETTLE) -> None:
        self.tab, self.detail, self.frame = tab, detail, frame
        self.started = time.perf_counter()
        self.watch = EffectWatch(tab)
        self.settle_budget, self.network_mark = settle, tab.load.mark()
        self.activated = False  # a click whose default action ran (a form submitted in page, a dialog closed)
        self.check: dict[str, Any] | None = None  # page/recheck.js's, in the click's record; dropped by any wait after

    async def first(self, method: str, *args: Any) -> dict[str, Any]:
        channel = channel_of(self.tab) if self.frame.child is None else None  # an OOPIF's world has none
        return await _page(self.frame.world, method, *args, begin=[self.detail, channel])

    async def page(self, method: str, *args: Any) -> dict[str, Any]:
        return await _page(self.frame.world, method, *args)

    async def point(self, where: dict[str, Any]) -> tuple[float, float]:
        """The tab-viewport point of an in-page answer's x, y."""
        if self.frame.child is None:
            return where["x"], where["y"]  # the tab's own document: already a point of the tab's viewport
        return await self.frame.to_top(where["x"], where["y"], scrolled=bool(where.get("scrolled")))

    async def _finish(self, late: int = 0) -> dict[str, Any] | None:
        try:
            page = await self.frame.world.call(_FINISH, late, timeout=5.0)
        except BrowserxError:
            return None  # the document went away (navigation): the URL tells the story
        return self._own(page)

    def _own(self, page: dict[str, Any] | None) -> dict[str, Any] | None:
        if page is not None and self.frame.child is not None:
            # An out-of-process frame's own navigations and URL are not the tab's.
            page.pop("navigating", None)
            page.pop("url", None)
        if page is not None and page.pop("navigating", False):
            self.watch.navigation_started()  # the page saw it start: wait for the commit
        return page

    async def effects_now(self) -> dict[str, Any]:
        """What the action has changed so far (focus, DOM, URL, notices), as its result would say."""
        return self.watch.summary(await self._finish())

    async def done(self, page: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
        late = min(LATE_LOOK_MS, int(self.settle_budget * 1000))  # settle "0s": no look later either
        if page is None and not self.watch.navigating:
            page = await self._finish(late)  # the page waits only if it reacted
        else:
            page = self._own(page)
            reacted = page is not None and (page.get("dom_changed") or page.get("url") or self.activated)
            if reacted and late and not self.watch.navigating:
                page = await self._finish(late) or page
                self.check = None
        waited: dict[str, float] = {}  # what the action was waited for, and how long (ms): `waited_ms`
        page = await self._timers(page, late, waited)
        started = page.pop("animations", None) if page is not None else None  # started by it (None: not known)
        settled: dict[str, Any] = {"settled": True}
        if not self.watch.navigating:
            # The requests the action started, and what the page rendered from them (actions/settle.py).
            settled = await settle_page(self.tab, self.frame.world, self.network_mark, self.settle_budget, waited)
            if settled.pop("waited", False):
                self.check = None
                page = await self._finish() or page
                started = page.pop("animations", None) if page is not None else None
        await self.watch.settle()
        # settle "0s" skips the animations too; none started: no round trip to wait for them.
        if not self.watch.navigating and self.settle_budget > 0 and started != 0:
            animated = await settle_animations(self.frame.world, waited) or {}
            if animated.get("timers"):  # their end started timers of the action (a transitionend handler's)
                page = await self._timers(dict(page or {}, timers=True), late, waited)
            elif animated.get("waited"):
                self.check = None
                page = await self._finish() or page  # the effects describe the end state
        effects = self.watch.summary(page)
        chooser = await self.watch.file_chooser(self.frame.world)
        if chooser:
            effects["file_chooser"] = chooser
        if self.check is not None and not self.watch.navigating:
            extra["model_check"] = self.check  # tools/dom.py hands it to the page model, never out
        if waited:
            extra["waited_ms"] = waited
        return {
            "success": True,
            "duration_ms": round((time.perf_counter() - self.started) * 1000, 1),
            "snapshotInvalidated": True,
            **extra,
            **settled,
            "effects": effects,
        }

    async def _timers(self, page: dict[str, Any] | None, late: int, waited: dict[str, float]) -> dict[str, Any] | None:
        if page is None or self.watch.navigating:
            return page
        after = await settle_timers(self.frame.world, page, self.settle_budget, late, waited)
        if after is not page:
            self.check = None  # the page went on: the click's model check is of before
        return self._own(after) or page

    def interrupted(self, dialog: dict[str, Any]) -> dict[str, Any]:
        """The result of an action during which a dialog opened and waits for browser_dialog."""
        effects = self.watch.summary(None)
        effects["dialog"] = dialog
        return {
            "success": True,
            "duration_ms": round((time.perf_counter() - self.started) * 1000, 1),
            "snapshotInvalidated": True,
            "settled": False,
            "effects": effects,
        }


async def _act(
    tab: Tab,
    detail: bool,
    body: Callable[[_Run], Awaitable[dict[str, Any]]],
    element_id: str | None = None,
    settle: float = DEFAULT_SETTLE,
) -> dict[str, Any]:
    """One action: `settle` bounds the wait for what it started (0: none). With dialog policy
    "ask", a dialog the action opens ends it at once (the page waits inside the dialog)."""
    run: _Run | None = None
    try:
        # The element's frame: the tab's document, or an out-of-process iframe's.
        run = _Run(tab, detail, DomService.of(tab).frame_of(element_id), settle)
        if not tab.dialogs.asking:
            return await body(run)
        outcome = await first_or_dialog(body(run), tab.dialogs.opened())
        return run.interrupted(outcome.dialog) if isinstance(outcome, DialogOpened) else outcome
    except BrowserxError as exc:
        exc.details.setdefault("recoverable", exc.recoverable)
        exc.details["snapshotInvalidated"] = True
        raise
    finally:
        if run is not None:
            run.watch.close()
        invalidate_snapshot(tab)


async def _mouse(
    tab: Tab,
    x: float,
    y: float,
    button: str = "left",
    click_count: int = 1,
    modifiers: int = 0,
    *,
    move_only: bool = False,
) -> None:
    """Move, then press/release click_count times, pipelined (Chromium queues input in order).

    Before a press, the move is left out when the pointer already rests there (as after the
    previous action on the same spot): each CDP message costs about as much as the work it asks for.
    """
    events: list[dict[str, Any]] = []
    if move_only or tab.pointer != (x, y, tab.navigations):
        events.append({"type": "mouseMoved", "x": x, "y": y, "modifiers": modifiers})
    tab.pointer = (x, y, tab.navigations)
    if not move_only:
        _, mask = BUTTONS[button]
        for n in range(1, click_count + 1):
            common = {"x": x, "y": y, "button": button, "clickCount": n, "modifiers": modifiers}
            events += [
                {"type": "mousePressed", "buttons": mask, **common},
                {"type": "mouseReleased", "buttons": 0, **common},
            ]
    send = tab.session.send
    await asyncio.gather(*(send("Input.dispatchMouseEvent", e) for e in events))


async def click(
    tab: Tab,
    element_id: str,
    *,
    button: str = "left",
    click_count: int = 1,
    modifiers: int = 0,
    strategy: str = "cdp",
    detail: bool = False,
    visual_effect: bool = False,
    settle: float = DEFAULT_SETTLE,
    look: bool = False,
) -> dict[str, Any]:
    """`look`: a delta comes next; a single left click's record brings `model_check` (page/recheck.js)."""

    async def body(run: _Run) -> dict[str, Any]:
        if strategy == "script":
            await run.first("scriptClick", element_id, BUTTONS[button][0], click_count, modifiers)
            return await run.done()
        # A single left click settles itself in page: the page reports it once it has been handled, while
        # the mouse events are acked (no round trip after them). Others, and effects=true's diff, ask after.
        token = next(tab.click_tokens) if button == "left" and click_count == 1 and not detail else 0
        where = await run.first("click", *(asked := (element_id, True, token, look, bool(token) and not modifiers)))
        if where.get("hover"):  # shown only while hovered (inpage/hovered.js): the pointer rests there first
            await _mouse(tab, *(await run.point(where)), move_only=True)
            where = await run.page("click", *asked)
        x, y = await run.point(where)
        keys = where.get("keys")  # under glass: the key of a control that took focus (reach.js throughGlass)
        press = press_key(tab.session, keys) if keys else _mouse(tab, x, y, button, click_count, modifiers)
        page = None
        if where.get("armed"):
            page = await _armed_click(run, token, bool(where.get("bound")), press, bool(keys))
            check = page.pop("model_check", None) if page is not None else None
            run.check = check if run.frame.child is None else None  # a frame's world is not the model's
            if page is not None and page.pop("activation", False) and run.frame.child is None:
                if await navigation_started(run.frame.world):  # did its default action start loading?
                    page["navigating"] = True
                else:
                    run.activated = True
        else:
            await press
        visual.maybe_ripple(tab, x, y, visual_effect)
        return await run.done(page, x=round(x), y=round(y), **({"via": "keyboard"} if keys else {}))

    return await _act(tab, detail, body, element_id, settle)


async def _ask_click(run: _Run, token: int) -> dict[str, Any] | None:
    try:
        return await run.page("awaitClick", token, CLICK_SETTLE_MS)
    except BrowserxError:
        return None  # the document went away (the click navigated): the URL tells the story


async def _armed_click(run: _Run, token: int, bound: bool, press: Awaitable[None], keys: bool) -> dict[str, Any] | None:
    """Press an armed click; the page's record of it (None: the page could not say, it navigated).

    With the binding (world.CLICK_BINDING) the record comes as an event, taken in the click's dispatch inside the
    release's task, 0.3-0.4 ms ahead of the release's ack: the click has been handled, and what comes next reaches
    the page after that task, so the ack is not waited for (keys are: Enter clicks at keydown, before its keyup is
    sent). Otherwise, or when it is late (the page stopped the click's propagation), awaitClick asks for it."""
    if bound:
        reported = run.frame.world.expect_click(token)
        pressed = asyncio.ensure_future(press)
        try:
            either: list[asyncio.Future[Any]] = [reported, pressed]
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
            if reported.done() and not keys:
                pressed.add_done_callback(lambda f: f.cancelled() or f.exception())  # an error: the next call's
                return reported.result()
            await pressed
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(BINDING_GRACE):
                    return await reported
        finally:
            reported.cancel()
        return await _ask_click(run, token)
    outcomes: list[Any] = await asyncio.gather(_ask_click(run, token), press, return_exceptions=True)
    asked, pressed = outcomes
    if isinstance(pressed, BaseException):
        raise pressed
    return asked if isinstance(asked, dict) else None


async def hover(
    tab: Tab, element_id: str, *, strategy: str = "cdp", detail: bool = False, visual_effect: bool = False
) -> dict[str, Any]:
    async def body(run: _Run) -> dict[str, Any]:
        if strategy == "script":
            await run.first("scriptHover", element_id)
            return await run.done()
        x, y = await run.point(await run.first("click", element_id, True))
        await _mouse(tab, x, y, move_only=True)
        visual.maybe_ripple(tab, x, y, visual_effect)
        return await run.done(x=round(x), y=round(y))

    return await _act(tab, detail, body, element_id, settle=0)


async def scroll(
    tab: Tab, element_id: str, *, block: str = "start", inline: str = "nearest", detail: bool = False
) -> dict[str, Any]:
    """Scroll the element into view (both strategies scroll in page); the new window scroll position."""

    async def body(run: _Run) -> dict[str, Any]:
        out = await run.first("scroll", element_id, block, inline)
        if run.frame.child is not None and out["in_viewport"]:
            # In view in its frame; bring the frame into the tab's view too, and report the tab's scroll.
            where = await run.page("click", element_id, False)
            try:
                await run.point(where)
            except ElementNotVisibleError:
                out["in_viewport"] = False
            top = await PageWorld.of(tab).call(_SCROLL_POSITION, timeout=5.0)
            out.update(scroll_x=top[0], scroll_y=top[1])
        return await run.done(scroll_x=out["scroll_x"], scroll_y=out["scroll_y"], in_viewport=out["in_viewport"])

    return await _act(tab, detail, body, element_id, settle=0)

"""Typing as a keyboard types, into the element named: the one way `type` (keyboard.py), `fill` (fill.py)
and a flow's replay (which dispatches those tools) put text into a page.

    ready = await focus_field(run, element_id, clear=True, first=True)
    landed = await type_keys(run, element_id, ready, "hello", clear=True)   # {"as_typed": True, ...}

Per character the key events a keyboard sends (keys.char_events: keyDown with the text, so the page
sees keydown, keypress, beforeinput, input; then keyUp); clearing is select all by the platform's keys
(Control+A on Linux) and Backspace, both as key events. The events go out pipelined (keys.send_keys):
typing costs about one round trip plus what the page does with each key. No faster path is taken:
`Input.insertText` skips every key event, and a page's key listeners cannot be seen from here (an
`onkeydown` property, a listener on a shadow root or an ancestor), so no test could say it is safe.

Keys go where they are sent (inpage/typing.js): the field is pressed where a click would press it when it
does not hold the focus (a person moves to another field by pressing it; a picker that closes on a press
outside it closes), focused by script only where no pointer reaches it, and a key check armed in page;
a key reaches the page only while the focus is the field's, or where the page passed it on while
handling one of ours (a date segment that moves to the next once full). If another element holds the
focus before typing, or takes it while the keys arrive (a datepicker that takes it back), the keys stop
there, the field is clicked as a person would click it, and the rest is typed once more; if the focus
still goes elsewhere, FOCUS_ELSEWHERE names the element holding it. Typed text never leaves the page:
the check answers only whether the field holds what was typed.

One second try, as a person makes it: a field whose page wrote letters or digits of its own into it while
the keys came (a picker that parses the text on each keyup and writes back its reading of the partial
text: "2" becomes "0002-01-01", and the rest is typed after it) is cleared by keys and given the text at
once, as a paste enters it, its last character as a key (`_at_once`). Not for a mask's punctuation nor a
length limit (typing.js `rewritten`): their per-key result stands, `as_typed` False.
"""

from __future__ import annotations

import contextlib
from typing import Any

from ..errors import BrowserxError, FocusElsewhereError
from .element import _mouse, _Run
from .keys import press_events, send_keys, typing_events


def _elsewhere(element_id: str, holder: dict[str, Any] | None) -> FocusElsewhereError:
    if holder:
        who = f'{holder.get("role") or holder.get("tag")} "{holder.get("name") or ""}"'
        if holder.get("element_id"):
            who += f" ({holder['element_id']})"
        message = f"{who} holds the keyboard focus: the keys for {element_id} were not sent to it"
    else:
        message = f"the keyboard focus left {element_id} while typing: the rest of the keys were not sent"
    return FocusElsewhereError(message, details={"focus": holder})


async def click_target(run: _Run, element_id: str) -> None:
    """What a person does when the keys went elsewhere: click the field (covered: ELEMENT_COVERED)."""
    where = await run.page("click", element_id, True)
    await _mouse(run.tab, *await run.point(where))


async def focus_field(run: _Run, element_id: str, clear: bool, *, first: bool = False) -> dict[str, Any]:
    """Focus the text field (or the editing host inside it), select its text when `clear`, arm the key
    check. A field that does not hold the focus is pressed first, as a person moves to it (typing.js
    prepareType says where, or focuses it by script where no pointer reaches it). Another element keeping
    the focus: the field is clicked once, then FOCUS_ELSEWHERE."""
    call = run.first if first else run.page
    ready = await call("prepareType", element_id, clear, False, True)
    if ready.get("press"):
        await _mouse(run.tab, *await run.point(ready))
        ready = await run.page("prepareType", element_id, clear, False, False)
        if "focus" in ready:  # pressed, and the page gave the focus to another element
            raise _elsewhere(element_id, ready["focus"])
    if "focus" in ready:
        await click_target(run, element_id)
        ready = await run.page("prepareType", element_id, clear, False)
        if "focus" in ready:
            raise _elsewhere(element_id, ready["focus"])
    return ready


def _events(ready: dict[str, Any], text: str) -> list[dict[str, Any]]:
    events = press_events("Control+a") + press_events("Backspace") if ready.get("clear") else []
    if not ready.get("lines"):  # a single-line field takes no line break: a person cannot type one into it
        text = text.replace("\r", "").replace("\n", "")
    return events + typing_events(text)


def _from_key(events: list[dict[str, Any]], key: int) -> list[dict[str, Any]]:
    """The events from the `key`-th key press on (the page counts keydowns)."""
    downs = [i for i, e in enumerate(events) if e["type"] in ("keyDown", "rawKeyDown")]
    return events[downs[key] :] if key < len(downs) else []


async def send_checked(run: _Run, events: list[dict[str, Any]], typed: str | None) -> dict[str, Any]:
    """Send the key events and collect the page's key check (armed by prepareType or focusKeys)."""
    try:
        await send_keys(run.tab.session, events)
    except BaseException:
        with contextlib.suppress(BrowserxError):
            await run.page("keysLanded", None)  # disarm: later keys must not be checked against this field
        raise
    try:
        return await run.page("keysLanded", typed)
    except BrowserxError:
        return {}  # the keys took the page away (a line break that submitted): nothing left to check


async def _at_once(run: _Run, element_id: str, text: str) -> dict[str, Any]:
    """The person's second try at a field the page rewrote while the keys came: its text selected and
    removed by keys, then entered at once (as a paste or an input method enters it: one insertion, no key
    per character) but for its last character, typed as a key, so that a page reading the field on keyup
    reads the whole text once. The key check's answer."""
    ready = await focus_field(run, element_id, True)
    clearing = press_events("Control+a") + press_events("Backspace") if ready.get("clear") else []
    try:
        await send_keys(run.tab.session, clearing)
        await run.tab.session.send("Input.insertText", {"text": text[:-1]})
    except BaseException:
        with contextlib.suppress(BrowserxError):
            await run.page("keysLanded", None)
        raise
    return await send_checked(run, typing_events(text[-1]), text)


async def type_keys(run: _Run, element_id: str, ready: dict[str, Any], text: str, clear: bool) -> dict[str, Any]:
    """Type `text` into the field `ready` (focus_field's answer) describes; the key check's answer."""
    events = _events(ready, text)
    typed = None if ready.get("keyed") else text
    landed = await send_checked(run, events, typed)
    if landed.get("rewritten") and clear and len(text) > 1 and not ready.get("lines"):
        again = await _at_once(run, element_id, text)
        return again if again.get("stopped") is None else landed
    if landed.get("stopped") is None:
        return landed
    # The focus went elsewhere while the keys arrived: click the field and type what did not land.
    await click_target(run, element_id)
    ready = await focus_field(run, element_id, clear)
    events = _events(ready, text) if clear else _from_key(events, landed["stopped"])
    again = await send_checked(run, events, typed)
    if again.get("stopped") is not None:
        raise _elsewhere(element_id, again.get("focus"))
    return again


async def _focus_keys(run: _Run, element_id: str, first: bool = False) -> dict[str, Any]:
    ready = await (run.first if first else run.page)("focusKeys", element_id)
    if "focus" in ready:
        await click_target(run, element_id)
        ready = await run.page("focusKeys", element_id)
        if "focus" in ready:
            raise _elsewhere(element_id, ready["focus"])
    return ready


async def press_at(run: _Run, element_id: str, events: list[dict[str, Any]]) -> None:
    """Press a key at the element id names: sent to the part of it that takes keys (itself, or its
    focusable part: a slider's thumb), checked to land there as typing is; once more after a click.
    An element with no focusable part gets the key wherever the focus is (a document-wide shortcut)."""
    ready = await _focus_keys(run, element_id, first=True)
    if ready.get("focusable") is False:
        await send_keys(run.tab.session, events)
        return
    landed = await send_checked(run, events, None)
    if landed.get("stopped") is None:
        return
    await click_target(run, element_id)
    await _focus_keys(run, element_id)
    again = await send_checked(run, events, None)
    if again.get("stopped") is not None:
        raise _elsewhere(element_id, again.get("focus"))

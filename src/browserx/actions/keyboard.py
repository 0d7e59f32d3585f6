"""Keyboard input by element id: type text into a field, press a key (at an element or wherever focus is).

    await type_text(tab, "tx_2", "hello\n")        # replaces the field's text, then Enter
    await keypress(tab, "Enter", element_id="tx_2")

The same run as every element action (element.py `_act`): the "cdp" strategy types as a keyboard does,
per character its key events (`Input.dispatchKeyEvent`, actions/typing.py, shared with fill), on the
tab's session, checked in page to land in the element named; "script" sets the value or dispatches
the key events in page.
"""

from __future__ import annotations

from typing import Any

from ..browser import Tab
from .dates import fill_date
from .element import _act, _Run
from .fill import _KIND, step_to
from .keys import key_event_params, press_events, press_key
from .settle import DEFAULT_SETTLE
from .typing import focus_field, press_at, type_keys


def _split_enter(text: str, submit: bool) -> tuple[str, bool]:
    if text.endswith("\n"):
        return text[:-1].removesuffix("\r"), True
    return text, submit


async def type_text(
    tab: Tab,
    element_id: str,
    text: str,
    *,
    clear: bool = True,
    submit: bool = False,
    strategy: str = "cdp",
    detail: bool = False,
    settle: float = DEFAULT_SETTLE,
) -> dict[str, Any]:
    """Replace (or append to) a text field's content. The text is never part of the result."""
    body_text, enter = _split_enter(text, submit)

    async def body(run: _Run) -> dict[str, Any]:
        if strategy == "script":
            await run.first("scriptType", element_id, body_text, clear, enter)
            return await run.done()
        # Typing goes where a user's would: a covered field is not refused, the cover may be a
        # placeholder label drawn over the input.
        ready = await focus_field(run, element_id, clear, first=True)
        if ready.get("date"):  # a date drawn as segments: its parts typed into them, as fill does
            kind = await run.frame.world.call(_KIND, element_id)
            await fill_date(run, element_id, kind.get("parts", []), body_text)
            if enter:
                await press_key(tab.session, "Enter")
            return await run.done()
        if ready.get("set_value"):  # a date/time/colour picker takes no typed text: set it in page
            kind = await run.frame.world.call(_KIND, element_id)
            if kind.get("kind") == "keys":  # a range input: moved by its arrow keys, as a person does
                await step_to(run, element_id, kind, body_text)
            else:
                await run.page("setValue", body_text)
            if enter:
                await press_key(tab.session, "Enter")
            return await run.done()
        landed = await type_keys(run, element_id, ready, body_text, clear)
        if enter:
            await press_key(tab.session, "Enter")
        # The field holds something else than what was typed (a mask, a length limit): say so, never what.
        if landed.get("as_typed") is False:
            return await run.done(value_as_typed=False)
        return await run.done()

    return await _act(tab, detail, body, element_id, settle)


async def keypress(
    tab: Tab,
    key: str,
    modifiers: int = 0,
    *,
    element_id: str | None = None,
    strategy: str = "cdp",
    detail: bool = False,
    settle: float = DEFAULT_SETTLE,
) -> dict[str, Any]:
    down, _ = key_event_params(key, modifiers)  # VALIDATION_ERROR before anything happens

    async def body(run: _Run) -> dict[str, Any]:
        if strategy == "script":
            await run.first("scriptKey", element_id or "", down["key"], down["code"], down["modifiers"])
            return await run.done()
        if element_id:  # to the part of it that takes keys, checked to land there
            await press_at(run, element_id, press_events(key, modifiers))
        else:
            await run.first("none")
            await press_key(tab.session, key, modifiers)
        return await run.done()

    return await _act(tab, detail, body, element_id, settle)

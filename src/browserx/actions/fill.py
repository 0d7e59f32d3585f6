"""Filling a whole form in one action: each field by the kind of control it is.

    await fill(tab, [{"element_id": "te_1", "value": "Ada"}, {"element_id": "ch_2", "value": True},
                     {"element_id": "co_3", "value": "Norway"}, {"element_id": "sl_4", "value": 70}])
    # {"success": True, "fields": [{"element_id": "te_1", "kind": "text", "done": "typed"}, ...], "effects": {...}}

Text fields, textareas and number inputs are typed into as a keyboard types (actions/typing.py, as `type`);
checkboxes, switches and radios are clicked when their state differs; selects, listboxes and
comboboxes pick by label or value (a list for a multi-select); range, date, time and colour inputs
get their value with input/change events; a date drawn as segments (month, day, year spinbuttons)
takes an ISO date, typed part by part into its segments (actions/dates.py); ARIA sliders and
spinbuttons are moved by arrow keys, and so is a slider drawn with no role on a tab stop (its value read off
the scale it shows, inpage/tracks.js); one only a pointer moves has its thumb dragged (actions/tracks.py);
a file input takes a list of paths. One effects baseline and
one summary for the whole form. It stops at the first failure, naming the field. Values never appear in the result.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError, ElementDisabledError, ElementReadonlyError, NodeNotFoundError, ValidationError
from .dates import fill_date
from .element import _act, _mouse, _Run
from .keys import press_key
from .options import OPTION_WAIT_MS
from .settle import DEFAULT_SETTLE
from .tracks import drag_thumb
from .typing import focus_field, type_keys
from .upload import checked_paths, set_files

MAX_KEY_STEPS = 500
KEY_WAIT_S = 1.0  # how long a widget may take to show a key's new value (redrawn every 300 ms; a loaded machine)
_NEXT_FRAME = "function() { return globalThis.__bxact.nextFrame(); }"
COMBO_SUGGESTION_MS = 1000  # how long an editable combobox may take to show its suggestions
_KIND = "function(id) { return globalThis.__bxact.fieldKind(id); }"  # inpage/fields.js
_KINDS = "function(ids) { return globalThis.__bxact.fieldKinds(ids); }"
_SET_VALUE = "function(id, text) { return globalThis.__bxact.setFieldValue(id, text); }"
_SELECT_MANY = "function(id, wanted) { return globalThis.__bxact.selectMany(id, wanted); }"


def _text(value: Any) -> str:
    if isinstance(value, (bool, list)):
        raise ValidationError("this field takes text (or a number)")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _without(message: str, value: Any) -> str:
    """`message` with the value it quotes (an option that is not there) left out: values never show."""
    for item in value if isinstance(value, list) else [value]:
        if isinstance(item, (str, int, float)) and not isinstance(item, bool):
            message = message.replace(f'"{_text(item)}"', '"…"')
    return message


async def _click(run: _Run, element_id: str | None) -> None:
    where = await run.page("click", element_id, True)
    await _mouse(run.tab, *await run.point(where))


async def _type(run: _Run, element_id: str, text: str) -> None:
    ready = await focus_field(run, element_id, True)
    if ready.get("set_value"):  # no caret (date, time, colour, range): the value is set in page
        await run.page("setValue", text)
        return
    await type_keys(run, element_id, ready, text, True)


async def _select(run: _Run, element_id: str, kind: dict[str, Any], value: Any) -> None:
    wanted = value if isinstance(value, list) else [value]
    if not wanted or not all(isinstance(w, (str, int, float)) and not isinstance(w, bool) for w in wanted):
        raise ValidationError("this field takes an option's label or value (a list for a multi-select)")
    wanted = [_text(w) for w in wanted]
    if kind.get("native") and kind.get("multiple") and not kind.get("drawn"):
        out = await run.frame.world.call(_SELECT_MANY, element_id, wanted)
        if out.get("error"):
            raise ValidationError(out["message"])
        return
    # A combobox or a popup's button says whether it takes several options only once its list is open: a list
    # given is picked, each pick checked (`_pick_many`); a combobox is opened first and asked (`_opened_many`).
    # An editable combobox is opened and asked too, but only one that says it takes one option (closed or open)
    # refuses the list before any pick: one that declares nothing may show that it takes several only by the
    # chip a pick makes (a tag input), so its picks are made and checked.
    if len(wanted) > 1 and not kind.get("multiple") and not kind.get("popup"):
        if not kind.get("opens") and not kind.get("combo"):
            raise ValidationError("this field takes one option")
        await _opened_many(run, element_id, wanted[0], undeclared_picks=bool(kind.get("combo")))
    if kind.get("drawn") and kind.get("multiple"):  # exactly these: the others removed by their remove buttons
        for value_of in (await run.page("unwanted", element_id, wanted))["options"]:
            await run.page("remover", element_id, value_of)
            await _click(run, None)
    # A popup's button always: its face tells what is chosen (an option clicked again may be taken out).
    if not kind.get("native") and (kind.get("multiple") or len(wanted) > 1 or kind.get("popup")):
        await _pick_many(run, element_id, wanted)
        return
    for option in wanted:  # as element.select: in page for <select>, by clicks for ARIA widgets and stand-ins
        out = await run.page("select", element_id, option)
        if out.get("open"):
            await _click(run, element_id)
            await run.page("awaitOption", element_id, option, OPTION_WAIT_MS)
            await _click(run, None)
        elif not out.get("done"):
            await _click(run, None)
        if out.get("drawn"):  # what the stand-in did is read back from the native select
            await run.page("selectedNow", element_id, option)
    if kind.get("drawn") and kind.get("multiple") and (await run.page("faceCovered", element_id))["covered"]:
        await _click(run, None)  # done picking: the backdrop its list left over the page pressed (inpage/chips.js)


async def _opened_many(run: _Run, element_id: str, first: str, *, undeclared_picks: bool = False) -> None:
    """A combobox that declares nothing while closed, given a list: opened as a person opens it (a click, then a
    bounded wait for its options), then what its open list declares or holds decides (inpage/chips.js
    tellsMany: `aria-multiselectable`, a hidden <select multiple>, options that are checkboxes). One that takes
    one option refuses the list before any pick, its popup closed again by Escape (nothing left open).
    `undeclared_picks` (an editable combobox): one that declares nothing either way is left open for the picks,
    each checked (`_pick_many`); only `aria-multiselectable="false"` refuses it here."""
    told = await run.page("tellsMany", element_id)
    if told["one"]:
        if told["open"]:
            await press_key(run.tab.session, "Escape")
        raise ValidationError("this field takes one option")
    if not told["open"]:
        await _click(run, element_id)
        try:
            await run.page("awaitOption", element_id, first, OPTION_WAIT_MS)
        except ValidationError:
            if (await run.page("tellsMany", element_id))["open"]:
                await press_key(run.tab.session, "Escape")
            raise
        told = await run.page("tellsMany", element_id)
    if not told["many"] and (told["one"] or not undeclared_picks):
        if told["open"]:
            await press_key(run.tab.session, "Escape")
        raise ValidationError("this field takes one option")


async def _pick_many(run: _Run, element_id: str, wanted: list[str]) -> None:
    """A combobox that takes several options (inpage/chips.js), as a person fills it: the chips of options
    left out removed by their own controls (with no chips, as in a select drawn as a button, clicked again in
    its list after the picks: `_drop_others`), then each wanted option not chosen yet picked from the list
    (opened when it is closed; clicking a chosen one again would take it out), each pick checked by what the
    widget shows after it (a chip, a tick in the list, its hidden select): one that keeps only the last pick
    takes one option (VALIDATION_ERROR). A list that stays open for more picks is closed by Escape at the end,
    as a person done picking closes it (it would cover what comes next)."""
    now = await run.page("chosen", element_id, wanted)
    for label in now["unwanted"]:
        await run.page("chipRemover", element_id, label)
        await _click(run, None)
    kept = list(now["chosen"])
    for option in wanted:
        if option in kept:
            continue
        out = await run.page("select", element_id, option)
        if out.get("open"):
            await _click(run, element_id)
            await run.page("awaitOption", element_id, option, OPTION_WAIT_MS)
        if not out.get("done"):
            await _click(run, None)
        kept.append(option)
        await run.page("keptAll", element_id, kept)
    await _drop_others(run, element_id, wanted)
    left_open = await run.page("listOpen", element_id)
    if left_open["open"] and left_open.get("accept"):  # a dialog of options: its OK keeps the picks, Escape drops them
        await _click(run, None)
    elif left_open["open"]:  # done picking: the list it left open closed
        await press_key(run.tab.session, "Escape")
        if left_open.get("toggles") and (await run.page("listOpen", element_id))["open"]:
            await _click(run, element_id)  # a menu that does not take Escape: closed by its face, as it opened


async def _drop_others(run: _Run, element_id: str, wanted: list[str]) -> None:
    """A dropdown with no chips whose face shows its choice (a button opening a popover, a select drawn as a
    button): the options it shows beyond `wanted` clicked again in its list, which takes them out, each checked
    gone from the face (inpage/chips.js faceOthers, ticked, dropped). After the picks: one that keeps one option
    has let the others go by then. Its list is opened first when the picks left it closed: only the list tells an
    option on the face from a prompt or a count."""
    others = await run.page("faceOthers", element_id, wanted)
    if others["closed"]:
        await _click(run, element_id)
        try:
            await run.page("awaitOption", element_id, wanted[0], OPTION_WAIT_MS)
        except ValidationError:
            return  # no list of its options shows: what the face says beyond them cannot be told apart
        others = await run.page("faceOthers", element_id, wanted)
    for label in others["labels"]:
        if (await run.page("ticked", element_id, label)).get("open"):  # the last click closed its list
            await _click(run, element_id)
            await run.page("awaitOption", element_id, label, OPTION_WAIT_MS)
        await _click(run, None)
        await run.page("dropped", element_id, label)


def _number(value: Any) -> float:
    try:
        return float(value) if not isinstance(value, (bool, list)) else math.nan
    except ValueError:
        return math.nan


async def step_to(run: _Run, element_id: str, kind: dict[str, Any], value: Any) -> None:
    """A slider or spinbutton: its part that takes keys focused, then moved by keys to the number.

    As a person moves it: Home or End for an end of its range, else one arrow key to learn its step, then
    as many as the rest of the way takes (a held key), then single keys to correct. Each key is checked by
    the value read back (a widget may write it a frame or a redraw later): a widget that does not move,
    or a single step past the number, is answered with VALIDATION_ERROR.
    """
    value = _number(value)
    if math.isnan(value):
        raise ValidationError("this field takes a number")
    lo, hi, step = kind.get("min"), kind.get("max"), kind.get("step")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValidationError(f"the number is outside {lo}..{hi}")
    if step and lo is not None and abs((value - lo) / step - round((value - lo) / step)) > 1e-9:
        raise ValidationError(f"the number is not on the slider's steps ({lo}, {lo + step}, …)")
    await run.page("focusKeys", element_id)
    try:

        async def read() -> float:
            return float((await run.frame.world.call(_KIND, element_id)).get("now", value))

        async def now(before: float | None = None, held: bool = False) -> float:
            # Read again, frame by frame, while the value still reads as before the key (up to KEY_WAIT_S).
            ends = time.monotonic() + KEY_WAIT_S
            got = await read()
            while got == before and time.monotonic() <= ends:
                await run.frame.world.call(_NEXT_FRAME)
                got = await read()
            # A held key's presses may show over several renders (a widget that redraws on its next frame, a
            # loaded machine): read on until a frame changes nothing, so the next count is not from midway.
            while held and got != before and time.monotonic() <= ends + KEY_WAIT_S:
                await run.frame.world.call(_NEXT_FRAME)
                again = await read()
                if again == got:
                    break
                got = again
            return got

        current = await now()
        if current != value and value in (lo, hi):
            await press_key(run.tab.session, "Home" if value == lo else "End")
            current = await now(current)
        pairs = [("ArrowRight", "ArrowLeft"), ("ArrowUp", "ArrowDown")]
        if kind.get("vertical"):
            pairs.reverse()
        arrows, arrow_step, presses = pairs[0], 0.0, 0
        while presses < MAX_KEY_STEPS and current != value:
            gap = abs(value - current)
            count = max(1, min(round(gap / arrow_step), MAX_KEY_STEPS - presses)) if arrow_step else 1
            for _ in range(count):
                await press_key(run.tab.session, arrows[0 if value > current else 1])
            presses += count
            after = await now(current, held=count > 1)
            if after == current and not arrow_step and arrows == pairs[0]:
                arrows = pairs[1]  # the other pair of arrows (a widget of the other orientation)
                continue
            if after == current:
                break
            arrow_step = arrow_step or abs(after - current)
            if count == 1 and (value - after) * (value - current) < 0:
                raise ValidationError("the number is between the widget's steps")
            current = after
        if current != value:
            raise ValidationError("the widget did not reach the number by its keys")
    finally:
        await run.page("keysLanded", None)  # the key check focusKeys armed (typing.js) ends with these keys


async def _set_value(run: _Run, element_id: str, text: str) -> None:
    out = await run.frame.world.call(_SET_VALUE, element_id, text)
    if out.get("error") == "ELEMENT_DISABLED":
        raise ElementDisabledError(f"{element_id} is disabled")
    if out.get("error") == "ELEMENT_READONLY":
        raise ElementReadonlyError(f"{element_id} is read-only")
    if out.get("error"):
        raise ValidationError(f"{element_id} refused the value (use its ISO form, e.g. 2030-01-31, 09:30, #336699)")


async def _fill_one(run: _Run, element_id: str, value: Any, kind: dict[str, Any]) -> str:
    name = kind.get("kind")
    if name == "gone":
        raise NodeNotFoundError(f"no element {element_id} on the current page; take a new snapshot")
    if name == "date":
        await fill_date(run, element_id, kind["parts"], value)
        return "typed"
    if kind.get("date") and isinstance(value, str) and "-" in value:  # a date's segment, given a whole date
        await fill_date(run, element_id, kind["date"], value)
        return "typed"
    if name == "text":
        await _type(run, element_id, _text(value))
        return "typed"
    if name in ("check", "radio"):
        if not isinstance(value, bool):
            raise ValidationError("a checkbox, switch or radio takes true or false")
        if name == "radio" and not value:
            raise ValidationError("a radio is unchecked by choosing another radio of its group")
        if kind.get("checked") != value:
            await _click(run, element_id)
        return "checked" if value else "unchecked"
    if name == "select":
        await _select(run, element_id, kind, value)
        return "selected"
    # Its options picked, as a select's (inpage/chips.js): a list given, or a combobox whose text does not filter
    # its list (a select's own field that takes no typing, inpage/controls.js filters).
    if name == "combo" and (isinstance(value, list) or not kind.get("typed", True)):
        await _select(run, element_id, {**kind, "combo": True}, value)
        return "selected"
    if name == "combo":  # type the text; pick the suggestion that matches it, if one shows up
        text = _text(value)
        await _type(run, element_id, text)
        try:
            found = await run.page("awaitOption", element_id, text, COMBO_SUGGESTION_MS) if text else {}
        except ValidationError:
            found = {}  # no suggestion matches: free text is the field's value
        if found.get("ok"):
            await _click(run, None)
            return "selected"
        return "typed"
    if name == "value":
        await _set_value(run, element_id, _text(value))
        return "set"
    if kind.get("drawnThumb") and not kind.get("scale") and kind.get("now") is None and name == "keys":
        raise ValidationError("the slider shows no scale to read its value by")
    if name == "keys":
        await step_to(run, element_id, kind, value)
        return "set"
    if name == "drag":  # a drawn slider only the pointer moves (inpage/tracks.js): its thumb dragged
        number = _number(value)
        if math.isnan(number):
            raise ValidationError("this field takes a number")
        await drag_thumb(run, element_id, kind, number)
        return "set"
    if name == "file":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValidationError("a file input takes a list of paths")
        await set_files(run, element_id, checked_paths(run.tab, value))
        return "uploaded"
    raise ValidationError(
        f"{element_id} is not a form field fill can set",
        hint="Fill text fields, checkboxes, radios, selects, sliders, date/time/colour and file inputs.",
    )


async def fill(
    tab: Tab, fields: list[dict[str, Any]], *, detail: bool = False, settle: float = DEFAULT_SETTLE
) -> dict[str, Any]:
    """Set every field in order; stop at the first failure (its error names the field)."""
    if not fields:
        raise ValidationError("fill needs at least one field", hint="Give fields: [{element_id, value}, ...].")
    outcomes: list[dict[str, Any]] = []

    async def body(run: _Run) -> dict[str, Any]:
        await run.first("none")
        kinds = await run.frame.world.call(_KINDS, [f["element_id"] for f in fields])
        for index, field in enumerate(fields):
            element_id = field["element_id"]
            try:
                done = await _fill_one(run, element_id, field["value"], kinds[index])
            except BrowserxError as exc:
                outcomes.append({"element_id": element_id, "error": exc.code})
                exc.message = f"field {index + 1} ({element_id}): {_without(exc.message, field['value'])}"
                exc.details.update({"field": index, "element_id": element_id, "fields": outcomes})
                raise
            outcomes.append({"element_id": element_id, "done": done})
        return await run.done(fields=outcomes)

    return await _act(tab, detail, body, fields[0]["element_id"], settle=settle)

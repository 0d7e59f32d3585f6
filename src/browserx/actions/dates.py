"""A date drawn as segments, filled as a person fills it: each part typed into its segment (issue 31, kind 1).

    await fill_date(run, "da_3", parts, "2026-05-20")   # parts: fieldKind's [{part, id, now, min, max}, ...]

The date entry and its segments are inpage/dates.js's (month, day and year spinbuttons that take digits in
their key handlers). The value is an ISO date (`YYYY-MM-DD`, or `YYYY-MM` for a field of month and year): a
date that does not exist, or a part outside the range its segment says, is refused before any key is sent
(VALIDATION_ERROR). Each part is typed as digits by the one typing helper (actions/typing.py), into its
segment, focused as a person focuses it (pressed when the focus is elsewhere): the year first, then the
month, then the day, so that no part is kept within a month or year the field held before (a day 30 under
a February). A part that already shows its number is left as it is, as a person leaves it (a
controlled field that is typed back to the number it held may keep the digits before the last). No
clearing keys: a segment takes typed digits afresh once focused, as date fields do (a
Backspace would only take one digit off a full year). Then every segment is read back (its
aria-valuenow, else the digits it shows), frame by frame up to KEY_WAIT_S: a segment that shows another
number is typed once more after Backspaces empty it; still another number is VALIDATION_ERROR naming the
part, never the value.
"""

from __future__ import annotations

import datetime
import re
import time
from typing import Any

from ..errors import ValidationError
from .element import _Run
from .keys import press_events, send_keys
from .typing import focus_field, type_keys

KEY_WAIT_S = 0.4  # as fill.py's: how long a widget may take to show what a key did
ORDER = ("year", "month", "day")
WIDTH = {"year": 4, "month": 2, "day": 2}
_KIND = "function(id) { return globalThis.__bxact.fieldKind(id); }"
_NEXT_FRAME = "function() { return globalThis.__bxact.nextFrame(); }"
_ISO = re.compile(r"^\s*(\d{4,})-(\d{1,2})(?:-(\d{1,2}))?\s*$")


def wanted_parts(value: Any, parts: list[dict[str, Any]]) -> dict[str, int]:
    """The number each segment's part is to show, from an ISO date; VALIDATION_ERROR when there is none."""
    names = {p["part"] for p in parts}
    found = _ISO.match(value) if isinstance(value, str) else None
    if not found or (found.group(3) is None and "day" in names):
        raise ValidationError("this date field takes an ISO date (YYYY-MM-DD)")
    year, month, day = int(found.group(1)), int(found.group(2)), int(found.group(3) or 1)
    try:
        datetime.date(year, month, day)
    except ValueError:
        raise ValidationError("no such date") from None
    numbers = {"year": year, "month": month, "day": day}
    out = {name: numbers[name] for name in ORDER if name in names}
    for part in parts:
        lo, hi, number = part.get("min"), part.get("max"), out[part["part"]]
        # A day's maximum follows the month the field holds now: the real date's check above stands for it.
        if part["part"] != "day" and ((lo is not None and number < lo) or (hi is not None and number > hi)):
            raise ValidationError(f"the {part['part']} is outside the field's range ({lo}..{hi})")
    return out


async def _shown(run: _Run, element_id: str, wanted: dict[str, int], stale: bool) -> dict[str, Any]:
    """The segments as they read now; while `stale` (keys just sent) and some part differs, read again each
    frame, up to KEY_WAIT_S (a widget may write a segment a frame or a redraw later)."""
    ends = time.monotonic() + KEY_WAIT_S
    while True:
        kind = await run.frame.world.call(_KIND, element_id)
        parts = kind.get("parts") if kind.get("kind") == "date" else kind.get("date")  # the entry, or a segment
        if not parts:
            raise ValidationError(f"{element_id} is no longer a date field")
        shown = {p["part"]: p for p in parts}
        if not stale or all(shown[name]["now"] == wanted[name] for name in wanted) or time.monotonic() > ends:
            return shown
        await run.frame.world.call(_NEXT_FRAME)


async def _type_part(run: _Run, segment_id: str, digits: str, empty_first: int = 0) -> None:
    ready = await focus_field(run, segment_id, False)
    if empty_first:  # the second try: Backspaces empty the segment, the key check armed by focus_field sees them
        await send_keys(run.tab.session, [e for _ in range(empty_first) for e in press_events("Backspace")])
    await type_keys(run, segment_id, ready, digits, False)


async def fill_date(run: _Run, element_id: str, parts: list[dict[str, Any]], value: Any) -> None:
    wanted = wanted_parts(value, parts)
    segment = {p["part"]: p["id"] for p in parts}
    now = {p["part"]: p["now"] for p in parts}
    for name in ORDER:
        if name in wanted and now[name] != wanted[name]:
            await _type_part(run, segment[name], str(wanted[name]).zfill(WIDTH[name]))
    shown = await _shown(run, element_id, wanted, True)
    wrong = [name for name in ORDER if name in wanted and shown[name]["now"] != wanted[name]]
    for name in wrong:
        await _type_part(run, segment[name], str(wanted[name]).zfill(WIDTH[name]), WIDTH[name] + 1)
    if wrong:
        shown = await _shown(run, element_id, wanted, True)
        wrong = [name for name in ORDER if name in wanted and shown[name]["now"] != wanted[name]]
    if wrong:
        raise ValidationError(
            f"the date field did not take the date: its {wrong[0]} shows another number",
            hint="Check the date is one the field allows (its range), or pick it in the field's calendar.",
        )

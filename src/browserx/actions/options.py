"""Choosing an option by label or value: a <select>, an ARIA listbox, a combobox, a select drawn over a hidden one.

    result = await select(tab, "co_3", "Norway")
    # {"success": True, "selected": "Norway", "effects": {...}, ...}

In page, `inpage/controls.js` picks the option (`select`; `selectedNow` and `showsNow` read back a stand-in's select
and a drawn select's face) and `inpage/element.js` `awaitOption` waits for an opened combobox's; the clicks are real
input, as element.py's click.
fill.py picks each option of a field the same way.
"""

from __future__ import annotations

from typing import Any

from ..browser import Tab
from ..errors import ValidationError
from . import visual
from .element import _act, _mouse, _Run
from .settle import DEFAULT_SETTLE

OPTION_WAIT_MS = 2000  # how long an opened combobox's options, or a drawn select's face, may take to show


async def select(
    tab: Tab,
    element_id: str,
    option: str,
    *,
    strategy: str = "cdp",
    detail: bool = False,
    visual_effect: bool = False,
    settle: float = DEFAULT_SETTLE,
) -> dict[str, Any]:
    """Choose an option by label or value: a <select>, an ARIA listbox, or a combobox (opened first)."""

    async def press(run: _Run, target: str | None) -> None:
        # None: the option chosen in page, the pending element of the call before.
        if strategy == "script":
            await run.page("scriptClick", target, 0, 1, 0)
            return
        x, y = await run.point(await run.page("click", target, True))
        await _mouse(tab, x, y)
        visual.maybe_ripple(tab, x, y, visual_effect)

    async def body(run: _Run) -> dict[str, Any]:
        out = await run.first("select", element_id, option)
        drawn, face = out.get("drawn"), out.get("face")  # read back after: a stand-in's select, a drawn select's face
        if out.get("open"):  # a closed combobox: open it like a user, then find the option
            await press(run, element_id)
            out = await run.page("awaitOption", element_id, option, OPTION_WAIT_MS)
        if not out.get("done"):
            await press(run, None)
        if drawn and not out.get("done"):
            await run.page("selectedNow", element_id, option)
        if face and not out.get("done"):
            try:
                await run.page("showsNow", element_id, out.get("selected") or option, OPTION_WAIT_MS)
            except ValidationError:
                # A press a popup let pass while it was still being presented: the option still shows, so a
                # person presses it again, once; what the face shows then decides.
                again = await run.page("select", element_id, option)
                if again.get("open") or again.get("done"):
                    raise
                await press(run, None)
                await run.page("showsNow", element_id, again.get("selected") or option, OPTION_WAIT_MS)
        return await run.done(selected=out.get("selected"))

    return await _act(tab, detail, body, element_id, settle)

"""browser_dom: read the page model, and act on its elements by element id."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from ..actions import element
from ..actions import drag as drag_actions, fill as fill_actions, upload as upload_actions
from ..browser import Tab
from ..actions.keys import modifier_bits, parse_key
from ..errors import ValidationError
from .base import Params, TabParams, Tool, ToolContext, ToolOutput, parse_duration

DESCRIPTION = """Read the current page as a compact model and act on its elements by id.

action=snapshot: the page's headings, landmarks, controls (each with an element_id such as "bu_3"), \
reader text and what is off screen. format "text" (default, compact) or "json". Cross-site iframes \
are left out (counted as "cross-origin frames") unless include_cross_origin_iframes=true. Form-field values are \
hidden unless include_values=true (passwords never shown). Take a snapshot first, and again after \
any action: every action invalidates the previous model (snapshotInvalidated), and ids of elements \
that went away stop working (NODE_NOT_FOUND).
Long text: max_text_chars (default 3000, up to 200000) from text_offset; the text's last line names \
the text_offset that reads on (later pieces are text only; text_changed=true: the page changed).
within: an element_id or a region (main, navigation, dialog = the topmost open dialog): that part only.
action=find: query (text or /regex/flags), max_results (default 20): matches in headings, controls and \
text, each with a snippet, its heading, the text_offset to read from, and a control's element_id (act on it at once).

Actions on one element (element_id from the latest snapshot):
- click: button left|right|middle, click_count 1-3 (2 = double click), modifiers {ctrl,shift,alt,meta}. \
Scrolls the element into view and clicks its visible centre. If something else lies on top (a cookie \
banner, a modal) it does not click and fails with ELEMENT_COVERED naming the cover: deal with the cover \
first. Disabled elements give ELEMENT_DISABLED, hidden ones ELEMENT_NOT_VISIBLE.
- type: text (up to 10,000 characters) into an input, textarea or contenteditable. Replaces the \
current content unless clear=false. Ends with Enter (submitting a form) if submit=true or the text \
ends with "\\n".
- keypress: key such as Enter, Escape, Tab, ArrowDown, PageDown, F5, a single character, or a \
combination like "Control+A"; modifiers as for click. With element_id the element is focused first; \
without, the key goes to whatever has focus.
- scroll: bring the element into view; block start|center|end|nearest (default start), inline \
(default nearest). Returns the new scroll position.
- select: option (its visible label or its value) in a <select>, an ARIA listbox or a combobox.
- hover: move the pointer over the element (menus, tooltips).
- upload: paths (list of files) into a file input (fi_), or the button/label that opens one.
- drag: element_id onto target_id (optional offset {x, y} from the target's top-left); works for \
drag-and-drop, sortable lists, sliders, splitters. With paths instead of element_id: drops files on target_id.
- fill: fields [{element_id, value}] in one call: text, true/false (checkbox, switch, radio), option \
label or value (a list for multi-select), number (slider, spinbutton), ISO text (date, time, color), \
paths (file input). Stops at the first failing field.

strategy "cdp" (default) sends real mouse and keyboard input. strategy "script" acts with in-page \
events instead (element.click(), value setting with input/change events): use it only when cdp \
fails on a page, e.g. a permanent invisible overlay. Every action returns effects: what visibly \
changed (url, new_tabs, dialogs, downloads, focus, dom_changed, controls_added/removed; dialog: one left \
open, answer it with browser_dialog); effects=true also compares every visible control before and after. \
Actions wait (settle, default 2s) for the requests they started and the re-render: \
settled=false names pending_requests."""

_NEEDS = {
    "click": ("element_id",), "type": ("element_id", "text"), "keypress": ("key",),
    "scroll": ("element_id",), "select": ("element_id", "option"), "hover": ("element_id",),
    "upload": ("element_id", "paths"), "drag": ("target_id",), "fill": ("fields",),
}
_HINTS = {
    "element_id": "Take a snapshot (action=snapshot) and pass the element_id of the control to act on.",
    "text": "Give the text to type (an empty string clears the field).",
    "key": "Give a key such as Enter, Escape, Tab, ArrowDown, a, or a combination like Control+A.",
    "option": "Give the option's visible label or its value.",
    "paths": "Give paths: a list of files under the allowed file roots.",
    "target_id": "Give target_id: the element to drop onto.",
    "fields": "Give fields: [{element_id, value}, ...].",
}
_NEEDS["find"] = ("query",)
_HINTS["query"] = "Give the text to find, or a regular expression as /pattern/flags."
Alignment = Literal["start", "center", "end", "nearest"]


class Modifiers(Params):
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False


class Offset(Params):
    x: float = Field(ge=0, le=100_000, description="CSS pixels from the target's left edge.")
    y: float = Field(ge=0, le=100_000, description="CSS pixels from the target's top edge.")


class FillField(Params):
    element_id: str = Field(min_length=1, max_length=64)
    value: str | float | bool | list[str] = Field(description="Text, true/false, number, option(s) or paths.")


class DomParams(TabParams):
    action: Literal["snapshot", "click", "type", "keypress", "scroll", "select", "hover", "find",
                    "upload", "drag", "fill"] = Field(
        description="What to do; see the tool description.")
    element_id: str | None = Field(default=None, min_length=1, max_length=64,
                                   description="Element id from the latest snapshot, e.g. 'bu_3'.")
    # snapshot
    format: Literal["text", "json"] = Field(default="text", description="snapshot: compact text or JSON.")
    include_values: bool = Field(default=False, description="snapshot: show form-field values (never passwords).")
    max_controls: int | None = Field(default=None, ge=1, le=5000, description="snapshot: most controls to list.")
    max_headings: int | None = Field(default=None, ge=1, le=1000, description="snapshot: most headings to list.")
    max_iframe_depth: int | None = Field(default=None, ge=0, le=5, description="snapshot: how deep to enter iframes.")
    include_cross_origin_iframes: bool | None = Field(
        default=None, description="snapshot: also list the controls of cross-site iframes (payment, login, "
                                  "consent widgets); their ids work like any other.")
    # snapshot: reading the whole page (paging, one part) and find
    max_text_chars: int | None = Field(default=None, ge=0, le=200_000,
                                       description="snapshot: reader text chars per piece (default 3000).")
    text_offset: int | None = Field(default=None, ge=0, description="snapshot: where the piece of reader text starts.")
    within: str | None = Field(default=None, min_length=1, max_length=200,
                               description="snapshot: element_id, region (main, navigation, ...) or dialog.")
    query: str | None = Field(default=None, min_length=1, max_length=1000, description="find: text or /regex/flags.")
    max_results: int = Field(default=20, ge=1, le=500, description="find: most matches to return.")
    # click
    button: Literal["left", "right", "middle"] = Field(default="left", description="click: mouse button.")
    click_count: int = Field(default=1, ge=1, le=3, description="click: 2 for a double click.")
    modifiers: Modifiers | None = Field(default=None, description="click/keypress: keys held down.")
    # type
    text: str | None = Field(default=None, max_length=10_000, description="type: the text to enter.")
    clear: bool = Field(default=True, description="type: replace the current content (false: append).")
    submit: bool = Field(default=False, description="type: press Enter afterwards.")
    # keypress
    key: str | None = Field(default=None, min_length=1, max_length=40,
                            description="keypress: e.g. Enter, Escape, Tab, ArrowDown, a, Control+A.")
    # scroll
    block: Alignment = Field(default="start", description="scroll: vertical alignment.")
    inline: Alignment = Field(default="nearest", description="scroll: horizontal alignment.")
    # select
    option: str | None = Field(default=None, min_length=1, max_length=1000,
                               description="select: the option's label or value.")
    # upload, drag, fill
    paths: list[str] | None = Field(default=None, min_length=1, max_length=100,
                                    description="upload/drag: files to upload or drop.")
    target_id: str | None = Field(default=None, min_length=1, max_length=64, description="drag: element to drop onto.")
    offset: Offset | None = Field(default=None, description="drag: point inside the target (default its centre).")
    fields: list[FillField] | None = Field(default=None, min_length=1, max_length=200,
                                           description="fill: [{element_id, value}].")
    strategy: Literal["cdp", "script"] = Field(default="cdp", description="cdp = real input (default); script = in-page events.")
    effects: bool = Field(default=False, description="Also diff every visible control before/after the action.")
    visual_effect: bool = Field(default=False, description="Draw a ripple where the pointer acted (for human viewers).")
    settle: str = Field(default="2s", pattern=r"^\s*\d+(\.\d+)?\s*(ms|s)?\s*$",
                        description="click/type/keypress/select: longest wait for the requests the action started "
                                    "and the page's re-render (settled in the result); '0s' skips it.")

    @model_validator(mode="after")
    def _required(self) -> DomParams:
        for name in _NEEDS.get(self.action, ()):
            if getattr(self, name) is None:  # raised as is: pydantic passes non-ValueErrors through
                raise ValidationError(f"browser_dom: {name} is required for action={self.action}",
                                      hint=_HINTS[name], details={"fields": [name]})
        if self.action == "drag" and (self.element_id is None) == (self.paths is None):
            raise ValidationError("browser_dom: drag needs element_id or paths (not both)",
                                  hint="Give element_id to drag an element, or paths to drop files.",
                                  details={"fields": ["element_id", "paths"]})
        if self.key is not None and self.action == "keypress":
            parse_key(self.key)  # an unknown key name fails here, listing the valid ones
        return self

    def settle_seconds(self) -> float:
        if float(self.settle.strip().removesuffix("ms").removesuffix("s") or 0) == 0:
            return 0.0
        return min(parse_duration(self.settle), 10.0)

    def modifier_bits(self) -> int:
        m = self.modifiers or Modifiers()
        return modifier_bits(ctrl=m.ctrl, shift=m.shift, alt=m.alt, meta=m.meta)


async def _snapshot(tab: Tab, params: DomParams) -> Any:
    from ..page.model import SnapshotOptions
    from ..page.render import llm_json, render_text
    from ..page.service import DomService
    wanted = {k: getattr(params, k) for k in ("include_values", "max_controls", "max_headings", "max_iframe_depth",
                                              "include_cross_origin_iframes") if getattr(params, k) is not None}
    wanted.update({k: getattr(params, k) for k in ("max_text_chars", "text_offset", "within")
                   if getattr(params, k) is not None})
    model = await DomService.of(tab).snapshot(SnapshotOptions(**wanted), fresh=True)
    loading = tab.load.pending  # the model shows what is there now; it says when more may come
    return render_text(model, loading=loading) if params.format == "text" else llm_json(model, loading=loading)


async def browser_dom(ctx: ToolContext, params: DomParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    async with tab.lock:
        data = await _run(tab, params)
    return ToolOutput(data, tab_id=tab.tab_id)


async def _run(tab: Tab, p: DomParams) -> Any:
    """One action; the validator guarantees each action's required fields are set."""
    common: dict[str, Any] = {"strategy": p.strategy, "detail": p.effects}
    settle = p.settle_seconds()
    if p.action == "snapshot":
        return await _snapshot(tab, p)
    if p.action == "find":
        from ..page.service import DomService
        return await DomService.of(tab).find(p.query or "", max_results=p.max_results,
                                             max_iframe_depth=p.max_iframe_depth if p.max_iframe_depth is not None else 1)
    if p.action == "click":
        return await element.click(tab, p.element_id or "", button=p.button, click_count=p.click_count,
                                   modifiers=p.modifier_bits(), visual_effect=p.visual_effect, settle=settle, **common)
    if p.action == "type":
        return await element.type_text(tab, p.element_id or "", p.text or "", clear=p.clear, submit=p.submit, settle=settle,
                                       **common)
    if p.action == "keypress":
        return await element.keypress(tab, p.key or "", p.modifier_bits(), element_id=p.element_id, settle=settle, **common)
    if p.action == "scroll":
        return await element.scroll(tab, p.element_id or "", block=p.block, inline=p.inline, detail=p.effects)
    if p.action == "select":
        return await element.select(tab, p.element_id or "", p.option or "", visual_effect=p.visual_effect, settle=settle,
                                    **common)
    if p.action == "hover":
        return await element.hover(tab, p.element_id or "", visual_effect=p.visual_effect, **common)
    if p.action in ("upload", "drag", "fill"):
        return await _hands(tab, p)
    raise ValidationError(f"unknown action {p.action!r}")


async def _hands(tab: Tab, p: DomParams) -> Any:
    """upload, drag and fill (actions/upload.py, drag.py, fill.py)."""
    offset = (p.offset.x, p.offset.y) if p.offset else None
    if p.action == "upload":
        return await upload_actions.upload(tab, p.element_id or "", p.paths or [], detail=p.effects,
                                            settle=p.settle_seconds())
    if p.action == "drag" and p.paths is not None:
        return await drag_actions.drag_files(tab, p.target_id or "", p.paths, offset=offset, detail=p.effects,
                                             settle=p.settle_seconds())
    if p.action == "drag":
        return await drag_actions.drag(tab, p.element_id or "", p.target_id or "", offset=offset, detail=p.effects,
                                       settle=p.settle_seconds())
    fields = [f.model_dump() for f in p.fields or []]
    return await fill_actions.fill(tab, fields, detail=p.effects, settle=p.settle_seconds())


TOOLS = [Tool("browser_dom", DESCRIPTION, DomParams, browser_dom, timeout_field=None)]

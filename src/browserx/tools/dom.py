"""browser_dom: read the page model, and act on its elements by element id."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, model_validator

from ..actions import drag as drag_actions, element, fill as fill_actions, keyboard, options, upload as upload_actions
from ..actions.keys import modifier_bits, parse_key
from ..actions.settle import first_render
from ..browser import Tab
from ..errors import BrowserxError, ValidationError
from ..page.handout import HandedOut, Handout, hand_out
from ..page.model import SnapshotOptions
from ..page.render import llm_json, render_text
from ..page.service import DomService
from .base import Hints, Needs, Tool, ToolContext, ToolOutput
from .params import Params, TabParams, parse_duration

DESCRIPTION = """The page model, and actions by element_id.
snapshot: headings, controls, text (go on at the text_offset its last line names); include_values \
(never passwords); within: element_id, region or dialog; since "last": changes since the last model \
(on actions: page).
find: query (text or /regex/) -> snippets, text_offsets, element_ids.
click; type: text (replaces unless clear=false; submit or trailing "\\n" = Enter); keypress: key \
(Enter, Control+A) to element_id or focus; scroll; select: option; hover; upload: paths to a file \
input or its button; drag: element_id or paths onto target_id; fill: fields (text, true/false, \
option, number, ISO date, paths).
strategy "script" only if "cdp" fails."""

# What every action on the page takes; `since`: the result's `page` is the page it leaves (as text).
_ACTING = ("strategy", "effects", "visual_effect", "settle", "since")
# The parameters that are SnapshotOptions fields (_options).
_MODEL_OPTIONS = (
    "include_values",
    "max_controls",
    "max_headings",
    "max_iframe_depth",
    "include_cross_origin_iframes",
    "max_text_chars",
    "text_offset",
    "within",
)
ACTIONS = {
    "snapshot": Needs(takes=("format", *_MODEL_OPTIONS, "since")),
    "find": Needs("query", takes=("max_results", "max_iframe_depth")),
    "click": Needs("element_id", takes=("button", "click_count", "modifiers", *_ACTING)),
    "type": Needs("element_id", "text", takes=("clear", "submit", *_ACTING)),
    "keypress": Needs("key", takes=("element_id", "modifiers", *_ACTING)),
    "scroll": Needs("element_id", takes=("block", "inline", *_ACTING)),
    "select": Needs("element_id", "option", takes=_ACTING),
    "hover": Needs("element_id", takes=_ACTING),
    "upload": Needs("element_id", "paths", takes=_ACTING),
    "drag": Needs("target_id", one_of=("element_id", "paths"), takes=("offset", *_ACTING)),
    "fill": Needs("fields", takes=_ACTING),
}
HINTS = {
    "element_id": "Take a snapshot (action=snapshot) and pass the element_id of the control to act on.",
    "text": "Give the text to type (an empty string clears the field).",
    "key": "Give a key such as Enter, Escape, Tab, ArrowDown, a, or a combination like Control+A.",
    "option": "Give the option's visible label or its value.",
    "paths": "Give paths: a list of files under the allowed file roots.",
    "target_id": "Give target_id: the element to drop onto.",
    "fields": "Give fields: [{element_id, value}, ...].",
    "query": "Give the text to find, or a regular expression as /pattern/flags.",
}
Alignment = Literal["start", "center", "end", "nearest"]


class Modifiers(Params):
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False


class Offset(Params):
    x: float = Field(ge=0, le=100_000)
    y: float = Field(ge=0, le=100_000)


class FillField(Params):
    element_id: str = Field(min_length=1, max_length=64)
    value: str | float | bool | list[str]


class DomParams(TabParams):
    action: Literal[
        "snapshot", "click", "type", "keypress", "scroll", "select", "hover", "find", "upload", "drag", "fill"
    ]
    element_id: str | None = Field(default=None, min_length=1, max_length=64)
    # snapshot
    format: Literal["text", "json"] = "text"
    include_values: bool = False
    max_controls: int | None = Field(default=None, ge=1, le=5000)
    max_headings: int | None = Field(default=None, ge=1, le=1000)
    max_iframe_depth: int | None = Field(default=None, ge=0, le=5)
    include_cross_origin_iframes: bool | None = None
    # snapshot: reading the whole page (paging, one part) and find
    max_text_chars: int | None = Field(default=None, ge=0, le=200_000)
    text_offset: int | None = Field(default=None, ge=0)
    within: str | None = Field(default=None, min_length=1, max_length=200)
    # snapshot, and every action for the page it leaves: only what changed since the last model handed out
    # "last" (the one value): the pattern is checked at dispatch, the schema says only "string" (fewer tokens)
    since: str | None = Field(default=None, pattern=r"^last$")
    query: str | None = Field(default=None, min_length=1, max_length=1000)
    max_results: int = Field(default=20, ge=1, le=500)
    # click
    button: Literal["left", "right", "middle"] = "left"
    click_count: int = Field(default=1, ge=1, le=3)
    modifiers: Modifiers | None = None
    # type
    text: str | None = Field(default=None, max_length=10_000)
    clear: bool = True
    submit: bool = False
    # keypress
    key: str | None = Field(default=None, min_length=1, max_length=40)
    # scroll
    block: Alignment = "start"
    inline: Alignment = "nearest"
    # select
    option: str | None = Field(default=None, min_length=1, max_length=1000)
    # upload, drag, fill
    paths: list[str] | None = Field(default=None, min_length=1, max_length=100)
    target_id: str | None = Field(default=None, min_length=1, max_length=64)
    offset: Offset | None = None
    fields: list[FillField] | None = Field(default=None, min_length=1, max_length=200)
    strategy: Literal["cdp", "script"] = "cdp"
    effects: bool = False
    visual_effect: bool = False  # a ripple where the pointer acted, for human viewers
    settle: str = Field(default="2s", pattern=r"^\s*\d+(\.\d+)?\s*(ms|s)?\s*$")

    @model_validator(mode="after")
    def _key(self) -> DomParams:
        # needed and stray fields are checked by the action table (ACTIONS) in dispatch
        if self.key is not None and self.action == "keypress":
            parse_key(self.key)  # an unknown key name fails here, listing the valid ones
        return self

    def settle_seconds(self) -> float:
        if float(self.settle.strip().removesuffix("ms").removesuffix("s") or 0) == 0:
            return 0.0
        return min(parse_duration(self.settle), 10.0)

    def modifier_bits(self) -> int:
        if self.modifiers is None:
            return 0
        m = self.modifiers
        return modifier_bits(ctrl=m.ctrl, shift=m.shift, alt=m.alt, meta=m.meta)


def _options(params: DomParams) -> SnapshotOptions:
    wanted = {k: getattr(params, k) for k in _MODEL_OPTIONS if getattr(params, k) is not None}
    return SnapshotOptions(**wanted)


async def _snapshot(
    tab: Tab, params: DomParams, options: SnapshotOptions, check: dict[str, Any] | None = None
) -> tuple[Any, Handout | None]:
    """The model (or its delta with `since`), and what was handed out; a later piece of the reader
    text is no model: it is neither numbered nor remembered. `check`: what the action said of the page
    model's changes (DomService.snapshot)."""
    if params.since and options.text_offset:
        raise ValidationError(
            "since compares whole models, not pieces of the reader text",
            hint="Leave out since to read on from text_offset.",
            details={"fields": ["since", "text_offset"]},
        )
    service = DomService.of(tab)
    # A single-page app's first render, not its "Loading...".
    since = params.since == "last"
    model, rendered = await first_render(
        tab, service.world, lambda: service.snapshot(options, fresh=True, since_last=since, check=check)
    )
    loading = tab.load.pending or not rendered  # the model shows what is there now; it says when more may come
    if model.continuation:
        return (
            render_text(model, loading=loading) if params.format == "text" else llm_json(model, loading=loading)
        ), None
    given = hand_out(
        tab, model, options, since=since, as_text=params.format == "text", loading=loading, patch=service.patch
    )
    return given.data, given


async def browser_dom(ctx: ToolContext, params: DomParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    async with tab.lock:
        if params.action == "snapshot":
            data, given = await _snapshot(tab, params, _options(params))
            return ToolOutput(
                data, tab_id=tab.tab_id, page=None if given is None else given.info(tab.tab_id, params.within)
            )
        data = await _run(tab, params, wants_page(params.since, ctx))
        given = await page_after(tab, params.since, ctx, data) if params.action != "find" else None
    return ToolOutput(data, tab_id=tab.tab_id, page=None if given is None else given.info(tab.tab_id, None))


_SINCE_LAST = DomParams(action="snapshot", since="last")  # the look after an action (read only)


def wants_page(since: str | None, ctx: ToolContext) -> bool:
    """Whether an action's result brings the page it leaves: asked (`since`), or the context's default."""
    return since == "last" or (since is None and ctx.page_deltas)


async def page_after(tab: Tab, since: str | None, ctx: ToolContext, data: Any) -> Handout | None:
    """After an action asked for it (`since`, or the context's default: the built-in agent's), the page it
    leaves, in `data["page"]`: its changes since the last whole-page model handed out, or the full model
    (a new document, ...). None when not asked, or when a dialog the action opened blocks the page.
    The action happened whatever the look gives: a look that fails says so in `page_error` instead."""
    check = data.pop("model_check", None) if isinstance(data, dict) else None
    if not wants_page(since, ctx) or not isinstance(data, dict):
        return None
    if (data.get("effects") or {}).get("dialog") or tab.dialogs.pending is not None:
        return None
    options = tab.state.setdefault(HandedOut, HandedOut).page_options()
    try:
        data["page"], given = await _snapshot(tab, _SINCE_LAST, options, check)
    except BrowserxError as exc:  # e.g. the document went away under the capture
        data["page_error"] = {"code": exc.code, "message": exc.message, "hint": exc.hint}
        return None
    return given


async def _run(tab: Tab, p: DomParams, look: bool = False) -> Any:
    """One action; the validator guarantees each action's required fields are set. `look`: the page it
    leaves is handed out next (a click then brings what changed in the page model)."""
    common: dict[str, Any] = {"strategy": p.strategy, "detail": p.effects}
    settle = p.settle_seconds()
    if p.action == "find":
        depth = p.max_iframe_depth if p.max_iframe_depth is not None else 1
        return await DomService.of(tab).find(p.query or "", max_results=p.max_results, max_iframe_depth=depth)
    if p.action == "click":
        return await element.click(
            tab,
            p.element_id or "",
            button=p.button,
            click_count=p.click_count,
            modifiers=p.modifier_bits(),
            visual_effect=p.visual_effect,
            settle=settle,
            look=look,
            **common,
        )
    if p.action == "type":
        return await keyboard.type_text(
            tab, p.element_id or "", p.text or "", clear=p.clear, submit=p.submit, settle=settle, **common
        )
    if p.action == "keypress":
        return await keyboard.keypress(
            tab, p.key or "", p.modifier_bits(), element_id=p.element_id, settle=settle, **common
        )
    if p.action == "scroll":
        return await element.scroll(tab, p.element_id or "", block=p.block, inline=p.inline, detail=p.effects)
    if p.action == "select":
        return await options.select(
            tab, p.element_id or "", p.option or "", visual_effect=p.visual_effect, settle=settle, **common
        )
    if p.action == "hover":
        return await element.hover(tab, p.element_id or "", visual_effect=p.visual_effect, **common)
    if p.action in ("upload", "drag", "fill"):
        return await _hands(tab, p)
    raise ValidationError(f"unknown action {p.action!r}")


async def _hands(tab: Tab, p: DomParams) -> Any:
    """upload, drag and fill (actions/upload.py, drag.py, fill.py)."""
    offset = (p.offset.x, p.offset.y) if p.offset else None
    if p.action == "upload":
        return await upload_actions.upload(
            tab, p.element_id or "", p.paths or [], detail=p.effects, settle=p.settle_seconds()
        )
    if p.action == "drag" and p.paths is not None:
        return await drag_actions.drag_files(
            tab, p.target_id or "", p.paths, offset=offset, detail=p.effects, settle=p.settle_seconds()
        )
    if p.action == "drag":
        return await drag_actions.drag(
            tab, p.element_id or "", p.target_id or "", offset=offset, detail=p.effects, settle=p.settle_seconds()
        )
    fields = [f.model_dump() for f in p.fields or []]
    return await fill_actions.fill(tab, fields, detail=p.effects, settle=p.settle_seconds())


TOOLS = [
    Tool(
        "browser_dom",
        DESCRIPTION,
        DomParams,
        browser_dom,
        timeout_field=None,
        actions=ACTIONS,
        hints=HINTS,
        annotations=Hints(),
    )
]

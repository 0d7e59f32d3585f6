"""page_screenshot (the spec's PageScreenShotTool) and browser_take_screenshot: thin declarations
over the `screenshots` package, which does the work."""

from __future__ import annotations

import contextlib
from typing import Literal

from pydantic import Field, model_validator

from .. import screenshots
from ..actions.keys import modifier_bits
from ..errors import BrowserxError
from ..screenshots.store import ScreenshotStore
from .base import Duration, Image, Params, TabParams, Tool, ToolContext, ToolOutput, duration_field

_OFFSET_LIMIT = 1_000_000


class Coordinates(Params):
    x: int = Field(ge=0, description="Pixels from the screenshot's left edge.")
    y: int = Field(ge=0, description="Pixels from the screenshot's top edge.")


class ScrollOffset(Params):
    x: int = Field(default=0, ge=-_OFFSET_LIMIT, le=_OFFSET_LIMIT, description="Positive scrolls right, negative left.")
    y: int = Field(default=0, ge=-_OFFSET_LIMIT, le=_OFFSET_LIMIT, description="Positive scrolls down, negative up.")


class KeyModifiers(Params):
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False


class ActionOptions(Params):
    button: Literal["left", "right", "middle"] = Field(default="left", description="Mouse button for click.")
    modifiers: KeyModifiers = Field(default_factory=KeyModifiers, description="Keys held during the action.")
    wait_after_action: int = Field(default=100, ge=0, le=10_000,
                                   description="Milliseconds to let the page react after the action (default 100).")


_NEEDS = {"click": ("coordinates",), "type": ("coordinates", "text"), "scroll": ("coordinates",),
          "keypress": ("key",), "screenshot": (), "drag": ("coordinates", "to")}
_ALLOWS = {"screenshot": {"scroll_offset", "marks"}, "click": {"coordinates"}, "type": {"coordinates", "text"},
           "scroll": {"coordinates", "scroll_offset"}, "keypress": {"key"}, "drag": {"coordinates", "to"}}
_OPTIONAL_FIELDS = ("coordinates", "text", "key", "scroll_offset", "marks", "to")


class PageScreenshotParams(TabParams):
    action: Literal["screenshot", "click", "type", "scroll", "keypress", "drag"]
    coordinates: Coordinates | None = Field(
        default=None, description="Point in the last screenshot's pixels. Required for click, type and scroll.")
    text: str | None = Field(default=None, max_length=10_000, description="Text to type (type only).")
    key: str | None = Field(default=None, min_length=1, max_length=64,
                            description="DOM key name for keypress: 'Enter', 'Escape', 'ArrowDown', 'a', 'Control+A'.")
    scroll_offset: ScrollOffset | None = Field(
        default=None, description="screenshot: scroll by this much first (relative, clamped at the page edges). "
                                  "scroll: the amount to scroll at coordinates. In screenshot pixels.")
    marks: bool | None = Field(default=None, description="screenshot: draw element ids on the controls, to act "
                                                         "on them with browser_dom.")
    to: Coordinates | None = Field(default=None, description="drag: where to release, in screenshot pixels.")
    options: ActionOptions | None = None

    @model_validator(mode="after")
    def _fields_fit_action(self) -> PageScreenshotParams:
        missing = [f for f in _NEEDS[self.action] if getattr(self, f) is None]
        if missing:
            raise ValueError(f"action {self.action} needs {' and '.join(missing)}")
        stray = [f for f in _OPTIONAL_FIELDS if getattr(self, f) is not None and f not in _ALLOWS[self.action]]
        if stray:
            raise ValueError(f"action {self.action} takes no {', '.join(stray)}")
        return self


async def page_screenshot(ctx: ToolContext, params: PageScreenshotParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    options = params.options or ActionOptions()
    if params.action == "screenshot":
        offset = (params.scroll_offset.x, params.scroll_offset.y) if params.scroll_offset else None
        try:
            data, stored = await screenshots.screenshot(tab, scroll_offset=offset, marks=bool(params.marks))
        except BaseException:
            _forget_screenshot(tab)
            raise
        return ToolOutput(data, images=[Image(stored.png, "image/png", str(stored.path))], tab_id=tab.tab_id)
    point = params.coordinates
    if params.action == "drag" and point is not None and params.to is not None:
        data = await screenshots.drag(tab, point.x, point.y, params.to.x, params.to.y)
        return ToolOutput(data, tab_id=tab.tab_id)
    modifiers = options.modifiers
    data = await screenshots.act(
        tab, params.action, x=point.x if point else None, y=point.y if point else None, text=params.text,
        key=params.key, scroll_offset=(params.scroll_offset.x, params.scroll_offset.y) if params.scroll_offset
        else None, button=options.button, wait_after_action=options.wait_after_action,
        modifiers=modifier_bits(modifiers.ctrl, modifiers.shift, modifiers.alt, modifiers.meta))
    return ToolOutput(data, tab_id=tab.tab_id)


def _forget_screenshot(tab) -> None:
    """Spec lifecycle: Capturing --[fails]--> None. No file outlives a failed capture."""
    with contextlib.suppress(BrowserxError, OSError):
        ScreenshotStore.of(tab.conversation).clear()


class TakeScreenshotParams(TabParams):
    selector: str | None = Field(default=None, min_length=1, max_length=4096,
                                 description="CSS selector of an element to capture alone.")
    element_id: str | None = Field(default=None, min_length=1, max_length=64,
                                   description="Element id from browser_dom snapshot to capture alone.")
    timeout: Duration = duration_field("15s", "Timeout, e.g. '15s'.")

    @model_validator(mode="after")
    def _one_target(self) -> TakeScreenshotParams:
        if self.selector is not None and self.element_id is not None:
            raise ValueError("give selector or element_id, not both")
        return self


async def take_screenshot(ctx: ToolContext, params: TakeScreenshotParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    try:
        data, stored = await screenshots.element_screenshot(tab, selector=params.selector,
                                                            element_id=params.element_id, timeout=params.timeout)
    except BaseException:
        _forget_screenshot(tab)
        raise
    return ToolOutput(data, images=[Image(stored.png, "image/png", str(stored.path))], tab_id=tab.tab_id)


TOOLS = [
    Tool("page_screenshot",
         "See the page as pixels and act by coordinates, when the page model (browser_dom) is not enough: "
         "canvas, maps, charts, unlabelled icons. action=screenshot returns a PNG of the viewport (optionally "
         "after scroll_offset; marks=true draws element ids usable with browser_dom). click, type, scroll take "
         "coordinates {x, y} in that screenshot's pixels (the tool maps them to the page using the returned "
         "scale); drag presses at coordinates and releases at to; keypress sends a key to the focused element. "
         "Take a new screenshot after the page changes.",
         PageScreenshotParams, page_screenshot, timeout_field=None),
    Tool("browser_take_screenshot",
         "Screenshot of the viewport, or of one element (selector or element_id; scrolled into view and clipped "
         "to its box). PNG, resized to the model's image limits.",
         TakeScreenshotParams, take_screenshot),
]

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
from .base import Hints, Image, Needs, Tool, ToolContext, ToolOutput
from .params import Duration, Params, TabParams, duration_field

_OFFSET_LIMIT = 1_000_000


class Coordinates(Params):
    x: int = Field(ge=0)
    y: int = Field(ge=0)


class ScrollOffset(Params):
    x: int = Field(default=0, ge=-_OFFSET_LIMIT, le=_OFFSET_LIMIT)
    y: int = Field(default=0, ge=-_OFFSET_LIMIT, le=_OFFSET_LIMIT)


class KeyModifiers(Params):
    ctrl: bool = False
    shift: bool = False
    alt: bool = False
    meta: bool = False


class ActionOptions(Params):
    button: Literal["left", "right", "middle"] = "left"
    modifiers: KeyModifiers = Field(default_factory=KeyModifiers)
    wait_after_action: int = Field(default=100, ge=0, le=10_000, description="ms")


ACTIONS = {
    "screenshot": Needs(takes=("scroll_offset", "marks")),
    "click": Needs("coordinates"),
    "type": Needs("coordinates", "text"),
    "scroll": Needs("coordinates", takes=("scroll_offset",)),
    "keypress": Needs("key"),
    "drag": Needs("coordinates", "to"),
}
HINTS = {
    "coordinates": "Give coordinates {x, y} in the last screenshot's pixels (take one first).",
    "text": "Give the text to type.",
    "key": "Give a key such as Enter, Escape, ArrowDown, a, Control+A.",
    "to": "Give to {x, y}: where to release, in screenshot pixels.",
}

PAGE_SCREENSHOT = """Viewport pixels, to act by coordinates.
screenshot (scroll_offset first; marks=true draws element_ids); click, type, scroll (scroll_offset) \
at coordinates; drag coordinates to `to`; keypress: key to the focus."""


class PageScreenshotParams(TabParams):
    action: Literal["screenshot", "click", "type", "scroll", "keypress", "drag"]
    coordinates: Coordinates | None = None
    text: str | None = Field(default=None, max_length=10_000)
    key: str | None = Field(default=None, min_length=1, max_length=64)
    scroll_offset: ScrollOffset | None = None
    marks: bool | None = None
    to: Coordinates | None = None
    options: ActionOptions | None = None


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
        tab,
        params.action,
        x=point.x if point else None,
        y=point.y if point else None,
        text=params.text,
        key=params.key,
        scroll_offset=(params.scroll_offset.x, params.scroll_offset.y) if params.scroll_offset else None,
        button=options.button,
        wait_after_action=options.wait_after_action,
        modifiers=modifier_bits(modifiers.ctrl, modifiers.shift, modifiers.alt, modifiers.meta),
    )
    return ToolOutput(data, tab_id=tab.tab_id)


def _forget_screenshot(tab) -> None:
    """Spec lifecycle: Capturing --[fails]--> None. No file outlives a failed capture."""
    with contextlib.suppress(BrowserxError, OSError):
        ScreenshotStore.of(tab.conversation).clear()


class TakeScreenshotParams(TabParams):
    selector: str | None = Field(default=None, min_length=1, max_length=4096)
    element_id: str | None = Field(default=None, min_length=1, max_length=64)
    timeout: Duration = duration_field("15s")

    @model_validator(mode="after")
    def _one_target(self) -> TakeScreenshotParams:
        if self.selector is not None and self.element_id is not None:
            raise ValueError("give selector or element_id, not both")
        return self


async def take_screenshot(ctx: ToolContext, params: TakeScreenshotParams) -> ToolOutput:
    tab = await ctx.tab(params.tab_id)
    try:
        data, stored = await screenshots.element_screenshot(
            tab, selector=params.selector, element_id=params.element_id, timeout=params.timeout
        )
    except BaseException:
        _forget_screenshot(tab)
        raise
    return ToolOutput(data, images=[Image(stored.png, "image/png", str(stored.path))], tab_id=tab.tab_id)


TOOLS = [
    Tool(
        "page_screenshot",
        PAGE_SCREENSHOT,
        PageScreenshotParams,
        page_screenshot,
        timeout_field=None,
        actions=ACTIONS,
        hints=HINTS,
        common=("tab_id", "options"),
        annotations=Hints(),
    ),
    Tool(
        "browser_take_screenshot",
        "PNG of the viewport, or of one element (selector or element_id).",
        TakeScreenshotParams,
        take_screenshot,
        annotations=Hints(read_only=True, idempotent=True),
    ),
]

"""browser_wait: wait for text, an element's state, the URL, a quiet network, or a time."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..actions import waiting
from ..errors import ValidationError
from .base import Hints, Tool, ToolContext, ToolOutput
from .params import Duration, TabParams, duration_field

MAX_WAIT = 60.0
KINDS = ("text", "text_gone", "element_id", "url", "network_idle", "time")

DESCRIPTION = """Wait for: text (shown, any case), text_gone, element_id (state; visible), url \
(substring or glob), network_idle or time. timeout 10s, max 60s."""


class WaitParams(TabParams):
    text: str | None = Field(default=None, min_length=1, max_length=1000)
    text_gone: str | None = Field(default=None, min_length=1, max_length=1000)
    element_id: str | None = Field(default=None, min_length=1, max_length=64)
    state: Literal["visible", "hidden", "enabled", "disabled", "gone"] | None = None
    url: str | None = Field(default=None, min_length=1, max_length=2000)
    network_idle: bool | None = None
    time: Duration | None = None
    timeout: Duration = duration_field("10s")

    @model_validator(mode="after")
    def _one_kind(self) -> WaitParams:
        given = [k for k in KINDS if getattr(self, k) not in (None, False)]
        if len(given) != 1:
            raise ValidationError(
                f"browser_wait takes exactly one of {', '.join(KINDS)}; got {len(given)}",
                hint="Pass one condition, e.g. text='Results'.",
                details={"fields": given or list(KINDS)},
            )
        if self.state is not None and self.element_id is None:
            raise ValidationError(
                "state goes with element_id",
                hint="Add the element_id of the element to watch.",
                details={"fields": ["state"]},
            )
        for name in ("timeout", "time"):
            if (getattr(self, name) or 0) > MAX_WAIT:
                raise ValidationError(
                    f"{name} is at most 60s", hint="Wait in steps of at most 60s.", details={"fields": [name]}
                )
        return self


async def browser_wait(ctx: ToolContext, p: WaitParams) -> ToolOutput:
    tab = await ctx.tab(p.tab_id)
    if p.text is not None or p.text_gone is not None:
        data = await waiting.wait_text(tab, p.text or p.text_gone or "", gone=p.text is None, timeout=p.timeout)
    elif p.element_id is not None:
        data = await waiting.wait_element(tab, p.element_id, p.state or "visible", timeout=p.timeout)
    elif p.url is not None:
        data = await waiting.wait_url(tab, p.url, timeout=p.timeout)
    elif p.network_idle:
        data = await waiting.wait_network_idle(tab, timeout=p.timeout)
    else:
        data = await waiting.wait_time(p.time or 0.0)
    return ToolOutput(data, tab_id=tab.tab_id)


# timeout_field None: the call's bound is the default 60 s (+5), which covers time and timeout alike.
TOOLS = [
    Tool(
        "browser_wait",
        DESCRIPTION,
        WaitParams,
        browser_wait,
        timeout_field=None,
        annotations=Hints(read_only=True, open_world=False),
    )
]

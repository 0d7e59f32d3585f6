"""browser_dialog: answer the alert, confirm, prompt or beforeunload dialog open on the tab."""

from __future__ import annotations

from pydantic import Field

from ..actions.effects import EffectWatch
from .base import Hints, Tool, ToolContext, ToolOutput
from .params import TabParams

DESCRIPTION = """Answer the open dialog: accept=true is OK (beforeunload: leave), false Cancel; \
prompt_text for a prompt."""


class DialogParams(TabParams):
    accept: bool
    prompt_text: str | None = Field(default=None, max_length=10_000)


async def browser_dialog(ctx: ToolContext, p: DialogParams) -> ToolOutput:
    tab = await ctx.tab(p.tab_id, allow_dialog=True)
    watch = EffectWatch(tab)  # accepting a beforeunload lets the navigation go on: follow it
    try:
        answered = await tab.dialogs.answer(p.accept, p.prompt_text)
        if answered["type"] == "beforeunload" and p.accept:
            watch.navigation_started()
        await watch.settle()
    finally:
        watch.close()
    return ToolOutput({"answered": answered, "effects": watch.summary()}, tab_id=tab.tab_id)


TOOLS = [Tool("browser_dialog", DESCRIPTION, DialogParams, browser_dialog, timeout_field=None, annotations=Hints())]

"""browser_dialog: answer the alert, confirm, prompt or beforeunload dialog open on the tab."""

from __future__ import annotations

from pydantic import Field

from ..actions.effects import EffectWatch
from .base import TabParams, Tool, ToolContext, ToolOutput

DESCRIPTION = """Answer the dialog (alert, confirm, prompt, beforeunload) an action left open \
(reported as effects.dialog, or DIALOG_OPEN). accept=true is OK (for beforeunload: leave the page), \
false is Cancel; prompt_text is the answer typed into a prompt. Returns what was answered and its effects."""


class DialogParams(TabParams):
    accept: bool = Field(description="true = OK / leave, false = Cancel / stay.")
    prompt_text: str | None = Field(default=None, max_length=10_000, description="For a prompt: the text to answer.")


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


TOOLS = [Tool("browser_dialog", DESCRIPTION, DialogParams, browser_dialog, timeout_field=None)]

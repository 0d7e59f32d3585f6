"""browser_dialog: answer the alert, confirm, prompt or beforeunload dialog open on the tab."""

from __future__ import annotations

from pydantic import Field

from ..actions.effects import EffectWatch, navigation_started
from ..actions.settle import DEFAULT_SETTLE, settle
from ..browser.dialogs import DialogOpened, first_or_dialog
from ..page.world import PageWorld
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
    mark, another = tab.load.mark(), None
    upcoming = tab.dialogs.opened(next_one=True)  # the page may open the next one as soon as it is answered
    try:
        try:
            answered = await tab.dialogs.answer(p.accept, p.prompt_text)
        except BaseException:
            upcoming.cancel()
            raise
        world = PageWorld.of(tab)
        # A confirm's OK lets the submit that asked it go on: the page says so once that has run
        # (or opens the next dialog first, which the page waits in).
        started = await first_or_dialog(navigation_started(world), upcoming)
        if isinstance(started, DialogOpened):
            another = started.dialog
        elif started or (answered["type"] == "beforeunload" and p.accept):
            watch.navigation_started()
        else:
            await settle(tab, world, mark, DEFAULT_SETTLE)  # the requests the answer started
        await watch.settle()
    finally:
        watch.close()
    effects = watch.summary()
    if another is not None:
        effects["dialog"] = another
    return ToolOutput({"answered": answered, "effects": effects}, tab_id=tab.tab_id)


TOOLS = [Tool("browser_dialog", DESCRIPTION, DialogParams, browser_dialog, timeout_field=None, annotations=Hints())]

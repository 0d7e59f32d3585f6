"""browser_storage_state: save or load the conversation's cookies and localStorage (a login)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..browser.files import allowed_path
from ..browser.storage import load_state, read_state_file, save_state, write_state_file
from .base import Hints, Needs, Tool, ToolContext
from .params import Params


class StorageStateParams(Params):
    action: Literal["save", "load"]
    path: str = Field(min_length=1, max_length=4096)


async def storage_state(ctx: ToolContext, params: StorageStateParams) -> dict:
    conversation = await ctx.conversation()
    roots = conversation.file_roots()
    if params.action == "save":
        path = allowed_path(params.path, roots, must_exist=False)
        state = await save_state(conversation)
        write_state_file(path, state)
        return {"path": str(path), "cookies": len(state["cookies"]), "origins": [o["origin"] for o in state["origins"]]}
    path = allowed_path(params.path, roots)
    loaded = await load_state(conversation, read_state_file(path))
    return {"path": str(path), **loaded}


TOOLS = [
    Tool(
        "browser_storage_state",
        "Save cookies and localStorage to a Playwright storageState file, or load one.",
        StorageStateParams,
        storage_state,
        timeout_field=None,
        actions={"save": Needs(), "load": Needs()},
        common=("path",),
        annotations=Hints(destructive=True, open_world=False),
    ),
]

"""browser_storage_state: save or load the conversation's cookies and localStorage (a login), or its
steps as a flow (save_flow) and replay one (run_flow)."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any, Literal

from pydantic import Field

from ..browser.files import allowed_path
from ..browser.storage import load_state, read_state_file, save_state, write_state_file
from ..errors import ValidationError
from .base import Hints, Needs, Tool, ToolContext
from .flows import FlowLog, Replay, load_flow, parse_params, save_flow
from .params import Params

# Every token counts (all declarations within 3,500): params is one string, "name=value", several
# joined by "&" (URL-encoded), or a JSON object.
DESCRIPTION = """Save/load cookies and localStorage (storageState file); save_flow: the steps so far; run_flow \
replays one (params name=value)."""


class StorageStateParams(Params):
    action: Literal["save", "load", "save_flow", "run_flow"]
    path: str = Field(min_length=1, max_length=4096)
    params: str | None = Field(default=None, max_length=100_000)


async def storage_state(ctx: ToolContext, params: StorageStateParams) -> dict[str, Any]:
    conversation = await ctx.conversation()
    roots = conversation.file_roots()
    if params.action == "save_flow":
        path = allowed_path(params.path, roots, must_exist=False)
        flow = FlowLog.of(conversation).flow()
        save_flow(flow, path)
        return {"path": str(path), "steps": len(flow.steps), "params": list(flow.params)}
    if params.action == "run_flow":
        return await _run_flow(ctx, allowed_path(params.path, roots), params.params)
    if params.action == "save":
        path = allowed_path(params.path, roots, must_exist=False)
        state = await save_state(conversation)
        write_state_file(path, state)
        return {"path": str(path), "cookies": len(state["cookies"]), "origins": [o["origin"] for o in state["origins"]]}
    path = allowed_path(params.path, roots)
    loaded = await load_state(conversation, read_state_file(path))
    return {"path": str(path), **loaded}


async def _run_flow(ctx: ToolContext, path: Any, given: str | None) -> dict[str, Any]:
    """Replay the flow in this conversation; its steps are dispatched nested (this call holds the conversation)."""
    flow = load_flow(path)
    values = flow.resolve(_params(given))
    assert ctx.registry is not None  # set by dispatch
    replay = Replay(flow, ctx.registry, ctx.manager, ctx.conversation_id or "", values=values, nested=True)
    report = await replay.run()
    return {"path": str(path), **report.summary(), "lines": [o.line() for o in report.outcomes]}


def _params(given: str | None) -> dict[str, str]:
    text = (given or "").strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            values = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValidationError(f"params is not a JSON object: {exc.msg}") from None
        if isinstance(values, dict) and all(isinstance(v, str) for v in values.values()):
            return values
        raise ValidationError("params as JSON is an object of strings", details={"fields": ["params"]})
    if "&" not in text:
        return parse_params([text])  # one name=value, taken as written
    return parse_params([urllib.parse.unquote_plus(pair) for pair in text.split("&")])


TOOLS = [
    Tool(
        "browser_storage_state",
        DESCRIPTION,
        StorageStateParams,
        storage_state,
        timeout_field=None,
        actions={"save": Needs(), "load": Needs(), "save_flow": Needs(), "run_flow": Needs(takes=("params",))},
        common=("path",),
        annotations=Hints(destructive=True),  # run_flow visits the web
    ),
]

"""Issue 17.4: the tool surface is pinned, and every multi-action tool follows one convention.

The golden file holds what clients see (names, descriptions, schemas, MCP annotations) and the
action tables dispatch checks. A change to the surface must be deliberate: regenerate it with

    PYTHONPATH=src python scripts/gen_tool_docs.py --golden

and review the diff of tests/tools/tool_surface.json. Convention (tools/base.py `Needs`): a field an
action needs and lacks is VALIDATION_ERROR naming it (details.fields) with a hint; a field given that
the action does not take is refused the same way, unless it carries the field's default value.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Literal

import pytest

from browserx.mcp_server import build_server
from browserx.tools import TabParams, Tool, default_registry
from browserx.tools.base import Hints, Needs

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "tools" / "tool_surface.json"


def _script():
    spec = importlib.util.spec_from_file_location("gen_tool_docs", ROOT / "scripts" / "gen_tool_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tool_surface_matches_the_golden_file():
    current = json.loads(_script().golden_text())
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert [t["name"] for t in current["tools"]] == [t["name"] for t in golden["tools"]], (
        "the tool list changed: run scripts/gen_tool_docs.py --golden and review the diff"
    )
    for now, pinned in zip(current["tools"], golden["tools"]):
        assert now == pinned, f"{now['name']} changed: run scripts/gen_tool_docs.py --golden and review the diff"


def test_every_multi_action_tool_declares_its_action_table():
    for tool in default_registry().tools.values():
        if "action" in tool.params.model_fields:
            assert tool.actions is not None, tool.name


async def test_mcp_tools_list_carries_every_tools_annotations():
    registry = default_registry()
    server = build_server(registry)
    try:
        # as sent (the spec's camelCase names, for both majors of the SDK)
        listed = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in server.tool_list()]
    finally:
        await server.aclose()
    assert len(listed) == len(registry.tools)
    for declared in listed:
        hints = declared["annotations"]
        assert hints == registry.tools[declared["name"]].annotations.to_mcp(), declared["name"]
        assert set(hints) == {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"}
    by_name = {t["name"]: t["annotations"] for t in listed}
    assert by_name["browser_recent_console_logs"]["readOnlyHint"] is True
    assert by_name["browser_dom"]["readOnlyHint"] is False and by_name["browser_tabs"]["destructiveHint"] is True


@pytest.mark.parametrize(
    "tool, arguments, field",
    [
        ("browser_dom", {"action": "click"}, "element_id"),
        ("browser_dom", {"action": "type", "element_id": "in_1"}, "text"),
        ("browser_dom", {"action": "find"}, "query"),
        ("browser_dom", {"action": "drag", "element_id": "li_1"}, "target_id"),
        ("page_screenshot", {"action": "drag", "coordinates": {"x": 1, "y": 1}}, "to"),
        ("browser_tabs", {"action": "close"}, "tab_id"),
    ],
)
async def test_a_missing_field_is_a_validation_error_naming_it_with_a_hint(ctx, tool, arguments, field):
    result = await default_registry().dispatch(tool, arguments, ctx)
    assert result.code == "VALIDATION_ERROR" and result.error["details"]["fields"] == [field]
    assert result.error["hint"] and result.action == arguments["action"]


@pytest.mark.parametrize(
    "tool, arguments, stray",
    [
        ("browser_dom", {"action": "snapshot", "element_id": "bu_1"}, ["element_id"]),
        ("browser_dom", {"action": "click", "element_id": "bu_1", "text": "x", "format": "json"}, ["format", "text"]),
        ("page_screenshot", {"action": "screenshot", "text": "x"}, ["text"]),
        ("browser_tabs", {"action": "list", "url": "http://127.0.0.1/"}, ["url"]),
        ("browser_history", {"action": "back", "tab_id": 1, "timeout": "2s"}, None),
        ("browser_tabs", {"action": "list", "timeout": "15s"}, None),  # the default, as the model may restate it
    ],
)
async def test_a_field_the_action_does_not_take_is_refused(ctx, tool, arguments, stray):
    result = await default_registry().dispatch(tool, arguments, ctx)
    if stray is None:  # every field given is one the action takes: no refusal from the table
        assert result.code != "VALIDATION_ERROR", result.to_dict()
        return
    assert result.code == "VALIDATION_ERROR" and result.error["details"]["fields"] == stray
    assert result.error["hint"]


async def test_drag_takes_exactly_one_of_element_id_and_paths(ctx):
    registry = default_registry()
    both = await registry.dispatch(
        "browser_dom", {"action": "drag", "element_id": "li_1", "paths": ["a"], "target_id": "li_2"}, ctx
    )
    neither = await registry.dispatch("browser_dom", {"action": "drag", "target_id": "li_2"}, ctx)
    for result in (both, neither):
        assert result.code == "VALIDATION_ERROR" and result.error["details"]["fields"] == ["element_id", "paths"]


async def test_a_stray_field_carrying_its_default_is_accepted_and_nothing_else_happens(call, server):
    url = server.route("/form", "<!doctype html><title>f</title><button onclick='document.title=\"hit\"'>Go</button>")
    assert (await call("browser_navigate", url=url)).success
    snap = await call("browser_dom", action="snapshot", format="json")
    button = next(c["id"] for c in snap.data["controls"] if c.get("name") == "Go")
    refused = await call("browser_dom", action="click", element_id=button, format="json")
    assert refused.code == "VALIDATION_ERROR" and refused.error["details"]["fields"] == ["format"]
    assert (await call("browser_eval", expression="document.title")).data["result"] == "f"  # not clicked
    clicked = await call("browser_dom", action="click", element_id=button, format="text", include_values=False)
    assert clicked.success, clicked.to_dict()
    assert (await call("browser_eval", expression="document.title")).data["result"] == "hit"


def test_an_action_table_that_does_not_match_its_parameters_is_refused_at_declaration():
    class TwoActions(TabParams):
        action: Literal["a", "b"]
        x: int | None = None

    async def noop(ctx, params):
        return None

    Tool("ok", "Two actions.", TwoActions, noop, actions={"a": Needs("x"), "b": Needs()}, annotations=Hints())
    with pytest.raises(ValueError):
        Tool("missing", "Two actions.", TwoActions, noop, actions={"a": Needs("x")})
    with pytest.raises(ValueError):
        Tool("unknown", "Two actions.", TwoActions, noop, actions={"a": Needs("y"), "b": Needs()})

"""Issue 19.1: every tool declaration together, as MCP clients and the LLM read them, within 3,500 tokens
(o200k). Prints the per-tool cost (`pytest -s`); `browserx tools --tokens` prints the same numbers."""

from __future__ import annotations

import json

import pytest

from browserx.cli import main
from browserx.cli.tools import print_costs
from browserx.llm import tokens
from browserx.mcp_server import build_server
from browserx.tools import default_registry

BUDGET = 3_500

pytestmark = pytest.mark.skipif(not tokens.exact(), reason="bpe-openai (test extra) is needed to count o200k tokens")


async def _mcp_declarations() -> list[dict]:
    server = build_server(default_registry())
    try:
        listed = [t.model_dump(mode="json", by_alias=True) for t in server.tool_list()]
    finally:
        await server.aclose()
    return [{"name": t["name"], "description": t["description"], "input_schema": t["inputSchema"]} for t in listed]


async def test_mcp_clients_and_the_llm_read_the_same_declarations_the_costs_count():
    assert await _mcp_declarations() == default_registry().declarations()


async def test_all_tool_declarations_fit_the_token_budget():
    costs = tokens.declarations_cost(await _mcp_declarations())
    print()
    print_costs(costs)
    plain, strict = sum(c["plain"] for c in costs), sum(c["strict"] for c in costs)
    assert plain <= BUDGET, f"plain declarations (MCP, Chat Completions): {plain} tokens > {BUDGET}"
    assert strict <= BUDGET, f"strict declarations (Responses): {strict} tokens > {BUDGET}"


def test_counts_are_o200k_tokens_of_the_declaration_json():
    assert tokens.count("hello world") == 2
    declaration = {"name": "t", "description": "Do it.", "input_schema": {"type": "object", "properties": {}}}
    cost = tokens.declaration_cost(declaration)
    assert cost["plain"] == tokens.count_json(declaration) > 0 and cost["strict"] >= cost["plain"]


def test_browserx_tools_tokens_prints_each_declarations_cost(capsys):
    assert main(["tools", "--tokens", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    costs = tokens.declarations_cost(default_registry().declarations())
    assert printed["encoding"] == "o200k_base" and printed["tools"] == costs
    assert printed["total"] == {"plain": sum(c["plain"] for c in costs), "strict": sum(c["strict"] for c in costs)}
    assert main(["tools", "--tokens"]) == 0
    table = capsys.readouterr().out.splitlines()
    # The last line: the total with every capability group on (--caps all), after the default set's.
    assert len(table) == len(costs) + 3 and table[-2].split()[1:] == [
        str(printed["total"]["plain"]),
        str(printed["total"]["strict"]),
    ]
    assert table[-1].split()[-2:] == [str(printed["total_all_caps"]["plain"]), str(printed["total_all_caps"]["strict"])]

"""Issue 23 over MCP: the long shopping session (tests/shop_session.py) through `browserx mcp` on stdio,
once looking with a full snapshot after every action and once with each action's `since: "last"`
(the delta rides in the action's result): the same order at the server, at most 40% of the result
tokens. The results are counted as the client receives them (each result's text content, o200k)."""

from __future__ import annotations

import asyncio
import json

import pytest
from shop_session import ORDER, page_texts, resolve, session_calls

from browserx.llm import tokens

from mcp_client import CALL_TIMEOUT, stdio_session, wire

pytestmark = pytest.mark.skipif(not tokens.exact(), reason="bpe-openai (test extra) is needed to count o200k tokens")


async def _run(session, mode: str, url: str) -> list[int]:
    """The session's calls in `mode`; the tokens of each result's text."""
    seen: list[str] = []
    counted = []
    navigated = wire(await session.call_tool("browser_navigate", {"url": url}))
    assert navigated.isError is False
    for tool, arguments in session_calls(mode, since=True):
        result = wire(await asyncio.wait_for(session.call_tool(tool, resolve(arguments, seen)), CALL_TIMEOUT))
        text = next(c.text for c in result.content if c.type == "text")  # what the client receives
        assert result.isError is False, text
        counted.append(tokens.count(text))
        seen += page_texts(json.loads(text))
    return counted


async def test_the_shopping_session_over_mcp_with_deltas_returns_at_most_40_percent_of_the_tokens(server):
    server.route("/shop/order", "ok", "text/plain")
    url = server.url("/shop/index.html")
    counts, orders = {}, {}
    async with stdio_session() as session:  # the MCP server's dialog policy: ask (browser_dialog answers)
        for mode in ("today", "deltas"):
            server.posts.pop("/shop/order", None)
            await session.call_tool("browser_tabs", {"action": "open"})  # a fresh tab (its cart is shared)
            counts[mode] = await _run(session, mode, url)
            orders[mode] = [json.loads(body) for _type, body in server.posts.get("/shop/order", [])]
    today, deltas = sum(counts["today"]), sum(counts["deltas"])
    print(
        f"\nshop session over MCP: today {len(counts['today'])} results, {today} tokens; with since=last "
        f"{len(counts['deltas'])} results, {deltas} tokens = {deltas / today:.1%}; per result {counts['deltas']}"
    )
    assert orders == {"today": [ORDER], "deltas": [ORDER]}
    assert deltas <= 0.4 * today

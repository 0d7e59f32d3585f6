"""`browserx mcp --http`: streamable HTTP in a subprocess, the official client, several sessions."""

from __future__ import annotations

import asyncio
import json

from browserx.tools import default_registry

from mcp_client import McpHttpProcess, call, child_env, find_control, http_library, http_session, server_command

PAGE = "<title>http page</title><p>hello</p><button onclick='window.count = (window.count || 0) + 1'>Count</button>"
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


async def cookie(session) -> str:
    _, body = await call(session, "browser_eval", expression="document.cookie")
    return body["data"]["result"]


async def test_http_lists_tools_navigates_acts_and_reports_errors(server):
    url = server.route("/mcp/http", PAGE)
    async with McpHttpProcess() as proc, http_session(proc.url) as session:
        listed = [t.name for t in (await session.list_tools()).tools]
        ok, body = await call(session, "browser_navigate", url=url)
        _, model = await call(session, "browser_dom", action="snapshot", format="json")
        clicked, _ = await call(
            session, "browser_dom", action="click", element_id=find_control(model["data"], "button", "Count")
        )
        _, counted = await call(session, "browser_eval", expression="window.count")
        shot, _ = await call(session, "page_screenshot", action="screenshot")
        failed, error = await call(session, "browser_eval", expression="throw new Error('boom')")
        stale, stale_error = await call(session, "browser_dom", action="click", element_id="zz_404")
    assert proc.url.startswith("http://127.0.0.1:")
    assert listed == default_registry().names()
    assert ok.isError is False and body["data"]["title"] == "http page"
    assert clicked.isError is False and counted["data"]["result"] == 1
    assert [c.type for c in shot.content] == ["text", "image"]
    assert failed.isError is True and error["error"]["code"] == "JS_EXCEPTION"
    assert stale.isError is True and stale_error["error"]["code"] == "NODE_NOT_FOUND"


async def test_two_concurrent_sessions_do_not_share_cookies(server):
    url = server.route("/mcp/cookies", PAGE)
    async with McpHttpProcess() as proc, http_session(proc.url) as first, http_session(proc.url) as second:
        await asyncio.gather(call(first, "browser_navigate", url=url), call(second, "browser_navigate", url=url))
        await call(first, "browser_eval", expression="document.cookie = 'owner=first; path=/'")
        first_sees, second_sees = await asyncio.gather(cookie(first), cookie(second))
        _, first_tabs = await call(first, "browser_tabs", action="open")
        _, second_tabs = await call(second, "browser_tabs", action="list")
    assert first_sees == "owner=first"
    assert second_sees == ""
    assert len(first_tabs["data"]["tabs"]) == 2
    assert len(second_tabs["data"]["tabs"]) == 1, "a tab opened in one session must not appear in another"


async def test_idle_timeout_closes_the_session_context_and_the_next_call_starts_fresh(server):
    url = server.route("/mcp/idle", PAGE)
    # 3 s, and the cookie set and read in one call: a loaded machine can leave a second between calls.
    async with McpHttpProcess("--idle-timeout", "3") as proc, http_session(proc.url) as session:
        await call(session, "browser_navigate", url=url)
        _, kept = await call(session, "browser_eval", expression="document.cookie = 'kept=no; path=/'; document.cookie")
        assert kept["data"]["result"] == "kept=no"
        # The manager's reaper logs each conversation it closes: wait for that event, bounded.
        await proc.wait_for_line(r"closing idle conversation mcp-", timeout=30)
        _, again = await call(session, "browser_navigate", url=url)
        after = await cookie(session)
    assert after == ""
    assert any(n.get("type") == "browser_context_reset" for n in again["metadata"].get("notices", []))


async def test_session_end_closes_its_browser_context(server):
    url = server.route("/mcp/end", PAGE)
    async with McpHttpProcess() as proc:
        async with http_session(proc.url) as session:
            await call(session, "browser_navigate", url=url)
        # the client's DELETE ends the MCP session; its lifespan closes the conversation
        await proc.wait_for_line(r"closed conversation mcp-", timeout=30)


async def test_beyond_loopback_a_request_without_the_token_gets_401(server):
    token = "s3cret-token"
    # Bound to every interface, but the test only ever talks to 127.0.0.1.
    async with McpHttpProcess("--host", "0.0.0.0", "--token", token) as proc:
        port = proc.url.rsplit(":", 1)[1].split("/")[0]
        local = f"http://127.0.0.1:{port}/mcp"
        async with http_library.AsyncClient(timeout=10) as raw:
            missing = await raw.post(local, json=INITIALIZE, headers=MCP_HEADERS)
            wrong = await raw.post(local, json=INITIALIZE, headers={**MCP_HEADERS, "Authorization": "Bearer nope"})
        async with http_session(local, token=token) as session:
            listed = (await session.list_tools()).tools
    assert missing.status_code == 401 and wrong.status_code == 401
    assert missing.json()["error"]["code"] == "UNAUTHORIZED"
    assert len(listed) == len(default_registry().names())


async def test_refuses_to_listen_beyond_loopback_without_a_token():
    proc = await asyncio.create_subprocess_exec(
        *server_command("--http", "--host", "0.0.0.0", "--port", "0"),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=child_env(),
    )
    _, stderr = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 2
    assert json.loads(stderr.decode().strip().splitlines()[-1])["error"]["code"] == "VALIDATION_ERROR"


async def test_on_loopback_a_foreign_host_header_is_refused():
    """DNS rebinding: a web page on evil.example resolved to 127.0.0.1 must not reach the server."""
    async with McpHttpProcess() as proc:
        async with http_library.AsyncClient(timeout=10) as raw:
            foreign = await raw.post(proc.url, json=INITIALIZE, headers={**MCP_HEADERS, "Host": "evil.example:80"})
            foreign_origin = await raw.post(
                proc.url, json=INITIALIZE, headers={**MCP_HEADERS, "Origin": "http://evil.example"}
            )
            local = await raw.post(proc.url, json=INITIALIZE, headers=MCP_HEADERS)
    assert foreign.status_code == 421
    assert foreign_origin.status_code == 403
    assert local.status_code == 200

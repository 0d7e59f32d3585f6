"""`browserx mcp` over stdio, driven by the official MCP client in a subprocess, like Claude Desktop."""

from __future__ import annotations

import base64

import pytest

from browserx.tools import default_registry

from mcp_client import call, find_control, stdio_session

REGISTRY = default_registry()
needs = lambda *tools: pytest.mark.skipif(  # noqa: E731
    any(t not in REGISTRY.tools for t in tools), reason=f"needs {', '.join(tools)} (not landed yet)"
)

PAGE = """<title>mcp page</title><h1>Counter</h1>
<button id="go" onclick="document.title = 'clicked ' + (++window.clicks)">Press me</button>
<script>window.clicks = 0</script>"""


async def test_stdio_lists_every_registry_tool_and_navigates(server):
    url = server.route("/mcp/stdio", PAGE)
    async with stdio_session() as session:
        listed = [t.name for t in (await session.list_tools()).tools]
        result, body = await call(session, "browser_navigate", url=url)
    assert listed == REGISTRY.names()
    assert result.isError is False and body["success"] is True
    assert body["data"]["title"] == "mcp page"
    assert server.requests["/mcp/stdio"] == 1


async def test_stdio_error_result_is_flagged_and_coded(server):
    async with stdio_session() as session:
        result, body = await call(session, "browser_navigate", url="not a url")
        missing, missing_body = await call(session, "browser_navigate")
    assert result.isError is True and body["success"] is False
    assert body["error"]["code"] == "VALIDATION_ERROR" and body["error"]["hint"]
    assert missing.isError is True and missing_body["error"]["code"] == "VALIDATION_ERROR"


async def test_state_persists_across_calls_of_one_session(server):
    url = server.route("/mcp/persist", PAGE)
    async with stdio_session() as session:
        await call(session, "browser_navigate", url=url)
        await call(session, "browser_eval", expression="window.marker = 41")
        _, body = await call(session, "browser_eval", expression="window.marker + 1")
    assert body["data"]["result"] == 42


@needs("browser_dom")
async def test_stdio_snapshot_then_click_by_element_id(server):
    url = server.route("/mcp/click", PAGE)
    async with stdio_session() as session:
        await call(session, "browser_navigate", url=url)
        snap, model = await call(session, "browser_dom", action="snapshot", format="json")
        assert snap.isError is False, model
        element_id = find_control(model["data"], "button", "Press me")
        clicked, click_body = await call(session, "browser_dom", action="click", element_id=element_id)
        _, title = await call(session, "browser_eval", expression="document.title")
        text, text_body = await call(session, "browser_dom", action="snapshot")
    assert clicked.isError is False, click_body
    assert title["data"]["result"] == "clicked 1"
    assert text.isError is False and "Press me" in str(text_body["data"])


@needs("page_screenshot")
async def test_stdio_screenshot_arrives_as_image_content_and_leaves_no_file(server, tmp_path):
    url = server.route("/mcp/shot", PAGE)
    async with stdio_session("--output-dir", str(tmp_path)) as session:
        await call(session, "browser_navigate", url=url)
        result, body = await call(session, "page_screenshot", action="screenshot")
        # the session (and its conversation directory) is still open: only the deletion can explain no file
        conversation_dirs = list(tmp_path.glob("browserx-conv-*"))
        left = [p.name for p in tmp_path.glob("browserx-conv-*/screenshots/*")]
    assert result.isError is False, body
    images = [c for c in result.content if c.type == "image"]
    assert len(images) == 1 and images[0].mimeType == "image/png"
    assert base64.b64decode(images[0].data)[:4] == b"\x89PNG"
    assert len(conversation_dirs) == 1
    assert left == [], "the screenshot file must be deleted once the response carrying it is built"

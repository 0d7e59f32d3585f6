"""The MCP surface is the registry: tools/list equals it, tools/call dispatches through it.

In-memory client (`memory_session`), so no subprocess; only the tools here that touch a page need
the browser.
"""

from __future__ import annotations

import base64
from pathlib import Path

from browserx.browser import BrowserConfig
from browserx.errors import NodeNotFoundError
from browserx.mcp_server import build_server
from browserx.tools import Image, Params, Tool, ToolOutput, default_registry

from mcp_client import call, memory_session, wire

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


class EchoParams(Params):
    word: str


async def echo(ctx, params: EchoParams):
    return {"echo": params.word}


async def fails(ctx, params: Params):
    raise NodeNotFoundError("no element e_404")


def registry_with_extras(tmp_path: Path):
    registry = default_registry()
    registry.add(Tool("test_echo", "Echo a word back.", EchoParams, echo))
    registry.add(Tool("test_fails", "Always fails with NODE_NOT_FOUND.", Params, fails))
    written: list[Path] = []

    async def picture(ctx, params: Params):
        """Like a screenshot: a file in the conversation's screenshot directory."""
        shot = (await ctx.conversation()).screenshot_dir / "screenshot-test.png"
        shot.write_bytes(PNG)
        written.append(shot)
        return ToolOutput(
            data={"path": str(shot), "width": 1, "height": 1}, images=[Image(PNG, "image/png", str(shot))]
        )

    async def user_image(ctx, params: Params):
        """Like read_image with a path: the user's own file, which must survive."""
        await ctx.conversation()
        mine = tmp_path / "user-photo.png"
        mine.write_bytes(PNG)
        written.append(mine)
        return ToolOutput(data={"path": str(mine)}, images=[Image(PNG, "image/png", str(mine))])

    registry.add(Tool("test_picture", "Return a 1x1 image.", Params, picture))
    registry.add(Tool("test_user_image", "Return a user's image.", Params, user_image))
    return registry, written


async def test_tools_list_equals_the_registry_including_a_tool_added_to_it(tmp_path):
    registry, _ = registry_with_extras(tmp_path)
    server = build_server(registry=registry, config=BrowserConfig())
    try:
        async with memory_session(server) as client:
            listed = [wire(t) for t in (await client.list_tools()).tools]
    finally:
        await server.aclose()
    assert [t.name for t in listed] == registry.names()
    assert "test_echo" in [t.name for t in listed]
    by_name = {t.name: t for t in listed}
    for declaration in registry.declarations():
        assert by_name[declaration["name"]].inputSchema == declaration["input_schema"]
        assert by_name[declaration["name"]].description == declaration["description"]


async def test_a_call_returns_the_tool_result_json_as_text(tmp_path):
    registry, _ = registry_with_extras(tmp_path)
    server = build_server(registry=registry)
    try:
        async with memory_session(server) as client:
            result, body = await call(client, "test_echo", word="hi")
    finally:
        await server.aclose()
    assert result.isError is False
    assert body["success"] is True and body["data"] == {"echo": "hi"}
    assert server.manager.launches == 0, "a tool that needs no page must not launch the browser"


async def test_a_failing_tool_returns_is_error_with_the_coded_error(tmp_path):
    registry, _ = registry_with_extras(tmp_path)
    server = build_server(registry=registry)
    try:
        async with memory_session(server) as client:
            failed, failed_body = await call(client, "test_fails")
            bad_args, bad_args_body = await call(client, "test_echo", word=3, extra=True)
            unknown, unknown_body = await call(client, "no_such_tool")
    finally:
        await server.aclose()
    assert failed.isError is True
    assert failed_body["error"]["code"] == "NODE_NOT_FOUND" and failed_body["error"]["hint"]
    assert bad_args.isError is True and bad_args_body["error"]["code"] == "VALIDATION_ERROR"
    assert unknown.isError is True and unknown_body["error"]["code"] == "VALIDATION_ERROR"


async def test_an_image_arrives_as_image_content_and_its_file_is_deleted(tmp_path):
    registry, written = registry_with_extras(tmp_path)
    server = build_server(registry=registry)
    try:
        async with memory_session(server) as client:
            result, body = await call(client, "test_picture")
            user, _ = await call(client, "test_user_image")
            shot, mine = written
            # checked before the server closes: closing the conversation would remove its files anyway
            shot_left, mine_left = shot.exists(), mine.exists()
    finally:
        await server.aclose()
    assert result.isError is False
    kinds = [c.type for c in result.content]
    assert kinds == ["text", "image"]
    image = result.content[1]
    assert image.mimeType == "image/png"
    assert base64.b64decode(image.data) == PNG
    assert body["data"]["width"] == 1
    assert user.isError is False and [c.type for c in user.content] == ["text", "image"]
    assert not shot_left, "the screenshot file must not outlive the response that carried it"
    assert mine_left, "an image file outside the conversation's screenshot directory is not ours to delete"


async def test_durations_as_strings_reach_the_registry_unrefused(server):
    """The SDK's own JSON-schema pass would refuse "5s" for a number field; dispatch accepts it."""
    mcp_server = build_server()
    url = server.route("/mcp/duration", "<title>dur</title><p>ok</p>")
    try:
        async with memory_session(mcp_server) as client:
            result, body = await call(client, "browser_navigate", url=url, timeout="5s")
    finally:
        await mcp_server.aclose()
    assert result.isError is False, body
    assert body["data"]["title"] == "dur"

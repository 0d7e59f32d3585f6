"""MCP roots: the directories a client offers (roots/list) are file roots of its own session only,
and a roots/list_changed makes the server ask again."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import mcp.types as types
from mcp.shared.memory import create_connected_server_and_client_session

from browserx.browser import BrowserConfig
from browserx.mcp_server import build_server

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def _code(result: types.CallToolResult) -> str | None:
    body = json.loads(result.content[0].text)
    return None if body["success"] else body["error"]["code"]


async def test_a_clients_roots_let_read_image_read_there_and_only_for_that_session(tmp_path: Path):
    offered, other = tmp_path / "offered", tmp_path / "other"
    offered.mkdir()
    other.mkdir()
    (offered / "a.png").write_bytes(PNG)
    (other / "b.png").write_bytes(PNG)
    current = [offered]

    async def roots(_ctx) -> types.ListRootsResult:
        return types.ListRootsResult(roots=[types.Root(uri=f"file://{d}", name=d.name) for d in current])

    server = build_server(config=BrowserConfig())
    try:
        async with create_connected_server_and_client_session(server, list_roots_callback=roots) as client:
            assert _code(await client.call_tool("read_image", {"path": str(offered / "a.png")})) is None
            assert _code(await client.call_tool("read_image", {"path": str(other / "b.png")})) == "FILE_NOT_ALLOWED"
            current[:] = [other]
            await client.send_roots_list_changed()
            # The notification and the next call travel in order on one stream: the call sees new roots.
            assert _code(await client.call_tool("read_image", {"path": str(other / "b.png")})) is None
            assert _code(await client.call_tool("read_image", {"path": str(offered / "a.png")})) == "FILE_NOT_ALLOWED"
        async with create_connected_server_and_client_session(server) as plain:
            assert _code(await plain.call_tool("read_image", {"path": str(offered / "a.png")})) == "FILE_NOT_ALLOWED"
    finally:
        await server.aclose()

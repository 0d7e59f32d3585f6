"""MCP roots: the directories a client offers (roots/list) are file roots of its own session only,
and a roots/list_changed makes the server ask again."""

from __future__ import annotations

import base64
from pathlib import Path

import mcp.types as types

from browserx.browser import BrowserConfig
from browserx.mcp_server import build_server

from mcp_client import call, memory_session, roots_changed

PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


async def _code(client, path: Path) -> str | None:
    _, body = await call(client, "read_image", path=str(path))
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
        async with memory_session(server, list_roots_callback=roots) as client:
            assert await _code(client, offered / "a.png") is None
            assert await _code(client, other / "b.png") == "FILE_NOT_ALLOWED"
            current[:] = [other]
            await roots_changed(client)
            # The notification and the next call travel in order on one stream: the call sees new roots.
            assert await _code(client, other / "b.png") is None
            assert await _code(client, offered / "a.png") == "FILE_NOT_ALLOWED"
        async with memory_session(server) as plain:
            assert await _code(plain, offered / "a.png") == "FILE_NOT_ALLOWED"
    finally:
        await server.aclose()

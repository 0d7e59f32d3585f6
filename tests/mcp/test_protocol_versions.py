"""A client of SDK 2.x as it comes (`mcp.Client`, mode="auto") against `browserx mcp`.

Such a client first asks `server/discover` (protocol 2026-07-28, which has no sessions). browserx
keeps a browser per session, so it answers UNSUPPORTED_PROTOCOL_VERSION naming the handshake
versions; the client falls back to `initialize` and its browser state carries from call to call.
A client pinned to the sessionless version is refused with that code, never served statelessly.
"""

from __future__ import annotations

import pytest

from browserx.mcp_server.sdk import SDK_V1

from mcp_client import McpHttpProcess, call, child_env, server_command

pytestmark = pytest.mark.skipif(SDK_V1, reason="SDK 1.x clients always use the initialize handshake")

PAGE = "<title>versions</title><p>hello</p>"
UNSUPPORTED_PROTOCOL_VERSION = -32022


async def _state_carries(client, url: str) -> int:
    await call(client, "browser_navigate", url=url)
    await call(client, "browser_eval", expression="window.marker = 41")
    _, body = await call(client, "browser_eval", expression="window.marker + 1")
    return body["data"]["result"]


async def test_an_auto_mode_client_over_stdio_gets_the_handshake_and_keeps_its_browser(server):
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS

    url = server.route("/mcp/versions/stdio", PAGE)
    command = server_command()
    transport = stdio_client(StdioServerParameters(command=command[0], args=command[1:], env=child_env()))
    async with Client(transport) as client:
        assert client.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS
        assert await _state_carries(client, url) == 42


async def test_an_auto_mode_client_over_http_gets_the_handshake_and_keeps_its_browser(server):
    from mcp import Client
    from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS

    url = server.route("/mcp/versions/http", PAGE)
    async with McpHttpProcess() as proc, Client(proc.url) as client:
        assert client.protocol_version in HANDSHAKE_PROTOCOL_VERSIONS
        assert await _state_carries(client, url) == 42


async def test_a_client_pinned_to_a_sessionless_version_is_refused_naming_the_versions_served():
    from mcp import Client, MCPError
    from mcp.types.version import MODERN_PROTOCOL_VERSIONS

    async with McpHttpProcess() as proc, Client(proc.url, mode=MODERN_PROTOCOL_VERSIONS[-1]) as client:
        with pytest.raises(MCPError) as refused:
            await call(client, "browser_eval", expression="1")
        with pytest.raises(MCPError) as listing:
            await client.list_tools()
    assert refused.value.code == UNSUPPORTED_PROTOCOL_VERSION
    assert "2025-11-25" in refused.value.data["supported"]
    assert listing.value.code == UNSUPPORTED_PROTOCOL_VERSION
    assert not any("conversation mcp-" in line for line in proc.lines), "no browser context for a refused call"

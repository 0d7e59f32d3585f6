"""The two majors of the MCP SDK (`mcp` 1.x and 2.x): what differs for browserx, decided in one place.

browserx keeps a browser context per MCP session, so it serves the protocol versions that have
sessions: the `initialize` handshake (2024-11-05 to 2025-11-25). Protocol 2026-07-28, which SDK 2.x
speaks by default, has no session (each request stands alone), so a browser's state could not
carry from one call to the next. A 2.x client in its default `mode="auto"` asks `server/discover`
first; browserx answers UNSUPPORTED_PROTOCOL_VERSION naming the handshake versions, and the client
falls back to `initialize`. A client pinned to a sessionless version is refused the same way.

What else differs (docs/migration.md of the SDK): 2.x takes handlers in the `Server` constructor as
`on_*(ctx, params)` (1.x: decorators and `server.request_context`); `Server.run` serves both eras
on one stream (the first request decides), so stdio is served handshake-only with `serve_loop`;
`ServerSession.list_roots()` warns (roots are deprecated in 2026-07-28) while the plain request
does not.
"""

from __future__ import annotations

from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

# 1.x registers handlers with decorators (`Server.call_tool()`); 2.x removed them.
SDK_V1 = hasattr(Server, "call_tool")


def sessionless_refusal(protocol_version: str) -> Exception:
    """(2.x) The error for a request of a protocol version without sessions: UNSUPPORTED_PROTOCOL_VERSION
    naming the versions served, the answer that sends a client in mode="auto" to `initialize`."""
    from mcp.shared.exceptions import MCPError  # type: ignore[attr-defined,unused-ignore]
    from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS  # type: ignore[import-not-found,unused-ignore]

    return MCPError(
        code=types.UNSUPPORTED_PROTOCOL_VERSION,  # type: ignore[attr-defined,unused-ignore]
        message=f"browserx keeps a browser per MCP session and protocol {protocol_version} has none: "
        "connect with the initialize handshake (the Python SDK's Client: mode='legacy').",
        data={"supported": list(HANDSHAKE_PROTOCOL_VERSIONS), "requested": protocol_version},
    )


def check_has_sessions(protocol_version: str) -> None:
    """(2.x) Refuse a request whose protocol version has no sessions: its browser context could not carry."""
    from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS  # type: ignore[import-not-found,unused-ignore]

    if protocol_version not in HANDSHAKE_PROTOCOL_VERSIONS:
        raise sessionless_refusal(protocol_version)


async def list_roots(client: Any) -> Any:
    """Ask the client for its roots (`roots/list`); the SDK's ServerSession of the request."""
    if SDK_V1:
        return await client.list_roots()
    return await client.send_request(types.ListRootsRequest(), types.ListRootsResult)


async def run_handshake_only(server: Any, read_stream: Any, write_stream: Any) -> None:
    """Serve one session over a stream pair with the `initialize` handshake only (stdio)."""
    if SDK_V1:
        await server.run(read_stream, write_stream, server.create_initialization_options())
        return
    from mcp.server.runner import serve_loop  # type: ignore[import-not-found,unused-ignore]

    # `Server.run` of 2.x enters the lifespan, then lets the first request choose the era; the
    # handshake-only loop answers `server/discover` with "method not found", which sends a 2.x client
    # in mode="auto" to `initialize`.
    async with server.lifespan(server) as lifespan_state:
        await serve_loop(
            server,
            read_stream,
            write_stream,
            lifespan_state=lifespan_state,
            init_options=server.create_initialization_options(),
        )


__all__ = ["SDK_V1", "check_has_sessions", "list_roots", "run_handshake_only", "sessionless_refusal"]

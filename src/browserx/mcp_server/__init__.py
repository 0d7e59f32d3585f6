"""The MCP server: every tool of the registry, one isolated browser context per MCP session.

    server = build_server(config=BrowserConfig(idle_timeout=600))
    await serve_stdio(server)                                   # `browserx mcp`
    await serve_http(server, host="127.0.0.1", port=8765)       # `browserx mcp --http`

server.py: the server (tools/list is the registry, tools/call is `ToolRegistry.dispatch`);
sessions.py: which conversation each MCP session drives and when it ends; roots.py: the client's
roots; instructions.py: what the client's model is told once; sdk.py: the MCP SDK's majors 1 and 2;
stdio.py and streamable_http.py: the transports.
"""

from __future__ import annotations

from .instructions import INSTRUCTIONS, TOOL_CONVENTIONS
from .server import BrowserxServer, build_server, to_call_result
from .sessions import McpSession
from .stdio import serve_stdio
from .streamable_http import DEFAULT_HTTP_PORT, check_http_binding, http_app, is_loopback, serve_http

__all__ = [
    "DEFAULT_HTTP_PORT",
    "INSTRUCTIONS",
    "TOOL_CONVENTIONS",
    "BrowserxServer",
    "McpSession",
    "build_server",
    "check_http_binding",
    "http_app",
    "is_loopback",
    "serve_http",
    "serve_stdio",
    "to_call_result",
]

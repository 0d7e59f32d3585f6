"""MCP over stdin/stdout (`browserx mcp`): one session, until the client closes stdin."""

from __future__ import annotations

import asyncio
import os
import stat
import sys
from typing import Any

from .sdk import run_handshake_only
from .server import BrowserxServer

STDIN_LINE_LIMIT = 64 * 1024 * 1024  # one JSON-RPC message per line


async def serve_stdio(server: BrowserxServer) -> None:
    """One MCP session over stdin/stdout until the client closes stdin; then the browser closes."""
    from mcp.server.stdio import stdio_server

    try:
        async with stdio_server(stdin=await _stdin_lines()) as (read_stream, write_stream):
            await run_handshake_only(server, read_stream, write_stream)
    finally:
        await server.aclose()


class _PipeLines:
    """stdin lines read by the event loop, not by a worker thread: the SDK's threaded readline
    cannot be cancelled, so Ctrl-C or SIGTERM would wait for the client's next line before
    the browser could close."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self.reader = reader

    def __aiter__(self) -> _PipeLines:
        return self

    async def __anext__(self) -> str:
        line = await self.reader.readline()
        if not line:
            raise StopAsyncIteration
        return line.decode("utf-8", errors="replace")


async def _stdin_lines() -> Any:
    """A cancellable line reader when stdin is a pipe or socket (what MCP clients give); otherwise
    None, the SDK's default (a terminal shares its file with stdout, which must stay blocking)."""
    try:
        mode = os.fstat(sys.stdin.fileno()).st_mode
    except (OSError, ValueError, AttributeError):
        return None
    if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
        return None
    reader = asyncio.StreamReader(limit=STDIN_LINE_LIMIT)
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    return _PipeLines(reader)


__all__ = ["serve_stdio"]

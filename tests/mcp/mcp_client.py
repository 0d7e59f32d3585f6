"""Helpers for MCP tests: the real `browserx mcp` in a subprocess, reached with the official client.

    async with stdio_session("--idle-timeout", "60") as session: ...
    async with McpHttpProcess("--idle-timeout", "1") as proc:
        async with http_session(proc.url) as session: ...

Client sessions are opened inside the test body (not in fixtures): the SDK's anyio task groups
must be entered and left by the same task.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from typing import Any

import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

START_TIMEOUT = 30.0
CALL_TIMEOUT = 60.0
_READY = re.compile(r"listening on (http://\S+)")


def server_command(*args: str, verbose: bool = False) -> list[str]:
    return [sys.executable, "-m", "browserx.cli", *(["-v"] if verbose else []), "mcp", *args]


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("BROWSERX_TOKEN", None)  # each test states its token
    return env


@contextlib.asynccontextmanager
async def stdio_session(*args: str) -> AsyncIterator[ClientSession]:
    command = server_command(*args)
    params = StdioServerParameters(command=command[0], args=command[1:], env=child_env())
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await asyncio.wait_for(session.initialize(), START_TIMEOUT)
        yield session


@contextlib.asynccontextmanager
async def http_session(url: str, token: str | None = None) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with (
        create_mcp_http_client(headers=headers) as client,
        streamable_http_client(url, http_client=client) as (read, write, _),
        ClientSession(read, write) as session,
    ):
        await asyncio.wait_for(session.initialize(), START_TIMEOUT)
        yield session


class McpHttpProcess:
    """`browserx -v mcp --http --port 0 ...` in a subprocess; `url` is read from its stderr."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.args = args
        self.env = {**child_env(), **(env or {})}
        self.lines: list[str] = []
        self.url = ""
        self._new_line = asyncio.Event()
        self.proc: asyncio.subprocess.Process | None = None
        self._drain: asyncio.Task[None] | None = None
        self.killed = False

    async def __aenter__(self) -> McpHttpProcess:
        self.proc = await asyncio.create_subprocess_exec(
            *server_command("--http", "--port", "0", *self.args, verbose=True),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE,
            env=self.env,
        )
        self._drain = asyncio.create_task(self._read_stderr())
        line = await self.wait_for_line(_READY, START_TIMEOUT)
        self.url = _READY.search(line).group(1)
        return self

    async def _read_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        while raw := await self.proc.stderr.readline():  # keep draining: a full pipe would block the server
            self.lines.append(raw.decode(errors="replace").rstrip())
            self._new_line.set()

    async def wait_for_line(self, pattern: re.Pattern[str] | str, timeout: float) -> str:
        """The first stderr line matching `pattern` (seen already or yet to come), bounded by `timeout`."""
        pattern = re.compile(pattern) if isinstance(pattern, str) else pattern
        async with asyncio.timeout(timeout):
            seen = 0
            while True:
                for line in self.lines[seen:]:
                    if pattern.search(line):
                        return line
                seen = len(self.lines)
                if self._drain is not None and self._drain.done():
                    raise AssertionError("server exited; stderr:\n" + "\n".join(self.lines))
                self._new_line.clear()
                await self._new_line.wait()

    async def kill(self) -> None:
        """SIGKILL, as a crash or a lost host would end it: no clean shutdown to check on exit."""
        assert self.proc is not None
        self.killed = True
        self.proc.kill()
        await asyncio.wait_for(self.proc.wait(), 20)

    async def __aexit__(self, *exc: object) -> None:
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
                raise AssertionError("the server did not stop within 20 s of SIGTERM") from None
        if self._drain is not None:
            await asyncio.wait_for(self._drain, 5)
        if (
            exc[0] is None and not self.killed
        ):  # a clean shutdown closes the browser (uvicorn re-raises SIGTERM once done)
            assert self.proc.returncode in (0, -signal.SIGTERM), "\n".join(self.lines[-20:])
            if any("browserx.browser" in line or "conversation mcp-" in line for line in self.lines):
                assert any(line.endswith("browser closed") for line in self.lines), "\n".join(self.lines[-20:])


async def call(session: ClientSession, name: str, **arguments: Any) -> tuple[types.CallToolResult, dict[str, Any]]:
    """Call a tool; returns the MCP result and the browserx result JSON of its first text content."""
    result = await asyncio.wait_for(session.call_tool(name, arguments), CALL_TIMEOUT)
    text = next(c.text for c in result.content if isinstance(c, types.TextContent))
    return result, json.loads(text)


def find_control(model: Any, role: str, name: str) -> str:
    """The element id of the control with this role whose name contains `name` (snapshot format=json)."""
    return next(c["id"] for c in model["controls"] if c["role"] == role and name in c["name"])

"""Helpers for MCP tests: the real `browserx mcp` in a subprocess, reached with the official client.

    async with stdio_session("--idle-timeout", "60") as session: ...
    async with McpHttpProcess("--idle-timeout", "1") as proc:
        async with http_session(proc.url) as session: ...
    async with memory_session(build_server()) as session: ...   # in process, no browserx subprocess

Client sessions are opened inside the test body (not in fixtures): the SDK's anyio task groups
must be entered and left by the same task.

The same helpers and tests run against both majors of the SDK (`mcp` 1.x and 2.x): a `ClientSession`
that the test initializes itself speaks the `initialize` handshake in both, and results are read as
they travel on the wire (`wire(result).isError`, camelCase as the spec names them), since 2.x renamed
the Python attributes (`is_error`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import warnings
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.memory import create_client_server_memory_streams

from browserx.mcp_server.sdk import SDK_V1

if SDK_V1:
    import httpx as http_library  # the HTTP client the SDK's transport takes: httpx in 1.x, httpx2 in 2.x
else:
    import httpx2 as http_library

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
    # As the SDK's own default client: redirects followed, 30 s per request, 5 min between SSE events.
    timeout = http_library.Timeout(30, read=300)
    async with (
        http_library.AsyncClient(headers=headers, timeout=timeout, follow_redirects=True) as client,
        streamable_http_client(url, http_client=client) as streams,  # 1.x adds a third: the session id getter
        ClientSession(streams[0], streams[1]) as session,
    ):
        await asyncio.wait_for(session.initialize(), START_TIMEOUT)
        yield session


@contextlib.asynccontextmanager
async def memory_session(server: Any, list_roots_callback: Any = None) -> AsyncIterator[ClientSession]:
    """A client of `server` run in this process over memory streams (one MCP session, like stdio)."""
    async with create_client_server_memory_streams() as (client_streams, server_streams):
        ended = anyio.Event()

        async def run_server() -> None:
            try:
                await server.run(*server_streams, server.create_initialization_options())
            finally:
                ended.set()

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(run_server)
            try:
                async with ClientSession(*client_streams, list_roots_callback=list_roots_callback) as session:
                    await asyncio.wait_for(session.initialize(), START_TIMEOUT)
                    yield session
            finally:
                # End of input, as stdio's EOF: the server's run ends and its lifespan closes the session.
                await client_streams[1].aclose()
                with anyio.move_on_after(START_TIMEOUT):
                    await ended.wait()
                tasks.cancel_scope.cancel()


async def roots_changed(session: ClientSession) -> None:
    """Tell the server the client's roots changed (2.x warns that roots are deprecated in 2026-07-28)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", getattr(mcp, "MCPDeprecationWarning", DeprecationWarning))
        await session.send_roots_list_changed()


class Wire:
    """An MCP message as it travels (the spec's camelCase names), read by attribute: `wire(result).isError`."""

    def __init__(self, data: Any) -> None:
        self._data = data

    def __getattr__(self, name: str) -> Any:
        try:
            return _view(self._data[name])
        except KeyError:
            raise AttributeError(name) from None

    def __eq__(self, other: object) -> bool:
        return self._data == (other._data if isinstance(other, Wire) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Wire({self._data!r})"


def _view(value: Any) -> Any:
    if isinstance(value, dict):
        return Wire(value)
    if isinstance(value, list):
        return [_view(item) for item in value]
    return value


def wire(model: Any) -> Any:
    """An SDK object (CallToolResult, Tool, ...) as it is sent: the same names for both SDK majors."""
    return Wire(model.model_dump(mode="json", by_alias=True, exclude_none=True))


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


async def call(session: ClientSession, name: str, **arguments: Any) -> tuple[Any, dict[str, Any]]:
    """Call a tool; returns the MCP result as sent (`wire`) and the browserx result JSON of its first text."""
    result = wire(await asyncio.wait_for(session.call_tool(name, arguments), CALL_TIMEOUT))
    text = next(c.text for c in result.content if c.type == "text")
    return result, json.loads(text)


def find_control(model: Any, role: str, name: str) -> str:
    """The element id of the control with this role whose name contains `name` (snapshot format=json)."""
    return next(c["id"] for c in model["controls"] if c["role"] == role and name in c["name"])

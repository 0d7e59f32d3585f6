"""The MCP server: every tool of the registry, one isolated browser context per MCP session.

    server = build_server(config=BrowserConfig(idle_timeout=600))
    await serve_stdio(server)                                   # `browserx mcp`
    await serve_http(server, host="127.0.0.1", port=8765)       # `browserx mcp --http`

Tools are not wired one by one: `tools/list` is the registry's declarations, verbatim, and
`tools/call` goes through `ToolRegistry.dispatch` (one behaviour for MCP, the CLI and the LLM loop).

Sessions are implicit (spec "Session Model"): no session id travels in tool arguments. Each MCP
session is one conversation of the server's single `BrowserManager`: its own browser context,
created by the first tool call that needs the browser, kept across calls, closed by the manager's
reaper after `idle_timeout` or when the MCP session ends (stdio EOF, HTTP DELETE or the HTTP
session's own expiry). The browser itself starts lazily on the first such call.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hmac
import ipaddress
import json
import logging
import os
import socket
import stat
import sys
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlparse

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server

from . import __version__
from .browser import BrowserConfig, BrowserManager
from .errors import ValidationError
from .screenshots.store import release_screenshot
from .tools import TAB_SETUPS, Image, ToolContext, ToolRegistry, ToolResult, default_registry

log = logging.getLogger(__name__)

SERVER_NAME = "browserx"
DEFAULT_HTTP_PORT = 8765
MCP_PATH = "/mcp"
STDIN_LINE_LIMIT = 64 * 1024 * 1024  # one JSON-RPC message per line
CLOSE_TIMEOUT = 10.0  # closing a conversation at session end never holds the server longer than this

# What every tool shares, said once here rather than in each declaration (issue 19: the tool list
# is sent with every request). The agent's prompt (llm/prompts/agent_prompt.md) says the same.
TOOL_CONVENTIONS = """\
Conventions of the tools:
- element_id (e.g. "bu_3"): from the latest browser_dom snapshot (or find, or page_screenshot \
marks). Actions change the page: snapshot again before using ids you have not seen since; a gone \
id gives NODE_NOT_FOUND.
- tab_id: omit it for the active tab; browser_tabs lists the tabs (popups too).
- An omitted (or null) field takes its default. Durations are strings like "2s" or "500ms"; \
timeouts default to 15s.
- page_screenshot coordinates {x, y} are pixels of the latest screenshot.
- A navigation answers once the page is usable (load "pending": use it anyway).
- Actions report effects (url, new_tabs, dialog, downloads, dom_changed, controls added/removed) \
and wait up to settle (2s) for the requests they started; settled=false: use browser_wait. A \
dialog left open blocks other calls (DIALOG_OPEN) until browser_dialog answers it.
- A click refuses with ELEMENT_COVERED naming what covers the element: deal with that first.
- Results over 16 KB come back as an output_id: read them with browser_read_output.
"""

INSTRUCTIONS = (
    """\
browserx drives a real Chromium for you. Your browser state (cookies, tabs, pages) lives as long \
as this session and is private to it. Start with browser_navigate, then read the page with \
browser_dom action=snapshot and act by element id (click, type, select). Take a screenshot only \
when the page model is not enough (canvas, maps, visual layout). Every result is JSON: \
{"success": true, "data": ...} or {"success": false, "error": {"code", "message", "hint"}}; follow the hint.
"""
    + TOOL_CONVENTIONS
)


@dataclass
class McpSession:
    """One MCP session's state: the conversation it maps to, decided on its first tool call."""

    conversation_id: str | None = None
    had_context: bool = False  # a browser context existed for it after some call
    client_roots: list[str] | None = None  # the client's roots (roots/list); None: not asked yet
    roots_generation: int = -1  # the server's roots_generation when they were asked


class BrowserxServer(Server[McpSession, Any]):
    """A low-level MCP server over a ToolRegistry and one BrowserManager (shared by all sessions)."""

    def __init__(self, registry: ToolRegistry, manager: BrowserManager) -> None:
        super().__init__(SERVER_NAME, version=__version__, instructions=INSTRUCTIONS, lifespan=_session_lifespan)
        self.registry = registry
        self.manager = manager
        self.list_tools()(self._list_tools)
        # The registry validates arguments itself (coded VALIDATION_ERROR, durations like "15s" that a
        # strict JSON-schema check would refuse), so the SDK's jsonschema pass is turned off.
        self.call_tool(validate_input=False)(self._call_tool)
        # A client's roots/list_changed carries no session: every session asks again on its next call.
        self.roots_generation = 0
        self.notification_handlers[types.RootsListChangedNotification] = self._roots_changed

    async def aclose(self) -> None:
        """Close every conversation and the browser (if one was started)."""
        started = self.manager.launches > 0
        await self.manager.close()
        if started:
            log.info("browser closed")

    async def _list_tools(self) -> list[types.Tool]:
        return [
            types.Tool(
                name=tool.name,
                description=tool.description,
                inputSchema=tool.json_schema(),
                annotations=types.ToolAnnotations(**tool.annotations.to_mcp()),
            )
            for tool in self.registry.tools.values()
        ]

    async def _call_tool(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        request = self.request_context
        session: McpSession = request.lifespan_context
        conversation_id = _conversation_id(session, request.request)
        lost = session.had_context and not self._has_context(conversation_id)
        await self._give_client_roots(session, conversation_id)
        result = await self.registry.dispatch(name, arguments, ToolContext(self.manager, conversation_id))
        if self._has_context(conversation_id):
            if lost:  # tell the model its cookies and pages are gone, rather than let it guess
                result.metadata.setdefault("notices", []).append(
                    {
                        "type": "browser_context_reset",
                        "message": "This session's browser context was closed (idle timeout or browser restart); "
                        "cookies, tabs and pages started fresh. Navigate again.",
                    }
                )
            session.had_context = True
        try:
            return to_call_result(result)
        finally:
            await self._release_images(conversation_id, result.images)

    async def _roots_changed(self, _notification: Any) -> None:
        self.roots_generation += 1

    async def _give_client_roots(self, session: McpSession, conversation_id: str) -> None:
        """The client's roots become file roots of this session's conversation (uploads, read_image)."""
        if session.client_roots is None or session.roots_generation != self.roots_generation:
            session.roots_generation = self.roots_generation
            session.client_roots = await _list_client_roots(self.request_context.session)
        if not session.client_roots:
            return
        conversation = self.manager.conversations.get(conversation_id)
        if conversation is None or conversation.closed:
            try:  # created now so that this very call already reads under the client's roots
                conversation = await self.manager.conversation(conversation_id)
            except Exception:
                log.debug("no conversation %s for the client's roots", conversation_id, exc_info=True)
                return
        conversation.client_roots = list(session.client_roots)

    def _has_context(self, conversation_id: str) -> bool:
        conversation = self.manager.conversations.get(conversation_id)
        return conversation is not None and not conversation.closed

    async def _release_images(self, conversation_id: str, images: list[Image]) -> None:
        """The response carrying these images is built: their files have done their job."""
        for image in images:
            if image.path:
                release_screenshot(self.manager.conversations.get(conversation_id), image.path)


def build_server(
    registry: ToolRegistry | None = None, config: BrowserConfig | None = None, manager: BrowserManager | None = None
) -> BrowserxServer:
    """The MCP server for `registry` (default: every browserx tool); the browser launches lazily."""
    # The client's model answers dialogs (browser_dialog): "ask" unless the caller's config says otherwise.
    manager = manager or BrowserManager(config or BrowserConfig(dialog_policy="ask"), setups=TAB_SETUPS)
    return BrowserxServer(registry or default_registry(), manager)


@contextlib.asynccontextmanager
async def _session_lifespan(server: Server[McpSession, Any]) -> AsyncIterator[McpSession]:
    """Runs once per MCP session (the SDK enters the lifespan in each `Server.run`)."""
    session = McpSession()
    try:
        yield session
    finally:
        assert isinstance(server, BrowserxServer)
        if session.conversation_id is not None:
            # The session may be ending because its task is cancelled (HTTP expiry, shutdown):
            # shield the close, but bound it.
            with anyio.move_on_after(CLOSE_TIMEOUT, shield=True):
                try:
                    if await server.manager.close_conversation(session.conversation_id):
                        log.info("MCP session ended: closed conversation %s", session.conversation_id)
                except Exception:
                    log.warning("closing conversation %s failed", session.conversation_id, exc_info=True)


def _conversation_id(session: McpSession, http_request: Any) -> str:
    if session.conversation_id is None:
        mcp_session_id = http_request.headers.get("mcp-session-id") if http_request is not None else None
        session.conversation_id = f"mcp-{mcp_session_id or uuid.uuid4().hex[:16]}"
    return session.conversation_id


ROOTS_TIMEOUT = 5.0


async def _list_client_roots(client: Any) -> list[str]:
    """The local directories (file:// roots) the client offers; none if it offers no roots."""
    params = client.client_params
    if params is None or params.capabilities.roots is None:
        return []
    try:
        with anyio.fail_after(ROOTS_TIMEOUT):
            listed = await client.list_roots()
    except Exception as exc:  # noqa: BLE001 - a client that cannot answer just offers no roots
        log.warning("roots/list failed: %s", exc)
        return []
    roots = []
    for root in listed.roots:
        uri = urlparse(str(root.uri))
        if uri.scheme == "file" and uri.netloc in ("", "localhost"):
            roots.append(unquote(uri.path))
    return roots


def to_call_result(result: ToolResult) -> types.CallToolResult:
    """ToolResult → MCP: compact JSON text, then each image as image content."""
    text = json.dumps(result.to_dict(), ensure_ascii=False, separators=(",", ":"), default=str)
    content: list[types.TextContent | types.ImageContent] = [types.TextContent(type="text", text=text)]
    for image in result.images:
        content.append(
            types.ImageContent(
                type="image", data=base64.b64encode(image.data).decode("ascii"), mimeType=image.mime_type
            )
        )
    return types.CallToolResult(content=content, isError=not result.success)


# --- transports ---------------------------------------------------------------------------------


async def serve_stdio(server: BrowserxServer) -> None:
    """One MCP session over stdin/stdout until the client closes stdin; then the browser closes."""
    from mcp.server.stdio import stdio_server

    try:
        async with stdio_server(stdin=await _stdin_lines()) as (read_stream, write_stream):
            await server.run(read_stream, write_stream, server.create_initialization_options())
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


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_http_binding(host: str, token: str | None) -> None:
    """Off loopback, a bearer token is required: anyone who can reach the port could drive the browser."""
    if not is_loopback(host) and not token:
        raise ValidationError(
            f"refusing to listen on {host} without a bearer token",
            hint="Pass --token or set BROWSERX_TOKEN, or bind to 127.0.0.1.",
        )


class BearerAuth:
    """ASGI middleware: every HTTP request must carry `Authorization: Bearer <token>`."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                body = json.dumps(
                    {
                        "error": {
                            "code": "UNAUTHORIZED",
                            "message": "missing or wrong bearer token",
                            "hint": "Send Authorization: Bearer <token>.",
                        }
                    }
                ).encode()
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b"Bearer"),
                            (b"content-length", str(len(body)).encode()),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


def http_app(server: BrowserxServer, host: str, token: str | None, on_ready: Any = None) -> Any:
    """The Starlette app: streamable HTTP at /mcp, behind the bearer check when a token is set."""
    from mcp.server.streamable_http_manager import DEFAULT_SESSION_IDLE_TIMEOUT, StreamableHTTPSessionManager
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette
    from starlette.routing import Route

    if is_loopback(host):  # a web page must not reach a loopback server through DNS rebinding
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost"],
            allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
        )
    else:  # reachable by name from elsewhere: the bearer token is the guard
        security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    # An HTTP session outlives its browser context's idle close, so the model gets a reset notice
    # rather than a transport error; ending the session closes the context too.
    session_idle = max(server.manager.config.idle_timeout, DEFAULT_SESSION_IDLE_TIMEOUT)
    sessions = StreamableHTTPSessionManager(app=server, security_settings=security, session_idle_timeout=session_idle)

    class Endpoint:  # a class, so Starlette passes the raw ASGI call through
        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            await sessions.handle_request(scope, receive, send)

    @contextlib.asynccontextmanager
    async def lifespan(_: Any) -> AsyncIterator[None]:
        try:
            async with sessions.run():
                if on_ready is not None:
                    on_ready()
                yield
        finally:
            await server.aclose()

    app: Any = Starlette(
        routes=[Route(MCP_PATH, endpoint=Endpoint(), methods=["GET", "POST", "DELETE"])], lifespan=lifespan
    )
    if token:
        app = BearerAuth(app, token)
    return app


def _drop_closed_stream_noise(record: logging.LogRecord) -> bool:
    """The SDK logs a traceback at ERROR whenever a client ends its session (its SSE writer finds its
    stream closed); that is the normal end of a session, not a failure."""
    exc = record.exc_info[1] if record.exc_info else None
    return not isinstance(exc, (anyio.ClosedResourceError, anyio.BrokenResourceError))


async def serve_http(
    server: BrowserxServer, host: str = "127.0.0.1", port: int = DEFAULT_HTTP_PORT, token: str | None = None
) -> None:
    """Streamable HTTP on host:port until interrupted; prints the URL on stderr once it accepts.

    Port 0 picks a free port (the printed URL tells which).
    """
    import uvicorn

    check_http_binding(host, token)
    sdk_log = logging.getLogger("mcp.server.streamable_http")
    if _drop_closed_stream_noise not in sdk_log.filters:
        sdk_log.addFilter(_drop_closed_stream_noise)
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        raise ValidationError(
            f"cannot listen on {host}:{port}: {exc}", hint="Pick another --port (0 chooses a free one)."
        ) from exc
    sock.listen(128)
    bound_port = sock.getsockname()[1]
    shown = f"[{host.strip('[]')}]" if family == socket.AF_INET6 else host

    def ready() -> None:
        print(f"browserx mcp listening on http://{shown}:{bound_port}{MCP_PATH}", file=sys.stderr, flush=True)

    app = http_app(server, host, token, on_ready=ready)
    config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
    try:
        await uvicorn.Server(config).serve(sockets=[sock])
    finally:
        sock.close()
        await server.aclose()  # also when the lifespan never started


__all__ = [
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

"""MCP over streamable HTTP (`browserx mcp --http`): many sessions at /mcp, each told apart by its
`mcp-session-id`; a bearer token off loopback, DNS-rebinding protection on it."""

from __future__ import annotations

import contextlib
import hmac
import ipaddress
import json
import logging
import socket
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio

from ..errors import ValidationError
from .server import BrowserxServer

DEFAULT_HTTP_PORT = 8765
MCP_PATH = "/mcp"
# An HTTP session with no request for this long ends (the SDK's default in 1.30 and 2.2 on; 2.0 and
# 2.1 name none and keep idle sessions for ever).
SESSION_IDLE_TIMEOUT = 30 * 60


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
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
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
    session_idle = max(server.manager.config.idle_timeout, SESSION_IDLE_TIMEOUT)
    sessions = StreamableHTTPSessionManager(app=server, security_settings=security, session_idle_timeout=session_idle)

    class Endpoint:  # a class, so Starlette passes the raw ASGI call through
        async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
            headers = dict(scope.get("headers") or [])
            mcp_session_id = headers.get(b"mcp-session-id", b"").decode("latin-1") or None
            if mcp_session_id is None:  # a new session: the state of those the SDK expired can go
                await server.forget_sessions_unused_for(session_idle)
            status: list[int] = []

            async def send_seeing_status(message: Any) -> None:
                if message["type"] == "http.response.start":
                    status.append(message["status"])
                await send(message)

            await sessions.handle_request(scope, receive, send_seeing_status)
            # SDK 2.x leaves its lifespan (sessions.py) only at shutdown: a session's DELETE ends it here.
            if scope["method"] == "DELETE" and mcp_session_id and status and status[0] < 400:
                await server.end_session(mcp_session_id)

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
    "DEFAULT_HTTP_PORT",
    "MCP_PATH",
    "BearerAuth",
    "check_http_binding",
    "http_app",
    "is_loopback",
    "serve_http",
]

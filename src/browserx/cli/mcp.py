"""`browserx mcp`: the MCP server, over stdio (default) or streamable HTTP (`--http`).

Every tool of the registry is exposed; each MCP session gets its own isolated browser context,
closed after --idle-timeout seconds unused or when the session ends.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal

from ..browser.config import Range
from .common import add_browser_options, browser_config
from .options import Caps, Number, Text


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "mcp",
        help="run the MCP server (stdio, or --http for streamable HTTP)",
        description="Serve every browserx tool over the Model Context Protocol. stdio by default; with --http, "
        "streamable HTTP at http://HOST:PORT/mcp. Off loopback a bearer token is required.",
    )
    parser.add_argument("--http", action="store_true", help="serve streamable HTTP instead of stdio")
    parser.add_argument(
        "--host",
        type=Text(253),
        default="127.0.0.1",
        help="with --http: address to bind (default 127.0.0.1; any other needs a token)",
    )
    parser.add_argument(
        "--port",
        type=Number(Range(0, 65535, integer=True)),
        default=None,
        help="with --http: port (default 8765; 0 picks a free one)",
    )
    parser.add_argument(
        "--token",
        type=Text(),
        default=None,
        help="with --http: bearer token every request must carry (default: $BROWSERX_TOKEN)",
    )
    parser.add_argument(
        "--caps",
        type=Caps(),
        default=[],
        help="tool groups to turn on besides the default set: perf, emulation, network, pdf, or all",
    )
    add_browser_options(parser)
    parser.set_defaults(func=run, check=check, dialogs="ask")  # the agent on the other end answers dialogs


def check(args: argparse.Namespace) -> None:
    from ..errors import ValidationError
    from ..mcp_server import check_http_binding

    if not args.http and (args.port is not None or args.token or args.host != "127.0.0.1"):
        raise ValidationError("--host, --port and --token apply to --http only", hint="Add --http.")
    if args.http:
        check_http_binding(args.host, args.token or os.environ.get("BROWSERX_TOKEN") or None)


async def run(args: argparse.Namespace) -> int:
    from ..mcp_server import DEFAULT_HTTP_PORT, build_server, serve_http, serve_stdio
    from ..tools import default_registry

    config = browser_config(args)  # with the command's check: refused before anything starts
    token = args.token or os.environ.get("BROWSERX_TOKEN") or None
    server = build_server(default_registry(caps=getattr(args, "caps", None)), config=config)
    if args.http:
        await serve_http(
            server, host=args.host, port=DEFAULT_HTTP_PORT if args.port is None else args.port, token=token
        )
        return 0
    # stdio: SIGTERM from the client must still close Chromium, like stdin EOF does
    task = asyncio.current_task()
    assert task is not None
    terminated = []

    def terminate() -> None:
        terminated.append(True)
        task.cancel()

    with contextlib.suppress(NotImplementedError, RuntimeError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, terminate)
    try:
        await serve_stdio(server)
    except asyncio.CancelledError:
        if terminated:
            return 128 + signal.SIGTERM
        raise  # Ctrl-C: asyncio.run turns this back into KeyboardInterrupt → exit 130
    return 0

"""Which Python files a click runs, from the MCP edge to CDP (docs/CONTRIBUTING.md, "A click, end to end").

    PYTHONPATH=src .venv/bin/python scripts/click_walk.py

Starts the MCP server in memory (the official client over in-memory streams, SDK 1.x or 2.x), navigates to a local page,
takes a snapshot, then traces one `browser_dom action=click`: every browserx function called by the click's
request handler and the tasks it starts (a context variable set when `_call_tool` begins marks them; the
CDP reader task and event callbacks, which run for every call, are left out). Prints the files, each with
the functions run, and two counts: every browserx file the click runs, and the walk: the files on the call
stack of each CDP message the click sends (`CDPSession.send`, the CDP edge), i.e. what a reader follows from
the MCP edge to CDP. A task the click starts (the in-page wait that goes out with the mouse events) has its
own stack, from the function that started it.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import http.server
import json
import sys
import threading
from collections import defaultdict
from pathlib import Path

import anyio
from mcp import ClientSession
from mcp.shared.memory import create_client_server_memory_streams

from browserx.browser import BrowserConfig
from browserx.mcp_server import build_server

PAGE = b"<!doctype html><title>walk</title><button id=go onclick=\"this.textContent='done'\">Go</button>"
PACKAGE = Path(__import__("browserx").__file__).parent

_tracing: contextvars.ContextVar[bool] = contextvars.ContextVar("click_walk", default=False)


class _Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *_args: object) -> None:
        pass


async def main() -> int:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    server = build_server(config=BrowserConfig())
    walked: dict[str, set[str]] = defaultdict(set)
    walk: dict[str, set[str]] = defaultdict(set)  # file -> the CDP methods whose stack it is on

    def profile(frame, event, _arg):
        if event != "call":
            return
        code = frame.f_code
        if code.co_name == "_call_tool" and code.co_filename.endswith("mcp_server/server.py") and armed:
            _tracing.set(True)
        if _tracing.get() and code.co_filename.startswith(str(PACKAGE)):
            walked[str(Path(code.co_filename).relative_to(PACKAGE))].add(code.co_name)
            if code.co_name == "send" and code.co_filename.endswith("cdp/session.py"):
                method = frame.f_locals.get("method", "?")
                for f in _stack(frame):
                    walk[str(Path(f.f_code.co_filename).relative_to(PACKAGE))].add(method)

    armed = False
    try:
        async with _client(server) as client:
            await client.call_tool("browser_navigate", {"url": url})
            snap = await client.call_tool("browser_dom", {"action": "snapshot", "format": "json"})
            model = json.loads(snap.content[0].text)
            controls = model.get("controls") or model.get("data", {}).get("controls")
            go = controls[0]["id"]
            await client.call_tool("browser_dom", {"action": "click", "element_id": go})  # warm up imports
            armed = True
            sys.setprofile(profile)
            threading.setprofile(profile)
            try:
                result = await client.call_tool("browser_dom", {"action": "click", "element_id": go})
            finally:
                sys.setprofile(None)
                threading.setprofile(None)  # type: ignore[arg-type]
            assert '"success":true' in result.content[0].text, result.content
    finally:
        await server.aclose()
        httpd.shutdown()
    for name in sorted(walked):
        mark = "* " if name in walk else "  "
        print(f"{mark}{name}: {', '.join(sorted(walked[name]))}")
    print(f"* on the stack of a CDP message: {', '.join(sorted(walk))}")
    print(f"click: {len(walked)} browserx files run; the walk (MCP edge to CDPSession.send): {len(walk)} files")
    return 0


@contextlib.asynccontextmanager
async def _client(server):
    """The official client over memory streams, with the initialize handshake (both SDK majors)."""
    async with create_client_server_memory_streams() as (client_streams, server_streams):
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(server.run, *server_streams, server.create_initialization_options())
            async with ClientSession(*client_streams) as client:
                await client.initialize()
                yield client
            tasks.cancel_scope.cancel()


def _stack(frame):
    """The browserx frames from `frame` out to the coroutine that awaited it (or the task that runs it)."""
    while frame is not None:
        if frame.f_code.co_filename.startswith(str(PACKAGE)):
            yield frame
        frame = frame.f_back


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

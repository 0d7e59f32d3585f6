"""`browserx demo`: the whole loop on a bundled page, offline — read the model, act by id, look.

Serves the bundled shop page on 127.0.0.1, then does what an agent would: snapshot, search,
add a product to the cart by element id, sign in (the password never shows in any output),
and take a screenshot with element ids drawn on it.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from ..browser import BrowserManager
from ..tools import TAB_SETUPS, ToolContext, data_of, default_registry
from .common import add_browser_options, browser_config
from .options import NewPath


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="run the agent loop on a bundled example page (no internet)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "-o", "--output", type=NewPath("file"), default="browserx-demo.png", help="where to save the screenshot"
    )
    add_browser_options(parser)
    parser.set_defaults(func=run)


@contextlib.contextmanager
def serve_examples() -> Iterator[str]:
    """The bundled example pages on 127.0.0.1 (a free port), for as long as the block runs."""
    with resources.as_file(resources.files("browserx.examples")) as directory:
        handler = functools.partial(_QuietHandler, directory=str(directory))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{httpd.server_address[1]}"
        finally:
            httpd.shutdown()
            httpd.server_close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def _find(model: dict[str, Any], role: str, name_part: str) -> str:
    for control in model["controls"]:
        if control["role"] == role and name_part.lower() in control["name"].lower():
            return control["id"]
    raise LookupError(f"no {role} named like {name_part!r} in the page model")


async def run(args: argparse.Namespace) -> int:
    registry = default_registry()
    async with BrowserManager(browser_config(args), setups=TAB_SETUPS) as manager:
        ctx = ToolContext(manager, "demo")

        async def call(name: str, **arguments: Any) -> Any:
            result = await registry.dispatch(name, arguments, ctx)
            status = result.error["code"] if result.error else "ok"
            print(
                f"· {name} {arguments.get('action', '')} {arguments.get('element_id', '')}".rstrip()
                + f" → {status} ({result.metadata['duration_ms']:.0f} ms)"
            )
            return data_of(result), result

        with serve_examples() as base:
            await call("browser_navigate", url=f"{base}/shop.html")
            text, _ = await call("browser_dom", action="snapshot")
            print("\n" + (text if isinstance(text, str) else text.get("text", "")) + "\n")
            model, _ = await call("browser_dom", action="snapshot", format="json")
            await call("browser_dom", action="click", element_id=_find(model, "button", "accept"))
            await call(
                "browser_dom", action="type", element_id=_find(model, "searchbox", "search"), text="tent", submit=True
            )
            await call("browser_dom", action="click", element_id=_find(model, "button", "ridgeline"))
            await call(
                "browser_dom", action="type", element_id=_find(model, "textbox", "email"), text="hiker@example.com"
            )
            await call(
                "browser_dom",
                action="type",
                element_id=_find(model, "textbox", "password"),
                text="correct horse battery staple",
            )
            await call("browser_dom", action="click", element_id=_find(model, "button", "sign in"))
            after, _ = await call("browser_dom", action="snapshot")
            print("\n" + (after if isinstance(after, str) else after.get("text", "")) + "\n")
            shot, result = await call("page_screenshot", action="screenshot", marks=True)
            output = Path(args.output).expanduser()
            output.parent.mkdir(parents=True, exist_ok=True)  # --output was checked: it can be made
            output.write_bytes(result.images[0].data)
            print(f"screenshot with element ids: {args.output} ({shot['width']}x{shot['height']})")
    return 0

"""`browserx screenshot URL -o shot.png [--marks] [--selector S]`: open a page, save a screenshot."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..actions.navigation import NAVIGABLE_SCHEMES
from ..errors import FileStorageError
from ..tools.browser import NavigateParams
from ..tools.screenshot import TakeScreenshotParams
from .common import add_browser_options, print_result, result_exit_code, tool_session
from .options import Duration, FieldText, NewPath, Url, max_length_of


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "screenshot",
        help="open a URL and save a PNG screenshot of the viewport or of one element",
        description="Navigate to URL and save a viewport screenshot (sized to an LLM's image limits) to "
        "--output. --marks draws the page model's element ids on the controls; --selector "
        "captures one element instead.",
    )
    parser.add_argument("url", metavar="URL", type=Url(NAVIGABLE_SCHEMES, max_length_of(NavigateParams, "url")))
    parser.add_argument(
        "-o", "--output", required=True, metavar="FILE", type=NewPath("file"), help="where to write the PNG"
    )
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--marks", action="store_true", help="draw element ids (for browser_dom) on the controls")
    target.add_argument(
        "--selector",
        metavar="CSS",
        type=FieldText(TakeScreenshotParams, "selector"),
        help="capture only the element this CSS selector matches",
    )
    parser.add_argument("--timeout", type=Duration(), default="15s", help="load and capture timeout (default 15s)")
    parser.add_argument("--json", action="store_true", help="print the whole tool result as JSON")
    add_browser_options(parser)
    parser.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    async with tool_session(args) as call:
        result = await call("browser_navigate", url=args.url, timeout=args.timeout)
        if result.success:
            if args.selector:
                result = await call("browser_take_screenshot", selector=args.selector, timeout=args.timeout)
            else:
                result = await call("page_screenshot", action="screenshot", marks=bool(args.marks))
        if result.success:
            output = Path(args.output).expanduser()
            try:
                output.parent.mkdir(parents=True, exist_ok=True)  # --output was checked: it can be made
                output.write_bytes(result.images[0].data)
            except OSError as exc:
                raise FileStorageError(f"cannot write {output}: {exc}") from exc
            data = {k: v for k, v in result.data.items() if k not in ("image_file_id", "description")}
            result.data = {"output": str(output), **data}
    if result.success and not args.json:
        print(json.dumps(result.data, ensure_ascii=False), file=sys.stdout)
    else:
        print_result(result, args.json)
    return result_exit_code(result)

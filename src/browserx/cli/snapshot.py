"""`browserx snapshot URL|FILE`: print the page model (compact text, or JSON with --json).

    browserx snapshot https://example.com/
    browserx snapshot page.html --json --include-values --max-controls 100
    browserx snapshot https://shop.example/checkout --cross-origin-iframes
    browserx snapshot https://example.com/long-article --max-text 20000 --text-offset 20000

A FILE is rendered as static HTML (scripts disabled, isolated context); a URL is opened in a
fresh browser and snapshotted once it is usable and its load event fired or `--load-wait` ran out
(then the first line says `(still loading)`, the JSON `"loading": true`); a FILE's model is named by its file:// URL.
`--max-text N --text-offset K` print the piece of reader text from K (its last line names the next
offset); `--within` the model of one part (an element id, a region such as main, or dialog).
`--json` prints the whole model,
selectors (`aimap`) included: this output is for programs, not for an LLM.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pydantic

from ..actions.navigation import NAVIGABLE_SCHEMES
from ..browser import BrowserManager
from ..errors import ValidationError
from ..page.model import SnapshotOptions
from .common import CLI_CONVERSATION, add_browser_options, browser_config
from .options import Duration, FieldText, Number, UrlOrFile


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "snapshot",
        help="print the page model of a URL or an HTML file",
        description="Print what an agent sees of a page: headings, regions, controls with ids, reader text.",
    )
    parser.add_argument(
        "target",
        metavar="URL|FILE",
        type=UrlOrFile(NAVIGABLE_SCHEMES),
        help="a URL to open, or an HTML file rendered without scripts",
    )
    parser.add_argument("--json", action="store_true", help="print the model as JSON (selectors included)")
    parser.add_argument(
        "--include-values", action="store_true", help="show field values (up to 200 characters; passwords stay hidden)"
    )
    parser.add_argument(
        "--max-controls",
        metavar="N",
        type=Number.of_field(SnapshotOptions, "max_controls"),
        default=400,
        help="keep at most N controls, in-viewport and enabled first (default 400)",
    )
    parser.add_argument(
        "--cross-origin-iframes",
        action="store_true",
        help="also capture cross-site iframes (payment, login, consent widgets)",
    )
    parser.add_argument(
        "--max-text",
        metavar="N",
        type=Number.of_field(SnapshotOptions, "max_text_chars"),
        default=3000,
        help="reader text characters to print (default 3000, up to 200000)",
    )
    parser.add_argument(
        "--text-offset",
        metavar="K",
        type=Number.of_field(SnapshotOptions, "text_offset"),
        default=0,
        help="print the reader text from character K (the 'next: text_offset=' of the previous piece)",
    )
    parser.add_argument(
        "--within",
        metavar="PART",
        type=FieldText(SnapshotOptions, "within"),
        help="only this part: an element id, a region (main, navigation, ...) or dialog",
    )
    parser.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=Number(Duration.range),
        default=15.0,
        help="how long to wait for a URL to load (default 15)",
    )
    add_browser_options(parser)
    parser.set_defaults(func=run, check=check)


def check(args: argparse.Namespace) -> None:
    """The snapshot options, by SnapshotOptions itself (the options' types checked each value already)."""
    try:
        args.snapshot_options = SnapshotOptions(
            include_values=args.include_values,
            max_controls=args.max_controls,
            include_cross_origin_iframes=args.cross_origin_iframes,
            max_text_chars=args.max_text,
            text_offset=args.text_offset,
            within=args.within,
        )
    except pydantic.ValidationError as exc:
        first = exc.errors()[0]
        raise ValidationError(f"snapshot option {'.'.join(map(str, first['loc']))}: {first['msg']}") from None


async def run(args: argparse.Namespace) -> int:
    from ..page.render import render_text

    config = browser_config(args)  # prepares: the options are checked
    options = args.snapshot_options
    file = Path(args.target)
    loading = False
    async with BrowserManager(config) as manager:
        if file.is_file():
            from ..page import static

            html = file.read_text(encoding="utf-8", errors="replace")
            # The model names the file (not about:blank); relative links resolve next to it.
            url = file.resolve().as_uri()
            model = await static.snapshot_html(manager, html, base_url=url, options=options)
        else:
            from ..actions.navigation import navigate
            from ..page.service import DomService

            conversation = await manager.conversation(CLI_CONVERSATION)
            tab = await conversation.tab()
            from ..actions.settle import first_render

            await navigate(tab, args.target, timeout=args.timeout)
            service = DomService.of(tab)
            # As the tool does: a single-page app's first render, not its "Loading...".
            model, rendered = await first_render(tab, service.world, lambda: service.snapshot(options))
            loading = tab.load.pending or not rendered  # more is still to come: say so, as the tool does
    if args.json:
        print(json.dumps(model.to_json_dict() | ({"loading": True} if loading else {}), ensure_ascii=False))
    else:
        print(render_text(model, loading=loading))
    return 0

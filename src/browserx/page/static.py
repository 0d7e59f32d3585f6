"""The page model of an HTML string (spec FR-025), without running the page.

    model = await snapshot_html(manager, html, base_url="https://shop.example/cart/")

The HTML is rendered in a throwaway conversation (its own browser context, closed afterwards) with
page scripts disabled (`Emulation.setScriptExecutionDisabled`) and every load stopped (blocked
requests, plus a Content-Security-Policy put first in the document, which also stops frames):
the model describes the markup and its inline styles exactly as written, and nothing leaves the
machine. browserx's own isolated-world script still runs (DevTools evaluation is not page script).

`base_url` resolves relative links: a `<base href>` is put first in the document (so it wins over
one the HTML carries), hrefs in the model are made relative to it when same-origin, and the
model's `url` is `base_url` (otherwise `about:blank`).
"""

from __future__ import annotations

import html as html_lib
import itertools
import re

from ..browser import BrowserManager
from ..errors import ValidationError
from .model import PageModel, SnapshotOptions
from .service import DomService

_ids = itertools.count(1)
# A leading byte-order mark, comments and doctype stay in front: a <base> before the doctype would
# switch the document to quirks mode.
_PROLOGUE = re.compile(r"^(\ufeff?\s*(?:<!--.*?-->\s*)*(?:<!doctype[^>]*>)?)", re.IGNORECASE | re.DOTALL)


# Frames navigate outside the tab's request blocking: a policy in the document stops every load
# (frames, images, fonts, stylesheets) before it starts, and keeps inline styles.
_NO_LOADS = (
    '<meta http-equiv="Content-Security-Policy" '
    "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">"
)


def with_prefix(html: str, base_url: str | None) -> str:
    """`html` with the no-loads policy and `<base href=base_url>` as its first elements."""
    tag = _NO_LOADS + (f'<base href="{html_lib.escape(base_url, quote=True)}">' if base_url else "")
    prologue = _PROLOGUE.match(html)
    cut = prologue.end() if prologue else 0
    return html[:cut] + tag + html[cut:]


async def snapshot_html(
    manager: BrowserManager, html: str, *, base_url: str | None = None, options: SnapshotOptions | None = None
) -> PageModel:
    """The page model of `html`, rendered with scripts off in an isolated, throwaway context."""
    if not isinstance(html, str):
        raise ValidationError("html must be a string of HTML")
    if base_url is not None and not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", base_url):
        raise ValidationError(
            f"base_url {base_url!r} is not an absolute URL",
            hint="Give a full URL such as https://example.com/page.html.",
        )
    options = options or SnapshotOptions()
    if base_url is not None and options.base_url is None:
        options = options.model_copy(update={"base_url": base_url})
    conversation_id = f"static-html-{next(_ids)}"
    conversation = await manager.conversation(conversation_id)
    try:
        tab = await conversation.tab()
        session = tab.session
        await session.enable("Network")
        # urls=["*"] blocks every request: stylesheets, images, frames. The document itself is
        # handed over by setDocumentContent and needs no network.
        await session.send("Network.setBlockedURLs", {"urls": ["*"]})
        await session.send("Emulation.setScriptExecutionDisabled", {"value": True})
        frame_tree = await session.send("Page.getFrameTree")
        frame_id = frame_tree["frameTree"]["frame"]["id"]
        await session.send("Page.setDocumentContent", {"frameId": frame_id, "html": with_prefix(html, base_url)})
        model = await DomService.of(tab).snapshot(options, fresh=True)
    finally:
        await manager.close_conversation(conversation_id)
    if base_url:
        model = model.model_copy(update={"url": base_url})
    return model

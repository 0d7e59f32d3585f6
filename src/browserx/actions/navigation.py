"""Navigation and load waiting: a page is ready when it is usable, not when its last tracker answers.

    await navigate(tab, url)   # {"url", "title", "load": "complete"} or, on a stalling page,
                               # {"url", "title", "load": "pending", "pending_requests": 1, "pending_urls": [...]}

`wait_until` says when a navigation answers:
    usable        (default) committed and DOMContentLoaded fired (the body exists); then the load
                  event is awaited at most `load_wait` seconds after DOMContentLoaded (config.load_wait)
    load          the load event
    network_idle  the load event, then no request in flight for 0.5 s
    commit        the new document committed (it may have no body yet)
Each is bounded by `timeout`. A document whose whole HTML arrived but whose DOMContentLoaded waits
on a stalled script is usable too once it has a body (`dom_content_loaded: false`, after
`load_wait`). Only a document that did not arrive is a TIMEOUT; `details.missing` says what:
`response` (nothing came), `document` (the HTML is still arriving) or `body` (a script or
stylesheet before the body has not arrived). A usable page whose load or network never settles is
a success whose `load` says "pending". History moves and reloads wait as "usable" does; a URL that
downloads reports the saved file.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit
from urllib.request import url2pathname

from ..browser import Tab
from ..browser.config import origin_allowed
from ..browser.files import allowed_path
from ..errors import (
    AuthRequiredError,
    CDPError,
    NavigationFailedError,
    OriginNotAllowedError,
    PageNavigatedError,
    TimeoutError,
    ValidationError,
)

NAVIGABLE_SCHEMES = ("http", "https", "about", "data", "file")  # what browser_navigate opens
WAIT_UNTIL = ("usable", "load", "network_idle", "commit")


def check_url(tab: Tab, url: str) -> str:
    """Validate a URL against the scheme rules and the conversation's allowed origins."""
    config = tab.conversation.config
    parts = urlsplit(url)
    if not parts.scheme:
        raise ValidationError(f"{url!r} has no scheme", hint="Give a full URL such as https://example.com/.")
    scheme = parts.scheme.lower()
    if scheme not in NAVIGABLE_SCHEMES:
        raise ValidationError(f"scheme {scheme!r} is not supported", hint="Use an http(s) URL.")
    if scheme == "file" and not config.allow_file_urls:
        raise OriginNotAllowedError(
            "file:// URLs are off", hint="Start browserx with --allow-file-urls to open local files."
        )
    if scheme == "file":  # even then, only files under the file roots (FILE_NOT_ALLOWED)
        allowed_path(url2pathname(parts.path), tab.conversation.file_roots(), must_exist=False)
    if scheme in ("http", "https") and not parts.netloc:
        raise ValidationError(f"{url!r} has no host", hint="Give a full URL such as https://example.com/.")
    if not origin_allowed(url, config.allowed_origins) and scheme != "file":
        raise OriginNotAllowedError(
            f"{url} is outside the allowed origins", details={"allowed_origins": config.allowed_origins}
        )
    return url


async def navigate(
    tab: Tab, url: str, *, timeout: float = 15.0, wait_until: str = "usable", load_wait: float | None = None
) -> dict[str, Any]:
    """Go to `url`; return once the page is usable (see the module docstring), or a download finished."""
    check_url(tab, url)
    if wait_until not in WAIT_UNTIL:
        raise ValidationError(f"wait_until must be one of {', '.join(WAIT_UNTIL)}, got {wait_until!r}")
    conversation = tab.conversation
    state = tab.load
    deadline = time.monotonic() + timeout
    download_begun: asyncio.Future[str] = asyncio.get_running_loop().create_future()

    def on_download(params: dict[str, Any]) -> None:
        if params.get("frameId") == tab.target_id and not download_begun.done():
            download_begun.set_result(params["guid"])

    off = conversation.connection.on("Browser.downloadWillBegin", on_download)
    try:
        try:
            result = await _settled_send(tab, "Page.navigate", {"url": url}, timeout=timeout)
        except TimeoutError as exc:
            raise _not_arrived(tab, url, timeout, None) from exc
        error_text = result.get("errorText")
        _check_auth(tab, result.get("loaderId") or "")
        if error_text and not (error_text == "net::ERR_ABORTED"):
            raise NavigationFailedError(f"{error_text} while loading {url}", details={"error": error_text})
        loader_id: str = result.get("loaderId") or ""
        if not loader_id and not error_text:
            # Same-document navigation (a #fragment): the document and its load state stay.
            return await _result(tab, wait_until)
        committed = asyncio.ensure_future(state.wait(lambda: bool(loader_id) and state.committed(loader_id), deadline))
        try:
            waiters: set[asyncio.Future[Any]] = {committed, download_begun}
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        finally:
            committed.cancel()
        if download_begun.done():
            download = await conversation.wait_download(download_begun.result(), max(0.1, deadline - time.monotonic()))
            return {"url": url, "download": download.info()}
        if not state.committed(loader_id):
            if error_text:  # aborted with neither a document nor a download: a navigation the page cancelled
                raise NavigationFailedError(f"{error_text} while loading {url}", details={"error": error_text})
            raise _not_arrived(tab, url, timeout, loader_id)
        return await _finish(tab, url, loader_id, wait_until, deadline, timeout, load_wait)
    finally:
        off()


def _check_auth(tab: Tab, loader_id: str) -> None:
    """AUTH_REQUIRED when the document's request met an HTTP auth challenge browserx did not answer
    (no credentials for that origin, or they were refused); the tab shows the server's 401 page."""
    challenge = tab.gate.challenge_of(loader_id) if loader_id else None
    if challenge is None:
        return
    # The error says it; the same notice would only repeat it.
    tab.notices = [n for n in tab.notices if not (n["type"] == "auth_required" and n.get("url") == challenge["url"])]
    where = "the proxy" if challenge["source"] == "proxy" else challenge["origin"]
    refused = challenge["credentials"] == "refused"
    raise AuthRequiredError(
        f"{where} {'refused the credentials browserx has for it' if refused else 'asks for a login'} "
        f"({challenge['scheme']} realm {challenge['realm']!r}) at {challenge['url']}",
        hint="The credentials browserx was given for this origin were refused: correct them in the "
        "--http-credentials file (or BrowserConfig.http_credentials); the model cannot."
        if refused
        else None,
        details={k: challenge[k] for k in ("origin", "scheme", "realm", "source", "credentials")},
    )


async def _finish(
    tab: Tab, url: str, loader_id: str, wait_until: str, deadline: float, timeout: float, load_wait: float | None
) -> dict[str, Any]:
    """After the commit of `loader_id`: wait as `wait_until` says, then the page info and its load state."""
    for _hop in range(5):  # a script redirect that committed while we waited: wait for that document too
        await wait_ready(
            tab, loader_id, wait_until=wait_until, deadline=deadline, load_wait=load_wait, url=url, timeout=timeout
        )
        current = tab.load.loader_id
        if not current or current == loader_id or not tab.load.committed(current) or time.monotonic() >= deadline:
            break
        loader_id = current
    return await _result(tab, wait_until)


async def wait_ready(
    tab: Tab,
    loader_id: str,
    *,
    wait_until: str = "usable",
    deadline: float,
    load_wait: float | None = None,
    url: str = "",
    timeout: float | None = None,
) -> None:
    """Wait until the committed document `loader_id` (or one it handed over to) is ready as `wait_until`
    says, by `deadline` (time.monotonic); TIMEOUT (saying what is missing) if it never becomes usable."""
    state = tab.load
    url = url or tab.url
    if timeout is None:
        timeout = max(0.0, deadline - time.monotonic())
    if wait_until == "commit":
        return

    def moved() -> bool:
        return not state.committed(loader_id)

    def usable() -> bool:
        return state.usable_for(loader_id) or moved()

    def usable_or_arrived() -> bool:
        return usable() or state.document_arrived(loader_id)

    # (The checks read `loader_id` as it is now: a document that hands over to another before it is
    # usable, by a script redirect, is followed to that one.)
    while True:
        if not await state.wait(usable_or_arrived, deadline):
            raise _not_arrived(tab, url, timeout, loader_id)
        if not moved():
            break
        loader_id = state.loader_id
    if load_wait is None:
        load_wait = tab.conversation.config.load_wait
    if wait_until == "usable":
        if not usable():  # all the HTML is here; DOMContentLoaded waits on a script: as long as a load would
            await state.wait(usable, min(deadline, state.arrived.get(loader_id, 0) + load_wait))
        if state.usable_for(loader_id):
            await state.wait(lambda: state.complete or moved(), min(deadline, (state.dcl_at or 0) + load_wait))
    else:
        await state.wait(lambda: state.complete or moved(), deadline)
        if wait_until == "network_idle" and state.complete:
            await state.wait_quiet(deadline)
    # Not usable yet and no body: the parser stopped before it, on a script or stylesheet that has not arrived.
    if not usable() and not await _has_body(tab) and not await state.wait(usable, deadline):
        raise _not_arrived(tab, url, timeout, loader_id)


async def _has_body(tab: Tab) -> bool:
    try:
        result = await tab.session.send(
            "Runtime.evaluate", {"expression": "!!document.body", "returnByValue": True}, timeout=5.0
        )
    except (TimeoutError, CDPError, PageNavigatedError):
        return False
    return result.get("result", {}).get("value") is True


def _not_arrived(tab: Tab, url: str, timeout: float, loader_id: str | None) -> TimeoutError:
    """TIMEOUT for a document that did not arrive, saying which part is missing."""
    state = tab.load
    if not loader_id or not state.committed(loader_id):
        return TimeoutError(
            f"{url} sent no response within {timeout:g} s",
            hint="Nothing of the page arrived: the server has not answered. Check the URL, "
            "or retry with a longer timeout.",
            details={"missing": "response"},
        )
    report = {k: v for k, v in state.report().items() if k in ("pending_requests", "pending_urls")}
    if state.document_arrived(loader_id):
        return TimeoutError(
            f"the page at {url} had no body after {timeout:g} s",
            hint="Its HTML arrived, but a script or stylesheet it waits for before the body has "
            "not (see pending_urls). Retry with a longer timeout, or try another page.",
            details={"missing": "body", **report},
        )
    return TimeoutError(
        f"the HTML of {url} was still arriving after {timeout:g} s",
        hint="The server sent part of the page and stalled. Take a snapshot to see the part that "
        "came, or retry with a longer timeout.",
        details={"missing": "document", **report},
    )


async def _result(tab: Tab, wait_until: str) -> dict[str, Any]:
    out = {**await _page_info(tab), **tab.load.report()}
    if wait_until == "network_idle":
        out["network_idle"] = tab.load.quiet()
    return out


async def _page_info(tab: Tab) -> dict[str, Any]:
    try:
        result = await tab.session.send(
            "Runtime.evaluate", {"expression": "[location.href, document.title]", "returnByValue": True}, timeout=5.0
        )
    except (TimeoutError, CDPError, PageNavigatedError):
        result = {}  # a busy or departing page: what the tab last saw
    href, title = result.get("result", {}).get("value") or [tab.url, tab.title]
    tab.url, tab.title = href, title
    return {"url": href, "title": title}


async def _after_history(
    tab: Tab, what: str, send: Callable[[], Awaitable[Any]], *, timeout: float, load_wait: float | None
) -> dict[str, Any]:
    """Run a history command (`send`), then wait for its document as navigate does ("usable")."""
    state = tab.load
    deadline = time.monotonic() + timeout
    before = state.loader_id
    within: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def same_document(params: dict[str, Any]) -> None:
        if params.get("frameId") == tab.target_id and not within.done():
            within.set_result(None)
            state.changed()

    off = tab.session.on("Page.navigatedWithinDocument", same_document)
    try:
        await send()
        if not await state.wait(lambda: state.loader_id != before or within.done(), deadline):
            raise TimeoutError(
                f"{what}: no page arrived within {timeout:g} s",
                hint="Nothing of the page arrived: the server has not answered. Retry with a longer timeout.",
                details={"missing": "response"},
            )
    finally:
        off()
    if state.loader_id == before:  # a same-document entry (#fragment, pushState)
        return await _result(tab, "usable")
    _check_auth(tab, state.loader_id)
    return await _finish(tab, tab.url, state.loader_id, "usable", deadline, timeout, load_wait)


async def reload(tab: Tab, *, timeout: float = 15.0, load_wait: float | None = None) -> dict[str, Any]:
    return await _after_history(
        tab, "reload", lambda: _settled_send(tab, "Page.reload", {}), timeout=timeout, load_wait=load_wait
    )


async def _settled_send(
    tab: Tab, method: str, params: dict[str, Any] | None = None, *, timeout: float = 30.0
) -> dict[str, Any]:
    """Send a browser-side Page command; while a navigation that just committed has not settled
    (Chromium: "Not attached to an active page"), try again after the page's next lifecycle event."""
    for attempt in range(3):
        settled = asyncio.get_running_loop().create_future()

        def seen(_params: dict[str, Any], settled: asyncio.Future[Any] = settled) -> None:
            if not settled.done():
                settled.set_result(True)

        offs = [
            tab.session.on(e, seen)
            for e in (
                "Page.domContentEventFired",
                "Page.loadEventFired",
                "Page.frameStoppedLoading",
                "Page.frameNavigated",
            )
        ]
        try:
            return await tab.session.send(method, params, timeout=timeout)
        except PageNavigatedError:
            if attempt == 2:
                raise
            await asyncio.wait([settled], timeout=1.0)  # bounded: an event, or a second at most
        finally:
            for off in offs:
                off()
    raise AssertionError("unreachable")


async def go_back(
    tab: Tab, *, forward: bool = False, timeout: float = 15.0, load_wait: float | None = None
) -> dict[str, Any]:
    history = await _settled_send(tab, "Page.getNavigationHistory")
    index = history["currentIndex"] + (1 if forward else -1)
    entries = history["entries"]
    if not 0 <= index < len(entries):
        raise NavigationFailedError(
            f"there is no page to go {'forward' if forward else 'back'} to", hint="Navigate to a URL instead."
        )
    return await _after_history(
        tab,
        "forward" if forward else "back",
        lambda: _settled_send(tab, "Page.navigateToHistoryEntry", {"entryId": entries[index]["id"]}),
        timeout=timeout,
        load_wait=load_wait,
    )

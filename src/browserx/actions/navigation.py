"""Navigation and load waiting: Page.navigate, then the load event and a ready body, or a download."""

from __future__ import annotations

import asyncio
import builtins
import contextlib
from typing import Any
from urllib.parse import urlsplit

from ..browser import Tab
from ..browser.config import origin_allowed
from ..errors import (NavigationFailedError, OriginNotAllowedError, PageNavigatedError, TimeoutError,
                      ValidationError)

_ALLOWED_SCHEMES = {"http", "https", "about", "data", "file"}


def check_url(tab: Tab, url: str) -> str:
    """Validate a URL against the scheme rules and the conversation's allowed origins."""
    config = tab.conversation.config
    parts = urlsplit(url)
    if not parts.scheme:
        raise ValidationError(f"{url!r} has no scheme", hint="Give a full URL such as https://example.com/.")
    scheme = parts.scheme.lower()
    if scheme not in _ALLOWED_SCHEMES:
        raise ValidationError(f"scheme {scheme!r} is not supported", hint="Use an http(s) URL.")
    if scheme == "file" and not config.allow_file_urls:
        raise OriginNotAllowedError("file:// URLs are off", hint="Start browserx with --allow-file-urls to open local files.")
    if scheme in ("http", "https") and not parts.netloc:
        raise ValidationError(f"{url!r} has no host", hint="Give a full URL such as https://example.com/.")
    if not origin_allowed(url, config.allowed_origins) and scheme != "file":
        raise OriginNotAllowedError(f"{url} is outside the allowed origins",
                                    details={"allowed_origins": config.allowed_origins})
    return url


async def navigate(tab: Tab, url: str, *, timeout: float = 15.0) -> dict[str, Any]:
    """Go to `url`; return once the load event fired and the body exists, or a download finished."""
    check_url(tab, url)
    conversation = tab.conversation
    session = tab.session
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    load_fired = loop.create_future()
    download_begun: asyncio.Future[str] = loop.create_future()

    def on_load(_params: dict[str, Any]) -> None:
        if not load_fired.done():
            load_fired.set_result(True)

    def on_download(params: dict[str, Any]) -> None:
        if params.get("frameId") == tab.target_id and not download_begun.done():
            download_begun.set_result(params["guid"])

    offs = [session.on("Page.loadEventFired", on_load),
            conversation.connection.on("Browser.downloadWillBegin", on_download)]
    try:
        try:
            result = await _settled_send(tab, "Page.navigate", {"url": url}, timeout=timeout)
        except builtins.TimeoutError as exc:
            raise TimeoutError(f"navigation to {url} did not start within {timeout:g} s") from exc
        error_text = result.get("errorText")
        if error_text and not (error_text == "net::ERR_ABORTED"):
            raise NavigationFailedError(f"{error_text} while loading {url}", details={"error": error_text})
        if not result.get("loaderId"):
            # Same-document navigation (a #fragment): there is no load event to wait for.
            if not error_text:
                return await _page_info(tab)
        done, _ = await asyncio.wait({load_fired, download_begun}, timeout=max(0.0, deadline - loop.time()),
                                     return_when=asyncio.FIRST_COMPLETED)
        if download_begun in done:
            download = await conversation.wait_download(download_begun.result(), max(0.1, deadline - loop.time()))
            return {"url": url, "download": download.info()}
        if not done:
            if error_text:  # aborted with neither a load nor a download: a navigation the page cancelled
                raise NavigationFailedError(f"{error_text} while loading {url}", details={"error": error_text})
            raise TimeoutError(f"timeout after {timeout:g} s waiting for the load event of {url}",
                               hint="The page is still loading; take a snapshot anyway or retry with a longer timeout.")
        await _wait_body(tab, max(0.5, deadline - loop.time()))
        return await _page_info(tab)
    finally:
        for off in offs:
            off()


async def _wait_body(tab: Tab, timeout: float) -> None:
    # The load event guarantees a parsed document; a body may still be missing on odd pages (frameset, XML).
    with contextlib.suppress(Exception):
        await tab.session.send("Runtime.evaluate", {
            "expression": "document.body ? true : new Promise(r => document.addEventListener("
                          "'DOMContentLoaded', () => r(true), {once: true}))",
            "awaitPromise": True, "returnByValue": True, "timeout": int(timeout * 1000)}, timeout=timeout)


async def _page_info(tab: Tab) -> dict[str, Any]:
    result = await tab.session.send("Runtime.evaluate", {
        "expression": "[location.href, document.title]", "returnByValue": True})
    href, title = result.get("result", {}).get("value") or [tab.url, ""]
    tab.url, tab.title = href, title
    return {"url": href, "title": title}


async def reload(tab: Tab, *, timeout: float = 15.0) -> dict[str, Any]:
    async with tab.session.wait_for("Page.loadEventFired", timeout=timeout):
        await _settled_send(tab, "Page.reload", {})
    return await _page_info(tab)


async def _settled_send(tab: Tab, method: str, params: dict[str, Any] | None = None, *,
                        timeout: float = 30.0) -> dict[str, Any]:
    """Send a browser-side Page command; while a navigation that just committed has not settled
    (Chromium: "Not attached to an active page"), try again after the page's next lifecycle event."""
    for attempt in range(3):
        settled = asyncio.get_running_loop().create_future()

        def seen(_params: dict[str, Any]) -> None:
            if not settled.done():
                settled.set_result(True)
        offs = [tab.session.on(e, seen) for e in
                ("Page.domContentEventFired", "Page.loadEventFired", "Page.frameStoppedLoading",
                 "Page.frameNavigated")]
        try:
            return await tab.session.send(method, params, timeout=timeout)
        except PageNavigatedError:
            if attempt == 2:
                raise
            with contextlib.suppress(builtins.TimeoutError):
                await asyncio.wait_for(settled, 1.0)  # bounded: an event, or a second at most
        finally:
            for off in offs:
                off()
    raise AssertionError("unreachable")


async def go_back(tab: Tab, *, forward: bool = False, timeout: float = 15.0) -> dict[str, Any]:
    history = await _settled_send(tab, "Page.getNavigationHistory")
    index = history["currentIndex"] + (1 if forward else -1)
    entries = history["entries"]
    if not 0 <= index < len(entries):
        raise NavigationFailedError(f"there is no page to go {'forward' if forward else 'back'} to",
                                    hint="Navigate to a URL instead.")
    async with tab.session.wait_for("Page.frameNavigated", timeout=timeout,
                                    predicate=lambda p: not p.get("frame", {}).get("parentId")):
        await _settled_send(tab, "Page.navigateToHistoryEntry", {"entryId": entries[index]["id"]})
    return await _page_info(tab)

"""Waiting for the page: text that appears or goes, an element's state, the URL, a quiet network.

    await wait_text(tab, "Results", timeout=10)                 # {"saw": "text", "in": "text", "waited_ms": 712}
    await wait_element(tab, "bu_3", "enabled", timeout=10)
    await wait_url(tab, "*/done*", timeout=10)
    await wait_network_idle(tab, timeout=10)                    # tab.load (browser/loading.py)

Each wait is on events: in the page a MutationObserver in browserx's isolated world (the check runs
when the DOM changes, at most every 50 ms: inpage/waiting.js), the URL on Page events, the network on Network
events. A wait that runs out raises TIMEOUT with the last state seen in `details.last_state`. A
navigation during an in-page wait continues the wait in the new document.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import time
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError, NodeNotFoundError, PageNavigatedError, TimeoutError
from ..page.service import DomService

NETWORK_IDLE = 0.5  # seconds without a request in flight, as Playwright's "networkidle"
MAX_RETRIES = 5  # documents replaced during one wait
MAX_SEEN = 200
MAX_NAMED = 5  # pending requests named in a TIMEOUT

# The in-page checks (inpage/waiting.js): they see what the snapshot sees, open shadow roots and
# same-origin frames included. Resolves {met, last}.
_WAIT = "function(kind, arg, state, limit) { return globalThis.__bxact.wait(kind, arg, state, limit); }"
_HREF = "function() { return location.href; }"


def _result(started: float, **saw: Any) -> dict[str, Any]:
    return {**saw, "waited_ms": round((time.monotonic() - started) * 1000)}


async def _in_page(
    tab: Tab, kind: str, arg: str, state: str, timeout: float, element_id: str | None = None
) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    started, deadline = time.monotonic(), loop.time() + timeout
    last: Any = None
    for _attempt in range(MAX_RETRIES):
        remaining = deadline - loop.time()
        if remaining <= 0:
            break
        world = DomService.of(tab).frame_of(element_id).world if element_id else DomService.of(tab).world
        try:
            out = await world.call(_WAIT, kind, arg, state, int(remaining * 1000), timeout=remaining + 2.0)
        except (NodeNotFoundError, PageNavigatedError):
            continue  # the document was replaced mid-wait: wait in the new one
        last = out.get("last")
        if out.get("met"):
            return _result(started, saw=last)
        break
    raise TimeoutError(
        f"waited {timeout:g} s; last seen: {last}",
        hint="Take a snapshot to see the page as it is, or wait longer.",
        details={"last_state": last, "waited_ms": round((time.monotonic() - started) * 1000)},
    )


async def wait_text(tab: Tab, text: str, *, gone: bool = False, timeout: float = 10.0) -> dict[str, Any]:
    """Until `text` appears in the visible text or a control's label (gone: until it does not)."""
    return await _in_page(tab, "text_gone" if gone else "text", text, "", timeout)


async def wait_element(tab: Tab, element_id: str, state: str, *, timeout: float = 10.0) -> dict[str, Any]:
    """Until the element is visible, hidden, enabled, disabled or gone."""
    return await _in_page(tab, "element", element_id, state, timeout, element_id=element_id)


def url_matches(url: str, pattern: str) -> bool:
    """A glob (with * ? or [) matches the whole URL; anything else is a substring."""
    if any(c in pattern for c in "*?["):
        return fnmatch.fnmatchcase(url, pattern)
    return pattern in url


async def wait_url(tab: Tab, pattern: str, *, timeout: float = 10.0) -> dict[str, Any]:
    started = time.monotonic()
    seen = asyncio.get_running_loop().create_future()
    last = [tab.url]

    def check(url: str) -> None:
        last[0] = url
        if url_matches(url, pattern) and not seen.done():
            seen.set_result(url)

    def navigated(params: dict[str, Any]) -> None:
        frame = params.get("frame", params)
        if not frame.get("parentId") and (frame.get("id") or frame.get("frameId")) == tab.target_id:
            check(str(frame.get("url", "")) + str(frame.get("urlFragment", "")))

    offs = [tab.session.on("Page.frameNavigated", navigated), tab.session.on("Page.navigatedWithinDocument", navigated)]
    try:
        with contextlib.suppress(BrowserxError):  # tab.url misses pushState: ask the document (armed first)
            check(str(await DomService.of(tab).world.call(_HREF, timeout=min(timeout, 5.0))))
        await asyncio.wait([seen], timeout=max(0.0, timeout - (time.monotonic() - started)))
    finally:
        for off in offs:
            off()
    if not seen.done():
        raise TimeoutError(
            f"the URL did not match {pattern!r} within {timeout:g} s",
            hint="Check the pattern (a substring, or a glob such as '*/done*').",
            details={"last_state": last[0][:MAX_SEEN], "waited_ms": round((time.monotonic() - started) * 1000)},
        )
    return _result(started, url=seen.result())


async def wait_network_idle(tab: Tab, *, timeout: float = 10.0) -> dict[str, Any]:
    started = time.monotonic()
    state = tab.load
    if not await state.wait_quiet(started + timeout, NETWORK_IDLE):
        pending = state.pending_since(0)[:MAX_NAMED]
        raise TimeoutError(
            f"the network was not idle for {NETWORK_IDLE:g} s within {timeout:g} s",
            hint="Requests are still running; wait for the text or element you need instead.",
            details={
                "last_state": {"pending_requests": pending},
                "waited_ms": round((time.monotonic() - started) * 1000),
            },
        )
    return _result(started, network_idle=True)


async def wait_time(seconds: float) -> dict[str, Any]:
    started = time.monotonic()
    await asyncio.sleep(seconds)  # the wait asked for, not a poll
    return _result(started, time=True)

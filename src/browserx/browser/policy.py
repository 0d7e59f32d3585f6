"""Allowed origins, enforced on every document load of a tab: typed URLs, links, scripts, redirects."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from ..cdp import CDPSession
from ..errors import BrowserxError
from .config import origin_allowed

if TYPE_CHECKING:
    from .tab import Tab


async def enforce_allowed_origins(tab: Tab, session: CDPSession | None = None) -> None:
    """Pause every document request (main frame and iframes) and fail those outside the list.

    `session` defaults to the tab's own; out-of-process iframes have sessions of their own and
    need the same rule there (devtools.contexts attaches them).
    """
    allowed = tab.conversation.config.allowed_origins
    session = session or tab.session

    def paused(params: dict[str, Any]) -> None:
        url = params["request"]["url"]
        if origin_allowed(url, allowed):
            command, args = "Fetch.continueRequest", {"requestId": params["requestId"]}
        else:
            tab.notice("navigation_blocked", url=url, reason="origin not in allowed origins")
            command, args = "Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "BlockedByClient"}
        # Answer on a task of its own: the reader task must never wait for a reply.
        asyncio.get_running_loop().create_task(_answer(session, command, args))

    session.on("Fetch.requestPaused", paused)
    await session.send("Fetch.enable", {"patterns": [{"urlPattern": "*", "resourceType": "Document",
                                                       "requestStage": "Request"}]})


async def _answer(session: CDPSession, command: str, args: dict[str, Any]) -> None:
    with contextlib.suppress(BrowserxError):  # the tab or frame went away: nothing waits for the answer
        await session.send(command, args, timeout=5)

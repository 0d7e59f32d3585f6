"""Allowed origins, enforced on every document load of a tab: typed URLs, links, scripts, redirects."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from ..cdp import CDPSession
from ..errors import BrowserxError
from .config import origin_allowed

Notice = Callable[..., None]  # `notice(kind, **data)`: Tab.notice, reported with the next tool result


async def enforce_allowed_origins(session: CDPSession, allowed_origins: list[str], notice: Notice) -> None:
    """Pause every document request (main frame and iframes) of `session` and fail those outside the list.

    Out-of-process iframes have sessions of their own and need the same rule there (children.py
    applies it to each). A blocked request is reported through `notice`.
    """

    def paused(params: dict[str, Any]) -> None:
        url = params["request"]["url"]
        if origin_allowed(url, allowed_origins):
            command, args = "Fetch.continueRequest", {"requestId": params["requestId"]}
        else:
            notice("navigation_blocked", url=url, reason="origin not in allowed origins")
            command, args = "Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "BlockedByClient"}
        # Answer on a task of its own: the reader task must never wait for a reply.
        asyncio.get_running_loop().create_task(_answer(session, command, args))

    session.on("Fetch.requestPaused", paused)
    await session.send(
        "Fetch.enable", {"patterns": [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}]}
    )


async def _answer(session: CDPSession, command: str, args: dict[str, Any]) -> None:
    with contextlib.suppress(BrowserxError):  # the tab or frame went away: nothing waits for the answer
        await session.send(command, args, timeout=5)

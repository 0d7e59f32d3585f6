"""The one Fetch client of a tab (and of each out-of-process iframe): every document request is paused
here, once, for the two rules that need it.

- Allowed origins: a document outside the list is failed (BlockedByClient) and reported as a notice.
- HTTP authentication (a 401 from a server, a 407 from a proxy): answered with the credentials of
  the challenge's own origin (credentials.py), at most once per request and origin, so wrong
  credentials are not retried in a loop; any other challenge is cancelled (the browser then shows the
  server's 401 page). A challenge left unanswered is kept by the document's loader id
  (`challenge_of`) for navigate to report as AUTH_REQUIRED, and reported as an `auth_required`
  notice: origin, scheme, realm and source, never a credential.

Chromium keeps one Fetch.enable pattern set per session (a second client would replace this one's),
so both rules live here. Auth events come only for requests paused at the Request stage, hence the
documents are paused there; a page's subresources on an authenticated origin and realm reuse the
browser's own cache of the answer.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..cdp import CDPSession
from ..errors import BrowserxError
from .config import origin_allowed
from .credentials import HttpCredentials

Notice = Callable[..., None]  # `notice(kind, **data)`: Tab.notice, reported with the next tool result
_KEPT = 64  # requests remembered (their network ids, answered challenges): enough for the documents in flight
_REALM_CHARS = 200


class DocumentGate:
    """Pauses the document requests of `session` for the allowed origins and answers their HTTP auth.

    `start()` enables it (once per session); `challenge_of(loader_id)` is the unanswered challenge
    of the navigation `loader_id` (a navigation's network request id is its loader id), if any.
    """

    def __init__(
        self,
        session: CDPSession,
        *,
        allowed_origins: list[str],
        credentials: HttpCredentials,
        notice: Notice,
    ) -> None:
        self.session = session
        self.allowed_origins = allowed_origins
        self.credentials = credentials
        self.notice = notice
        self._network_ids: OrderedDict[str, str] = OrderedDict()  # Fetch requestId -> network id
        self._answered: OrderedDict[tuple[str, str], None] = OrderedDict()  # (network id, origin) given credentials
        self._challenges: OrderedDict[str, dict[str, Any]] = OrderedDict()  # network id -> challenge left
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self.session.on("Fetch.requestPaused", self._paused)
        self.session.on("Fetch.authRequired", self._auth_required)
        await self.session.send(
            "Fetch.enable",
            {
                "patterns": [{"urlPattern": "*", "resourceType": "Document", "requestStage": "Request"}],
                "handleAuthRequests": True,
            },
        )

    def challenge_of(self, loader_id: str) -> dict[str, Any] | None:
        return self._challenges.get(loader_id)

    # -- events (on the reader task: quick, never waiting for a reply) ---------------------------

    def _paused(self, params: dict[str, Any]) -> None:
        request_id, url = params["requestId"], params["request"]["url"]
        _keep(self._network_ids, request_id, params.get("networkId") or request_id)
        if origin_allowed(url, self.allowed_origins):
            self._answer("Fetch.continueRequest", {"requestId": request_id})
        else:
            self.notice("navigation_blocked", url=url, reason="origin not in allowed origins")
            self._answer("Fetch.failRequest", {"requestId": request_id, "errorReason": "BlockedByClient"})

    def _auth_required(self, params: dict[str, Any]) -> None:
        request_id, url = params["requestId"], params["request"]["url"]
        challenge = params.get("authChallenge") or {}
        network_id = self._network_ids.get(request_id, request_id)
        origin = str(challenge.get("origin") or "")
        tried = (network_id, origin) in self._answered
        credential = None if tried else self.credentials.answer(challenge, url)
        if credential is not None:
            _keep(self._answered, (network_id, origin), None)
            response = {
                "response": "ProvideCredentials",
                "username": credential.username,
                "password": credential.password,
            }
        else:
            left = {
                "url": url,
                "origin": origin,
                "scheme": str(challenge.get("scheme") or ""),
                "realm": str(challenge.get("realm") or "")[:_REALM_CHARS],
                "source": "proxy" if challenge.get("source") == "Proxy" else "server",
                "credentials": "refused" if tried else "none",
            }
            _keep(self._challenges, network_id, left)
            self.notice("auth_required", **left)
            response = {"response": "CancelAuth"}
        self._answer("Fetch.continueWithAuth", {"requestId": request_id, "authChallengeResponse": response})

    def _answer(self, command: str, args: dict[str, Any]) -> None:
        # On a task of its own: the reader task must never wait for a reply. Held until done (the loop
        # keeps tasks only weakly).
        task = asyncio.get_running_loop().create_task(_send(self.session, command, args))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _keep(kept: OrderedDict[Any, Any], key: Any, value: Any) -> None:
    kept[key] = value
    kept.move_to_end(key)
    while len(kept) > _KEPT:
        kept.popitem(last=False)


async def _send(session: CDPSession, command: str, args: dict[str, Any]) -> None:
    with contextlib.suppress(BrowserxError):  # the tab or frame went away: nothing waits for the answer
        await session.send(command, args, timeout=5)

"""Browsers from a service, one per conversation (`BrowserConfig.browser_endpoint`).

    endpoint = endpoint_for(config)        # None when no browser_endpoint is set
    remote = await endpoint.open()         # RemoteBrowser: a browser-level CDPConnection of its own
    ...
    await remote.release()                 # the browser goes back to the service at once

Two kinds of service, told apart by the URL's scheme:

- `ws://` / `wss://`: browserless and services built like it. Each websocket connection *is* a
  new browser; closing it ends that browser. Over its concurrency limit the service queues the
  handshake or answers HTTP 429.
- `http://` / `https://`: a WebDriver endpoint (Selenium Grid 4): `POST /session` with Chromium
  capabilities, CDP over the `se:cdp` websocket it returns, `DELETE /session/<id>` on release.
  Over its slots the grid queues the request until its `session-request-timeout`, then answers 500.

A token (`browser_endpoint_token`, else env `BROWSERX_ENDPOINT_TOKEN`) goes as `Authorization:
Bearer`; a token already in the URL (`?token=`) is used as it is. Refusals (HTTP 429, 5xx, 401),
a queue that does not move within `endpoint_timeout` and a service that does not answer are
BROWSER_UNAVAILABLE: this module is where the service's HTTP and websocket failures become coded
errors. Messages never show the token.
"""

from __future__ import annotations

import asyncio
import base64
import builtins
import contextlib
import http.client
import json
import os
import socket
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import websockets
from websockets.asyncio.client import connect

from ..cdp import CDPConnection
from ..cdp.connection import socket_options
from ..errors import BrowserUnavailableError, ValidationError
from .config import BrowserConfig

TOKEN_ENV = "BROWSERX_ENDPOINT_TOKEN"
RELEASE_TIMEOUT = 10.0
# A grid keeps a queued new-session request open up to its own session-request-timeout (300 s by
# default); our side of it is bounded by endpoint_timeout, and then dropped (the grid discards a
# request whose connection dropped). This only bounds the thread that carries it.
NEW_SESSION_LIMIT = 600.0
# A grid ends a session that has had no WebDriver command for its session-timeout (300 s by default)
# and CDP traffic does not count; nor does it close the se:cdp socket when a session ends. So each
# grid browser gets a cheap WebDriver command this often: it keeps the session alive while the
# conversation is, and a session the grid ended anyway closes our connection (BROWSER_CLOSED).
KEEPALIVE_INTERVAL = 30.0

_LIMIT_HINT = (
    "The browser service is at its limit: retry in a while, close conversations you no longer "
    "need, or give the service more browsers."
)
_TOKEN_HINT = "The browser service refused the token: set --browser-endpoint-token or BROWSERX_ENDPOINT_TOKEN."
_DOWN_HINT = "Check that the browser service runs and that --browser-endpoint points at it."


@dataclass
class RemoteBrowser:
    """One browser of the service, for one conversation."""

    connection: CDPConnection
    free: Callable[[], Awaitable[None]]  # closes the connection and frees the service's slot
    label: str  # what it is, for logs: "browser at ws://host:port/chromium", "grid session <id> at …"
    released: bool = False

    async def release(self) -> None:
        """Give the browser back to its service (once; later calls do nothing)."""
        if not self.released:
            self.released = True
            await self.free()


def check_endpoint(config: BrowserConfig) -> None:
    """Raise ValidationError for endpoint settings that cannot work."""
    if config.browser_endpoint is None:
        return
    if config.cdp_url is not None:
        raise ValidationError(
            "--browser-endpoint and --cdp-url exclude each other: a browser per "
            "conversation from a service, or one shared browser"
        )
    if (
        urlsplit(config.browser_endpoint).scheme.lower() not in ("ws", "wss", "http", "https")
        or not urlsplit(config.browser_endpoint).netloc
    ):
        raise ValidationError(
            f"--browser-endpoint must be a ws://, wss://, http:// or https:// URL, "
            f"got {shown(config.browser_endpoint)!r}"
        )
    if not config.endpoint_timeout > 0:
        raise ValidationError(f"--endpoint-timeout must be a positive number of seconds, got {config.endpoint_timeout}")


def endpoint_for(config: BrowserConfig) -> WebSocketEndpoint | WebDriverEndpoint | None:
    check_endpoint(config)
    if config.browser_endpoint is None:
        return None
    token = config.browser_endpoint_token or os.environ.get(TOKEN_ENV) or None
    if urlsplit(config.browser_endpoint).scheme.lower() in ("ws", "wss"):
        return WebSocketEndpoint(config.browser_endpoint, token, config.endpoint_timeout)
    return WebDriverEndpoint(
        config.browser_endpoint, token, config.endpoint_timeout, headless=config.headless, args=config.extra_args
    )


def shown(url: str) -> str:
    """The URL without query and credentials: what messages and logs may show."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, _host(url), parts.path, "", ""))


def _host(url: str) -> str:
    parts = urlsplit(url)
    return (parts.hostname or "") + (f":{parts.port}" if parts.port else "")


class WebSocketEndpoint:
    """browserless-style: every websocket connection is a browser of its own."""

    def __init__(self, url: str, token: str | None, timeout: float) -> None:
        self.url, self.token, self.timeout = url, token, timeout

    async def open(self) -> RemoteBrowser:
        connection = await open_cdp(self.url, _auth_headers(self.url, self.token), self.timeout)
        return RemoteBrowser(connection, connection.close, f"browser at {shown(self.url)}")


class WebDriverEndpoint:
    """Selenium Grid 4 (or any WebDriver endpoint returning `se:cdp`): a session per browser."""

    def __init__(
        self, url: str, token: str | None, timeout: float, *, headless: bool = True, args: list[str] | None = None
    ) -> None:
        self.url, self.token, self.timeout = url.rstrip("/"), token, timeout
        self.keepalive = KEEPALIVE_INTERVAL
        chrome_args = ["--headless=new"] if headless else []
        self.capabilities = {
            "capabilities": {
                "alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"args": chrome_args + list(args or [])}}
            }
        }

    async def open(self) -> RemoteBrowser:
        session_id, cdp_url = await self._new_session()
        try:
            connection = await open_cdp(cdp_url, _auth_headers(self.url, self.token), self.timeout)
        except BaseException:
            await asyncio.shield(self._delete(session_id))
            raise

        watch = asyncio.get_running_loop().create_task(self._keep_alive(session_id, connection))

        async def release() -> None:
            watch.cancel()
            await connection.close()
            await self._delete(session_id)

        return RemoteBrowser(connection, release, f"grid session {session_id} at {shown(self.url)}")

    async def _keep_alive(self, session_id: str, connection: CDPConnection) -> None:
        while not connection.closed:
            await asyncio.sleep(self.keepalive)  # a periodic check, not a wait on an event
            status, _ = await asyncio.to_thread(
                self._request, "GET", f"/session/{session_id}/timeouts", None, RELEASE_TIMEOUT
            )
            if status == 404:  # the grid ended the session, and with it our browser
                await connection.close()

    async def _new_session(self) -> tuple[str, str]:
        """POST /session on a daemon thread, waited for up to `timeout`. Then its connection is
        dropped (the grid discards the request) and a session that arrives anyway is deleted."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[int, Any]] = loop.create_future()
        abandoned = threading.Event()
        connections: list[http.client.HTTPConnection] = []

        def abandon() -> None:
            abandoned.set()
            for conn in connections:
                with contextlib.suppress(OSError, AttributeError):
                    conn.sock.shutdown(socket.SHUT_RDWR)

        def deliver(result: tuple[int, Any]) -> None:  # on the loop
            if abandoned.is_set() or answer.done():
                _delete_late(result)
            else:
                answer.set_result(result)

        def _delete_late(result: tuple[int, Any]) -> None:
            session_id = _session_of(result)
            if session_id:
                threading.Thread(target=self._delete_sync, args=(session_id,), daemon=True).start()

        def run() -> None:
            result = self._request("POST", "/session", self.capabilities, NEW_SESSION_LIMIT, connections.append)
            try:
                loop.call_soon_threadsafe(deliver, result)
            except RuntimeError:  # the loop is gone: nobody will use this session
                if _session_of(result):
                    self._delete_sync(_session_of(result))

        threading.Thread(target=run, name="browserx-new-session", daemon=True).start()
        try:
            async with asyncio.timeout(self.timeout):
                status, body = await asyncio.shield(answer)
        except builtins.TimeoutError as exc:
            abandon()
            raise BrowserUnavailableError(
                f"the grid at {shown(self.url)} gave no browser within {self.timeout:g} s (its queue did not move)",
                hint=_LIMIT_HINT,
                details={"timeout": self.timeout},
            ) from exc
        except BaseException:
            abandon()
            raise
        if status != 200:
            raise _refused(status, shown(self.url), _webdriver_message(body))
        value = body.get("value", {}) if isinstance(body, dict) else {}
        session_id = value.get("sessionId", "")
        cdp_url = (value.get("capabilities") or {}).get("se:cdp")
        if not session_id or not cdp_url:
            if session_id:
                await self._delete(session_id)
            raise BrowserUnavailableError(
                f"the WebDriver endpoint {shown(self.url)} returned no se:cdp websocket",
                hint="Use a Selenium Grid 4 (or another endpoint that returns se:cdp).",
            )
        return session_id, cdp_url

    async def _delete(self, session_id: str) -> None:
        await asyncio.to_thread(self._delete_sync, session_id)

    def _delete_sync(self, session_id: str) -> None:
        self._request("DELETE", f"/session/{session_id}", None, RELEASE_TIMEOUT)

    def _request(
        self,
        method: str,
        path: str,
        body: Any,
        timeout: float,
        opened: Callable[[http.client.HTTPConnection], None] | None = None,
    ) -> tuple[int, Any]:
        """(HTTP status, parsed JSON body), blocking; status 0 when nothing answered."""
        parts = urlsplit(self.url)
        kind = http.client.HTTPSConnection if parts.scheme.lower() == "https" else http.client.HTTPConnection
        conn = kind(parts.hostname or "", parts.port, timeout=timeout)
        headers = {"Content-Type": "application/json; charset=utf-8", **_auth_headers(self.url, self.token)}
        try:
            conn.connect()
            if opened is not None:
                opened(conn)
            conn.request(method, parts.path + path, json.dumps(body).encode() if body is not None else None, headers)
            response = conn.getresponse()
            return response.status, _json(response.read())
        except (OSError, http.client.HTTPException) as exc:
            return 0, {"value": {"message": str(exc)}}
        finally:
            conn.close()


async def open_cdp(url: str, headers: dict[str, str], timeout: float) -> CDPConnection:
    """A CDP connection to a service's browser websocket, or BROWSER_UNAVAILABLE."""
    try:
        async with asyncio.timeout(timeout):
            ws = await connect(
                url,
                additional_headers=headers,
                open_timeout=None,
                close_timeout=RELEASE_TIMEOUT / 2,
                **socket_options(url),
            )
    except websockets.InvalidStatus as exc:
        raise _refused(exc.response.status_code, shown(url), exc.response.body.decode(errors="replace")) from exc
    except builtins.TimeoutError as exc:
        raise BrowserUnavailableError(
            f"{shown(url)} gave no browser within {timeout:g} s (its queue did not move)",
            hint=_LIMIT_HINT,
            details={"timeout": timeout},
        ) from exc
    except (OSError, websockets.InvalidHandshake, websockets.InvalidURI) as exc:
        raise BrowserUnavailableError(f"no browser service answers at {shown(url)}: {exc}", hint=_DOWN_HINT) from exc
    return CDPConnection(ws, url)


def _refused(status: int, where: str, detail: str = "") -> BrowserUnavailableError:
    detail = " ".join(detail.split())[:300]
    if status == 0:
        return BrowserUnavailableError(f"no browser service answers at {where}: {detail}", hint=_DOWN_HINT)
    hint = _TOKEN_HINT if status in (401, 403) else _LIMIT_HINT
    return BrowserUnavailableError(
        f"the browser service at {where} refused a new browser (HTTP {status})" + (f": {detail}" if detail else ""),
        hint=hint,
        details={"status": status},
    )


def _auth_headers(url: str, token: str | None) -> dict[str, str]:
    parts = urlsplit(url)
    if token:
        return {"Authorization": f"Bearer {token}"}
    if parts.username is not None:  # http://user:password@grid:4444
        raw = f"{parts.username}:{parts.password or ''}".encode()
        return {"Authorization": "Basic " + base64.b64encode(raw).decode()}
    return {}


def _json(raw: bytes) -> Any:
    with contextlib.suppress(ValueError):
        return json.loads(raw)
    return {"value": {"message": raw.decode(errors="replace")}}


def _webdriver_message(body: Any) -> str:
    value = body.get("value") if isinstance(body, dict) else None
    message = value.get("message", "") if isinstance(value, dict) else ""
    return message.splitlines()[0] if message else ""


def _session_of(result: tuple[int, Any]) -> str:
    status, body = result
    value = body.get("value") if status == 200 and isinstance(body, dict) else None
    return value.get("sessionId", "") if isinstance(value, dict) else ""

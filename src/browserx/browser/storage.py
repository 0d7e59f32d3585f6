"""Storage state: a conversation's cookies and localStorage, in Playwright's storageState shape.

    state = await save_state(conversation)             # {"cookies": [...], "origins": [...]}
    write_state_file(path, state)                      # owner-only (0600): it holds session cookies
    await load_state(conversation, read_state_file(path))

The file shape is Playwright's, so files move between the tools::

    {"cookies": [{"name", "value", "domain", "path", "expires", "httpOnly", "secure", "sameSite"}],
     "origins": [{"origin": "https://example.com", "localStorage": [{"name", "value"}]}]}

Cookies go through `Storage.getCookies`/`Storage.setCookies` of the conversation's browser
context. localStorage can only be read where a document of that origin is loaded, so a save
holds the origins of the conversation's open tabs (their top documents) and nothing else. A
load opens a throwaway target, answers a navigation to each origin with an empty document of
our own (no request reaches the network) and writes the items there with `DOMStorage`.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import pydantic
from pydantic import BaseModel, ConfigDict

from ..cdp import CDPSession
from ..errors import BrowserxError, CDPError, FileStorageError, ValidationError
from .config import origin_allowed

if TYPE_CHECKING:
    from .conversation import Conversation

_BLANK_PAGE = base64.b64encode(b"<!doctype html><title></title>").decode()
_ORIGIN_TIMEOUT = 10.0


class _Cookie(BaseModel):
    # extra="ignore": other tools add fields (partitionKey, …) that a load may skip.
    model_config = ConfigDict(extra="ignore", strict=True)
    name: str
    value: str
    domain: str | None = None
    path: str | None = None
    url: str | None = None
    expires: float = -1
    httpOnly: bool = False  # Playwright's field names, verbatim
    secure: bool = False
    sameSite: Literal["Strict", "Lax", "None"] | None = None

    @pydantic.model_validator(mode="after")
    def _where(self) -> _Cookie:
        if self.url is None and not (self.domain and self.path):
            raise ValueError("a cookie needs domain and path (or url)")
        return self


class _Item(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    name: str
    value: str


class _Origin(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    origin: str
    localStorage: list[_Item] = []


class _State(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    cookies: list[_Cookie] = []
    origins: list[_Origin] = []


def parse_state(data: Any) -> _State:
    try:
        return _State.model_validate(data)
    except pydantic.ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "top level"
        raise ValidationError(
            f"not a storage state file ({where}: {first['msg']})",
            hint="Give a file saved by browser_storage_state or Playwright's storage_state().",
        ) from exc


def read_state_file(path: str | Path) -> _State:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValidationError(
            f"cannot read storage state {path}: {exc.strerror}", hint="Give the path of an existing storage state file."
        ) from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValidationError(
            f"storage state {path} is not JSON: {exc}",
            hint="Give a file saved by browser_storage_state or Playwright's storage_state().",
        ) from exc
    return parse_state(data)


def write_state_file(path: str | Path, state: dict[str, Any]) -> None:
    """Write atomically with mode 0600 (mkstemp creates it so), replacing any older file.

    A directory is refused before anything is written (its temp file would land in its parent,
    outside the root when the directory is the root); a disk that refuses is FILE_STORAGE_ERROR."""
    target = Path(path)
    if target.is_dir():
        raise ValidationError(f"{path} is a directory", hint="Give the path of a JSON file, e.g. state.json.")
    temp = ""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=".browserx-state-", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            json.dump(state, file, indent=2, ensure_ascii=False)
        os.chmod(temp, 0o600)
        os.replace(temp, target)
    except BaseException as exc:
        if temp:
            with contextlib.suppress(OSError):
                os.unlink(temp)
        if isinstance(exc, OSError):
            raise FileStorageError(
                f"cannot write storage state {path}: {exc.strerror or exc}",
                hint="Check that its directory exists or can be created, and is writable.",
            ) from exc
        raise


# -- save ---------------------------------------------------------------------------------------


def _playwright_cookie(cookie: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": cookie["name"],
        "value": cookie["value"],
        "domain": cookie["domain"],
        "path": cookie["path"],
        "expires": cookie.get("expires", -1),
        "httpOnly": cookie.get("httpOnly", False),
        "secure": cookie.get("secure", False),
        # Chromium treats a cookie without SameSite as Lax, and Playwright writes it so.
        "sameSite": cookie.get("sameSite", "Lax"),
    }


def _origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc}"


async def save_state(conversation: Conversation) -> dict[str, Any]:
    """The conversation's cookies, and the localStorage of its open tabs' origins."""
    conversation.check_open()
    cookies = (
        await conversation.connection.send("Storage.getCookies", {"browserContextId": conversation.browser_context_id})
    )["cookies"]
    origins: list[dict[str, Any]] = []
    seen: set[str] = set()
    for tab in sorted(conversation.tabs.values(), key=lambda t: t.tab_id):
        origin = _origin_of(tab.url)
        if origin is None or origin in seen:
            continue
        seen.add(origin)
        try:
            entries = (
                await tab.session.send(
                    "DOMStorage.getDOMStorageItems",
                    {"storageId": {"securityOrigin": origin, "isLocalStorage": True}},
                    timeout=_ORIGIN_TIMEOUT,
                )
            )["entries"]
        except BrowserxError:
            continue  # the tab left that origin meanwhile, or closed: nothing to read there
        if entries:
            origins.append({"origin": origin, "localStorage": [{"name": k, "value": v} for k, v in entries]})
    return {"cookies": [_playwright_cookie(c) for c in cookies], "origins": origins}


# -- load ---------------------------------------------------------------------------------------


def _cdp_cookie(cookie: _Cookie) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": cookie.name,
        "value": cookie.value,
        "httpOnly": cookie.httpOnly,
        "secure": cookie.secure,
    }
    for key in ("domain", "path", "url", "sameSite"):
        if getattr(cookie, key) is not None:
            out[key] = getattr(cookie, key)
    if cookie.expires > 0:  # -1: a session cookie
        out["expires"] = cookie.expires
    return out


async def load_state(conversation: Conversation, state: _State) -> dict[str, Any]:
    """Add the state's cookies and localStorage to the conversation; what was loaded and skipped."""
    conversation.check_open()
    if state.cookies:
        try:
            await conversation.connection.send(
                "Storage.setCookies",
                {
                    "browserContextId": conversation.browser_context_id,
                    "cookies": [_cdp_cookie(c) for c in state.cookies],
                },
            )
        except CDPError as exc:
            raise ValidationError(
                f"the browser refused the cookies: {exc.message}",
                hint="Check the cookies' domain, path and url fields.",
            ) from exc
    loaded: list[str] = []
    skipped: list[str] = []
    wanted = [o for o in state.origins if o.localStorage]
    allowed = conversation.config.allowed_origins
    for origin in wanted:
        ok = _origin_of(origin.origin) == origin.origin.rstrip("/") and origin_allowed(origin.origin, allowed)
        (loaded if ok else skipped).append(origin.origin.rstrip("/"))
    if loaded:
        items = {o.origin.rstrip("/"): o.localStorage for o in wanted}
        await _write_local_storage(conversation, {origin: items[origin] for origin in loaded})
    return {"cookies": len(state.cookies), "origins": loaded, "skipped_origins": skipped}


async def _write_local_storage(conversation: Conversation, items: dict[str, list[_Item]]) -> None:
    connection = conversation.connection
    target_id = (
        await connection.send(
            "Target.createTarget", {"url": "about:blank", "browserContextId": conversation.browser_context_id}
        )
    )["targetId"]
    session: CDPSession | None = None
    try:
        attached = await connection.send("Target.attachToTarget", {"targetId": target_id, "flatten": True})
        session = CDPSession(connection, attached["sessionId"], target_id)

        answering: set[asyncio.Task[None]] = set()  # held until done: the loop keeps tasks only weakly

        def paused(params: dict[str, Any]) -> None:
            # Answered on a task: the reader task that delivers this event must not wait for a reply.
            task = asyncio.get_running_loop().create_task(_fulfill(session, params["requestId"]))
            answering.add(task)
            task.add_done_callback(answering.discard)

        session.on("Fetch.requestPaused", paused)
        await session.send("Fetch.enable", {"patterns": [{"urlPattern": "*", "requestStage": "Request"}]})
        await session.send("Page.enable")
        for origin, entries in items.items():

            def committed(params: dict[str, Any], origin: str = origin) -> bool:
                frame = params["frame"]
                return not frame.get("parentId") and _origin_of(frame.get("url", "")) == origin

            async with session.wait_for("Page.frameNavigated", predicate=committed, timeout=_ORIGIN_TIMEOUT):
                navigated = await session.send("Page.navigate", {"url": origin + "/"}, timeout=_ORIGIN_TIMEOUT)
                if navigated.get("errorText"):
                    raise ValidationError(f"cannot open origin {origin}: {navigated['errorText']}")
            storage_id = {"securityOrigin": origin, "isLocalStorage": True}
            for entry in entries:
                await session.send(
                    "DOMStorage.setDOMStorageItem", {"storageId": storage_id, "key": entry.name, "value": entry.value}
                )
    finally:
        with contextlib.suppress(BrowserxError):
            await connection.send("Target.closeTarget", {"targetId": target_id}, timeout=5)
        if session is not None:
            session.detached()


async def _fulfill(session: CDPSession, request_id: str) -> None:
    with contextlib.suppress(BrowserxError):
        await session.send(
            "Fetch.fulfillRequest",
            {
                "requestId": request_id,
                "responseCode": 200,
                "body": _BLANK_PAGE,
                "responseHeaders": [{"name": "Content-Type", "value": "text/html; charset=utf-8"}],
            },
            timeout=5,
        )

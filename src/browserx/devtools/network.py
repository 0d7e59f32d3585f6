"""The recent requests of a tab and where each response came from, fed by `Network.*` events.

Every tab set up with `NETWORK` (and each of its OOPIFs and workers) runs `Network.enable` from the
moment it attaches; events land in a bounded ring buffer per tab, so the cost is a few
dicts per request. Where a response came from:

    service_worker   response.fromServiceWorker (its `service_worker_source` says cache-storage or network)
    memory_cache     Network.requestServedFromCache
    disk_cache       response.fromDiskCache
    prefetch_cache   response.fromPrefetchCache
    network          anything else

Bodies are fetched on request (`Network.getResponseBody` on the session that saw the request);
over `max_inline_output` (16 KB) they are kept by output_id (devtools/outputs.py, browser_read_output).
"""

from __future__ import annotations

import asyncio
import base64
import codecs
import re
import uuid
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from ..browser import Tab, TabSetup
from ..browser.children import ChildTarget
from ..cdp import CDPSession
from ..errors import CDPError, NotFoundError
from .outputs import OutputStore, max_inline

MAX_ENTRIES = 500
MAX_URL = 300
# Chromium keeps response bodies in these buffers for getResponseBody; its defaults are far larger.
# Post bodies come on request (Network.getRequestPostData), not in every event.
_ENABLE = {"maxTotalBufferSize": 8 * 1024 * 1024, "maxResourceBufferSize": 2 * 1024 * 1024, "maxPostDataSize": 0}
_TEXT_MIME = re.compile(r"^(text/|application/(json|javascript|xml|x-www-form-urlencoded|.*\+json|.*\+xml))")


class NetworkLog:
    """The last `maxlen` requests of a tab, keyed by (session id, request id)."""

    def __init__(self, tab: Tab, maxlen: int = MAX_ENTRIES) -> None:
        self.tab = tab
        self.maxlen = maxlen
        self.entries: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self.sessions: dict[str, CDPSession] = {}
        self.dropped = 0
        self._early: dict[tuple[str, str], dict[str, Any]] = {}  # ExtraInfo headers before their request
        self._waiting: dict[int, asyncio.Event] = {}  # id(entry) -> set when its headers as sent arrive

    def watch(self, session: CDPSession, context: Callable[[], str] = lambda: "page") -> None:
        """Record the requests seen by `session`; `context()` names it at request time (an OOPIF's URL comes late)."""
        if len(self.sessions) >= 64:  # iframes and workers come and go: keep only sessions still referenced
            live = {sid for sid, _ in self.entries} | {self.tab.session.session_id}
            self.sessions = {sid: s for sid, s in self.sessions.items() if sid in live}
        self.sessions[session.session_id] = session
        sid = session.session_id
        session.on("Network.requestWillBeSent", lambda p: self._will_be_sent(sid, context, p))
        session.on("Network.responseReceived", lambda p: self._response(sid, p))
        session.on("Network.requestServedFromCache", lambda p: self._update(sid, p, source="memory_cache"))
        session.on("Network.loadingFinished", lambda p: self._finished(sid, p))
        session.on("Network.loadingFailed", lambda p: self._failed(sid, p))
        # The headers as sent and received (Cookie, Set-Cookie included; requests.py redacts them).
        session.on("Network.requestWillBeSentExtraInfo", lambda p: self._extra(sid, p, "_sent_headers"))
        session.on("Network.responseReceivedExtraInfo", lambda p: self._extra(sid, p, "_received_headers"))
        session.on("Network.dataReceived", lambda p: self._data(sid, p))

    # -- event callbacks (reader task: quick) --------------------------------------------------

    def _will_be_sent(self, sid: str, context_of: Callable[[], str], params: dict[str, Any]) -> None:
        key = (sid, params["requestId"])
        previous = self.entries.pop(key, None)
        if previous is not None and params.get("redirectResponse"):
            # A redirect reuses the request id: keep the hop as its own finished entry.
            self._responded(previous, params["redirectResponse"])
            previous["redirected_to"] = params["request"]["url"]
            previous["_ended"] = params.get("timestamp")
            previous["timing_ms"] = _elapsed_ms(previous, params)
            self._store((sid, params["requestId"] + ":redirect:" + uuid.uuid4().hex[:4]), previous)
        request = params.get("request", {})
        entry: dict[str, Any] = {
            "request_id": params["requestId"],
            "url": request.get("url", ""),
            "method": request.get("method", "GET"),
            "resource_type": params.get("type", "Other"),
            "status": None,
            "source": "network",
            "_started": params.get("timestamp"),
            "_wall_time": params.get("wallTime"),
            "_request_headers": request.get("headers") or {},
            "_has_post_data": bool(request.get("hasPostData")),
            "_initiator": params.get("initiator") or {},
            "_frame_id": params.get("frameId"),
            "_loader_id": params.get("loaderId"),
            "_decoded": 0,
        }
        if request.get("postData"):
            entry["_post_data"] = request["postData"]
        context = context_of()
        if context != "page":
            entry["context"] = context
        self._store(key, entry)

    def _store(self, key: tuple[str, str], entry: dict[str, Any]) -> None:
        entry.update(self._early.pop(key, {}))
        self.entries[key] = entry
        while len(self.entries) > self.maxlen:
            self.entries.popitem(last=False)
            self.dropped += 1

    def _update(self, sid: str, params: dict[str, Any], **fields: Any) -> dict[str, Any] | None:
        entry = self.entries.get((sid, params.get("requestId", "")))
        if entry is not None:
            entry.update(fields)
        return entry

    def _extra(self, sid: str, params: dict[str, Any], field: str) -> None:
        # ExtraInfo may come before the event it belongs to, both of a request's ExtraInfo events may
        # (measured: sent and received headers ahead of requestWillBeSent): keep them aside, together,
        # until that entry exists.
        key = (sid, params.get("requestId", ""))
        entry = self.entries.get(key)
        if entry is None:
            entry = self._early.setdefault(key, {})
            while len(self._early) > 64:
                self._early.pop(next(iter(self._early)))
        entry[field] = params.get("headers") or {}
        if field == "_sent_headers" and (waiter := self._waiting.pop(id(entry), None)) is not None:
            waiter.set()
        if field == "_received_headers" and params.get("statusCode"):
            entry["_extra_status"] = params["statusCode"]

    async def sent_headers(self, entry: dict[str, Any], timeout: float) -> None:
        """Wait, at most `timeout` s, for the headers a request went out with (Cookie included): Chromium sends
        them in an ExtraInfo event of their own, which may come after the request has finished. Only for a
        request that went to the network over HTTP (a cached or worker-served one has none to come)."""
        if "_sent_headers" in entry or entry.get("source") != "network" or not entry["url"].startswith("http"):
            return
        waiter = self._waiting.setdefault(id(entry), asyncio.Event())
        try:
            await asyncio.wait_for(waiter.wait(), timeout)
        except TimeoutError:
            pass  # none came: the headers of the request's own event serve
        finally:
            self._waiting.pop(id(entry), None)

    def _data(self, sid: str, params: dict[str, Any]) -> None:
        entry = self.entries.get((sid, params.get("requestId", "")))
        if entry is not None:
            entry["_decoded"] += int(params.get("dataLength") or 0)

    @staticmethod
    def _responded(entry: dict[str, Any], response: dict[str, Any]) -> None:
        entry["status"] = response.get("status")
        entry["mime_type"] = response.get("mimeType", "")
        entry["_status_text"] = response.get("statusText", "")
        entry["_response_headers"] = response.get("headers") or {}
        entry["_timing"] = response.get("timing")
        entry["_protocol"] = response.get("protocol", "")
        entry["_remote"] = response.get("remoteIPAddress", "")
        entry["_headers_bytes"] = int(response.get("encodedDataLength") or 0)

    def _response(self, sid: str, params: dict[str, Any]) -> None:
        response = params.get("response", {})
        entry = self.entries.get((sid, params.get("requestId", "")))
        if entry is None:
            return
        self._responded(entry, response)
        if params.get("type"):
            entry["resource_type"] = params["type"]
        if response.get("fromServiceWorker"):
            entry["source"] = "service_worker"
            if response.get("serviceWorkerResponseSource"):
                entry["service_worker_source"] = response["serviceWorkerResponseSource"]
        elif entry["source"] == "memory_cache":
            pass
        elif response.get("fromDiskCache"):
            entry["source"] = "disk_cache"
        elif response.get("fromPrefetchCache"):
            entry["source"] = "prefetch_cache"

    def _finished(self, sid: str, params: dict[str, Any]) -> None:
        entry = self._update(sid, params, size=int(params.get("encodedDataLength") or 0))
        if entry is not None:
            entry["timing_ms"] = _elapsed_ms(entry, params)
            entry["_ended"] = params.get("timestamp")

    def _failed(self, sid: str, params: dict[str, Any]) -> None:
        entry = self._update(sid, params, error=params.get("errorText") or "failed")
        if entry is not None:
            entry["timing_ms"] = _elapsed_ms(entry, params)
            entry["_ended"] = params.get("timestamp")
            if params.get("canceled"):
                entry["error"] = "canceled"
            if params.get("blockedReason"):
                entry["blocked_reason"] = params["blockedReason"]

    # -- queries ---------------------------------------------------------------------------

    def find(self, request_id: str) -> tuple[dict[str, Any], CDPSession]:
        for (sid, _key), entry in reversed(self.entries.items()):
            if entry["request_id"] == request_id and sid in self.sessions:
                return entry, self.sessions[sid]
        raise NotFoundError(
            f"no recent request with request_id {request_id!r}",
            hint="List requests with browser_get_network_sources and use one of their request_id values.",
        )


def _elapsed_ms(entry: dict[str, Any], params: dict[str, Any]) -> float | None:
    started, ended = entry.get("_started"), params.get("timestamp")
    if started is None or ended is None:
        return None
    return round((ended - started) * 1000, 1)


def _public(entry: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in entry.items() if not k.startswith("_") and v is not None and v != ""}
    if len(out["url"]) > MAX_URL:
        out["url"] = out["url"][:MAX_URL] + "…"
    return out


def network_log(tab: Tab) -> NetworkLog:
    """The tab's log (made when the tab attached, by `NETWORK`)."""
    return tab.state.need(NetworkLog)


def _matches(entry: dict[str, Any], text: str) -> bool:
    text = text.lower()
    return (
        text in entry["url"].lower()
        or text == entry["resource_type"].lower()
        or text == entry["source"]
        or text in entry.get("context", "page")
    )


def network_sources(tab: Tab, *, limit: int = 50, filter: str | None = None) -> dict[str, Any]:  # noqa: A002
    """The `limit` most recent requests of the tab, oldest first, optionally filtered."""
    log = network_log(tab)
    entries = [e for e in log.entries.values() if not filter or _matches(e, filter)]
    shown = [_public(e) for e in entries[-limit:]] if limit > 0 else []
    out: dict[str, Any] = {"requests": shown, "count": len(shown), "matched": len(entries)}
    if log.dropped:
        out["older_dropped"] = log.dropped
    return out


async def response_body(tab: Tab, request_id: str) -> dict[str, Any]:
    """The body of one recent response: text inline up to `max_inline_output`, otherwise kept by output_id."""
    entry, session = network_log(tab).find(request_id)
    try:
        result = await session.send("Network.getResponseBody", {"requestId": request_id}, timeout=15)
    except CDPError as exc:
        raise NotFoundError(
            f"the body of request {request_id} is not available: {exc.message}",
            hint="Bodies exist only for finished responses still in the browser's buffer; "
            "reload the resource and ask again.",
        ) from exc
    raw = base64.b64decode(result["body"]) if result.get("base64Encoded") else result.get("body", "").encode()
    mime = entry.get("mime_type", "")
    out: dict[str, Any] = {"request": _public(entry), "body_bytes": len(raw)}
    is_text = not result.get("base64Encoded") or bool(_TEXT_MIME.match(mime)) or _looks_like_text(raw)
    if is_text and len(raw) <= max_inline(tab.conversation):
        out["body"] = raw.decode("utf-8", errors="replace")
        return out
    # Kept by id for every client (browser_read_output); the path stays for clients with a file tool.
    store = OutputStore.of(tab.conversation)
    if is_text:
        ref = store.keep(raw.decode("utf-8", errors="replace"), stem="body")
    else:
        ref = store.keep(raw, stem="body", suffix=".bin")
    ref.pop("bytes", None)
    ref["body_file"] = ref.pop("path")
    out.update(ref)
    return out


def _looks_like_text(raw: bytes) -> bool:
    # Servers label plenty of text application/octet-stream; valid UTF-8 without NULs reads as text.
    try:
        # final=False: a character cut at the 4 KB mark is not an error.
        return "\x00" not in codecs.getincrementaldecoder("utf-8")().decode(raw[:4096], final=False)
    except UnicodeDecodeError:
        return False


async def _attach(tab: Tab) -> None:
    tab.state.put(NetworkLog(tab)).watch(tab.session)
    await tab.session.send("Network.enable", _ENABLE, timeout=5)


async def _child_setup(tab: Tab, child: ChildTarget) -> None:
    network_log(tab).watch(child.session, context=lambda: child.context)
    await child.session.send("Network.enable", _ENABLE, timeout=5)


NETWORK = TabSetup("network", attach=_attach, child_setup=_child_setup)

"""The tab's network log as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the file Chrome's
Network panel exports and imports.

    await export_har(tab, path=None)   # {"output_id"|"path", "entries", "pages", "bytes"}

One page per main-frame document (its Document request); each entry's timings follow DevTools' own
HAR export (front_end/models/har/Log.ts): blocked includes queueing, -1 for a phase that did not
happen, `time` the sum of the others. DevTools' custom fields keep what HAR has no place for:
`_resourceType`, `_initiator`, `_fromCache` (memory / disk), `_error` (a failed request, status 0),
`_transferSize`. Text bodies up to MAX_BODY each are included (content.text), binary ones as
base64 up to the same bound; secret header values are redacted as everywhere (requests.py).
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from .. import _version
from ..browser import Tab
from ..browser.files import allowed_path
from ..errors import CDPError
from .network import _TEXT_MIME, network_log
from .outputs import OutputStore
from .requests import REDACTED, SECRET_HEADERS, post_data, secrets_allowed

MAX_BODY = 256 * 1024
MAX_BODIES_TOTAL = 8 * 1024 * 1024


def _iso(wall_time: float | None) -> str:
    moment = datetime.fromtimestamp(wall_time or 0, tz=UTC)
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _pairs(headers: dict[str, Any], allow: bool) -> list[dict[str, str]]:
    out = []
    for name, value in headers.items():
        # Several values of one header come joined by newlines (Set-Cookie): HAR lists each.
        for part in str(value).split("\n"):
            secret = name.lower() in SECRET_HEADERS and not allow
            out.append({"name": name, "value": REDACTED if secret else part})
    return out


def _cookies(headers: dict[str, Any], name: str, allow: bool) -> list[dict[str, str]]:
    found = next((str(v) for k, v in headers.items() if k.lower() == name), "")
    cookies = []
    pieces = found.split("\n") if name == "set-cookie" else found.split(";")
    for piece in pieces:
        first = piece.split(";")[0] if name == "set-cookie" else piece
        key, eq, value = first.strip().partition("=")
        if key and eq:
            cookies.append({"name": key, "value": value if allow else REDACTED})
    return cookies


def _timings(entry: dict[str, Any]) -> dict[str, float]:
    timing = entry.get("_timing")
    started, ended = entry.get("_started"), entry.get("_ended")
    out = {"blocked": -1.0, "dns": -1.0, "ssl": -1.0, "connect": -1.0, "send": 0.0, "wait": 0.0, "receive": 0.0}
    if not timing or started is None:
        if started is not None and ended is not None:
            out["wait"] = round(max(ended - started, 0) * 1000, 3)
        return out
    request_time = timing["requestTime"]
    queued = max(request_time - started, 0) * 1000
    starts = [
        t for t in (timing.get("dnsStart", -1), timing.get("connectStart", -1), timing.get("sendStart", -1)) if t >= 0
    ]
    out["blocked"] = round(queued + (min(starts) if starts else 0), 3)
    for phase, (a, b) in {
        "dns": ("dnsStart", "dnsEnd"),
        "connect": ("connectStart", "connectEnd"),
        "ssl": ("sslStart", "sslEnd"),
    }.items():
        if timing.get(a, -1) >= 0 and timing.get(b, -1) >= 0:
            out[phase] = round(timing[b] - timing[a], 3)
    out["send"] = round(max(timing.get("sendEnd", 0) - timing.get("sendStart", 0), 0), 3)
    out["wait"] = round(max(timing.get("receiveHeadersEnd", 0) - timing.get("sendEnd", 0), 0), 3)
    if ended is not None:
        out["receive"] = round(max((ended - request_time) * 1000 - timing.get("receiveHeadersEnd", 0), 0), 3)
    return out


def _http_version(protocol: str) -> str:
    return {"h2": "HTTP/2.0", "h3": "HTTP/3", "http/1.0": "HTTP/1.0"}.get(protocol.lower(), "HTTP/1.1")


async def build_har(tab: Tab) -> dict[str, Any]:
    """The HAR 1.2 document of the tab's log (every entry still in it)."""
    log = network_log(tab)
    allow = secrets_allowed(tab)
    pages: list[dict[str, Any]] = []
    page_of_loader: dict[str, str] = {}
    entries = []
    budget = MAX_BODIES_TOTAL
    for (sid, _key), entry in list(log.entries.items()):
        if entry["resource_type"] == "Document" and sid == tab.session.session_id and entry.get("_loader_id"):
            loader = entry["_loader_id"]
            if loader not in page_of_loader:
                page_of_loader[loader] = f"page_{len(pages) + 1}"
                pages.append(
                    {
                        "startedDateTime": _iso(entry.get("_wall_time")),
                        "id": page_of_loader[loader],
                        "title": entry["url"],
                        "pageTimings": {"onContentLoad": -1, "onLoad": -1},
                    }
                )
        session = log.sessions.get(sid)
        har_entry, used = await _entry(tab, entry, session, allow, budget)
        budget -= used
        pageref = page_of_loader.get(entry.get("_loader_id") or "")
        if pageref:
            har_entry["pageref"] = pageref
        entries.append(har_entry)
    return {
        "log": {
            "version": "1.2",
            "creator": {"name": "browserx", "version": _version.__version__},
            "pages": pages,
            "entries": entries,
        }
    }


async def _entry(tab: Tab, entry: dict[str, Any], session: Any, allow: bool, budget: int) -> tuple[dict[str, Any], int]:
    sent = entry.get("_sent_headers") or entry.get("_request_headers") or {}
    received = entry.get("_received_headers") or entry.get("_response_headers") or {}
    url = entry["url"]
    timings = _timings(entry)
    request: dict[str, Any] = {
        "method": entry["method"],
        "url": url,
        "httpVersion": _http_version(entry.get("_protocol", "")),
        "cookies": _cookies(sent, "cookie", allow),
        "headers": _pairs(sent, allow),
        "queryString": [{"name": k, "value": v} for k, v in parse_qsl(urlsplit(url).query, keep_blank_values=True)],
        "headersSize": -1,
        "bodySize": 0,
    }
    posted = await post_data(session, entry) if session is not None else None
    if posted is not None:
        mime = next((str(v) for k, v in sent.items() if k.lower() == "content-type"), "")
        request["postData"] = {"mimeType": mime, "text": posted}
        request["bodySize"] = len(posted.encode())
    status = entry.get("status") or 0
    failed = bool(entry.get("error")) and not entry.get("status")
    content: dict[str, Any] = {
        "size": int(entry.get("_decoded") or 0),
        "mimeType": entry.get("mime_type", "") or "x-unknown",
    }
    used = 0
    if not failed and status and not entry.get("redirected_to") and session is not None and budget > 0:
        used = await _body(session, entry, content, min(MAX_BODY, budget))
    transfer = int(entry.get("size") or 0)
    headers_size = int(entry.get("_headers_bytes") or 0)
    response = {
        "status": status,
        "statusText": entry.get("_status_text", "") if not failed else "",
        "httpVersion": _http_version(entry.get("_protocol", "")),
        "cookies": _cookies(received, "set-cookie", allow),
        "headers": _pairs(received, allow),
        "content": content,
        "redirectURL": entry.get("redirected_to", ""),
        "headersSize": headers_size if headers_size else -1,
        "bodySize": max(transfer - headers_size, 0) if transfer else (0 if entry["source"] != "network" else -1),
        "_transferSize": transfer,
    }
    if failed:
        response["_error"] = entry["error"]
    out: dict[str, Any] = {
        "startedDateTime": _iso(entry.get("_wall_time")),
        "time": round(sum(v for v in timings.values() if v > 0), 3),
        "request": request,
        "response": response,
        "cache": {},
        "timings": timings,
        "_resourceType": _RESOURCE_TYPES.get(entry["resource_type"], entry["resource_type"].lower()),
        "_initiator": _initiator(entry),
    }
    if entry["source"] == "service_worker":
        response["_fetchedViaServiceWorker"] = True
        if entry.get("service_worker_source"):
            response["_serviceWorkerResponseSource"] = entry["service_worker_source"]
    if entry["source"] in ("memory_cache", "disk_cache"):
        out["_fromCache"] = entry["source"].split("_")[0]
    if entry.get("_remote"):
        out["serverIPAddress"] = entry["_remote"].strip("[]")
    return out, used


# CDP's resource types as DevTools' HAR names them (the rest: lower case).
_RESOURCE_TYPES = {"CSPViolationReport": "csp-violation-report", "SignedExchange": "signed-exchange"}


def _initiator(entry: dict[str, Any]) -> dict[str, Any]:
    """The CDP initiator as DevTools exports it (HARFormat.ts HARInitiator), its stack cut to the top frames."""
    initiator = dict(entry.get("_initiator") or {"type": "other"})
    stack = initiator.pop("stack", None)
    if stack and stack.get("callFrames"):
        initiator["stack"] = {"callFrames": stack["callFrames"][:5]}
    return initiator


async def _body(session: Any, entry: dict[str, Any], content: dict[str, Any], bound: int) -> int:
    try:
        got = await session.send("Network.getResponseBody", {"requestId": entry["request_id"]}, timeout=10)
    except CDPError:
        return 0  # not in the browser's buffer any more: the entry goes without its text
    body = got.get("body", "")
    if got.get("base64Encoded"):
        raw = base64.b64decode(body)
        if _TEXT_MIME.match(content["mimeType"]):
            text = raw.decode("utf-8", errors="replace")
            if len(text) <= bound:
                content["text"] = text
                return len(raw)
            return 0
        if len(body) <= bound:
            content.update(text=body, encoding="base64")
            return len(body)
        return 0
    if len(body) <= bound:
        content["text"] = body
        content["size"] = content["size"] or len(body.encode())
        return len(body)
    return 0


async def export_har(tab: Tab, *, path: str | None = None) -> dict[str, Any]:
    """Write the HAR: to `path` (under the file roots) or kept by output_id (browser_read_output)."""
    target = allowed_path(path, tab.conversation.file_roots(), must_exist=False) if path else None
    har = await build_har(tab)
    text = json.dumps(har, ensure_ascii=False, indent=1)
    out: dict[str, Any] = {"entries": len(har["log"]["entries"]), "pages": len(har["log"]["pages"])}
    out["bytes"] = len(text.encode())
    if target is not None:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        out["path"] = str(target)
        return out
    ref = OutputStore.of(tab.conversation).keep(text, stem="network", suffix=".har")
    out.update({"output_id": ref["output_id"], "path": ref["path"]})
    return out

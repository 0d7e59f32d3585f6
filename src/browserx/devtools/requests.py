"""The tab's requests as DevTools' Network panel lists them, and one request in detail.

    list_requests(tab, filter="api", method="POST", status="4xx", failed=None, limit=50)
    await request_detail(tab, request_id)       # headers both ways, post data and body, bounded

Rows come from the tab's NetworkLog (network.py), which sees every request from the moment the tab
attached. Header values of Cookie, Set-Cookie, Authorization and Proxy-Authorization are redacted
in every output (here and in the HAR, har.py) unless the user's configuration allows them
(`BrowserConfig.network_secrets`, the CLI's --network-secrets, or BROWSERX_NETWORK_SECRETS=1 in the
environment): the model never asks for them itself.
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

from ..browser import Tab
from ..cdp import CDPSession
from ..errors import BrowserxError, CDPError, ValidationError
from .network import MAX_URL, network_log, response_body
from .outputs import OutputStore, max_inline

SECRET_HEADERS = frozenset({"cookie", "set-cookie", "authorization", "proxy-authorization"})
REDACTED = "[redacted]"
MAX_HEADER_VALUE = 1000
MAX_POST_INLINE = 4096


def secrets_allowed(tab: Tab) -> bool:
    """Whether the user's configuration lets secret header values through (never the model's choice)."""
    return tab.conversation.config.network_secrets or (os.environ.get("BROWSERX_NETWORK_SECRETS") == "1")


def headers_of(headers: dict[str, Any], *, allow_secrets: bool, bound: int = MAX_HEADER_VALUE) -> dict[str, str]:
    out = {}
    for name, value in headers.items():
        text = str(value)
        if name.lower() in SECRET_HEADERS and not allow_secrets:
            text = REDACTED
        elif len(text) > bound:
            text = text[:bound] + "…"
        out[name] = text
    return out


def initiator_of(entry: dict[str, Any]) -> str:
    """What started the request, as DevTools' Initiator column says it: parser URL:line, script function URL:line."""
    initiator = entry.get("_initiator") or {}
    kind = initiator.get("type", "other")
    frames = (initiator.get("stack") or {}).get("callFrames") or []
    if frames:
        top = frames[0]
        name = top.get("functionName") or "(anonymous)"
        return f"{kind} {name} {_short(top.get('url', ''))}:{int(top.get('lineNumber', 0)) + 1}"
    if initiator.get("url"):
        line = initiator.get("lineNumber")
        return f"{kind} {_short(initiator['url'])}" + (f":{int(line) + 1}" if line is not None else "")
    return str(kind)


def _short(url: str) -> str:
    return url if len(url) <= MAX_URL else url[:MAX_URL] + "…"


def row(entry: dict[str, Any]) -> dict[str, Any]:
    """One request as a list shows it."""
    out: dict[str, Any] = {
        "request_id": entry["request_id"],
        "method": entry["method"],
        "url": _short(entry["url"]),
        "status": entry.get("status"),
        "type": entry["resource_type"],
        "size": entry.get("size"),
        "ms": entry.get("timing_ms"),
        "initiator": initiator_of(entry),
        "source": entry["source"],
    }
    for key in ("error", "blocked_reason", "redirected_to", "context", "service_worker_source"):
        if entry.get(key):
            out[key] = _short(str(entry[key])) if key == "redirected_to" else entry[key]
    if out["source"] == "network":
        del out["source"]
    return {k: v for k, v in out.items() if v is not None}


def _status_matches(status: Any, wanted: str) -> bool:
    if status is None:
        return False
    text = str(status)
    if wanted.endswith("xx") and len(wanted) == 3:
        return text[:1] == wanted[0]
    return text == wanted


def list_requests(
    tab: Tab,
    *,
    filter: str | None = None,  # noqa: A002 - the tool's field
    method: str | None = None,
    status: str | None = None,
    failed: bool | None = None,
    limit: int = 50,
) -> dict[str, Any]:
    """The most recent `limit` requests that match every filter given, oldest first."""
    if status is not None and not (
        status.isdigit() or (len(status) == 3 and status[0].isdigit() and status[1:] == "xx")
    ):
        raise ValidationError(
            f"status {status!r} is neither a code (404) nor a class (4xx)", details={"fields": ["status"]}
        )
    log = network_log(tab)
    text = (filter or "").lower()
    matched = []
    for entry in log.entries.values():
        if text and not (
            text in entry["url"].lower()
            or text == entry["resource_type"].lower()
            or text == entry["source"]
            or text in urlsplit(entry["url"]).netloc.lower()
        ):
            continue
        if method and entry["method"].upper() != method.upper():
            continue
        if status is not None and not _status_matches(entry.get("status"), status):
            continue
        if failed is not None and bool(entry.get("error")) != failed:
            continue
        matched.append(entry)
    rows = [row(e) for e in matched[-limit:]]
    out: dict[str, Any] = {"requests": rows, "count": len(rows), "matched": len(matched)}
    if log.dropped:
        out["older_dropped"] = log.dropped
    return out


async def post_data(session: CDPSession, entry: dict[str, Any]) -> str | None:
    """The request's body (a POST's), from the event or asked of the browser while it still has it."""
    if "_post_data" in entry:
        return str(entry["_post_data"])
    if not entry.get("_has_post_data"):
        return None
    try:
        result = await session.send("Network.getRequestPostData", {"requestId": entry["request_id"]}, timeout=10)
    except CDPError:
        return None  # the browser no longer holds it
    entry["_post_data"] = result.get("postData", "")
    return str(entry["_post_data"])


def phases(entry: dict[str, Any]) -> dict[str, float] | None:
    """Where the request's time went (ms): DevTools' Timing tab, from response.timing."""
    timing = entry.get("_timing")
    if not timing:
        return None

    def span(start: str, end: str) -> float | None:
        a, b = timing.get(start, -1), timing.get(end, -1)
        return round(b - a, 1) if a >= 0 and b >= 0 else None

    out = {
        "queueing": round(max(timing.get("requestTime", 0) - (entry.get("_started") or 0), 0) * 1000, 1),
        "dns": span("dnsStart", "dnsEnd"),
        "connect": span("connectStart", "connectEnd"),
        "ssl": span("sslStart", "sslEnd"),
        "send": span("sendStart", "sendEnd"),
        "waiting_ttfb": span("sendEnd", "receiveHeadersEnd"),
    }
    ended = entry.get("_ended")
    if ended:
        out["download"] = round((ended - timing["requestTime"]) * 1000 - timing.get("receiveHeadersEnd", 0), 1)
    return {k: v for k, v in out.items() if v is not None}


SENT_HEADERS_WAIT_S = 0.5  # for a request's ExtraInfo headers, which may trail its own events


async def request_detail(tab: Tab, request_id: str, *, body: bool = True) -> dict[str, Any]:
    """One request: its row, headers as sent and received (secrets redacted), post data and body (bounded)."""
    log = network_log(tab)
    entry, session = log.find(request_id)
    await log.sent_headers(entry, SENT_HEADERS_WAIT_S)
    allow = secrets_allowed(tab)
    out: dict[str, Any] = {"request": row(entry)}
    out["request_headers"] = headers_of(entry.get("_sent_headers") or entry["_request_headers"], allow_secrets=allow)
    if entry.get("_response_headers") or entry.get("_received_headers"):
        received = entry.get("_received_headers") or entry["_response_headers"]
        out["response_headers"] = headers_of(received, allow_secrets=allow)
    timing = phases(entry)
    if timing:
        out["timing_ms"] = timing
    if entry.get("_protocol"):
        out["protocol"] = entry["_protocol"]
    posted = await post_data(session, entry)
    if posted is not None:
        if len(posted) <= MAX_POST_INLINE:
            out["post_data"] = posted
        else:
            ref = OutputStore.of(tab.conversation).keep(posted, stem="post")
            out["post_data"] = {"output_id": ref["output_id"], "chars": ref["chars"], "preview": ref["preview"]}
    if body and entry.get("status") and not entry.get("error") and not entry.get("redirected_to"):
        try:
            got = await response_body(tab, request_id)
        except BrowserxError as exc:  # a body gone from the buffer is said; the rest still serves
            out["body_unavailable"] = exc.message
        else:
            got.pop("request", None)
            out.update(got)
    out["bounded"] = (
        f"header values over {MAX_HEADER_VALUE} chars cut; body inline up to {max_inline(tab.conversation)} B"
    )
    return out

"""Service worker registrations of a tab's browser context, and whether the page is controlled.

Two sources, merged:
- the `ServiceWorker` domain (enabled on every tab set up with `SERVICE_WORKERS`): registrations of every origin
  in the conversation's browser context, each version's status and running state. Its events are
  posted from the browser's service worker core and can trail the page by a moment;
- the page itself (`navigator.serviceWorker`, evaluated in its main world at call time): the
  controller, and the installing/waiting/active workers of the page's own origin, which are exact.
"""

from __future__ import annotations

import asyncio
import contextlib
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from ..browser import Tab, TabSetup
from ..errors import JSExceptionError

# Runs in the page's main world (inpage/page_world/service_workers.js): one expression, evaluated.
_PAGE_STATE = resources.files("browserx").joinpath("inpage/page_world/service_workers.js").read_text(encoding="utf-8")


class ServiceWorkerState:
    """What the `ServiceWorker` domain reported to one tab."""

    def __init__(self) -> None:
        self.registrations: dict[str, dict[str, Any]] = {}  # registrationId → {scopeURL, isDeleted}
        self.versions: dict[str, dict[str, Any]] = {}  # versionId → version
        self.errors: list[dict[str, Any]] = []

    def registration_updated(self, params: dict[str, Any]) -> None:
        for registration in params.get("registrations", []):
            self.registrations[registration["registrationId"]] = registration

    def version_updated(self, params: dict[str, Any]) -> None:
        for version in params.get("versions", []):
            self.versions[version["versionId"]] = version

    def error_reported(self, params: dict[str, Any]) -> None:
        message = params.get("errorMessage", {})
        self.errors = [
            *self.errors[-19:],
            {
                "registration_id": message.get("registrationId"),
                "message": message.get("errorMessage", ""),
                "url": message.get("sourceURL", ""),
                "line": message.get("lineNumber"),
            },
        ]


def state_of(tab: Tab) -> ServiceWorkerState:
    """The tab's registrations as the domain reported them (made when the tab attached, by `SERVICE_WORKERS`)."""
    return tab.state.need(ServiceWorkerState)


async def service_workers(tab: Tab) -> dict[str, Any]:
    """Registrations (scope, script URL, status, running state) and the page's controller."""
    page = await _page_state(tab)
    state = state_of(tab)
    await _catch_up(tab, state, page)
    by_scope: dict[str, dict[str, Any]] = {}
    for registration_id, registration in state.registrations.items():
        if registration.get("isDeleted"):
            continue
        versions = [v for v in state.versions.values() if v.get("registrationId") == registration_id]
        by_scope[registration["scopeURL"]] = _from_domain(registration["scopeURL"], versions)
    for registration in page.get("registrations", []):
        # The page's view is exact for its origin: it wins over the domain's possibly trailing one.
        entry = by_scope.setdefault(registration["scope"], {"scope": registration["scope"]})
        main = registration["active"] or registration["waiting"] or registration["installing"]
        if main:
            entry.update(script_url=main["script_url"], status=main["status"])
            version = next(
                (
                    v
                    for v in state.versions.values()
                    if (v.get("scriptURL"), v.get("status")) == (main["script_url"], main["status"])
                ),
                None,
            )
            if version is not None:
                entry["running_status"] = version.get("runningStatus", "")
            else:
                entry.pop("running_status", None)  # the domain has not caught up: unknown rather than wrong
        for slot in ("waiting", "installing"):
            if registration[slot] and registration[slot] is not main:
                entry[slot] = registration[slot]
    registrations = sorted(by_scope.values(), key=lambda r: r["scope"])
    for registration in registrations:
        registration["origin"] = _origin(registration["scope"])
    controller = page.get("controller")
    out: dict[str, Any] = {
        "page_url": tab.url,
        "controlled": controller is not None,
        "controller": controller,
        "registrations": registrations,
    }
    if not page.get("supported", True):
        out["supported"] = False
        out["hint"] = "navigator.serviceWorker is unavailable here: service workers need https or localhost."
    if state.errors:
        out["errors"] = state.errors[-5:]
    return out


def _from_domain(scope: str, versions: list[dict[str, Any]]) -> dict[str, Any]:
    live = [v for v in versions if v.get("status") != "redundant"] or versions
    rank = {"activated": 0, "activating": 1, "installed": 2, "installing": 3, "new": 4, "redundant": 5}
    live.sort(key=lambda v: rank.get(v.get("status", ""), 9))
    entry: dict[str, Any] = {"scope": scope}
    if live:
        main = live[0]
        entry.update(
            script_url=main.get("scriptURL", ""),
            status=main.get("status", ""),
            running_status=main.get("runningStatus", ""),
        )
        for other in live[1:]:
            slot = "waiting" if other.get("status") == "installed" else "installing"
            entry[slot] = {"script_url": other.get("scriptURL", ""), "status": other.get("status", "")}
    return entry


def _agrees(state: ServiceWorkerState, page: dict[str, Any]) -> bool:
    """True when the domain knows each of the page's workers in the state the page sees it."""
    known = {(v.get("scriptURL"), v.get("status")) for v in state.versions.values()}
    for registration in page.get("registrations", []):
        for slot in ("active", "waiting", "installing"):
            worker = registration[slot]
            if worker and (worker["script_url"], worker["status"]) not in known:
                return False
    return True


async def _catch_up(tab: Tab, state: ServiceWorkerState, page: dict[str, Any], timeout: float = 1.0) -> None:
    # The domain's events trail the page: give them a bounded moment to reach what the page reports,
    # so running_status belongs to the version the page sees. On timeout, report what is known.
    if _agrees(state, page):
        return
    loop = asyncio.get_running_loop()
    changed = asyncio.Event()
    offs = [
        tab.session.on(m, lambda _p: changed.set())
        for m in ("ServiceWorker.workerVersionUpdated", "ServiceWorker.workerRegistrationUpdated")
    ]
    deadline = loop.time() + timeout
    try:
        while not _agrees(state, page) and loop.time() < deadline:
            changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(deadline - loop.time()):
                    await changed.wait()
    finally:
        for off in offs:
            off()


async def _page_state(tab: Tab) -> dict[str, Any]:
    result = await tab.session.send(
        "Runtime.evaluate",
        {"expression": _PAGE_STATE, "awaitPromise": True, "returnByValue": True, "timeout": 5000},
        timeout=6,
    )
    if "exceptionDetails" in result:
        details = result["exceptionDetails"]
        raise JSExceptionError(f"reading navigator.serviceWorker failed: {details.get('text', 'exception')}")
    return result.get("result", {}).get("value") or {}


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


async def _attach(tab: Tab) -> None:
    state = tab.state.put(ServiceWorkerState())
    on = tab.session.on
    on("ServiceWorker.workerRegistrationUpdated", state.registration_updated)
    on("ServiceWorker.workerVersionUpdated", state.version_updated)
    on("ServiceWorker.workerErrorReported", state.error_reported)
    await tab.session.send("ServiceWorker.enable", timeout=5)


SERVICE_WORKERS = TabSetup("service_workers", attach=_attach)

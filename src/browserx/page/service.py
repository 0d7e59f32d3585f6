"""One DOM service per tab: takes page models, caches the last one, resolves element ids.

    svc = DomService.of(tab)
    model = await svc.snapshot()                    # cached until something changes
    object_id = await svc.element_object_id("bu_3")  # Runtime objectId in browserx's world
    backend_node_id = await svc.backend_node_id("bu_3")
    svc.invalidate()                                 # every action calls this

The cache is dropped by `invalidate()`, `DOM.documentUpdated`, main-frame navigation (through
`tab.document_listeners`) and age (30 s). Before a cached model is returned, one cheap call asks
the page whether anything changed since (DOM mutations seen by the world's MutationObserver,
scroll position, viewport size), so a cached model never describes a page that has moved on.

A capture is one call to `__browserx.snapshot` in browserx's world; when the walk met custom
elements never looked up, their closed shadow roots are adopted through CDP (shadow.py) and the
capture runs once more.
"""

from __future__ import annotations

import asyncio
import builtins
import json
import re
import time
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError, JSExceptionError, NodeNotFoundError, SnapshotFailedError, TimeoutError
from . import shadow
from .model import PageModel, SnapshotOptions
from .world import PageWorld

MAX_AGE_S = 30.0
CAPTURE_TIMEOUT_S = 30.0
ELEMENT_ID = re.compile(r"^[a-z]{2}_\d{1,9}$")

# One JSON string crosses CDP: far cheaper than returnByValue of a deep object.
_SNAPSHOT = "function (options) { return JSON.stringify(globalThis.__browserx.snapshot(options)); }"
_STATE = "function () { return globalThis.__browserx.state(); }"
_ELEMENT = "function (id) { return globalThis.__browserx.element(id); }"


class DomService:
    """Get it with `DomService.of(tab)`; `last` is the last PageModel taken (or None)."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.last: PageModel | None = None
        self._options: SnapshotOptions | None = None
        self._taken_at = 0.0
        self._state: dict[str, Any] | None = None
        self._valid = False
        # Next id number per document (loader id): ids are never reused within a document, even
        # if Chromium drops browserx's world and the page's element -> id map with it.
        self._next_numbers: dict[str, int] = {}
        self._lock = asyncio.Lock()
        tab.session.on("DOM.documentUpdated", lambda _params: self.invalidate())
        tab.document_listeners.append(self.invalidate)

    @classmethod
    def of(cls, tab: Tab) -> DomService:
        service = tab.services.get("dom")
        if service is None:
            service = tab.services["dom"] = cls(tab)
        return service

    @property
    def world(self) -> PageWorld:
        return PageWorld.of(self.tab)

    def invalidate(self) -> None:
        self._valid = False

    async def snapshot(self, options: SnapshotOptions | None = None, *, fresh: bool = False) -> PageModel:
        options = options or SnapshotOptions()
        self.tab.check_open()
        async with self._lock:
            if not fresh and await self._cache_holds(options):
                assert self.last is not None
                return self.last
            return await self._capture(options)

    async def _cache_holds(self, options: SnapshotOptions) -> bool:
        if not self._valid or self.last is None or options != self._options:
            return False
        if time.monotonic() - self._taken_at > MAX_AGE_S:
            return False
        try:
            state = await self.world.call(_STATE, timeout=5.0)
        except (NodeNotFoundError, JSExceptionError):
            return False  # the world is gone (navigation) or was rebuilt: take a new snapshot
        return state == self._state

    async def _capture(self, options: SnapshotOptions) -> PageModel:
        loader_id = self.tab.loader_id
        next_number = self._next_numbers.get(loader_id, 1)
        try:
            raw = await asyncio.wait_for(
                capture_raw(self.world, options.script_options(next_number), timeout=CAPTURE_TIMEOUT_S),
                CAPTURE_TIMEOUT_S)
        except (builtins.TimeoutError, TimeoutError) as exc:
            raise TimeoutError(f"the page model was not built within {CAPTURE_TIMEOUT_S:g} s",
                               hint="The page is busy or huge; retry, or lower max_controls.") from exc
        except JSExceptionError as exc:
            raise SnapshotFailedError(f"the page model could not be built: {exc.message}", details=exc.details) from exc
        if raw is None:
            raise SnapshotFailedError("the page model script returned nothing (the document may be closing)")
        if self.tab.loader_id == loader_id:
            self._next_numbers[loader_id] = max(next_number, int(raw.get("next_number") or next_number))
        model = PageModel.from_raw(raw)
        self.last, self._options, self._state = model, options, raw.get("state")
        self._taken_at = time.monotonic()
        self._valid = self.tab.loader_id == loader_id
        return model

    async def element_object_id(self, element_id: str) -> str:
        """A Runtime objectId (in browserx's world) for the element; NODE_NOT_FOUND if unknown or gone."""
        if not isinstance(element_id, str) or not ELEMENT_ID.match(element_id):
            raise NodeNotFoundError(f"{element_id!r} is not an element id from a snapshot",
                                    details={"element_id": element_id})
        try:
            object_id = await self.world.object_id(_ELEMENT, element_id)
        except NodeNotFoundError as exc:
            raise NodeNotFoundError(f"element {element_id} is gone: the page navigated",
                                    details={"element_id": element_id}) from exc
        if not object_id:
            raise NodeNotFoundError(f"element {element_id} is unknown or no longer in the page",
                                    details={"element_id": element_id})
        return object_id

    async def backend_node_id(self, element_id: str) -> int:
        object_id = await self.element_object_id(element_id)
        try:
            described = await self.tab.session.send("DOM.describeNode", {"objectId": object_id})
        finally:
            await self.tab.session.send("Runtime.releaseObject", {"objectId": object_id})
        return int(described["node"]["backendNodeId"])


async def capture_raw(world: PageWorld, script_options: dict[str, Any], *, timeout: float) -> dict[str, Any] | None:
    """One world's raw capture (capture.js's result), closed shadow roots adopted; None if it gave nothing."""
    raw = await _snapshot_call(world, script_options, timeout)
    if raw and raw.get("pending_hosts") and await _adopt(world):
        # New roots to walk: once more. Ids stay (same elements); new ones continue the counter.
        again = dict(script_options, next_number=max(script_options.get("next_number", 1), raw.get("next_number", 1)))
        raw = await _snapshot_call(world, again, timeout) or raw
    return raw


async def _adopt(world: PageWorld) -> int:
    try:
        return await shadow.adopt_closed_roots(world)
    except BrowserxError:
        return 0  # the model without those roots beats no model; the hosts stay pending


async def _snapshot_call(world: PageWorld, script_options: dict[str, Any], timeout: float) -> dict[str, Any] | None:
    raw = await world.call(_SNAPSHOT, script_options, timeout=timeout + 5)
    raw = json.loads(raw) if isinstance(raw, str) else None
    return raw if isinstance(raw, dict) and "controls" in raw else None


async def take_snapshot(tab: Tab, options: SnapshotOptions | None = None) -> PageModel:
    """The page model of `tab` (cached per DomService rules)."""
    return await DomService.of(tab).snapshot(options)

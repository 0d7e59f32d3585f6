"""One DOM service per tab: takes page models, caches the last one, resolves element ids.

    svc = DomService.of(tab)
    model = await svc.snapshot()                    # cached until something changes
    object_id = await svc.element_object_id("bu_3")  # Runtime objectId in browserx's world
    backend_node_id = await svc.backend_node_id("bu_3")
    svc.invalidate()                                 # every action calls this

The cache is dropped by `invalidate()`, `DOM.documentUpdated`, main-frame navigation (through
`tab.document_listeners`) and age (30 s). Before a cached model is returned, one cheap call asks
the page whether anything changed since (DOM mutations seen by the world's MutationObserver,
scroll position, viewport size), so a cached model never describes a page that has moved on. A
model with cross-origin frames also asks each frame's world (in parallel), and holds only while
the tab has the same out-of-process frames.

How a capture is taken (one call to `__browserx.snapshot` in browserx's world, closed shadow roots
adopted, and with `include_cross_origin_iframes` each out-of-process iframe captured in its own
world and merged) is capture.py; here is when to take one and what is kept of it. Element ids are
numbered by one counter per top document across all its frames, so they never collide, and
DomService remembers which ids live in which frame: `frame_of(element_id)` routes actions there.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

from .. import errors
from ..browser import Tab
from ..browser.children import children_of
from ..errors import BrowserxError, JSExceptionError, NodeNotFoundError, SnapshotFailedError, ValidationError
from .capture import adopt_pending_roots, capture_frames, capture_raw
from .delta import ControlPatch
from .frames import Frame
from .model import PageModel, SnapshotOptions
from .world import TEXT_BINDING, PageWorld

MAX_AGE_S = 30.0
CAPTURE_TIMEOUT_S = 30.0
ELEMENT_ID = re.compile(r"^[a-z]{2}_\d{1,9}$")

_STATE = "function () { return globalThis.__browserx.state(); }"
_RECHECK = "function () { return globalThis.__browserx.recheck(); }"
_ELEMENT = "function (id) { return globalThis.__browserx.element(id); }"
_READ_TEXT = "function (options) { return JSON.stringify(globalThis.__browserx.readText(options)); }"
_FIND = "function (query, options) { return JSON.stringify(globalThis.__browserx.find(query, options)); }"


class DomService:
    """Get it with `DomService.of(tab)`; `last` is the last PageModel taken (or None)."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self.last: PageModel | None = None
        self.last_loader_id: str | None = None  # the document `last` was taken of (its ids are that document's)
        self._options: SnapshotOptions | None = None
        self._taken_at = 0.0
        self._state: dict[str, Any] | None = None
        self._valid = False
        # The in-page baseline `last` matches (recheck.js), and the last model made by patching another.
        self._stamp: str | None = None
        self.patch: ControlPatch | None = None
        # Next id number per document (loader id): ids are never reused within a document, even
        # if Chromium drops browserx's world and the page's element -> id map with it.
        self._next_numbers: dict[str, int] = {}
        # element_id -> session id of the out-of-process frame it lives in, for the document
        # `_frame_ids_loader` (ids of the main document and same-origin frames are not in it).
        self._frame_ids: dict[str, str] = {}
        self._frame_ids_loader = ""
        # The cached model's frames: world state per captured frame's session id, and every
        # out-of-process frame the tab had then (captured or not).
        self._frame_states: dict[str, Any] = {}
        self._frame_sessions: set[str] = set()
        # (loader id, within, hash) of the reader text the last piece came from: a later piece of
        # another text says text_changed instead of splicing two versions.
        self._text_seen: tuple[str, str | None, str] | None = None
        # Later pieces the page handed ahead, {offset: raw piece} for (loader id, within, size): kept
        # until the world says the DOM or viewport changed, or anything invalidates.
        self._ahead: tuple[tuple[str, str | None, int], dict[int, dict[str, Any]]] | None = None
        self._changes = 0  # bumped by each invalidation: pieces fetched across one are not kept
        self._lock = asyncio.Lock()
        tab.session.on("DOM.documentUpdated", lambda _params: self.invalidate())
        PageWorld.of(tab).on_binding(TEXT_BINDING, self._text_changed)
        tab.document_listeners.append(self.invalidate)

    @classmethod
    def of(cls, tab: Tab) -> DomService:
        return tab.state.setdefault(cls, lambda: cls(tab))

    @property
    def world(self) -> PageWorld:
        return PageWorld.of(self.tab)

    def invalidate(self) -> None:
        self._valid = False
        self._ahead = None
        self._changes += 1

    def _text_changed(self, _payload: str) -> None:
        self._ahead = None
        self._changes += 1

    async def snapshot(
        self,
        options: SnapshotOptions | None = None,
        *,
        fresh: bool = False,
        since_last: bool = False,
        check: dict[str, Any] | None = None,
    ) -> PageModel:
        """`fresh`: not the cached model. `since_last` (a delta is wanted): when the page says that only
        states it can name changed since the last model (`check`, an action's, or one asked now), that
        model patched (`self.patch` says how) instead of a new walk."""
        options = options or SnapshotOptions()
        self.tab.check_open()
        async with self._lock:
            if options.text_offset > 0 and options.max_text_chars > 0:
                return await self._read_text(options)
            if not fresh and await self._cache_holds(options):
                assert self.last is not None
                return self.last
            if since_last:
                patched = await self._patched(options, check)
                if patched is not None:
                    return patched
            return await self._capture(options)

    async def _patched(self, options: SnapshotOptions, check: dict[str, Any] | None) -> PageModel | None:
        base = self.last
        if base is None or self._stamp is None or options != self._options or options.include_cross_origin_iframes:
            return None
        if self.last_loader_id != self.tab.loader_id:
            return None
        if check is None:
            try:
                check = await self.world.call(_RECHECK, timeout=5.0)
            except (NodeNotFoundError, JSExceptionError):
                return None  # the world is gone or was rebuilt: a new walk
        if not isinstance(check, dict) or check.get("base") != self._stamp:
            return None
        patch = ControlPatch.checked(base, check.get("checked") or [])
        if patch is None:
            return None
        self.last, self._stamp, self._state, self.patch = patch.now, str(check["stamp"]), check.get("state"), patch
        self._taken_at, self._valid = time.monotonic(), True
        return patch.now

    async def _cache_holds(self, options: SnapshotOptions) -> bool:
        if not self._valid or self.last is None or options != self._options:
            return False
        if time.monotonic() - self._taken_at > MAX_AGE_S:
            return False
        worlds = [self.world]
        if options.include_cross_origin_iframes:
            live = {c.session.session_id: c for c in children_of(self.tab).frames()}
            if set(live) != self._frame_sessions or not set(self._frame_states) <= set(live):
                return False  # a frame came or went
            worlds += [PageWorld.of(self.tab, live[sid].session) for sid in self._frame_states]
        main, *framed = await asyncio.gather(*(w.call(_STATE, timeout=5.0) for w in worlds), return_exceptions=True)
        if isinstance(main, (NodeNotFoundError, JSExceptionError)):
            return False  # the world is gone (navigation) or was rebuilt: take a new snapshot
        if isinstance(main, BaseException):
            raise main
        if any(isinstance(state, BaseException) for state in framed):
            return False  # a frame went away or does not answer: a new snapshot says which
        return main == self._state and framed == list(self._frame_states.values())

    async def _capture(self, options: SnapshotOptions) -> PageModel:
        loader_id = self.tab.loader_id
        next_number = self._next_numbers.get(loader_id, 1)
        try:
            capture = await asyncio.wait_for(
                capture_raw(self.world, options.script_options(next_number), timeout=CAPTURE_TIMEOUT_S),
                CAPTURE_TIMEOUT_S,
            )
        except TimeoutError as exc:  # asyncio's or the capture's own (errors.TimeoutError)
            raise errors.TimeoutError(
                f"the page model was not built within {CAPTURE_TIMEOUT_S:g} s",
                hint="The page is busy or huge; retry, or lower max_controls.",
            ) from exc
        except JSExceptionError as exc:
            raise SnapshotFailedError(f"the page model could not be built: {exc.message}", details=exc.details) from exc
        if capture is None:
            raise SnapshotFailedError("the page model script returned nothing (the document may be closing)")
        meta = capture.meta
        if meta.get("error") == "within":
            raise _within_not_found(options.within)
        next_number = max(next_number, int(meta.get("next_number") or next_number))
        frame_states: dict[str, Any] = {}
        # Taken before the frames are: one attaching meanwhile makes the cache miss next time.
        frame_sessions = (
            {c.session.session_id for c in children_of(self.tab).frames()}
            if options.include_cross_origin_iframes
            else set()
        )
        if options.include_cross_origin_iframes and not options.within:
            if self._frame_ids_loader != loader_id:
                self._frame_ids, self._frame_ids_loader = {}, loader_id
            next_number = await capture_frames(
                self.tab, capture.raw, options, next_number, frame_states, self._frame_ids
            )
        if self.tab.loader_id == loader_id:
            self._next_numbers[loader_id] = next_number
        # A later piece marks the model (text_changed): that edits the capture's dict.
        self._note_text(capture.raw if options.text_offset > 0 else meta, options, loader_id)
        model = capture.model()
        self.last, self._options, self._state = model, options, meta.get("state")
        self._stamp = meta.get("stamp") if not frame_states else None
        self.patch = None
        self.last_loader_id = loader_id
        self._frame_states, self._frame_sessions = frame_states, frame_sessions
        self._taken_at = time.monotonic()
        self._valid = self.tab.loader_id == loader_id
        return model

    def _note_text(self, raw: dict[str, Any], options: SnapshotOptions, loader_id: str) -> None:
        """Remember which text this piece came from; a later piece of another text is flagged."""
        if raw.get("text_hash") is None:
            return
        seen = (loader_id, options.within, str(raw["text_hash"]))
        if options.text_offset > 0:
            raw["text_changed"] = (
                self._text_seen is not None and self._text_seen[1] == options.within and self._text_seen != seen
            )
        self._text_seen = seen

    async def _read_text(self, options: SnapshotOptions) -> PageModel:
        """A later piece of the reader text: no walk, and no render while the page is unchanged.

        The page hands the following pieces ahead: until it says (TEXT_BINDING, an event that comes
        before the answer to whatever changed the page) that its DOM or viewport changed, no round trip.
        """
        loader_id = self.tab.loader_id
        raw = self._piece_ahead(loader_id, options)
        if raw is None:
            script = {
                "within": options.within,
                "text_offset": options.text_offset,
                "max_text_chars": options.max_text_chars,
                "ahead": True,
            }
            self._ahead = None
            changes = self._changes
            raw = await self._call_json("the reader text", _READ_TEXT, script)
            if raw.get("error") == "within":
                raise _within_not_found(options.within)
            ahead = raw.pop("ahead", None)
            if ahead and self._changes == changes and self.tab.loader_id == loader_id:
                common = {"title": raw.get("title"), "url": raw.get("url"), "text_hash": raw["text_hash"]}
                self._ahead = (
                    (loader_id, options.within, options.max_text_chars),
                    {int(p["text_range"]["offset"]): {**common, **p} for p in ahead},
                )
        self._note_text(raw, options, loader_id)
        raw["omitted"] = {"controls": 0, "headings": 0, "text": int(raw["omitted"]["text"])}
        return PageModel.from_raw(raw)

    def _piece_ahead(self, loader_id: str, options: SnapshotOptions) -> dict[str, Any] | None:
        if self._ahead is None or self._ahead[0] != (loader_id, options.within, options.max_text_chars):
            return None
        piece = self._ahead[1].get(options.text_offset)
        if piece is None:
            return None
        return dict(piece, omitted=dict(piece["omitted"]), text_range=dict(piece["text_range"]))

    async def _call_json(self, what: str, script: str, *args: Any) -> dict[str, Any]:
        """One in-page call answering JSON text: the object, or SNAPSHOT_FAILED saying what failed."""
        try:
            raw = await self.world.call(script, *args, timeout=CAPTURE_TIMEOUT_S)
        except JSExceptionError as exc:
            raise SnapshotFailedError(f"{what} failed in the page: {exc.message}", details=exc.details) from exc
        out = json.loads(raw) if isinstance(raw, str) else None
        if not isinstance(out, dict):
            raise SnapshotFailedError(f"{what} returned nothing (the document may be closing)")
        return out

    async def find(self, query: str, *, max_results: int = 20, max_iframe_depth: int = 1) -> dict[str, Any]:
        """Matches of `query` (text, or /regex/flags) in the headings, controls and reader text, in one pass.

        Controls found get their element ids (the snapshot's), so they can be acted on at once.
        """
        self.tab.check_open()
        async with self._lock:
            loader_id = self.tab.loader_id
            options = {
                "max_results": max_results,
                "max_iframe_depth": max_iframe_depth,
                "next_number": self._next_numbers.get(loader_id, 1),
            }
            raw = await self._call_json("find", _FIND, query, options)
            if raw.get("pending_hosts") and await adopt_pending_roots(self.world):
                # closed shadow roots adopted (shadow.py): once more, as the capture does
                options["next_number"] = max(options["next_number"], int(raw.get("next_number", 1)))
                raw = await self._call_json("find", _FIND, query, options)
            if raw.get("error") == "regex":
                raise ValidationError(
                    f"invalid regular expression {query!r}: {raw.get('message')}",
                    hint="Write it as /pattern/flags (JavaScript syntax), or give plain text.",
                )
            raw.pop("pending_hosts", None)
            if self.tab.loader_id == loader_id:
                next_number = int(raw.pop("next_number", 1))
                self._next_numbers[loader_id] = max(self._next_numbers.get(loader_id, 1), next_number)
            else:
                raw.pop("next_number", None)
            return raw

    def frame_of(self, element_id: str | None) -> Frame:
        """The frame (world, and for an out-of-process frame its target) that `element_id` lives in.

        NODE_NOT_FOUND if it lived in an out-of-process frame that has gone away.
        """
        session_id = self._frame_ids.get(element_id or "") if self._frame_ids_loader == self.tab.loader_id else None
        if session_id is None:
            return Frame(self.tab, self.world)
        child = children_of(self.tab).get(session_id)
        if child is None:
            raise NodeNotFoundError(
                f"element {element_id} was in a frame that went away", details={"element_id": element_id}
            )
        return Frame(self.tab, PageWorld.of(self.tab, child.session), child)

    async def element_object_id(self, element_id: str) -> str:
        """A Runtime objectId (in browserx's world of the element's frame); NODE_NOT_FOUND if unknown or gone.

        The handle belongs to that frame's session: `frame_of(element_id).world.session`.
        """
        if not isinstance(element_id, str) or not ELEMENT_ID.match(element_id):
            raise NodeNotFoundError(
                f"{element_id!r} is not an element id from a snapshot", details={"element_id": element_id}
            )
        frame = self.frame_of(element_id)
        try:
            object_id = await frame.world.object_id(_ELEMENT, element_id)
        except NodeNotFoundError as exc:
            raise NodeNotFoundError(
                f"element {element_id} is gone: the page navigated", details={"element_id": element_id}
            ) from exc
        except BrowserxError as exc:
            if frame.child is None or children_of(self.tab).get(frame.child.session.session_id) is not None:
                raise
            raise NodeNotFoundError(
                f"element {element_id} is gone: its frame navigated or closed", details={"element_id": element_id}
            ) from exc
        if not object_id:
            raise NodeNotFoundError(
                f"element {element_id} is unknown or no longer in the page", details={"element_id": element_id}
            )
        return object_id

    async def backend_node_id(self, element_id: str) -> int:
        """The element's backend node id, in the DOM of its frame's session (`frame_of(element_id)`)."""
        object_id = await self.element_object_id(element_id)
        session = self.frame_of(element_id).world.session
        try:
            described = await session.send("DOM.describeNode", {"objectId": object_id})
        finally:
            await session.send("Runtime.releaseObject", {"objectId": object_id})
        return int(described["node"]["backendNodeId"])


def _within_not_found(within: str | None) -> NodeNotFoundError:
    return NodeNotFoundError(
        f"nothing to read within {within!r}: no such element id, region or open dialog",
        hint="Give an element_id from the latest snapshot, a region it lists (main, "
        "navigation, ...) or dialog (the topmost open dialog).",
        details={"within": within},
    )


async def take_snapshot(tab: Tab, options: SnapshotOptions | None = None) -> PageModel:
    """The page model of `tab` (cached per DomService rules)."""
    return await DomService.of(tab).snapshot(options)

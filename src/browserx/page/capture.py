"""Taking a page model's raw capture: one world's, closed shadow roots adopted, and the out-of-process frames'.

    capture = await capture_raw(world, options.script_options(next_number), timeout=30.0)
    next_number = await capture_frames(tab, capture.raw, options, next_number, states, frame_ids)
    model = capture.model()

A capture is one call to `__browserx.snapshotText` (capture.js) in a world; when the walk met custom
elements never looked up, their closed shadow roots are adopted through CDP (shadow.py) and the
capture runs once more. Each out-of-process iframe is captured in its own world (frames.py) with
what is left of the caps, and merged. DomService (service.py) decides when to capture, numbers
the ids and keeps the result.

The page answers one line of what Python reads beside the model (`Capture.meta`: the id counter, the
world's state, the roots and grids left to ask about) and then the model's JSON text, which pydantic
validates as it parses (no dict built in between: on medium.html that was a third of the Python side's
time). Whatever edits the capture (the frames merged in) takes `Capture.raw`, the parsed dict.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

import pydantic

from ..browser import Tab
from ..errors import BrowserxError
from . import frames, shadow
from .listeners import ask_grid_listeners, served_channel
from .model import PageModel, SnapshotOptions
from .world import PageWorld

FRAME_TIMEOUT_S = 5.0  # one out-of-process frame's capture
FRAMES_BUDGET_S = 15.0  # all of them: a slow frame costs the model its content, never the snapshot
MAX_FRAME_IDS = 50_000  # element ids remembered per document as living in an out-of-process frame

# One string crosses CDP: far cheaper than returnByValue of a deep object. A snapshot taken while
# finite animations run waits for them first (widgets.js, bounded 1 s).
_SNAPSHOT = (
    "async function (options) { const W = globalThis.__browserxWidgets;"
    " if (W) await W.settleAnimations(1000);"
    " return globalThis.__browserx.snapshotText(options); }"
)


@dataclass
class Capture:
    """One world's capture: `meta` (next_number, pending_hosts, pending_grids, state, stamp, text_hash;
    or `error`), and the model's JSON text."""

    meta: dict[str, Any]
    text: str
    _raw: dict[str, Any] | None = field(default=None, repr=False)

    @property
    def raw(self) -> dict[str, Any]:
        """capture.js's whole result as a dict, parsed once; the model is then built from it."""
        if self._raw is None:
            self._raw = json.loads(self.text)
        return self._raw

    def model(self) -> PageModel:
        if self._raw is not None:
            return PageModel.from_raw(self._raw)
        try:
            return PageModel.model_validate_json(self.text)
        except pydantic.ValidationError:  # text Python reads but pydantic's parser refuses (a lone surrogate)
            return PageModel.from_raw(self.raw)


async def capture_raw(world: PageWorld, script_options: dict[str, Any], *, timeout: float) -> Capture | None:
    """One world's capture, closed shadow roots adopted; None if it gave nothing."""
    script_options = {**script_options, "served_channel": served_channel(world)}
    capture = await _snapshot_call(world, script_options, timeout)
    # New roots to walk (closed shadow roots adopted), or month grids whose day cells a listener of the
    # page's serves (listeners.py): once more. Ids stay (same elements); new ones continue the counter.
    meta = capture.meta if capture else {}
    adopted = bool(meta.get("pending_hosts")) and await adopt_pending_roots(world) > 0
    served = bool(meta.get("pending_grids")) and await ask_grid_listeners(world) > 0
    if capture and (adopted or served):
        again = dict(script_options, next_number=max(script_options.get("next_number", 1), meta.get("next_number", 1)))
        capture = await _snapshot_call(world, again, timeout) or capture
    return capture


async def adopt_pending_roots(world: PageWorld) -> int:
    """Adopt the closed shadow roots the walk met (shadow.py): how many; 0 when that fails."""
    try:
        return await shadow.adopt_closed_roots(world)
    except BrowserxError:
        return 0  # the model without those roots beats no model; the hosts stay pending


async def _snapshot_call(world: PageWorld, script_options: dict[str, Any], timeout: float) -> Capture | None:
    answer = await world.call(_SNAPSHOT, script_options, timeout=timeout + 5)
    if not isinstance(answer, str):
        return None
    head, _, text = answer.partition("\n")  # JSON text holds no raw newline: the first one ends the line
    meta = json.loads(head)
    if not isinstance(meta, dict) or meta.get("error") not in (None, "within"):
        return None
    return Capture(meta, text)


async def capture_frames(
    tab: Tab,
    raw: dict[str, Any],
    options: SnapshotOptions,
    next_number: int,
    states: dict[str, Any],
    frame_ids: dict[str, str],
) -> int:
    """Capture the out-of-process frames of `tab` into `raw`, level by level; the id counter after them.

    `states` gets each captured frame's world state (by session id), `frame_ids` each element id
    found in a frame (-> that frame's session id), oldest dropped past MAX_FRAME_IDS.

    Frames come after the main document's controls (top to bottom within a level): the caps
    chose the main document's controls first, and the walk does not say where among them an
    iframe sat. A frame that fails or times out is left out and counted in omitted.frames.
    """
    deadline = time.monotonic() + FRAMES_BUDGET_S
    viewport = (raw["viewport"]["width"], raw["viewport"]["height"])
    met = raw["omitted"].get("frames", 0)  # cross-origin frames the walks met (within max depth)
    captured = beyond = 0
    docs = [frames.Doc(tab.session)]
    while docs and time.monotonic() < deadline:
        try:
            plans, past = await asyncio.wait_for(
                frames.plan_level(tab, docs, options.max_iframe_depth), deadline - time.monotonic()
            )
        except (TimeoutError, BrowserxError):
            break
        beyond += past
        docs = []
        for plan in plans:
            script = options.script_options(next_number)
            script.update(
                max_controls=max(0, options.max_controls - len(raw["controls"])),
                max_headings=max(0, options.max_headings - len(raw["headings"])),
                max_iframe_depth=options.max_iframe_depth - plan.doc.depth,
                max_text_chars=0,
                text_offset=0,
                within=None,
                # Links in the frame are made relative to the top page, the one the agent is on.
                base_url=options.base_url or raw.get("url"),
                frame=plan.script_frame(viewport),
            )
            part = None
            budget = min(FRAME_TIMEOUT_S, deadline - time.monotonic())
            if budget > 0:
                with contextlib.suppress(TimeoutError, BrowserxError):
                    captured_part = await asyncio.wait_for(capture_raw(plan.world, script, timeout=budget), budget)
                    part = captured_part.raw if captured_part else None
            if part is None:
                # Its two passes (shadow.py) may still number up to max_controls new elements
                # each: never hand those numbers out again.
                next_number += 2 * script["max_controls"]
                continue
            next_number = max(next_number, int(part.get("next_number") or next_number))
            captured += 1
            met += part.get("omitted", {}).get("frames", 0)
            session_id = plan.child.session.session_id
            states[session_id] = part.get("state")
            for element_id in frames.merge(raw, part, plan.doc.selector):
                frame_ids[element_id] = session_id
            docs.append(plan.doc)
    while len(frame_ids) > MAX_FRAME_IDS:
        del frame_ids[next(iter(frame_ids))]  # oldest first
    raw["omitted"]["frames"] = max(0, met - captured) + beyond
    if not raw["omitted"]["frames"]:
        del raw["omitted"]["frames"]
    return next_number

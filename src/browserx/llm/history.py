"""The agent's history: what every (stateless) request carries after the instructions and tools.

Items are neutral; each client writes them in its wire format (Responses input items, or Chat
Completions messages):

    {"kind": "user", "text"}                         the task, notes
    {"kind": "assistant", "text"}                    the model's text of a turn
    {"kind": "call", "call_id", "name", "arguments"} a tool call of the model
    {"kind": "output", "call_id", "tool", "output"}  its result as JSON text (`page_model` when a snapshot;
                                                     `page`: the ToolResult's, when it carries a model or delta)
    {"kind": "image", "call_id", "tool", "caption", "url", "tokens"}   a screenshot (data URL)

**Cache-friendly.** Servers cache a request's unchanged prefix (tools + instructions + earlier
items), so between requests the list only grows at its end: nothing already sent is rewritten.
The exception is a *compaction*, rare and deliberate, which at once summarises the older outputs,
drops page models a newer snapshot superseded and screenshots a newer one replaced. It happens
before a request when what it would remove reaches `compact_stale` tokens and a third of the
history (a compaction costs one uncached re-send of what follows the first changed item; keeping
stale items costs them on every request), when the history passes `compact_above` tokens,
`compact_every` requests after the last one, or when the latest model is a new document's, a
quarter of `compact_stale` went stale with it and the last compaction is three requests back or
more (two close together would each re-send the suffix) — and only if there is something to remove.

**Models and deltas** (issue 23): per tab and `within`, the page as the model knows it is the latest
full model and the deltas after it (each carries `page`: its snapshot number, its base, and for a
delta the full model it adds up to). That chain is kept whole however old; what came before it is
superseded (an action's result then loses only its page). A chain heavier than the full model its
last delta adds up to becomes that model at a compaction (same number: the next delta's base). After it
the prefix is stable again. Outputs carry the tool result without the bookkeeping the model never
needs (timestamps, durations, versions).

**Screenshots** follow the spec's lifecycle as `Upload`s:

    stored → uploading → uploaded → deleted        (the request carrying it succeeded)
    stored → uploading → failed   → deleted        (its final retry failed: the call's output
                                                     becomes UPLOAD_FAILED, the image is removed)

The data URL is built once, so every retry (and later request) sends the same bytes.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

from ..errors import UploadFailedError
from ..tools import Image, ToolResult
from . import tokens

# ≈ tokens a compaction would remove (and a third of the history) that call for one. 1,500 since an app's
# text leaves out its controls' words (leaner models go stale more slowly): the long session of
# tests/llm/test_cost.py compacts where it did with 2,000 before, at requests 6 and 9, not once at 8.
COMPACT_STALE = 1_500
COMPACT_EVERY = 12  # requests after which any removable content calls for one
COMPACT_ABOVE = 24_000  # tokens of history (≈, images by their tile cost) that call for one
KEEP_RECENT = 3  # outputs kept whole at a compaction (besides the latest page model)
SUMMARY_CHARS = 240
OLDER_MODEL = "(an older page model; a newer snapshot replaced it)"


@dataclass
class Upload:
    call_id: str
    tool: str
    image: Image
    state: str = "stored"

    @property
    def path(self) -> str | None:
        return self.image.path


class History:
    def __init__(
        self,
        *,
        compact_stale: int = COMPACT_STALE,
        compact_every: int = COMPACT_EVERY,
        compact_above: int = COMPACT_ABOVE,
        keep_recent: int = KEEP_RECENT,
    ) -> None:
        self.items: list[dict[str, Any]] = []
        self.uploads: list[Upload] = []
        self.compact_stale, self.compact_every = compact_stale, compact_every
        self.compact_above, self.keep_recent = compact_above, keep_recent
        self.requests_since_compaction = 0
        self.compactions = 0
        self.tab_id: int | None = None  # of the latest output: an output names its tab only when it changes

    def add_user(self, text: str) -> None:
        self.items.append({"kind": "user", "text": text})

    def add_replay(self, items: list[dict[str, Any]]) -> None:
        self.items.extend(items)

    def add_tool_output(self, call_id: str, tool: str, result: ToolResult) -> list[Upload]:
        tab_id = result.metadata.get("tab_id")
        item: dict[str, Any] = {
            "kind": "output",
            "call_id": call_id,
            "tool": tool,
            "output": model_output(result, known_tab_id=self.tab_id),
        }
        self.tab_id = tab_id if tab_id is not None else self.tab_id
        if result.success and tool == "browser_dom" and result.action == "snapshot":
            item["page_model"] = True
        if result.success and result.page is not None:
            item["page_model"] = True  # a model, or its delta (a snapshot's, or the page an action left)
            item["page"] = result.page
        self.items.append(item)
        added = []
        for image in result.images:
            upload = Upload(call_id, tool, image)
            self.uploads.append(upload)
            added.append(upload)
            self.items.append(
                {
                    "kind": "image",
                    "call_id": call_id,
                    "tool": tool,
                    "caption": f"Screenshot returned by {tool} (call {call_id}):",
                    "url": _data_url(image),
                    "tokens": tokens.image_tokens(image.data),
                }
            )
        return added

    def pending(self) -> list[Upload]:
        """Uploads not yet carried by a request: the next request carries them."""
        return [u for u in self.uploads if u.state == "stored"]

    def fail(self, uploads: list[Upload], error: Exception) -> None:
        """The request carrying these images failed for the last time: tell the agent, drop the images.
        (They were never received, so the items rewritten here are not in any cached prefix.)"""
        failed = {u.call_id for u in uploads}
        for upload in uploads:
            upload.state = "failed"
        cause = getattr(error, "message", str(error))
        report = UploadFailedError(f"the screenshot could not be sent to the model ({cause})").to_dict()
        kept = []
        for item in self.items:
            if item["kind"] == "image" and item["call_id"] in failed:
                continue
            if item["kind"] == "output" and item["call_id"] in failed:
                previous = json.loads(item["output"])
                kept.append(
                    {
                        **item,
                        "output": _dumps(
                            {
                                "success": False,
                                "error": report,
                                **{k: v for k, v in previous.items() if k == "metadata"},
                            }
                        ),
                    }
                )
                continue
            kept.append(item)
        self.items = kept

    def build(self) -> list[dict[str, Any]]:
        """The items for the next request; compacts first when a compaction point is reached."""
        if self._due():
            self.compact()
        self.requests_since_compaction += 1
        return list(self.items)

    def size(self) -> int:
        """≈ tokens of the history (images by their tile cost): what decides a compaction."""
        return sum(item_tokens(item, estimate=True) for item in self.items)

    def _due(self) -> bool:
        compacted = self._compacted(self.items)
        if compacted == self.items:
            return False
        size = self.size()
        stale = size - sum(item_tokens(item, estimate=True) for item in compacted)
        return (
            stale >= max(self.compact_stale, size / 3)
            or size > self.compact_above
            or self.requests_since_compaction >= self.compact_every
            or (self._new_document() and stale >= self.compact_stale / 4 and self.requests_since_compaction >= 3)
        )

    def _new_document(self) -> bool:
        """The latest page the history got is the full model of a new document: what came before it
        about that tab no request needs again (a compaction point, as the agent moved on)."""
        page = next((item["page"] for item in reversed(self.items) if item.get("page") is not None), None)
        return page is not None and bool(page.get("new_document"))

    def compact(self) -> None:
        """Summarise older outputs, drop superseded page models and screenshots, at once."""
        self.items = self._compacted(self.items)
        self.requests_since_compaction = 0
        self.compactions += 1

    def _compacted(self, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        outputs = [i for i, item in enumerate(items) if item["kind"] == "output"]
        recent = set(outputs[-self.keep_recent :]) if self.keep_recent else set()
        models = [i for i in outputs if items[i].get("page_model")]
        latest_model = models[-1] if models else None
        chains = _chains(items)
        images = [i for i, item in enumerate(items) if item["kind"] == "image"]
        latest_image = images[-1] if images else None
        out = []
        for i, item in enumerate(items):
            if item["kind"] == "image" and i != latest_image:
                continue
            if item["kind"] == "output" and item.get("page") is not None:
                out.append(_page_item(item, chains.get(i)))
                continue
            superseded_model = item.get("page_model") and i != latest_model
            aged = i not in recent and i != latest_model and not item.get("summary")
            if item["kind"] == "output" and (superseded_model or aged):
                summarised = {**item, "output": _summary(item), "summary": True}
                summarised.pop("page_model", None)
                out.append(summarised)
                continue
            out.append(item)
        return out


def _chains(items: list[dict[str, Any]]) -> dict[int, str]:
    """What a compaction does with each model or delta: per tab and within, the page as the model knows
    it is the latest full model and the deltas after it ("keep"); all before it is "superseded". When
    that chain weighs more than the full model its last delta adds up to, the chain becomes that one
    full model: its last item "collapses" into it and the others are superseded."""
    pages = [(i, item) for i, item in enumerate(items) if item.get("page") is not None]
    latest_full: dict[str, int] = {}
    for i, item in pages:
        if item["page"].get("base") is None:
            latest_full[json.dumps(item["page"].get("key"))] = i
    chains: dict[str, list[int]] = {}
    fate: dict[int, str] = {}
    for i, item in pages:
        key = json.dumps(item["page"].get("key"))
        if i >= latest_full.get(key, -1):
            chains.setdefault(key, []).append(i)
        else:
            fate[i] = "superseded"
    for chain in chains.values():
        last = items[chain[-1]]["page"]
        weight = sum(len(items[i]["output"]) for i in chain)
        collapse = len(chain) > 1 and "full" in last and weight > len(_dumps(last["full"]))
        for i in chain:
            fate[i] = ("collapse" if i == chain[-1] else "superseded") if collapse else "keep"
    return fate


def _page_item(item: dict[str, Any], fate: str | None) -> dict[str, Any]:
    if fate == "superseded":
        return _superseded(item)
    if fate != "collapse":
        return item
    # The last delta of a chain, as the full model it adds up to (the same snapshot number).
    result = json.loads(item["output"])
    data = result.get("data")
    if isinstance(data, dict) and "page" in data:
        result["data"] = {**data, "page": item["page"]["full"]}
    else:
        result["data"] = item["page"]["full"]
    page = {k: v for k, v in item["page"].items() if k != "full"}
    return {**item, "output": _dumps(result), "page": {**page, "base": None}}


def _superseded(item: dict[str, Any]) -> dict[str, Any]:
    """A model or delta a newer full model replaced: a snapshot's says so; an action's result is
    summarised without its page."""
    rest = {k: v for k, v in item.items() if k not in ("page", "page_model")}
    if item.get("tool") == "browser_dom" and _is_snapshot(item):
        return {**rest, "output": _dumps({"success": True, "data": OLDER_MODEL}), "summary": True}
    try:
        result = json.loads(item["output"])
    except json.JSONDecodeError:
        return {**rest, "output": _summary(rest), "summary": True}
    data = result.get("data")
    if isinstance(data, dict) and "page" in data:
        data = {**{k: v for k, v in data.items() if k != "page"}, "page": "(replaced by a newer model)"}
        if len(_dumps(data)) <= SUMMARY_CHARS:  # short: as it was, rather than cut into a string
            return {**rest, "output": _dumps({**result, "data": data}), "summary": True}
        result["data"] = data
    return {**rest, "output": _summary({**rest, "output": _dumps(result)}), "summary": True}


def _is_snapshot(item: dict[str, Any]) -> bool:
    try:
        data = json.loads(item["output"]).get("data")
    except (json.JSONDecodeError, AttributeError):
        return False
    return not (isinstance(data, dict) and "page" in data)


_NEVER_READ = {"duration_ms", "snapshotInvalidated"}  # every action invalidates: its `page` is the page now
_READ_WHEN_FALSE = {"success", "settled"}  # true repeats the outer success / is the normal case


def _beside_page(data: dict[str, Any]) -> dict[str, Any]:
    """An action's result that carries the page it left: the pointer's point and the focused
    element's description are said by the page (its ids) and the call, so the focus is its id."""
    data = {k: v for k, v in data.items() if k not in ("x", "y")}
    effects = data.get("effects")
    if isinstance(effects, dict) and isinstance(effects.get("focus"), dict) and effects["focus"].get("element_id"):
        data["effects"] = {**effects, "focus": effects["focus"]["element_id"]}
    return data


def model_output(result: ToolResult, known_tab_id: int | None = None) -> str:
    """A tool result as the model reads it: success, data or error, notices, and the tab when it is
    not the one of the previous output. Left out: what the model never uses — timestamps, durations,
    the tool version, a success flag inside the data that repeats the outer one, `settled` when true,
    `snapshotInvalidated` (every action's), the action (the call right before says it), beside the
    page an action left the pointer's point and the focus's description (its id stays) — and JSON's
    optional spaces."""
    out: dict[str, Any] = {"success": result.success}
    if result.success:
        data = result.data
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in _NEVER_READ and not (k in _READ_WHEN_FALSE and v is True)}
            if result.page is not None and isinstance(data.get("page"), str):
                data = _beside_page(data)
        out["data"] = data
    else:
        out["error"] = result.error
    metadata = result.metadata or {}
    kept = {k: metadata[k] for k in ("tab_id", "notices") if metadata.get(k) is not None}
    if kept.get("tab_id") == known_tab_id:
        kept.pop("tab_id", None)
    if kept:
        out["metadata"] = kept
    return _dumps(out)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str, separators=(",", ":"))


def _summary(item: dict[str, Any]) -> str:
    try:
        result = json.loads(item["output"])
    except json.JSONDecodeError:
        result = {"data": item["output"]}
    if item.get("page_model"):
        return _dumps({"success": True, "data": OLDER_MODEL})
    out: dict[str, Any] = {"success": result.get("success", True)}
    if result.get("error"):
        out["error"] = {"code": result["error"].get("code")}
    else:
        data = result.get("data")
        text = data if isinstance(data, str) else _dumps(data)
        out["data"] = text if len(text) <= SUMMARY_CHARS else text[:SUMMARY_CHARS] + " … (summarised)"
    return _dumps(out)


def item_tokens(item: dict[str, Any], *, estimate: bool = False) -> int:
    """Tokens of one history item's content (o200k unless `estimate`: ≈ characters / 4)."""
    if item["kind"] == "image":
        return item["tokens"] + _count(item["caption"], estimate)
    text = item.get("text") or item.get("output") or ""
    if item["kind"] == "call":
        text = item["name"] + item["arguments"]
    return _count(text, estimate)


def _count(text: str, estimate: bool) -> int:
    return (len(text) + 3) // 4 if estimate else tokens.count(text)


def _data_url(image: Image) -> str:
    return f"data:{image.mime_type};base64," + base64.b64encode(image.data).decode("ascii")

"""The agent's input list: what is sent to the model on every (stateless) request.

Each tool call becomes a `function_call_output` holding the JSON of its result. A screenshot
the call produced follows as a user message with an `input_image` (a data URL built once, so
every retry sends the same bytes) and is tracked as an `Upload` through the spec's lifecycle:

    stored → uploading → uploaded → deleted        (the request carrying it succeeded)
    stored → uploading → failed   → deleted        (its final retry failed: the call's output
                                                     becomes UPLOAD_FAILED, the image is removed)

The list stays bounded: only the latest image is ever sent (older ones become a one-line
placeholder), and tool outputs older than the last few are cut short — a stale snapshot is
worth little, and the model can always take a new one.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from typing import Any

from ..errors import UploadFailedError
from ..tools import Image, ToolResult

KEEP_FULL_OUTPUTS = 4
OLD_OUTPUT_CHARS = 400


class _ImageMessage(dict):
    """A user message carrying a screenshot; it remembers which tool call produced it."""

    def __init__(self, call_id: str, content: list[dict[str, Any]]) -> None:
        super().__init__(role="user", content=content)
        self.call_id = call_id


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
    def __init__(self, keep_full_outputs: int = KEEP_FULL_OUTPUTS) -> None:
        self.items: list[dict[str, Any]] = []
        self.uploads: list[Upload] = []
        self.keep_full_outputs = keep_full_outputs

    def add_user(self, text: str) -> None:
        self.items.append({"role": "user", "content": [{"type": "input_text", "text": text}]})

    def add_replay(self, items: list[dict[str, Any]]) -> None:
        self.items.extend(items)

    def add_tool_output(self, call_id: str, tool: str, result: ToolResult) -> list[Upload]:
        self.items.append({"type": "function_call_output", "call_id": call_id,
                           "output": json.dumps(result.to_dict(), ensure_ascii=False, default=str)})
        added = []
        for image in result.images:
            upload = Upload(call_id, tool, image)
            self.uploads.append(upload)
            added.append(upload)
            self.items.append(_ImageMessage(call_id, [
                {"type": "input_text", "text": f"Screenshot returned by {tool} (call {call_id}):"},
                {"type": "input_image", "image_url": _data_url(image), "detail": "auto"}]))
        return added

    def pending(self) -> list[Upload]:
        """Uploads not yet carried by a request: the next request carries them."""
        return [u for u in self.uploads if u.state == "stored"]

    def fail(self, uploads: list[Upload], error: Exception) -> None:
        """The request carrying these images failed for the last time: tell the agent, drop the images."""
        failed = {u.call_id for u in uploads}
        for upload in uploads:
            upload.state = "failed"
        cause = getattr(error, "message", str(error))
        report = UploadFailedError(f"the screenshot could not be sent to the model ({cause})").to_dict()
        kept = []
        for item in self.items:
            if isinstance(item, _ImageMessage) and item.call_id in failed:
                continue
            if item.get("type") == "function_call_output" and item.get("call_id") in failed:
                previous = json.loads(item["output"])
                item["output"] = json.dumps({"success": False, "action": previous.get("action"), "error": report,
                                             "metadata": previous.get("metadata", {})})
            kept.append(item)
        self.items = kept

    def build(self) -> list[dict[str, Any]]:
        """The input list for the next request (the stored items are left intact)."""
        image_items = [item for item in self.items if isinstance(item, _ImageMessage)]
        latest = image_items[-1] if image_items else None
        outputs = [item for item in self.items if item.get("type") == "function_call_output"]
        recent = {id(item) for item in outputs[-self.keep_full_outputs:]}
        built = []
        for item in self.items:
            if isinstance(item, _ImageMessage) and item is not latest:
                item = {"role": "user", "content": [{"type": "input_text", "text":
                        f"(The screenshot of call {item.call_id} is no longer attached: a newer screenshot "
                        "replaces it. Take a new one if you need to see the page again.)"}]}
            elif item.get("type") == "function_call_output" and id(item) not in recent \
                    and len(item["output"]) > OLD_OUTPUT_CHARS:
                item = {**item, "output": item["output"][:OLD_OUTPUT_CHARS]
                        + " … [older output cut; take a new snapshot for the current page]"}
            built.append(dict(item))
        return built


def _data_url(image: Image) -> str:
    return f"data:{image.mime_type};base64," + base64.b64encode(image.data).decode("ascii")

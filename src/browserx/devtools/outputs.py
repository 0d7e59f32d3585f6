"""Big tool outputs kept per conversation, read back by id (browser_read_output).

    store = OutputStore.of(conversation)
    ref = store.keep(json_text, preview=True)      # {"output_id": "out_…", "bytes": …, "preview": …, "path": …}
    store.read(ref["output_id"], offset=0, length=16384)

Every client can read what does not fit in a result (an MCP client on another machine has no file
tool): results of browser_eval, console logs and network bodies over the inline limit
(`BrowserConfig.max_inline_output`) are written to the conversation's output directory and
named by a random id. Reads go through the calling conversation's store only, by id, never by
path; the files go when the conversation closes. Text is sliced in characters, binary data in
bytes (returned as base64).
"""

from __future__ import annotations

import base64
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..browser import Conversation
from ..errors import NotFoundError

DEFAULT_MAX_INLINE = 16 * 1024
MAX_READ = 100_000  # characters (or bytes) per read
PREVIEW_CHARS = 300
OUTPUT_ID = re.compile(r"^out_[0-9a-f]{12}$")


def max_inline(conversation: Conversation) -> int:
    """The largest result (bytes of JSON or text) that comes back inline."""
    return int(getattr(conversation.config, "max_inline_output", DEFAULT_MAX_INLINE) or DEFAULT_MAX_INLINE)


@dataclass
class Output:
    output_id: str
    path: Path
    binary: bool
    size: int  # characters of text, or bytes of binary data


class OutputStore:
    """One per conversation (`OutputStore.of(conversation)`); `close()` deletes its files."""

    def __init__(self, conversation: Conversation) -> None:
        self.directory = conversation.output_dir
        self.items: dict[str, Output] = {}

    @classmethod
    def of(cls, conversation: Conversation) -> OutputStore:
        return conversation.state.setdefault(cls, lambda: cls(conversation))

    def keep(self, data: str | bytes, *, stem: str = "output", suffix: str = ".txt") -> dict[str, Any]:
        """Store `data`; the reference a result carries instead of it."""
        output_id = "out_" + secrets.token_hex(6)
        path = self.directory / f"{stem}-{output_id}{suffix}"
        binary = isinstance(data, bytes)
        if isinstance(data, bytes):
            path.write_bytes(data)
            size = len(data)
        else:
            path.write_text(data, encoding="utf-8")
            size = len(data.encode())
        self.items[output_id] = Output(output_id, path, binary, len(data))
        ref: dict[str, Any] = {"output_id": output_id, "bytes": size, "path": str(path)}
        if isinstance(data, str):
            ref["chars"] = len(data)
            ref["preview"] = data[:PREVIEW_CHARS]
        ref["hint"] = (
            f"Too big to show here: read it with browser_read_output output_id={output_id} "
            f"(offset, length; next_offset continues)."
        )
        return ref

    def read(self, output_id: str, offset: int = 0, length: int = DEFAULT_MAX_INLINE) -> dict[str, Any]:
        item = self.items.get(output_id) if OUTPUT_ID.match(output_id or "") else None
        if item is None or not item.path.is_file():
            raise NotFoundError(
                f"no output {output_id!r} in this conversation",
                hint="Use an output_id that a result of this conversation returned; "
                "outputs go when the conversation closes.",
                details={"output_id": output_id},
            )
        length = max(1, min(length, MAX_READ))
        start = min(max(0, offset), item.size)
        if item.binary:
            with item.path.open("rb") as f:
                f.seek(start)
                chunk = f.read(length)
            end = start + len(chunk)
            data: dict[str, Any] = {"data_base64": base64.b64encode(chunk).decode(), "unit": "bytes"}
        else:
            text = item.path.read_text(encoding="utf-8")[start : start + length]
            end = start + len(text)
            data = {"text": text, "unit": "chars"}
        return {
            "output_id": output_id,
            "offset": start,
            "end": end,
            "total": item.size,
            **data,
            "next_offset": end if end < item.size else None,
        }

    def close(self) -> None:
        for item in self.items.values():
            item.path.unlink(missing_ok=True)
        self.items.clear()

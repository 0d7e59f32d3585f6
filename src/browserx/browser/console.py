"""A bounded ring buffer of console messages and uncaught exceptions for one tab."""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any

MAX_ENTRIES = 1000
MAX_TEXT = 2000


def _remote_object_text(obj: dict[str, Any]) -> str:
    if "value" in obj:
        value = obj["value"]
        return value if isinstance(value, str) else json.dumps(value)
    if "unserializableValue" in obj:
        return str(obj["unserializableValue"])
    return str(obj.get("description") or obj.get("type", ""))


class ConsoleBuffer:
    def __init__(self, maxlen: int = MAX_ENTRIES) -> None:
        self.entries: deque[dict[str, Any]] = deque(maxlen=maxlen)

    def add(
        self,
        *,
        level: str,
        text: str,
        source: str,
        context: str = "page",
        url: str = "",
        line: int | None = None,
        timestamp: float | None = None,
    ) -> None:
        entry: dict[str, Any] = {
            "type": level,
            "text": text[:MAX_TEXT],
            "source": source,
            "context": context,
            "timestamp": timestamp if timestamp is not None else time.time() * 1000,
        }
        if url:
            entry["url"] = url
        if line is not None:
            entry["line"] = line
        self.entries.append(entry)

    def from_console_api(self, params: dict[str, Any], context: str = "page") -> None:
        text = " ".join(_remote_object_text(arg) for arg in params.get("args", []))
        frame = (params.get("stackTrace") or {}).get("callFrames") or [{}]
        self.add(
            level=params.get("type", "log"),
            text=text,
            source="console-api",
            context=context,
            url=frame[0].get("url", ""),
            line=frame[0].get("lineNumber"),
            timestamp=params.get("timestamp"),
        )

    def from_exception(self, params: dict[str, Any], context: str = "page") -> None:
        details = params.get("exceptionDetails", {})
        exception = details.get("exception") or {}
        text = exception.get("description") or details.get("text", "uncaught exception")
        self.add(
            level="error",
            text=text,
            source="exception",
            context=context,
            url=details.get("url", ""),
            line=details.get("lineNumber"),
            timestamp=params.get("timestamp"),
        )

    def recent(self, limit: int = 100) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        return list(self.entries)[-limit:]

    def clear(self) -> int:
        count = len(self.entries)
        self.entries.clear()
        return count

"""The single-file screenshot store of a conversation (spec: "Screenshot File Lifecycle").

    store = ScreenshotStore.of(conversation)
    path = store.save(png)            # the one screenshot file; any earlier one is gone
    store.current()                   # that path, or None
    store.delete(path)                # once the LLM request carrying it completed or finally failed

At most one screenshot file exists per conversation at any time: `save` writes a hidden part file,
removes every earlier file, then publishes the new one with `os.replace` (a reader sees a whole
file or none). Each file has a new name (`image_file_id`), so a late `delete` of an older
screenshot never removes a newer one. `close` (called by `Conversation.close`) empties the directory.

A capture over 10 MB is refused with FILE_STORAGE_ERROR: it is the store that will not keep it
(the spec's storage limit), although the capture itself succeeded.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
import uuid
from pathlib import Path
from typing import Any

from ..errors import FileStorageError

MAX_BYTES = 10 * 1024 * 1024
_PREFIX = "screenshot-"
_PART_SUFFIX = ".part"


log = logging.getLogger(__name__)


class ScreenshotStore:
    def __init__(self, directory: Path | str, max_bytes: int = MAX_BYTES) -> None:
        self.directory = Path(directory)
        self.max_bytes = max_bytes
        self._current: Path | None = None

    @classmethod
    def of(cls, conversation: Any) -> ScreenshotStore:
        """The conversation's store, kept in `conversation.state` (closed with the conversation)."""
        store: ScreenshotStore = conversation.state.setdefault(cls, lambda: cls(conversation.screenshot_dir))
        return store

    def current(self) -> Path | None:
        if self._current is not None and not self._current.exists():
            self._current = None
        return self._current

    def save(self, png: bytes) -> Path:
        """Store `png` as the one screenshot file and return its path."""
        if len(png) > self.max_bytes:
            raise FileStorageError(
                f"the screenshot is {len(png) / 1e6:.1f} MB; the store keeps at most {self.max_bytes / 1e6:.0f} MB",
                hint="Use a smaller viewport (browser_resize) or the default image limits, then take it again.",
                details={"size": len(png), "max_bytes": self.max_bytes},
            )
        part: Path | None = None
        try:
            self.directory.mkdir(parents=True, exist_ok=True)  # spec: create it if missing
            fd, name = tempfile.mkstemp(prefix="." + _PREFIX, suffix=_PART_SUFFIX, dir=self.directory)
            part = Path(name)
            with os.fdopen(fd, "wb") as file:
                file.write(png)
            self._remove_all(keep=part)  # the previous screenshot, and anything an earlier crash left
            target = self.directory / f"{_PREFIX}{uuid.uuid4().hex[:12]}.png"
            os.replace(part, target)
        except OSError as exc:
            if part is not None:
                with contextlib.suppress(OSError):
                    part.unlink(missing_ok=True)
            self._current = None
            raise FileStorageError(
                f"cannot write the screenshot file in {self.directory}: {exc}",
                details={"directory": str(self.directory)},
            ) from exc
        self._current = target
        return target

    def delete(self, path: Path | str | None = None) -> bool:
        """Delete the screenshot at `path` (default: the current one); True when a file was removed.

        A path that is not in this store's directory is refused: the store only deletes its own files.
        """
        target = Path(path) if path is not None else self._current
        if target is None:
            return False
        if target.resolve().parent != self.directory.resolve():
            raise FileStorageError(
                f"{target} is not a screenshot of this conversation",
                hint="Pass the path of an image this store returned.",
            )
        try:
            existed = target.exists()
            target.unlink(missing_ok=True)
        except OSError as exc:
            raise FileStorageError(f"cannot delete the screenshot file {target}: {exc}") from exc
        if self._current is not None and target.resolve() == self._current.resolve():
            self._current = None
        return existed

    def files(self) -> list[Path]:
        """Every file in the store's directory (tests and leak checks: never more than one)."""
        if not self.directory.is_dir():
            return []
        return sorted(p for p in self.directory.iterdir() if p.is_file())

    def clear(self) -> None:
        """Remove every screenshot file (a failed capture ends in the None state: no file)."""
        with contextlib.suppress(OSError):
            self._remove_all()
        self._current = None

    def close(self) -> None:
        """The conversation is ending: no screenshot file may outlive it."""
        self.clear()

    def _remove_all(self, keep: Path | None = None) -> None:
        if not self.directory.is_dir():
            return
        for entry in self.directory.iterdir():
            if entry != keep and entry.is_file():
                entry.unlink(missing_ok=True)


def release_screenshot(conversation: Any, path: str | Path | None) -> None:
    """The request that carried this screenshot has completed (or failed for good): delete it.

    The spec's Uploaded → Deleted step, shared by the LLM client and the MCP server. Only this
    conversation's own screenshot files are deleted; an image read from elsewhere is not ours.
    A closed conversation took its directory with it, so there is nothing left to do.
    """
    if not path or conversation is None or getattr(conversation, "closed", False):
        return
    store = ScreenshotStore.of(conversation)
    if Path(path).resolve().parent != store.directory.resolve():
        return
    try:
        store.delete(path)
    except FileStorageError as exc:  # a failed delete must not turn a delivered result into an error
        log.warning("screenshot %s not deleted: %s", path, exc)

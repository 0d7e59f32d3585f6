"""The limits a new conversation or tab is checked against: how many, and the memory left free.

Free memory is the smaller of the host's (`MemAvailable` in /proc/meminfo) and what the cgroup this
process runs in still allows (v2: `memory.max` - `memory.current`; v1: `memory.limit_in_bytes` -
`memory.usage_in_bytes`), over the cgroup and each of its ancestors, since a parent's limit binds
its children too. A container sees only its own limit this way, where the host's meminfo does not.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from ..errors import ConversationLimitError, MemoryLowError, TabLimitError
from .config import BrowserConfig

MIB = 1024 * 1024
CGROUP_ROOT = Path("/sys/fs/cgroup")
# cgroup v1 reports "no limit" as a huge page-rounded number (9223372036854771712): anything past 2^60 is none.
_NO_LIMIT = 1 << 60


def free_memory() -> int | None:
    """Bytes this process may still allocate before the host or its cgroup runs out; None where unknown."""
    candidates = [value for value in (_meminfo_available(), _cgroup_room()) if value is not None]
    return min(candidates) if candidates else None


def _meminfo_available() -> int | None:
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return None


def _cgroup_room(proc_cgroup: Path = Path("/proc/self/cgroup"), root: Path = CGROUP_ROOT) -> int | None:
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return None
    rooms: list[int] = []
    for line in lines:
        hierarchy, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if hierarchy == "0" and controllers == "":  # v2: one unified tree
            rooms += _rooms(root, path, "memory.max", "memory.current")
        elif "memory" in controllers.split(","):  # v1: the memory controller's own tree
            rooms += _rooms(root / "memory", path, "memory.limit_in_bytes", "memory.usage_in_bytes")
    return min(rooms) if rooms else None


def _rooms(mount: Path, path: str, limit_file: str, usage_file: str) -> list[int]:
    """limit - usage of the cgroup at `path` and each ancestor that has a limit. Inside a cgroup
    namespace the path may not exist under the mount (the namespace's root is the mount): then the
    mount's own files are this cgroup's."""
    directory = mount / path.strip("/")
    if not directory.is_dir():
        directory = mount
    rooms = []
    while True:
        with contextlib.suppress(OSError, ValueError):
            limit_text = (directory / limit_file).read_text().strip()
            if limit_text != "max" and int(limit_text) < _NO_LIMIT:
                rooms.append(int(limit_text) - int((directory / usage_file).read_text().strip()))
        if directory == mount or mount not in directory.parents:
            return rooms
        directory = directory.parent


def check_new_conversation(config: BrowserConfig, open_conversations: int) -> None:
    """Refuse a new conversation past `max_conversations` or below the memory floor."""
    if config.max_conversations is not None and open_conversations >= config.max_conversations:
        raise ConversationLimitError(
            f"{open_conversations} conversations are open, the limit (max_conversations) is {config.max_conversations}",
            details={"limit": "max_conversations", "value": config.max_conversations},
        )
    check_memory(config, "conversation")


def check_new_tab(config: BrowserConfig, open_tabs: int) -> None:
    """Refuse a new tab past `max_tabs` of its conversation or below the memory floor."""
    if config.max_tabs is not None and open_tabs >= config.max_tabs:
        raise TabLimitError(
            f"this conversation has {open_tabs} tabs open, the limit (max_tabs) is {config.max_tabs}",
            details={"limit": "max_tabs", "value": config.max_tabs},
        )
    check_memory(config, "tab")


def check_memory(config: BrowserConfig, what: str) -> None:
    if not config.min_free_memory:
        return
    free = free_memory()
    if free is not None and free < config.min_free_memory * MIB:
        raise MemoryLowError(
            f"no new {what}: {free // MIB} MiB free, the floor (min_free_memory) is {config.min_free_memory} MiB",
            details={"limit": "min_free_memory", "value": config.min_free_memory, "free_mib": free // MIB},
        )

"""Processes read from /proc: a process's descendants, who carries a marker in its environment, and
how much memory a set of them holds. For the suite's leak check (conftest.py) and the tests that
count what Chromium processes a conversation costs.

    descendants(os.getpid())          # {pid: command line} of every live process below this one
    marked("BROWSERX_TEST_RUN", run)  # {pid: command line} of those whose environment says run
    memory_of(pids)                   # the PSS (or RSS) in bytes of those processes together
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

PROC = Path("/proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process; None once it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()  # the command name, in parentheses, may hold spaces
    return fields[0], int(fields[1])


def command_line(pid: int) -> str:
    with contextlib.suppress(OSError):
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    return ""


def live_pids() -> list[int]:
    """Every process that runs (zombies are dead: only their parent's wait is missing)."""
    found = []
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] not in ("Z", "X"):
                found.append(int(entry.name))
    return found


def descendants(root: int) -> dict[int, str]:
    parents = {pid: stat[1] for pid in live_pids() if (stat := _stat(pid)) is not None}
    below: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier and pid not in below}
        below |= frontier
    return {pid: command_line(pid) for pid in sorted(below)}


def marked(name: str, value: str) -> dict[int, str]:
    """Live processes whose environment holds name=value (readable for processes of our own user)."""
    needle = f"{name}={value}".encode()
    found = {}
    for pid in live_pids():
        with contextlib.suppress(OSError):
            if needle in (PROC / str(pid) / "environ").read_bytes().split(b"\0"):
                found[pid] = command_line(pid)
    return found


def alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def memory_of(pids: list[int] | set[int] | dict[int, str]) -> int:
    """Bytes the processes hold together: PSS (shared pages counted once), RSS where PSS is unreadable."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError):
            rollup = (PROC / str(pid) / "smaps_rollup").read_text()
            total += next(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:")) * 1024
            continue
        with contextlib.suppress(OSError, ValueError, StopIteration):
            status = (PROC / str(pid) / "status").read_text()
            total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")) * 1024
    return total


async def exited(pid: int) -> None:
    """Wait until the process is gone (an event: its pidfd becomes readable), unbounded: bound the caller."""
    try:
        fd = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    loop = asyncio.get_running_loop()
    done = loop.create_future()
    loop.add_reader(fd, lambda: done.done() or done.set_result(None))
    try:
        await done
    finally:
        loop.remove_reader(fd)
        os.close(fd)


def chromium_tree(pid: int) -> dict[int, str]:
    """A Chromium browser process and its helpers (renderers, GPU, utility, zygotes)."""
    return {pid: command_line(pid), **descendants(pid)} if alive(pid) else {}

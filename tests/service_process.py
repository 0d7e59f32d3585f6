"""The one starter of the suite's services: the browser services (tests/browser/browser_services.py) and the
app corpus's apps (tests/apps/app_corpus.py) are each a `ServiceProcess`.

    service = ServiceProcess("grid", argv, ready=r"Started Selenium", cwd=..., env=...)
    with service.start():                    # its own session and process group; ready on a line of its output
        service.wait_for_line(r"GET /x")     # every output line is kept and can be waited for (bounded)
    # stop(): SIGTERM to the group, then SIGKILL to whatever is left of it and to every process it started

A service's browsers need not stay in its process group (Playwright, under browserless, starts each
Chromium as the leader of a group of its own), so `stop` and `kill` also end every process found below the
service before it went: its orphans would otherwise outlive it, re-parented to init.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import threading
import time
from collections import deque
from pathlib import Path

import process_tree

READY_TIMEOUT = 90.0  # a loaded 2-core machine starts the grid's JVM or JupyterLab in ~10 s; this only bounds it


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, ppid, pgrp, ...), or None once gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def started_below(root: int) -> list[tuple[int, str]]:
    """(pid, start time) of every live process below `root` (the start time tells a reused pid apart)."""
    return [(pid, fields[19]) for pid in process_tree.descendants(root) if (fields := _stat(pid)) is not None]


def kill_all(processes: list[tuple[int, str]]) -> None:
    """SIGKILL each of these processes that is still the same one (its start time), with its group."""
    for pid, start in processes:
        fields = _stat(pid)
        if fields is None or fields[19] != start:
            continue  # gone, or its pid reused by another process
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if int(fields[2]) == pid:  # a group leader (a browser): its renderers and helpers go too
                os.killpg(pid, signal.SIGKILL)
            os.kill(pid, signal.SIGKILL)


class ServiceProcess:
    """A process in a session and group of its own, ready once a line of its output matches `ready`."""

    def __init__(
        self,
        name: str,
        argv: list[str],
        *,
        ready: str,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
        keep_lines: int = 5000,
    ) -> None:
        self.name, self.argv, self.cwd, self.env = name, argv, cwd, env
        self.ready = re.compile(ready)
        self.lines: deque[str] = deque(maxlen=keep_lines)
        self.process: subprocess.Popen[bytes] | None = None
        self._changed = threading.Condition()

    def start(self, timeout: float = READY_TIMEOUT) -> ServiceProcess:
        """Start it (again, after a stop or kill) and wait for its ready line; stopped again, with a
        RuntimeError, if it never comes."""
        with self._changed:
            self.lines.clear()  # a new process: only its own output says it is ready
        self.process = subprocess.Popen(
            self.argv,
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own group: stop() ends it and every child it started
        )
        threading.Thread(target=self._drain, args=(self.process,), daemon=True).start()
        try:
            self.wait_for_line(self.ready, timeout)
        except AssertionError as exc:
            self.stop()
            raise RuntimeError(f"{self.name} did not become ready: {exc}") from None
        return self

    def _drain(self, process: subprocess.Popen[bytes]) -> None:  # keep reading: a full pipe blocks the service
        assert process.stdout is not None
        for raw in process.stdout:
            with self._changed:
                self.lines.append(raw.decode(errors="replace").rstrip())
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def wait_for_line(self, pattern: re.Pattern[str] | str, timeout: float = 30.0, *, after: int = 0) -> str:
        """The first output line from index `after` on matching `pattern`, seen or yet to come (bounded);
        an AssertionError, with the last of its output, when it exits or the time is up first."""
        pattern = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for line in list(self.lines)[after:]:
                    if pattern.search(line):
                        return line
                exited = self.process is None or self.process.poll() is not None
                left = deadline - time.monotonic()
                if exited or left <= 0:
                    why = "exited" if exited else f"did not print {pattern.pattern!r} within {timeout:g} s"
                    raise AssertionError(f"{self.name} {why}; its output:\n" + "\n".join(list(self.lines)[-40:]))
                self._changed.wait(left)

    def mark(self) -> int:
        """The index of the next output line: `wait_for_line(..., after=service.mark())` sees only what follows."""
        with self._changed:
            return len(self.lines)

    def kill(self) -> None:
        """SIGKILL the service and every process it started, at once (a crash, for the tests that need one)."""
        if self.process is not None and self.process.poll() is None:
            started = started_below(self.process.pid)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            kill_all(started)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is None:
            return
        # Known before the service goes: its orphans are then init's children, not its own.
        started = started_below(self.process.pid) if self.process.poll() is None else []
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(10)
        with contextlib.suppress(ProcessLookupError):  # whatever is left of the group (drivers, kernels, workers)
            os.killpg(self.process.pid, signal.SIGKILL)
        kill_all(started)
        self.process.wait(10)

    def __enter__(self) -> ServiceProcess:
        return self if self.process is not None else self.start()  # `with service.start():` starts it once

    def __exit__(self, *exc: object) -> None:
        self.stop()

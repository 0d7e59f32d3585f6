"""Real browser services for the endpoint tests and bench/remote.py: browserless and a Selenium Grid 4.

`scripts/setup_services.sh` installs them from the registries into `.services/` and writes
`.services/services.env` (where each piece is). Here they are started on free 127.0.0.1 ports in
process groups of their own, waited for on their "ready" log line (bounded) and stopped by group.

    env = installed()                                   # None when setup_services.sh has not run
    with Browserless(env, concurrent=2, queued=1) as bl:
        bl.endpoint                                     # ws://127.0.0.1:PORT/chromium
    with Grid(env, max_sessions=2) as grid:
        grid.endpoint, grid.sessions()                  # http://127.0.0.1:PORT, live session ids
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import tempfile
import threading
import urllib.error
import urllib.request
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SERVICES_DIR = Path(os.environ.get("BROWSERX_SERVICES_DIR", ROOT / ".services"))
READY_TIMEOUT = 90.0  # a loaded 2-core machine starts the grid's JVM in ~10 s; this only bounds the wait


def installed() -> dict[str, str] | None:
    """What setup_services.sh installed, or None when something is missing."""
    env_file = SERVICES_DIR / "services.env"
    if not env_file.is_file():
        return None
    env = dict(line.split("=", 1) for line in env_file.read_text().splitlines() if "=" in line)
    needed = ["BROWSERLESS_ENTRY", "BROWSERLESS_ROUTES", "SELENIUM_JAR", "CHROMEDRIVER", "CHROMIUM"]
    if any(not env.get(k) or not Path(env[k]).exists() for k in needed):
        return None
    return env


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, ppid, pgrp, ...), or None once gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def descendants(root: int) -> list[tuple[int, str]]:
    """(pid, start time) of every live process below `root`. A service's browsers need not be in its
    process group: Playwright (browserless) starts each Chromium as the leader of a group of its own,
    so a signal to the service's group misses them, and they outlive a killed service."""
    parents: dict[int, int] = {}
    started: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None and fields[0] != "Z":
            parents[int(entry.name)], started[int(entry.name)] = int(fields[1]), fields[19]
    below: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier and pid not in below}
        below |= frontier
    return [(pid, started[pid]) for pid in sorted(below)]


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


class Service:
    """A process group started from `argv`, ready once a line of its output matches `ready`."""

    name = "service"

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, ready: str) -> None:
        self.argv, self.env, self.cwd, self.ready = argv, env, cwd, re.compile(ready)
        self.process: subprocess.Popen[bytes] | None = None
        self.output: deque[str] = deque(maxlen=200)

    def start(self) -> None:
        self.process = subprocess.Popen(
            self.argv,
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        ready = threading.Event()
        process = self.process

        def read() -> None:  # keep draining, so the service never blocks on a full pipe
            assert process.stdout is not None
            for raw in process.stdout:
                line = raw.decode(errors="replace").rstrip()
                self.output.append(line)
                if self.ready.search(line):
                    ready.set()
            ready.set()  # exited: stop waiting

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(READY_TIMEOUT) or process.poll() is not None:
            tail = "\n".join(list(self.output)[-30:])
            self.stop()
            raise RuntimeError(f"{self.name} did not become ready within {READY_TIMEOUT:g} s:\n{tail}")

    def kill(self) -> None:
        """SIGKILL the service and every browser it started, at once."""
        if self.process is not None and self.process.poll() is None:
            started = descendants(self.process.pid)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            kill_all(started)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is None:
            return
        # Known before the service goes: its orphans are the init process's children, not its own.
        started = descendants(self.process.pid) if self.process.poll() is None else []
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        # Whatever is left (chromedriver, Chromium after a SIGTERM with live sessions).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        kill_all(started)
        self.process.wait(10)

    def __enter__(self) -> Service:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Browserless(Service):
    """browserless: `ws://127.0.0.1:PORT/chromium` is a new browser per connection."""

    name = "browserless"

    def __init__(self, env: dict[str, str], *, concurrent: int = 2, queued: int = 1, port: int | None = None) -> None:
        self.port = port or free_port()
        self.token = secrets.token_hex(8)
        run_env = dict(
            os.environ,
            HOST="127.0.0.1",
            PORT=str(self.port),
            TOKEN=self.token,
            CONCURRENT=str(concurrent),
            QUEUED=str(queued),
            TIMEOUT="0",
            DEBUG="browserless.io:server:info",
            ROUTES=env["BROWSERLESS_ROUTES"],
            PLAYWRIGHT_BROWSERS_PATH=env["PLAYWRIGHT_BROWSERS_PATH"],
        )
        entry = Path(env["BROWSERLESS_ENTRY"])
        super().__init__(["node", str(entry)], run_env, entry.parents[4], r"HTTP Server is listening")

    @property
    def endpoint(self) -> str:
        return f"ws://127.0.0.1:{self.port}/chromium"

    def pressure(self) -> dict[str, Any]:
        url = f"http://127.0.0.1:{self.port}/pressure?token={self.token}"
        with urllib.request.urlopen(url, timeout=10) as response:
            return json.loads(response.read())["pressure"]


GRID_TOML = """\
[server]
host = "127.0.0.1"
port = {port}

[sessionqueue]
session-request-timeout = {request_timeout}
session-retry-interval = 1

[node]
detect-drivers = false
selenium-manager = false
max-sessions = {max_sessions}
override-max-sessions = true
session-timeout = 300

[[node.driver-configuration]]
display-name = "chromium"
webdriver-executable = "{chromedriver}"
max-sessions = {max_sessions}
stereotype = '{{"browserName": "chrome", "goog:chromeOptions": {{"binary": "{chromium}", "args": ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"]}}}}'
"""


class Grid(Service):
    """A Selenium Grid 4 standalone (hub and one node in one JVM) driving the system Chromium."""

    name = "selenium grid"

    def __init__(
        self, env: dict[str, str], *, max_sessions: int = 2, request_timeout: int = 60, port: int | None = None
    ) -> None:
        self.port = port or free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="browserx-grid-"))
        (self.dir / "grid.toml").write_text(
            GRID_TOML.format(
                port=self.port,
                max_sessions=max_sessions,
                request_timeout=request_timeout,
                chromedriver=env["CHROMEDRIVER"],
                chromium=env["CHROMIUM"],
            )
        )
        run_env = dict(os.environ, SE_OFFLINE="true")
        super().__init__(
            ["java", "-jar", env["SELENIUM_JAR"], "standalone", "--config", "grid.toml"],
            run_env,
            self.dir,
            r"Started Selenium Standalone",
        )

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def alive(self, session_id: str) -> bool:
        """Whether the grid knows the session (its session map; /status may lag behind)."""
        try:
            with urllib.request.urlopen(f"{self.endpoint}/session/{session_id}/timeouts", timeout=30):
                return True
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return False
            raise

    def sessions(self) -> list[str]:
        """The ids of the sessions the grid holds now, from /status (which may lag behind a DELETE)."""
        with urllib.request.urlopen(f"{self.endpoint}/status", timeout=10) as response:
            status = json.loads(response.read())
        return [
            slot["session"]["sessionId"]
            for node in status["value"]["nodes"]
            for slot in node["slots"]
            if slot.get("session")
        ]

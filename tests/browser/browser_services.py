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

import json
import os
import secrets
import socket
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from service_process import ServiceProcess

ROOT = Path(__file__).resolve().parents[2]
SERVICES_DIR = Path(os.environ.get("BROWSERX_SERVICES_DIR", ROOT / ".services"))


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


class Service(ServiceProcess):
    """A browser service in a process group of its own (tests/service_process.py), ready on a line of its output."""

    name = "service"

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path, ready: str) -> None:
        super().__init__(self.name, argv, ready=ready, cwd=cwd, env=env, keep_lines=200)


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

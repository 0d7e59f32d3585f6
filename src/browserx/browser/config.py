"""Settings for a browser and its conversations.

Usage::

    config = BrowserConfig(headless=True, viewport=(1280, 720), idle_timeout=1800)
    async with browserx.launch(config) as browser: ...

    # or attach to a running browser instead of launching one
    config = BrowserConfig(cdp_url="http://127.0.0.1:9222")

    # local Chromium processes for conversations: one shared (default), a pool of 4, or one each
    config = BrowserConfig(browser_processes="pool", browser_pool_size=4)
    config = BrowserConfig(browser_processes="per_conversation", max_conversations=20)

    # or a browser per conversation from browserless or a Selenium Grid 4
    config = BrowserConfig(browser_endpoint="ws://127.0.0.1:3000/chromium", browser_endpoint_token="…")

    # Cookie, Set-Cookie, Authorization values shown in browser_network results only when true
    config = BrowserConfig(network_secrets=True)

    # sites behind HTTP authentication: answered per origin, never shown to the model (credentials.py)
    config = BrowserConfig(http_credentials={"https://staging.example.com": {"username": "qa", "password": "…"}})

Every number has its interval in LIMITS, which the command line's options check too (cli/options.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from ..errors import ValidationError
from .credentials import HttpCredentials

# "ask": dialogs stay open for the agent to answer (browser/dialogs.py); the MCP server's and agent's default.
DialogPolicy = Literal["accept_alerts", "accept", "dismiss", "ask"]
DIALOG_POLICIES = ("ask", "accept", "dismiss", "accept_alerts")
# How conversations map to launched Chromium processes (browser/pool.py): "shared", one process for all
# (cheapest); "pool", `browser_pool_size` processes, each new conversation on the least loaded;
# "per_conversation", a process each, so a crash or a hungry page costs only its own conversation.
BrowserProcesses = Literal["shared", "pool", "per_conversation"]
BROWSER_PROCESSES = ("shared", "pool", "per_conversation")


@dataclass(frozen=True)
class Range:
    """A number's allowed interval, said once: BrowserConfig checks it, the command line parses with it."""

    lo: float
    hi: float
    lo_open: bool = False  # `lo` itself is refused (a timeout of 0)
    integer: bool = False
    unit: str = ""

    def __contains__(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            return False
        if self.integer and not float(value).is_integer():
            return False
        return (self.lo < value if self.lo_open else self.lo <= value) and value <= self.hi

    def describe(self) -> str:
        low = f"more than {_number(self.lo)}" if self.lo_open else _number(self.lo)
        kind = "a whole number" if self.integer else "a number"
        return f"{kind} from {low} to {_number(self.hi)}" + (f" {self.unit}" if self.unit else "")

    def check(self, name: str, value: Any) -> None:
        if value not in self:
            raise ValidationError(f"{name} {value!r} is outside its range: {self.describe()}")


def _number(value: float) -> str:
    return str(int(value)) if math.isfinite(value) and float(value).is_integer() else f"{value:g}"


LIMITS = {
    "viewport": Range(100, 10000, integer=True, unit="pixels"),  # each side
    "device_scale_factor": Range(0, 4, lo_open=True),
    "idle_timeout": Range(0, 30 * 86400, lo_open=True, unit="seconds"),
    "screenshot_max_long_edge": Range(16, 16384, integer=True, unit="pixels"),
    "screenshot_max_pixels": Range(256, 100_000_000, integer=True, unit="pixels"),
    "max_inline_output": Range(256, 10_000_000, integer=True, unit="bytes"),
    "dialog_timeout": Range(0, 3600, lo_open=True, unit="seconds"),
    "load_wait": Range(0, 600, unit="seconds"),
    "endpoint_timeout": Range(0, 3600, lo_open=True, unit="seconds"),
    "launch_timeout": Range(0, 600, lo_open=True, unit="seconds"),
    "browser_pool_size": Range(1, 64, integer=True, unit="processes"),
    "max_conversations": Range(1, 100_000, integer=True, unit="conversations"),
    "max_tabs": Range(1, 10_000, integer=True, unit="tabs per conversation"),
    "min_free_memory": Range(0, 16 * 1024 * 1024, integer=True, unit="MiB"),
}


@dataclass
class BrowserConfig:
    headless: bool = True
    cdp_url: str | None = None  # attach instead of launching
    executable: str | None = None  # default: find_chrome()
    viewport: tuple[int, int] = (1280, 720)
    device_scale_factor: float = 1.0
    idle_timeout: float = 1800.0  # seconds a conversation may sit unused
    allowed_origins: list[str] = field(default_factory=list)  # empty: every origin
    allow_file_urls: bool = False
    output_dir: str | None = None  # default: a temporary directory per conversation
    dialog_policy: DialogPolicy = "accept_alerts"
    dialog_timeout: float = 60.0  # policy "ask": seconds before an unanswered dialog gets accept_alerts
    eval_enabled: bool = True
    # Cookie, Set-Cookie, Authorization values shown in browser_network results only when true
    # (devtools/requests.py; redacted otherwise, and never the model's choice).
    network_secrets: bool = False
    extra_args: list[str] = field(default_factory=list)
    launch_timeout: float = 30.0
    # Screenshot size for the vision model the images go to (None: 1568 px long edge, 1.15 MP):
    # browserx renders at that size, so the model never rescales and clicks land where it points.
    screenshot_max_long_edge: int | None = None
    screenshot_max_pixels: int | None = None
    # Files tools may read or write (uploads, read_image, storage state); None: the working
    # directory (unless it is "/") and output_dir. See browser/files.py.
    file_roots: list[str] | None = None
    # A persistent profile for the launched browser (cookies and storage survive runs). Only the
    # browser's default context is persistent, so every conversation then shares that profile.
    user_data_dir: str | None = None
    # A Playwright storageState JSON file loaded into every new conversation (cookies, localStorage).
    storage_state: str | None = None
    # Seconds a navigation waits for the load event once the page is usable (DOMContentLoaded):
    # past that, stalled ads and trackers are reported as pending instead of holding the answer.
    load_wait: float = 1.0
    # Tool results (eval values, console logs, network bodies) up to this many bytes come back
    # inline; bigger ones are kept by output_id and read with browser_read_output.
    max_inline_output: int = 16 * 1024
    # A browser per conversation from a service instead of one shared browser (browser/endpoints.py):
    # ws://… browserless-style (a browser per connection), http://… a Selenium Grid 4. Not with cdp_url.
    browser_endpoint: str | None = None
    browser_endpoint_token: str | None = field(default=None, repr=False)  # else env BROWSERX_ENDPOINT_TOKEN
    endpoint_timeout: float = 60.0  # seconds to wait for the service's browser (refused after)
    # Credentials for sites behind HTTP authentication, by origin: {"https://host": {"username", "password"}}
    # (a proxy's: "proxy": true). Answered through CDP only to that exact origin; never in a result or log.
    http_credentials: HttpCredentials | dict[str, Any] = field(default_factory=HttpCredentials, repr=False)
    # Launched Chromium processes for conversations (BROWSER_PROCESSES above); pool size for "pool".
    browser_processes: BrowserProcesses = "shared"
    browser_pool_size: int = 4
    # Limits that refuse (a coded error naming the limit) instead of letting the machine run out:
    # conversations open at once, tabs per conversation (None: no limit), and the memory a new
    # conversation or tab must leave free, in MiB (host MemAvailable, or the cgroup's limit; 0: no floor).
    max_conversations: int | None = None
    max_tabs: int | None = None
    min_free_memory: int = 0

    def __post_init__(self) -> None:
        width, height = self.viewport
        if width not in LIMITS["viewport"] or height not in LIMITS["viewport"]:
            raise ValidationError(f"viewport {width}x{height} is outside 100..10000 pixels")
        for name, limit in LIMITS.items():
            value = getattr(self, name)
            if name != "viewport" and value is not None:
                limit.check(name, value)
        self.http_credentials = HttpCredentials.parse(self.http_credentials)
        self.allowed_origins = [normalize_origin(o) for o in self.allowed_origins]
        if self.user_data_dir is not None and self.cdp_url is not None:
            raise ValidationError("user_data_dir applies to a launched browser, not to one attached with cdp_url")
        if self.browser_processes not in BROWSER_PROCESSES:
            raise ValidationError(
                f"browser_processes {self.browser_processes!r} is not one of {', '.join(BROWSER_PROCESSES)}"
            )
        if self.browser_processes != "shared":
            given = [name for name in ("cdp_url", "browser_endpoint", "user_data_dir") if getattr(self, name)]
            if given:
                raise ValidationError(
                    f"browser_processes={self.browser_processes!r} launches its own browsers; not with {given[0]}",
                    hint="Leave browser_processes at 'shared' with cdp_url, browser_endpoint or user_data_dir.",
                )
        if self.dialog_policy not in DIALOG_POLICIES:
            raise ValidationError(f"dialog policy {self.dialog_policy!r} is not one of {', '.join(DIALOG_POLICIES)}")


def normalize_origin(origin: str) -> str:
    parts = urlsplit(origin.strip())
    if not parts.scheme or not parts.netloc:
        raise ValidationError(f"allowed origin {origin!r} must look like https://example.com")
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def parse_viewport(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError as exc:
        raise ValidationError(f"viewport must look like 1280x720, got {text!r}") from exc
    return width, height


def origin_allowed(url: str, allowed_origins: list[str]) -> bool:
    """True when no list is set, for about:/data:/blob: documents, or when the URL's origin is listed."""
    if not allowed_origins:
        return True
    scheme = urlsplit(url).scheme.lower()
    if scheme in ("about", "data", "blob"):
        return True
    if scheme not in ("http", "https", "ws", "wss"):
        return False
    return normalize_origin(url) in allowed_origins

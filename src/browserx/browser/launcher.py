"""Find and launch Chromium, or resolve the DevTools WebSocket of a running browser."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import re
import shutil
import signal
import tempfile
import urllib.error
import urllib.request
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import LaunchFailedError, ValidationError
from .profile import check_profile_free, claim_profile, prepare_user_data_dir, release_profile

_CANDIDATES = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
    "chrome",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/opt/google/chrome/chrome",
    "/snap/bin/chromium",
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
]

# Flags for a closed container: no calls home (the network refuses them, many at a time), no first-run UI.
_FLAGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-default-apps",
    "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider",
    "--disable-breakpad",
    "--disable-crash-reporter",
    "--metrics-recording-only",
    "--disable-dev-shm-usage",
    "--password-store=basic",
    "--use-mock-keychain",
    "--disable-popup-blocking",
    "--disable-hang-monitor",
    "--disable-gpu",
    "--remote-debugging-port=0",
    "--remote-allow-origins=*",
]
_WS_LINE = re.compile(r"DevTools listening on (ws://\S+)")


def find_chrome() -> str:
    """BROWSERX_CHROME, then PATH, then the usual install paths."""
    explicit = os.environ.get("BROWSERX_CHROME")
    if explicit:
        if os.access(explicit, os.X_OK):
            return explicit
        raise LaunchFailedError(f"BROWSERX_CHROME={explicit} is not an executable file")
    for name in _CANDIDATES:
        path = shutil.which(name) or (name if os.path.isabs(name) and os.access(name, os.X_OK) else None)
        if path:
            return path
    raise LaunchFailedError("no Chrome or Chromium found on PATH or in the usual places")


def _die_with_parent() -> None:
    # Linux: Chromium gets SIGKILL when the Python process that launched it dies, even by SIGKILL,
    # so an interrupted run never leaves an orphan browser behind.
    with contextlib.suppress(OSError, AttributeError):  # no glibc: no parent-death signal
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@dataclass
class ChromeProcess:
    """A Chromium this library started: its process, DevTools URL and profile.

    A temporary profile is removed on terminate; a user's persistent one (`keep_profile`) never
    is, only the temporary directory its Chromium wrote scratch files to (`temp_dir`).
    """

    process: asyncio.subprocess.Process
    ws_url: str
    profile_dir: str
    stderr_tail: deque[str] = field(default_factory=lambda: deque(maxlen=40))
    _drain: asyncio.Task[None] | None = None
    keep_profile: bool = False
    temp_dir: str | None = None
    profile_claim: int | None = None  # browserx's claim on a kept profile (profile.py), released on terminate

    @property
    def pid(self) -> int:
        return self.process.pid

    async def terminate(self, timeout: float = 5.0) -> None:
        if self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()
            try:
                async with asyncio.timeout(timeout):
                    await self.process.wait()
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    self.process.kill()
                await self.process.wait()
        if self._drain is not None:
            self._drain.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._drain
        _remove_dirs(self.profile_dir, self.temp_dir, self.keep_profile)
        release_profile(self.profile_claim)
        self.profile_claim = None


def _remove_dirs(profile_dir: str, temp_dir: str | None, keep_profile: bool) -> None:
    if not keep_profile:
        shutil.rmtree(profile_dir, ignore_errors=True)
    if temp_dir is not None:
        shutil.rmtree(temp_dir, ignore_errors=True)


async def launch_chrome(
    *,
    headless: bool = True,
    executable: str | None = None,
    extra_args: list[str] | None = None,
    timeout: float = 30.0,
    user_data_dir: str | None = None,
) -> ChromeProcess:
    """Start Chromium; on a throwaway profile, or on `user_data_dir` (kept; PROFILE_IN_USE if held)."""
    executable = executable or find_chrome()
    keep_profile = user_data_dir is not None
    claim = None
    if user_data_dir:
        profile_dir = prepare_user_data_dir(user_data_dir)
        claim = claim_profile(profile_dir)
    else:
        profile_dir = tempfile.mkdtemp(prefix="browserx-profile-")
    args = [executable, *_FLAGS, f"--user-data-dir={profile_dir}", *(extra_args or [])]
    if headless:
        args.append("--headless")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox on
    # No initial window: its renderer would cost ~150 ms of start-up and nobody uses it
    # (each conversation opens its own tabs in its own browser context).
    args.append("--no-startup-window")
    # Chromium's own temporary files (shared-memory files under --disable-dev-shm-usage) go inside
    # the profile, so removing the profile removes them too; a kept profile gets a directory of its own.
    # Chromium's singleton socket lives there too (…/.org.chromium.Chromium.XXXXXX/SingletonSocket), and a
    # Unix socket path has at most 107 bytes: under a long TMPDIR the temp directory goes to /tmp.
    inside = os.path.join(profile_dir, "tmp")
    if keep_profile or len(inside) + _SOCKET_SUFFIX > _SOCKET_PATH_MAX:
        short = None if len(tempfile.gettempdir()) + 30 + _SOCKET_SUFFIX <= _SOCKET_PATH_MAX else "/tmp"
        temp_dir = tempfile.mkdtemp(prefix="browserx-profile-tmp-", dir=short)
    else:
        temp_dir = inside
        os.mkdir(temp_dir)
    own_temp = temp_dir if temp_dir != inside else None
    env = dict(os.environ, TMPDIR=temp_dir)
    try:
        process = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
            env=env,
            stderr=asyncio.subprocess.PIPE,
            preexec_fn=_die_with_parent if os.name == "posix" else None,
        )
    except OSError as exc:
        _remove_dirs(profile_dir, own_temp, keep_profile)
        release_profile(claim)
        raise LaunchFailedError(f"cannot start {executable}: {exc}") from exc
    tail: deque[str] = deque(maxlen=40)
    assert process.stderr is not None
    try:
        async with asyncio.timeout(timeout):
            while True:
                line = await process.stderr.readline()
                if not line:
                    raise LaunchFailedError(
                        f"{executable} exited before DevTools was ready: " + " | ".join(tail)[-800:]
                    )
                text = line.decode(errors="replace").rstrip()
                tail.append(text)
                match = _WS_LINE.search(text)
                if match:
                    break
    except BaseException as exc:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
        await process.wait()
        _remove_dirs(profile_dir, own_temp, keep_profile)
        release_profile(claim)
        if keep_profile and isinstance(exc, LaunchFailedError):
            check_profile_free(profile_dir)  # lost a race for the profile to another browser: say so
        if isinstance(exc, TimeoutError):
            raise LaunchFailedError(f"{executable} gave no DevTools URL within {timeout:g} s") from exc
        raise
    chrome = ChromeProcess(
        process=process,
        ws_url=match.group(1),
        profile_dir=profile_dir,
        stderr_tail=tail,
        keep_profile=keep_profile,
        temp_dir=own_temp,
        profile_claim=claim,
    )
    chrome._drain = asyncio.get_running_loop().create_task(_drain_stderr(process, tail))
    return chrome


_SOCKET_PATH_MAX = 107  # sun_path holds 108 bytes with its terminating NUL
_SOCKET_SUFFIX = len("/.org.chromium.Chromium.XXXXXX/SingletonSocket")


async def _drain_stderr(process: asyncio.subprocess.Process, tail: deque[str]) -> None:
    # Keep reading so Chromium never blocks on a full pipe; remember the last lines for error reports.
    assert process.stderr is not None
    while line := await process.stderr.readline():
        tail.append(line.decode(errors="replace").rstrip())


async def resolve_ws_url(cdp_url: str, timeout: float = 10.0) -> str:
    """`ws://…` is used as is; `http://host:port` is asked for its browser WebSocket URL."""
    if cdp_url.startswith(("ws://", "wss://")):
        return cdp_url
    if not cdp_url.startswith(("http://", "https://")):
        raise ValidationError(f"--cdp-url must start with http://, https://, ws:// or wss://, got {cdp_url!r}")
    version_url = cdp_url.rstrip("/") + "/json/version"

    def fetch() -> str:
        with urllib.request.urlopen(version_url, timeout=timeout) as response:  # noqa: S310 - user-given URL
            return json.loads(response.read())["webSocketDebuggerUrl"]

    try:
        return await asyncio.to_thread(fetch)
    except (OSError, urllib.error.URLError, KeyError, ValueError) as exc:
        raise LaunchFailedError(
            f"no browser answers at {version_url}: {exc}",
            hint="Start the browser with --remote-debugging-port and check the URL.",
        ) from exc


def profile_dirs_left() -> list[Path]:
    """Temporary profiles of this library, and Chromium temp files, still on disk (for leak checks)."""
    temp = Path(tempfile.gettempdir())
    return sorted([*temp.glob("browserx-profile-*"), *temp.glob("org.chromium.Chromium.*")])

"""A persistent profile (`--user-data-dir`): prepared for a launch, and Chromium's lock on it read.

Chromium marks a profile in use with a `SingletonLock` symlink whose target is `<hostname>-<pid>`.
A second browser on the same profile aborts at start-up; browserx reads the lock before
launching (and again when a launch fails) so that case is a PROFILE_IN_USE error, not a bare
launch failure. A lock left by a process that is gone is stale: Chromium takes it over.

Two launches racing for one profile both find it free before either Chromium has locked it, and
Chromium's own singleton then decides between them slowly: under load the loser, whose notice to
the winner goes unanswered in time, kills it and takes the profile. So browserx claims the profile
first (`claim_profile`): an exclusive `flock` on a file of its own in the profile, held while its
browser runs and released by the kernel when the process ends (never stale).
"""

from __future__ import annotations

import os
import socket

try:
    import fcntl
except ImportError:  # Windows: Chromium's lock alone decides
    fcntl = None  # type: ignore[assignment]
from pathlib import Path

from ..errors import ProfileInUseError, ValidationError

LOCK_NAME = "SingletonLock"
CLAIM_NAME = "browserx.lock"


def prepare_user_data_dir(path: str) -> str:
    """The absolute profile directory, created if missing; PROFILE_IN_USE when a browser holds it."""
    directory = Path(path).expanduser().resolve()
    if directory.exists() and not directory.is_dir():
        raise ValidationError(f"--user-data-dir {path} is not a directory")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file on the way, no permission, a read-only disk: the caller's to fix
        raise ValidationError(
            f"--user-data-dir {path} cannot be created: {exc.strerror or exc}",
            hint="Give a directory you can write, or a path where one can be created.",
        ) from exc
    check_profile_free(str(directory))
    return str(directory)


def lock_owner(profile_dir: str) -> tuple[str, int] | None:
    """(host, pid) of the browser holding the profile, or None when it is free or the lock is stale."""
    try:
        target = os.readlink(os.path.join(profile_dir, LOCK_NAME))
    except OSError:
        return None
    host, _, pid_text = target.rpartition("-")
    try:
        pid = int(pid_text)
    except ValueError:
        return None
    if host != socket.gethostname():
        return host, pid  # another machine's (or container's) browser: Chromium refuses it too
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass  # alive, owned by another user
    try:  # a reused pid of some other program leaves the lock stale, as Chromium itself decides
        if "chrom" not in os.path.basename(os.readlink(f"/proc/{pid}/exe")).lower():
            return None
    except OSError:
        pass  # no /proc (macOS) or not ours to read: trust the live pid
    return host, pid


def check_profile_free(profile_dir: str) -> None:
    owner = lock_owner(profile_dir)
    if owner is not None:
        host, pid = owner
        raise ProfileInUseError(
            f"the profile {profile_dir} is in use by a browser (pid {pid} on {host})",
            details={"user_data_dir": profile_dir, "pid": pid, "host": host},
        )


def claim_profile(profile_dir: str) -> int | None:
    """A descriptor holding browserx's claim on the profile (close it to release); PROFILE_IN_USE when
    another launch of browserx, in this process or another, holds it. None where flock is not offered."""
    if fcntl is None:
        return None
    fd = os.open(os.path.join(profile_dir, CLAIM_NAME), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        raise ProfileInUseError(
            f"the profile {profile_dir} is in use by another browser that browserx started",
            details={"user_data_dir": profile_dir},
        ) from exc
    check_profile_free(profile_dir)  # a browser not browserx's may hold it all the same
    return fd


def release_profile(claim: int | None) -> None:
    if claim is not None:
        os.close(claim)

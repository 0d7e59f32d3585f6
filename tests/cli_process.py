"""`browserx` run as a subprocess, the way a user runs it: exit code, stdout, stderr (bounded)."""

from __future__ import annotations

import asyncio
import sys

CLI_TIMEOUT = 60


async def browserx(*args: str, timeout: float = CLI_TIMEOUT, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """`env`: the whole environment of the process (default: this one's)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "browserx.cli",
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode or 0, out.decode(), err.decode()

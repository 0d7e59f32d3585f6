"""`browserx` run as a subprocess, the way a user runs it: exit code, stdout, stderr (bounded)."""

from __future__ import annotations

import asyncio
import sys

CLI_TIMEOUT = 60


async def browserx(*args: str, timeout: float = CLI_TIMEOUT) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "browserx.cli",
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode or 0, out.decode(), err.decode()

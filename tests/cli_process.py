"""`browserx` run as a subprocess, the way a user runs it: exit code, stdout, stderr (bounded)."""

from __future__ import annotations

import asyncio
import os
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


async def browserx_into_a_closed_pipe(*args: str, stdin: bytes = b"", timeout: float = CLI_TIMEOUT) -> tuple[int, str]:
    """`browserx ARGS | head -0`, made certain: stdout is a pipe whose reader is gone before the
    command writes anything, so its first write fails (EPIPE). Returns the exit code and stderr."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "browserx.cli",
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=write_end,
            stderr=asyncio.subprocess.PIPE,
        )
    finally:
        os.close(write_end)
    _, err = await asyncio.wait_for(proc.communicate(stdin), timeout)
    assert proc.returncode is not None
    return proc.returncode, err.decode()

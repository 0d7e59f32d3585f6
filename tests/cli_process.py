"""`browserx` run as a subprocess, the way a user runs it: exit code, stdout, stderr (bounded)."""

from __future__ import annotations

import asyncio
import os
import sys

CLI_TIMEOUT = 60

# The start of the argv of a Python child a test sends Ctrl-C (SIGINT) to. A runner started with
# SIGINT ignored (`nohup`, a background `&` job) passes that on to every child, and Python then
# installs no KeyboardInterrupt handler: the child would never see the Ctrl-C. This resets SIGINT to
# its default and execs the rest of the argv in the same process (same pid for send_signal). Not a
# preexec_fn: that runs Python in a forked copy of a test process with threads (the test server's).
PYTHON_TAKING_CTRL_C = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])",
]


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

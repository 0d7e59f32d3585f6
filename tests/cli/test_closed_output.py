"""`browserx ... | head`: a command whose output pipe closes exits quietly, as Unix tools do (0, or
141 as if killed by SIGPIPE), and never reports the closed pipe as a dead browser."""

from __future__ import annotations

import asyncio
import json
import sys

import pytest

from cli_process import CLI_TIMEOUT, browserx_into_a_closed_pipe

QUIET = (0, 141)
PAGE = "<title>piped</title><h1>Piped</h1>" + "<p>line of text to print</p>" * 400


@pytest.mark.parametrize(
    "args",
    [
        ("snapshot", "{url}"),
        ("snapshot", "{url}", "--json"),
        ("navigate", "{url}", "--json"),
        ("eval", "{url}", "document.title"),
    ],
    ids=["snapshot", "snapshot-json", "navigate", "eval"],
)
async def test_a_command_whose_output_pipe_is_closed_exits_quietly(server, args):
    url = server.route("/cli/piped", PAGE)
    code, err = await browserx_into_a_closed_pipe(*(arg.format(url=url) for arg in args))
    assert (code, err) in [(quiet, "") for quiet in QUIET]


@pytest.mark.parametrize("args", [("tools",), ("tools", "--json"), ("--help",), ("snapshot", "--help")])
async def test_a_command_without_a_browser_exits_quietly_into_a_closed_pipe(args):
    code, err = await browserx_into_a_closed_pipe(*args)
    assert (code, err) in [(quiet, "") for quiet in QUIET]


async def test_the_mcp_server_whose_client_closed_its_output_exits_quietly():
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}},
    }
    code, err = await browserx_into_a_closed_pipe("mcp", stdin=(json.dumps(initialize) + "\n").encode())
    assert (code, err) in [(quiet, "") for quiet in QUIET]


async def test_a_broken_pipe_that_is_not_stdout_is_still_the_browser_closed():
    # The same exception from elsewhere (a lost browser connection) while stdout is read: the
    # closed-output exit must not hide it.
    script = (
        "import sys\n"
        "from browserx.cli.common import run_async\n"
        "async def lost():\n"
        "    raise BrokenPipeError(32, 'Broken pipe')\n"
        "sys.exit(run_async(lost()))\n"
    )
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        script,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), CLI_TIMEOUT)
    assert (proc.returncode, out) == (1, b"")
    assert json.loads(err.decode().splitlines()[-1])["error"]["code"] == "BROWSER_CLOSED"

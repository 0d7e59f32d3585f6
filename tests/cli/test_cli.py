"""The `browserx` command: every command's --help, navigate/eval/tools in a subprocess, coded errors."""

from __future__ import annotations

import asyncio
import json
import signal

import pytest

from browserx.cli import build_parser, main
from browserx.cli.common import config_from_args, run_async
from browserx.errors import NodeNotFoundError
from browserx.tools import default_registry
from cli_process import PYTHON_TAKING_CTRL_C, browserx

TIMEOUT = 60


def coded_error(stderr: str) -> dict:
    return json.loads(stderr.strip().splitlines()[-1])["error"]


def subcommands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return list(action.choices)


@pytest.mark.parametrize("command", subcommands())
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    assert f"browserx {command}" in capsys.readouterr().out


def test_top_level_help_lists_the_core_commands(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    for command in ("navigate", "eval", "tools", "mcp"):
        assert command in out


def test_no_command_prints_usage_and_fails(capsys):
    assert main([]) == 2
    assert "usage: browserx" in capsys.readouterr().err


def test_browser_options_become_the_config():
    parser = build_parser()
    args = parser.parse_args(
        [
            "navigate",
            "http://127.0.0.1/",
            "--viewport",
            "800x600",
            "--idle-timeout",
            "5",
            "--allowed-origins",
            "http://127.0.0.1:1,https://Example.com",
            "--allowed-origins",
            "http://localhost:2",
            "--headful",
            "--no-eval",
            "--cdp-url",
            "http://127.0.0.1:9222",
            "--output-dir",
            "/tmp/x",
            "--allow-file-urls",
        ]
    )
    config = config_from_args(args)
    assert config.viewport == (800, 600) and config.idle_timeout == 5.0
    assert config.allowed_origins == ["http://127.0.0.1:1", "https://example.com", "http://localhost:2"]
    assert config.headless is False and config.eval_enabled is False and config.allow_file_urls is True
    assert config.cdp_url == "http://127.0.0.1:9222" and config.output_dir == "/tmp/x"


def test_run_async_turns_errors_into_coded_json_and_interrupts_into_130(capsys):
    async def fails() -> int:
        raise NodeNotFoundError("gone")

    async def interrupted() -> int:
        raise KeyboardInterrupt

    assert run_async(fails()) == 1
    assert coded_error(capsys.readouterr().err)["code"] == "NODE_NOT_FOUND"
    assert run_async(interrupted()) == 130


async def test_tools_prints_every_tool_with_its_schema():
    code, out, _ = await browserx("tools")
    assert code == 0
    for name in default_registry().names():
        assert f"\n{name}\n" in f"\n{out}"
    code, out, _ = await browserx("tools", "--json")
    assert code == 0
    assert json.loads(out) == default_registry().declarations()


async def test_navigate_prints_the_result_as_json_and_exits_0(server):
    url = server.route("/cli/nav", "<title>cli page</title><p>hi</p>")
    code, out, err = await browserx("navigate", url, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert result["success"] is True and result["data"]["title"] == "cli page"
    assert server.requests["/cli/nav"] == 1


async def test_navigate_with_a_bad_url_exits_2_with_a_coded_error():
    code, out, err = await browserx("navigate", "not a url")
    assert code == 2 and out == ""
    assert coded_error(err)["code"] == "VALIDATION_ERROR"


async def test_navigate_to_an_unreachable_server_exits_1_with_navigation_failed():
    code, _, err = await browserx("navigate", "http://127.0.0.1:9/")
    assert code == 1
    assert coded_error(err)["code"] == "NAVIGATION_FAILED"


async def test_a_bad_viewport_is_a_validation_error():
    code, _, err = await browserx("navigate", "http://127.0.0.1:9/", "--viewport", "wide")
    assert code == 2 and coded_error(err)["code"] == "VALIDATION_ERROR"


async def test_allowed_origins_refuse_other_origins(server):
    url = server.route("/cli/origin", "<title>x</title>")
    code, _, err = await browserx("navigate", url, "--allowed-origins", "http://localhost:1")
    assert code == 1 and coded_error(err)["code"] == "ORIGIN_NOT_ALLOWED"
    assert "/cli/origin" not in server.requests


async def test_eval_prints_the_value(server):
    url = server.route("/cli/eval", "<title>eval page</title><p id=p>forty-two</p>")
    code, out, err = await browserx("eval", url, "document.getElementById('p').textContent + '!'")
    assert code == 0, err
    assert json.loads(out) == {"result": "forty-two!"}


async def test_eval_is_refused_with_no_eval(server):
    url = server.route("/cli/noeval", "<title>x</title>")
    code, _, err = await browserx("eval", url, "1 + 1", "--no-eval")
    assert code == 1 and coded_error(err)["code"] == "EVAL_DISABLED"


@pytest.mark.parametrize(("signum", "exit_code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
async def test_ctrl_c_or_sigterm_closes_the_browser_before_exiting(server, signum, exit_code):
    """A signal to a running `browserx mcp` (stdio, stdin still open) after its browser started."""
    url = server.route("/cli/sigint", "<title>x</title>")
    proc = await asyncio.create_subprocess_exec(
        *PYTHON_TAKING_CTRL_C,
        "-m",
        "browserx.cli",
        "-v",
        "mcp",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    messages = [
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"},
            },
        },
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "browser_navigate", "arguments": {"url": url}},
        },
    ]
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write("".join(json.dumps(m) + "\n" for m in messages).encode())
        await proc.stdin.drain()
        async with asyncio.timeout(TIMEOUT):
            while True:  # responses arrive in order of completion; wait for the tool call's
                reply = json.loads(await proc.stdout.readline())
                if reply.get("id") == 2:
                    break
        assert reply["result"]["isError"] is False
        proc.send_signal(signum)
        _, err = await asyncio.wait_for(proc.communicate(), TIMEOUT)
    finally:
        if proc.returncode is None:  # the test failed: leave no server (nor its browser) behind
            proc.kill()
            await proc.wait()
    assert proc.returncode == exit_code, err.decode()
    assert "browser closed" in err.decode()


async def test_cdp_url_attaches_to_a_running_browser_and_leaves_it_running(manager, server):
    url = server.route("/cli/attach", "<title>attached</title>")
    seen: list[str] = []
    off = manager.connection.on("Target.targetInfoChanged", lambda p: seen.append(p["targetInfo"].get("url", "")))
    try:
        code, out, err = await browserx("navigate", url, "--json", "--cdp-url", manager.chrome.ws_url)
    finally:
        off()
    assert code == 0, err
    assert json.loads(out)["data"]["title"] == "attached"
    assert url in seen, "the page must have loaded in the browser we attached to"
    assert not manager.connection.closed
    targets = (await manager.connection.send("Target.getTargets"))["targetInfos"]
    assert all(t.get("url") != url for t in targets), "the CLI's browser context must be gone after it exits"


async def test_snapshot_of_a_url_says_when_the_page_is_still_loading(server):
    # The page is usable but an image holds its load event past --load-wait: the model says so.
    server.route("/stalled.png", b"", content_type="image/png")
    arrived, release = server.hold("/stalled.png")
    url = server.route("/stalling", "<title>Stalling</title><h1>Here</h1><img src=/stalled.png>")
    try:
        code, out, err = await browserx("snapshot", url, "--load-wait", "0.2")
        assert code == 0, err
        assert out.splitlines()[0] == f"# Stalling — {url} (still loading)"
        code, out, err = await browserx("snapshot", url, "--load-wait", "0.2", "--json")
        assert code == 0, err
        assert json.loads(out)["loading"] is True
    finally:
        release.set()
    assert arrived.is_set()
    ready = server.route("/ready", "<title>Ready</title><h1>Here</h1>")
    code, out, err = await browserx("snapshot", ready)
    assert code == 0, err
    assert out.splitlines()[0] == f"# Ready — {ready}"

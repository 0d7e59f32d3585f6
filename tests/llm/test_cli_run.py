"""`browserx run`: progress on stderr, the answer on stdout, coded errors and exit codes."""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import signal
import threading

from fake_responses import call, message

from browserx.cli import run as run_cli
from cli_process import PYTHON_TAKING_CTRL_C


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    run_cli.add_run_arguments(parser)
    return parser.parse_args(list(argv))


async def _execute(fake, manager, args, registry=None):
    out, err = io.StringIO(), io.StringIO()
    client = fake.client()
    try:
        code = await run_cli.execute(args, manager=manager, client=client, registry=registry, out=out, err=err)
    finally:
        await client.close()
    return code, out.getvalue(), err.getvalue()


async def test_run_prints_a_line_per_step_a_summary_and_the_answer(fake, manager, registry, server, tmp_path):
    url = server.route("/cli", "<h1>Opening hours: 9 to 5</h1>")
    fake.script(
        call("page_screenshot", action="screenshot"), call("browser_tabs", action="list"), message("Open 9 to 5.")
    )
    args = parse("When is it open?", "--url", url, "--max-steps", "5", "--trace", str(tmp_path / "t"))
    code, out, err = await _execute(fake, manager, args, registry)
    assert code == run_cli.EXIT_OK
    assert out == "Open 9 to 5.\n"
    lines = err.splitlines()
    assert lines[0].startswith("step 0: browser_navigate") and "-> ok" in lines[0]
    assert lines[1].startswith("step 1: page_screenshot screenshot") and "+1 screenshot" in lines[1]
    assert lines[2].startswith("step 2: browser_tabs list")
    assert lines[3] == ("completed: 3 steps, 3 tool calls, 1 screenshots, 330 tokens (300 in, 0 cached, 30 out)")
    assert lines[4] == "tokens per step (in/cached/out): 1: 100/0/10, 2: 100/0/10, 3: 100/0/10"
    assert lines[5].startswith("input spent on: declarations ") and "images" in lines[5]
    assert (tmp_path / "t" / "trace.jsonl").is_file()


async def test_run_exits_non_zero_with_the_coded_error_when_the_endpoint_fails(fake, manager):
    fake.script(401)
    code, out, err = await _execute(fake, manager, parse("Do something."))
    assert code == run_cli.EXIT_FAILED
    assert out == ""
    assert json.loads(err.splitlines()[-1])["error"]["code"] == "MODEL_REQUEST_FAILED"


async def test_run_exits_with_step_limit_code_when_steps_run_out(fake, manager):
    fake.script(call("browser_tabs", action="list"))
    before = set(manager.conversations)
    code, out, err = await _execute(fake, manager, parse("Loop.", "--max-steps", "1"))
    assert set(manager.conversations) == before  # the run's own conversation is closed at the end
    assert code == run_cli.EXIT_STEP_LIMIT
    assert json.loads(err.splitlines()[-1])["error"]["code"] == "STEP_LIMIT" and out == ""


async def _browserx(fake, *argv: str):
    env = {**os.environ, "OPENAI_BASE_URL": fake.base_url, "OPENAI_API_KEY": "test"}
    return await asyncio.create_subprocess_exec(
        *PYTHON_TAKING_CTRL_C,  # one test sends it Ctrl-C
        "-m",
        "browserx.cli",
        *argv,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def test_browserx_run_command_end_to_end_reads_the_endpoint_from_the_environment(fake, server):
    url = server.route("/e2e", "<h1>Hello from e2e</h1>")
    fake.script(call("browser_tabs", action="list"), message("It says hello."))
    proc = await _browserx(fake, "run", "What does it say?", "--url", url, "--model", "m-1")
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err.decode()
    assert out.decode() == "It says hello.\n"
    assert "step 1: browser_tabs list" in err.decode()
    assert [body["model"] for body in fake.requests] == ["m-1", "m-1"]


async def test_ctrl_c_stops_the_run_cleanly_with_exit_130(fake, server):
    url = server.route("/e2e", "<h1>Interrupt me</h1>")
    loop = asyncio.get_running_loop()
    in_flight = loop.create_future()
    release = threading.Event()

    def hang(body):
        loop.call_soon_threadsafe(in_flight.set_result, None)
        release.wait(20)
        return message("too late")

    fake.script(hang)
    proc = await _browserx(fake, "run", "Wait.", "--url", url, "--model", "m-1")
    try:
        await asyncio.wait_for(in_flight, 60)
        proc.send_signal(signal.SIGINT)
        out, err = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        release.set()
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    assert proc.returncode == 130, err.decode()
    assert "cancelled: 1 steps" in err.decode() and out == b""

"""`browserx replay` and the exported script as a user runs them: subprocesses with their own browser
(issue 24.2, 24.3)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from order_agent import EXPECTED_ORDER, PASSWORD

from cli_process import browserx

SCRIPT_TIMEOUT = 120


async def test_a_missing_parameter_is_a_validation_error_before_any_browser_starts(shop, order_flow):
    # Nothing listens on port 9: a replay that got as far as the browser would fail another way.
    code, out, err = await browserx(
        "replay", str(order_flow), "--cdp-url", "http://127.0.0.1:9", "--url", shop.url("/login")
    )
    assert code == 2 and out == ""
    error = json.loads(err.strip().splitlines()[-1])["error"]
    assert error["code"] == "VALIDATION_ERROR" and "password" in error["message"]
    assert "--param password=" in error["hint"]
    assert shop.requests == 0


async def test_browserx_replay_prints_a_line_per_step_and_reaches_the_outcome(shop, order_flow):
    code, out, err = await browserx(
        "replay",
        str(order_flow),
        "--param",
        f"password={PASSWORD}",
        "--url",
        shop.url("/login"),
        timeout=SCRIPT_TIMEOUT,
    )
    assert code == 0, err
    assert shop.orders == [EXPECTED_ORDER]
    assert out.strip() == shop.url("/orders/1")
    lines = err.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [f"step {n}/12" for n in range(1, 13)]
    assert lines[-1].endswith("0 model calls, 0 tokens")


async def _python(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        *args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=dict(os.environ),
    )
    out, err = await asyncio.wait_for(proc.communicate(), SCRIPT_TIMEOUT)
    return proc.returncode or 0, out.decode(), err.decode()


async def test_the_exported_python_script_runs_as_written_and_reaches_the_same_outcome(
    shop, order_flow, tmp_path: Path
):
    script = tmp_path / "order.py"
    code, _out, err = await browserx("replay", str(order_flow), "--to-python", str(script))
    assert code == 0, err
    source = script.read_text(encoding="utf-8")
    assert PASSWORD not in source and "'password': None" in source
    assert "session.locate(" in source and "check_effects(11, done, dialog='confirm')" in source
    compile(source, str(script), "exec")
    code, _out, err = await _python(str(script))
    assert code == 2 and "missing --param password=" in err  # refused before any browser starts
    assert shop.requests == 0
    code, out, err = await _python(str(script), "--param", f"password={PASSWORD}", "--url", shop.url("/login"))
    assert code == 0, err
    assert shop.orders == [EXPECTED_ORDER]
    assert out.strip() == f"done: {shop.url('/orders/1')}"

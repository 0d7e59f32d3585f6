"""A test that sends Ctrl-C to a child passes however pytest was started: from a terminal, or with
SIGINT ignored (`nohup`, a background `&` job), which every child would otherwise inherit."""

from __future__ import annotations

import subprocess
import sys

from cli_process import PYTHON_TAKING_CTRL_C

# A runner that ignores SIGINT, as nohup leaves it, then becomes the command that follows.
IGNORING_RUNNER = [
    sys.executable,
    "-c",
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])",
]
TAKES_CTRL_C = "import signal; print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)"


def _under_an_ignoring_runner(*argv: str) -> str:
    done = subprocess.run([*IGNORING_RUNNER, *argv], capture_output=True, text=True, timeout=30, check=True)
    return done.stdout.strip()


def test_a_child_of_a_runner_ignoring_sigint_takes_no_ctrl_c_by_itself():
    assert _under_an_ignoring_runner(sys.executable, "-c", TAKES_CTRL_C) == "False"


def test_a_child_started_for_ctrl_c_takes_it_though_its_runner_ignores_sigint():
    assert _under_an_ignoring_runner(*PYTHON_TAKING_CTRL_C, "-c", TAKES_CTRL_C) == "True"

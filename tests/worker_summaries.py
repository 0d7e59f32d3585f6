"""The suite under pytest-xdist (the README's `-n 2`): what each worker's summary says, printed once by the controller.

A worker runs the suite's `pytest_terminal_summary` hooks (the app corpus's timings and fidelity, the reliability
counts, the readability corpus's means) but has no terminal; and its exit status does not reach the controller, so
processes a worker left behind (conftest.py) would fail nothing. Each worker therefore gathers what those hooks write,
and what it found left behind, into `config.workeroutput`; the controller prints the one and fails the run on the
other. Without xdist nothing here runs: the hooks print as they always did.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

TESTS = str(Path(__file__).resolve().parent)
LEFT_BEHIND: list[str] = []  # the controller's: what workers found still running, as their messages
SUMMARIES: list[list[str]] = []  # the controller's: each worker's summary lines


def is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


class _Lines:
    """The writing methods of a terminal reporter that the suite's summary hooks use, kept as lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def section(self, title: str, sep: str = "=", **_: Any) -> None:
        self.write_sep(sep, title)

    def write_sep(self, sep: str, title: str = "", **_: Any) -> None:
        self.lines.append(f" {title} ".center(100, sep))

    def write_line(self, line: Any, **_: Any) -> None:
        self.lines.append(str(line))


def worker_finished(config: pytest.Config, exitstatus: int, left_behind: str | None) -> None:
    """In a worker, at the end of its session: its summary and what it left behind, for the controller."""
    lines = _Lines()
    for impl in config.pluginmanager.hook.pytest_terminal_summary.get_hookimpls():
        # The suite's own hooks only (conftests, corpus plugins): the installed plugins' write to a terminal.
        if not impl.function.__code__.co_filename.startswith(TESTS):
            continue
        impl.function(
            **{
                name: {"terminalreporter": lines, "exitstatus": exitstatus, "config": config}[name]
                for name in impl.argnames
            }
        )
    config.workeroutput["summary"] = lines.lines  # type: ignore[attr-defined]
    config.workeroutput["left_behind"] = left_behind  # type: ignore[attr-defined]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    output = getattr(node, "workeroutput", {}) or {}
    if output.get("summary"):
        SUMMARIES.append(output["summary"])
    if output.get("left_behind"):
        LEFT_BEHIND.append(output["left_behind"])


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for lines in SUMMARIES:
        for line in lines:
            terminalreporter.write_line(line)
    if LEFT_BEHIND:
        terminalreporter.write_sep("=", "processes left behind (by a worker)", red=True)
        for message in LEFT_BEHIND:
            terminalreporter.write_line(message)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    if LEFT_BEHIND and not is_worker(session.config):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED

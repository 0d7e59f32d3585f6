"""The suite fails a run that leaves a process of its own running, and names it (conftest.py's
session-finish check), then stops it. Checked on a run of its own, in a subprocess; that a run
leaving nothing passes, every other run of the suite shows."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from process_tree import alive

TESTS = Path(__file__).resolve().parents[1]
LEAKY = """
import subprocess

def test_leaves_an_orphan_behind():
    # A grandchild whose parent exits at once: an orphan, no longer below pytest, found by its marker.
    out = subprocess.run(["sh", "-c", "sleep 300 >/dev/null 2>&1 & echo $!"], capture_output=True, text=True)
    print("ORPHAN", out.stdout.strip())
"""


def run_suite(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    test = tmp_path / "test_inner.py"
    test.write_text(source)
    # The suite's conftest as a plugin of a run on one file outside the tree; -s shows the print.
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "conftest", "-s", "-q", "-p", "no:cacheprovider", str(test)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": f"{TESTS}:{os.environ.get('PYTHONPATH', '')}"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_run_that_leaves_a_process_running_fails_and_names_it(tmp_path):
    result = run_suite(tmp_path, LEAKY)
    orphan = int(result.stdout.split("ORPHAN", 1)[1].split()[0])
    assert result.returncode == 1, result.stdout[-2000:]
    assert "processes left behind" in result.stdout and f"pid {orphan}: sleep 300" in result.stdout
    assert not alive(orphan)  # and stopped

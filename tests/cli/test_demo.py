"""`browserx demo`, the README's first command: the whole loop on the bundled page, offline."""

import subprocess
import sys

from PIL import Image


def test_demo_runs_the_loop_and_writes_a_marked_screenshot(tmp_path):
    out = tmp_path / "demo.png"
    done = subprocess.run(
        [sys.executable, "-m", "browserx.cli", "demo", "-o", str(out)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "→ ok" in done.stdout and "→ " in done.stdout
    failures = [line for line in done.stdout.splitlines() if line.startswith("·") and "→ ok" not in line]
    assert failures == []
    assert "Cart: 1 items" in done.stdout  # the click by id took effect
    assert "Added ✓" in done.stdout
    assert "correct horse battery staple" not in done.stdout + done.stderr  # the password never shows
    assert "hiker@example.com" not in done.stdout + done.stderr
    assert Image.open(out).size == (1280, 720)

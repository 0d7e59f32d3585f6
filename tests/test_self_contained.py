"""A clone passes on its own: no test, bench, script or source file reaches outside the repository,
and the committed synthetic pages are what their generator writes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from corpus import PAGES, readability_pages

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("src", "tests", "bench", "scripts")
TEXT = {".py", ".sh", ".js", ".mjs", ".md", ".toml", ".json", ".cfg", ".ini", ".txt", ".yaml", ".yml", ""}
SKIPPED_DIRS = {"node_modules", "__pycache__"}

# `Path(__file__).resolve().parents[N]` or `Path(__file__).parent.parent...`: where that climbs to.
PARENTS_INDEX = re.compile(r"__file__\)(?:\.resolve\(\))?\.parents\[(\d+)\]")
PARENT_CHAIN = re.compile(r"__file__\)(?:\.resolve\(\))?((?:\.parent\b)+)")
# A relative path that starts by climbing out of its file's folder (not a climb inside a longer path or URL).
CLIMB = re.compile(r"(?<![\w./\\-])((?:\.\./)+)")
# The folder holding the checkout, named absolutely (a path of this machine's, not of a clone's).
MACHINE_ROOT = re.compile(r"(?<![\w.:/-])/w[o]rk/")  # [o]: so that this line is no match itself
# The folder beside the checkout that held the corpus, as prose names it (from the repository root).
BESIDE = re.compile(r"\.\./s[h]ared\b")


def scanned_files() -> list[Path]:
    files = []
    for top in SCANNED:
        for path in (ROOT / top).rglob("*"):
            parts = path.relative_to(ROOT).parts
            if any(part in SKIPPED_DIRS or part.startswith(".") for part in parts) or not path.is_file():
                continue
            if path.suffix in TEXT:
                files.append(path)
    return files


def reaches_outside(relative: Path, text: str) -> list[str]:
    """The lines of the file at `relative` (to ROOT) that name a place outside ROOT, as 'file:line: text'."""
    top_level = len(relative.parts) - 1  # parents[top_level] of this file is ROOT
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        climbs = [int(n) for n in PARENTS_INDEX.findall(line)]
        climbs += [chain.count(".parent") - 1 for chain in PARENT_CHAIN.findall(line)]
        escapes = any(n > top_level for n in climbs)
        for match in CLIMB.finditer(line):
            target = (ROOT / relative.parent / match.group(1)).resolve()
            escapes = escapes or not target.is_relative_to(ROOT)
        if escapes or MACHINE_ROOT.search(line) or BESIDE.search(line):
            found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_no_file_refers_to_a_path_outside_the_repository():
    files = scanned_files()
    assert len(files) > 100  # the scan sees the tree (a wrong ROOT would find nothing and pass)
    texts = {path.relative_to(ROOT): path.read_text(encoding="utf-8", errors="replace") for path in files}
    assert [line for relative, text in texts.items() for line in reaches_outside(relative, text)] == []


def test_the_check_sees_each_way_out():
    # Each way out, as a file two folders down would write it (built from pieces, so that this file
    # itself names no place outside), beside the same forms staying inside.
    up, sibling = "../", "sha" + "red"
    lines = [
        f'A = Path(__file__).resolve().parents[{3}] / "{sibling}"',
        "B = Path(__file__)" + ".parent" * 4,
        f'C = "{up * 3}{sibling}/corpus"',
        f"D = '/wo{'rk/'}{sibling}/pages'",
        f"E = 'see {up}{sibling}/FACTS.md'",
        f'inside = Path(__file__).resolve().parents[{2}] / "tests"',
        "inside = Path(__file__)" + ".parent" * 3,
        f'inside = "{up * 2}etc/passwd"',
        f'inside = "/tmp/{up * 4}etc", "https://example.com/work/x"',
    ]
    found = reaches_outside(Path("tests/page/probe.py"), "\n".join(lines))
    assert [line.split(":")[1] for line in found] == ["1", "2", "3", "4", "5"]


def test_no_tracked_link_points_outside_the_repository():
    # A committed symlink to a folder of this machine (a worktree's `.services` link to another
    # checkout's) is dangling in a clone elsewhere: setup_services.sh then cannot make the folder.
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: no tracked files to read")
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-s", "-z"], capture_output=True, check=True, timeout=30
    ).stdout.decode()
    links = [entry.split("\t", 1)[1] for entry in listed.split("\0") if entry.startswith("120000 ")]
    # Judged by the link's text (where it points may not exist here, or may loop), not followed.
    targets = {link: Path(os.path.normpath((ROOT / link).parent / os.readlink(ROOT / link))) for link in links}
    assert {link: str(target) for link, target in targets.items() if not target.is_relative_to(ROOT)} == {}


def test_the_readability_pages_are_in_the_repository():
    pages = readability_pages()
    assert len(pages) == 65
    assert all((page / "source.html").stat().st_size > 0 for page in pages)
    license_files = {"LICENSE.md", "NOTICE", "README.md"}
    assert license_files <= {p.name for p in pages[0].parent.iterdir()}


def test_the_synthetic_pages_are_what_their_generator_writes(tmp_path):
    subprocess.run(
        [sys.executable, str(PAGES / "make_pages.py"), "--out", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(p.name for p in PAGES.iterdir() if p.name != "make_pages.py")
    assert [name for name in written if (tmp_path / name).read_bytes() != (PAGES / name).read_bytes()] == []

"""No dead links in the README and docs: every `](#anchor)` names a heading, every relative link a file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(markdown: str) -> set[str]:
    """GitHub's heading slugs (lowercase, punctuation dropped, spaces to hyphens), code fences skipped."""
    found: set[str] = set()
    counts: dict[str, int] = {}
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        match = None if fenced else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if match:
            slug = re.sub(r"[^\w\- ]", "", match.group(1).strip().lower()).replace(" ", "-")
            n = counts.get(slug, 0)
            counts[slug] = n + 1
            found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def test_the_slugs_follow_github():
    assert anchors("## What is guaranteed, and how it is tested\n```\n# not a heading\n```\n## Benchmarks\n") == {
        "what-is-guaranteed-and-how-it-is-tested",
        "benchmarks",
    }


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_link_resolves(doc):
    text = doc.read_text(encoding="utf-8")
    own = anchors(text)
    dead = []
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        file = (doc.parent / path).resolve() if path else doc
        known = (own if file == doc else anchors(file.read_text())) if file.suffix == ".md" and file.exists() else None
        if not file.exists() or (anchor and known is not None and anchor not in known):
            dead.append(target)
    assert dead == []

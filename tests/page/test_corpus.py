"""The page model on every real-world page of tests/corpus/readability/.

One pass over the corpus (one conversation, one tab) builds, per page: the model (take_snapshot),
the aimap check (each selector matches exactly the element its id resolves to, ` >> ` hops
followed), the privacy check (values planted in the page's fields never reach the text output),
reader-text recall and precision against Readability's expected article, and Chromium's agreement
on control roles and names. The tests below each assert one of those over all pages. Means are
printed (`-s`) and added to the pytest terminal summary.

Pages are served as UTF-8 over HTTP (saved pages are UTF-8 whatever they declare), every other host blocked.
"""

from __future__ import annotations

import asyncio
import re
import statistics
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest

from browserx.actions.navigation import navigate
from browserx.errors import BrowserxError
from browserx.page import SnapshotOptions, take_snapshot
from browserx.fidelity.axcheck import compare_with_chromium
from browserx.page.render import llm_json, render_text
from browserx.page.world import PageWorld
from corpus import READABILITY, readability_pages

PAGES = [page.name for page in readability_pages()]
PLANT = "qzplant"  # + a number: a token no page contains
TABS = 3
AX_LIMIT = 60  # controls per page compared with Chromium (the check costs CDP calls per control)

# Floors: the measured means minus a margin (measured 2026-11-23 on
# the 65 public pages: recall 0.971, precision 0.970 with seattletimes-1 counting as 0/0; role+name
# agreement 0.987 over 2667 controls).
RECALL_FLOOR = 0.93
PRECISION_FLOOR = 0.93
AX_AGREEMENT_FLOOR = 0.95

# Fill every visible, editable text-like field with a unique token, as typing would.
PLANT_VALUES = """function (prefix) {
  const textlike = new Set(["", "text", "email", "search", "tel", "url", "password"]);
  let n = 0;
  const visit = (root) => {
    for (const el of root.querySelectorAll("input, textarea, [contenteditable=''], [contenteditable=true]")) {
      if (el.localName === "input" && !textlike.has((el.getAttribute("type") || "").toLowerCase())) continue;
      if (el.disabled || el.readOnly) continue;
      const token = prefix + (n++) + "x";
      if (el.isContentEditable && el.localName !== "input" && el.localName !== "textarea") el.textContent = token;
      else el.value = token;
      el.dispatchEvent(new Event("input", {bubbles: true}));
    }
    for (const host of root.querySelectorAll("*")) if (host.shadowRoot) visit(host.shadowRoot);
  };
  visit(document);
  return n;
}"""

# For each id: does its selector, hop by hop, match exactly one element, the one element(id) returns?
CHECK_AIMAP = """function (aimap) {
  const bad = [];
  for (const [id, selector] of Object.entries(aimap)) {
    const target = globalThis.__browserx.element(id);
    let roots = [document], found = [];
    for (const part of selector.split(" >> ")) {
      try { found = roots.flatMap(r => [...r.querySelectorAll(part)]); } catch (e) { found = []; }
      if (found.length !== 1) break;
      roots = [found[0].shadowRoot || found[0].contentDocument || found[0]];
    }
    if (found.length !== 1 || found[0] !== target) bad.push([id, selector, found.length, !!target]);
  }
  return bad;
}"""

# Request blocking does not cover frame navigations; dead hosts in frames can stall the load event
# for seconds (DNS), so the page's own policy keeps frames on the test server.
NO_FOREIGN_FRAMES = {"Content-Security-Policy": "frame-src 'self'"}

READER = "function (o) { return globalThis.__browserxReader.extract(document, o); }"


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def tokens(text: str) -> Counter[str]:
    return Counter(re.findall(r"\w+", text.lower()))


def recall_precision(got: str, expected: str) -> tuple[float, float]:
    want, have = tokens(expected), tokens(got)
    common = sum((want & have).values())
    return (
        common / sum(want.values()) if want else float(not have),
        common / sum(have.values()) if have else float(not want),
    )


async def _one_page(tab, server, name: str) -> dict[str, Any]:
    row: dict[str, Any] = {"page": name}
    url = server.route(
        f"/corpus/{name}/",
        (READABILITY / name / "source.html").read_bytes(),
        "text/html; charset=utf-8",
        headers=NO_FOREIGN_FRAMES,
    )
    await navigate(tab, url, timeout=20)
    world = PageWorld.of(tab)
    row["planted"] = await world.call(PLANT_VALUES, PLANT)
    try:
        model = await take_snapshot(tab, SnapshotOptions(max_text_chars=200_000))
    except BrowserxError as exc:
        row["error"] = f"{exc.code}: {exc.message}"
        return row
    row["controls"] = len(model.controls)
    row["bad_selectors"] = await world.call(CHECK_AIMAP, model.aimap)
    output = render_text(model) + "\n" + str(llm_json(model))
    row["leaked"] = sorted(set(re.findall(PLANT + r"\d+x", output)))
    expected = html_text((READABILITY / name / "expected.html").read_text(encoding="utf-8"))
    row["recall"], row["precision"] = recall_precision(model.text, expected)
    row["reader_equals_model_text"] = model.text == await world.call(READER, {})
    row["body_visible"] = await world.call(
        "function () { return getComputedStyle(document.body).visibility === 'visible'; }"
    )
    row["ax"] = await compare_with_chromium(tab, model, limit=AX_LIMIT)
    return row


class _Summary:
    """A pytest plugin registered at run time: adds the corpus means to the terminal summary."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def pytest_terminal_summary(self, terminalreporter) -> None:
        terminalreporter.write_sep("-", "page model on the readability corpus")
        for line in self.lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="module")
async def corpus(manager, server, request) -> dict[str, dict[str, Any]]:
    conversation = await manager.conversation("corpus")
    rows: dict[str, dict[str, Any]] = {}
    queue = list(PAGES)

    async def worker(tab) -> None:
        await tab.session.enable("Network")
        await tab.session.send(
            "Network.setBlockedURLs",
            {
                "urlPatterns": [
                    {"urlPattern": "http://127.0.0.1:*/*", "block": False},
                    {"urlPattern": "*://*/*", "block": True},
                ]
            },
        )
        while queue:
            name = queue.pop(0)
            rows[name] = await _one_page(tab, server, name)

    try:
        # A few tabs at once: most of a page's time is its load, which overlaps well.
        tabs = [await conversation.tab()] + [await conversation.new_tab() for _ in range(TABS - 1)]
        await asyncio.gather(*(worker(tab) for tab in tabs))
    finally:
        await manager.close_conversation("corpus")
    rows = {name: rows[name] for name in PAGES}
    built = [r for r in rows.values() if "error" not in r]
    lines = [
        f"{len(built)}/{len(rows)} pages built; reader text mean recall "
        f"{statistics.mean(r['recall'] for r in built):.3f}, mean precision "
        f"{statistics.mean(r['precision'] for r in built):.3f}",
    ]
    ax = [r["ax"] for r in built]
    compared = sum(a["controls"] for a in ax)
    if compared:
        lines.append(
            f"Chromium agreement over {compared} controls (≤{AX_LIMIT}/page): role "
            f"{sum(a['role_matches'] for a in ax) / compared:.3f}, name "
            f"{sum(a['name_matches'] for a in ax) / compared:.3f}, both "
            f"{sum(a['matches'] for a in ax) / compared:.3f}"
        )
    print("\n" + "\n".join(lines))
    request.config.pluginmanager.register(_Summary(lines), "browserx-corpus-summary")
    return rows


def _built(corpus):
    return [r for r in corpus.values() if "error" not in r]


async def test_every_corpus_page_builds_a_model(corpus):
    assert [(r["page"], r["error"]) for r in corpus.values() if "error" in r] == []


async def test_every_aimap_selector_matches_exactly_its_element(corpus):
    assert [(r["page"], r["bad_selectors"][:3]) for r in _built(corpus) if r["bad_selectors"]] == []
    assert sum(r["controls"] for r in _built(corpus)) > 1000  # the check ran on real controls


async def test_no_planted_field_value_reaches_the_text_output(corpus):
    assert sum(r["planted"] for r in _built(corpus)) > 20  # the corpus has fields to plant into
    assert [(r["page"], r["leaked"]) for r in _built(corpus) if r["leaked"]] == []


async def test_reader_text_covers_the_expected_article(corpus):
    rows = _built(corpus)
    assert statistics.mean(r["recall"] for r in rows) >= RECALL_FLOOR
    assert statistics.mean(r["precision"] for r in rows) >= PRECISION_FLOOR


async def test_the_model_text_is_the_reader_text_uncut_when_the_cap_allows(corpus):
    assert [r["page"] for r in _built(corpus) if not r["reader_equals_model_text"]] == []


async def test_a_page_whose_body_is_hidden_reports_no_reader_text(corpus):
    hidden = [r for r in _built(corpus) if not r["body_visible"]]
    assert hidden, "the corpus has a page with body { visibility: hidden } (seattletimes-1)"
    assert all(r["recall"] == 0 and r["precision"] == 0 for r in hidden)


async def test_control_roles_and_names_agree_with_chromium(corpus):
    ax = [r["ax"] for r in _built(corpus)]
    compared = sum(a["controls"] for a in ax)
    assert compared > 500
    assert sum(a["matches"] for a in ax) / compared >= AX_AGREEMENT_FLOOR

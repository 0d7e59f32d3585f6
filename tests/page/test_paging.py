"""Paged reader text: pieces of a snapshot concatenate to exactly the whole reader text."""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

import pytest

from browserx.actions.navigation import navigate
from browserx.cli import snapshot as snapshot_cli
from browserx.page import DomService, SnapshotOptions
from browserx.page.world import PageWorld
from corpus import readability_pages

FULL = "function () { return globalThis.__browserxReader.extract(document, {}); }"
WORDS = (
    "browser reader text page piece offset chromium article paragraph concatenate exactly whitespace "
    "never lose overlap agent model section heading control"
).split()


def article(chars: int, seed: int = 7) -> str:
    """A generated article of about `chars` characters of reader text: headings, paragraphs, a list."""
    rnd = random.Random(seed)
    parts, size, n = [], 0, 0
    while size < chars:
        n += 1
        if n % 12 == 1:
            block = f"<h2>Part {n}</h2>"
            size += 12
        elif n % 12 == 6:
            items = "".join(f"<li>item {n}.{k} {' '.join(rnd.choices(WORDS, k=6))}</li>" for k in range(4))
            block = f"<ul>{items}</ul>"
            size += 200
        else:
            sentence = " ".join(rnd.choices(WORDS, k=rnd.randint(40, 90)))
            block = f"<p>{n}: {sentence}, <b>bold {n}</b> and\n   <a href='#x{n}'>a link</a>.</p>"
            size += len(sentence) + 30
        parts.append(block)
    return "<title>Long</title><main><article><h1>Generated</h1>" + "".join(parts) + "</article></main>"


async def pieces(call, max_text_chars: int, **extra) -> list[dict]:
    """Every piece of the page's reader text, following next_offset."""
    out, offset = [], 0
    while offset is not None:
        result = await call(
            "browser_dom", action="snapshot", format="json", max_text_chars=max_text_chars, text_offset=offset, **extra
        )
        assert result.success, result.error
        out.append(result.data)
        assert len(out) < 500
        offset = result.data["next_offset"]
    return out


def assert_exact(parts: list[dict], full: str) -> None:
    assert "".join(p["text"] for p in parts) == full
    for before, after in zip(parts, parts[1:]):
        assert before["text_range"]["end"] == before["next_offset"] == after["text_range"]["offset"]
        assert before["text"][-1].isspace()  # cut at whitespace (these texts have some in every window)
    assert all(p["text_range"]["total"] == len(full) for p in parts)
    assert parts[-1]["next_offset"] is None and parts[-1]["text_range"]["end"] == len(full)


async def test_a_200000_character_article_pages_to_exactly_its_whole_text(tab, call, server):
    url = server.route("/paging/long", article(200_000))
    await navigate(tab, url)
    full = await PageWorld.of(tab).call(FULL)
    assert len(full) >= 190_000
    parts = await pieces(call, 20_000)
    assert len(parts) >= 10
    assert_exact(parts, full)
    # later pieces are text only; the first carries the page's controls
    assert parts[0]["controls"] and not parts[1]["controls"]
    assert parts[0]["omitted"]["text"] == len(full) - len(parts[0]["text"])


async def test_default_pieces_of_3000_concatenate_exactly_too(tab, call, server):
    await navigate(tab, server.route("/paging/mid", article(30_000, seed=3)))
    full = await PageWorld.of(tab).call(FULL)
    parts = await pieces(call, 3000)
    assert len(parts) >= 10 and all(len(p["text"]) <= 3000 for p in parts)
    assert_exact(parts, full)


def _long_corpus_pages(n: int) -> list[Path]:
    return sorted(readability_pages(), key=lambda p: -(p / "source.html").stat().st_size)[:n]


@pytest.mark.parametrize("page", _long_corpus_pages(4), ids=lambda p: p.name)
async def test_long_corpus_pages_concatenate_exactly(page, tab, call, server):
    # Only the test server answers (the corpus pages name hosts of the real web).
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
    await navigate(
        tab,
        server.route(
            f"/paging/corpus/{page.name}",
            (page / "source.html").read_bytes(),
            headers={"Content-Security-Policy": "frame-src 'self'"},
        ),
        timeout=20,
    )
    full = await PageWorld.of(tab).call(FULL)
    assert len(full) > 3000
    parts = await pieces(call, 3000)
    assert "".join(p["text"] for p in parts) == full
    assert parts[-1]["next_offset"] is None and len(parts) >= 2


async def test_a_word_longer_than_the_window_is_cut_hard_without_loss(tab, call, server):
    await navigate(tab, server.route("/paging/word", "<main><p>start " + "x" * 9000 + " end</p></main>"))
    full = await PageWorld.of(tab).call(FULL)
    parts = await pieces(call, 2000)
    assert "".join(p["text"] for p in parts) == full and len(parts) >= 5


async def test_text_format_ends_with_where_the_piece_sits_and_how_to_go_on(tab, call, server):
    await navigate(tab, server.route("/paging/text", article(12_000, seed=5)))
    first = (await call("browser_dom", action="snapshot")).data
    line = first.splitlines()[-1]
    match = re.fullmatch(r"\(text 0–([\d,]+) of ([\d,]+) chars; next: text_offset=(\d+)\)", line)
    assert match and int(match.group(1).replace(",", "")) == int(match.group(3))
    offset = int(match.group(3))
    total = int(match.group(2).replace(",", ""))
    assert f"{total - offset:d} text chars" in first  # the left-out count is exact
    later = (await call("browser_dom", action="snapshot", text_offset=offset, max_text_chars=200_000)).data
    assert later.splitlines()[-1] == f"(text {offset:,}–{total:,} of {total:,} chars; end)"
    assert "ids:" not in later  # a later piece is text only


async def test_a_page_that_changed_between_pieces_says_so(tab, call, server):
    await navigate(tab, server.route("/paging/changed", article(12_000, seed=9)))
    first = (await call("browser_dom", action="snapshot", format="json")).data
    same = (await call("browser_dom", action="snapshot", format="json", text_offset=first["next_offset"])).data
    assert same["text_changed"] is False
    await call("browser_eval", expression="document.querySelector('p').textContent = 'Rewritten opening words.'")
    changed = (await call("browser_dom", action="snapshot", format="json", text_offset=same["next_offset"])).data
    assert changed["text_changed"] is True
    # flagged once, against the piece read before it; the text format says it on its last line
    assert (await call("browser_dom", action="snapshot", format="json", text_offset=same["next_offset"])).data[
        "text_changed"
    ] is False
    await call("browser_eval", expression="document.querySelector('p').textContent = 'Rewritten once more.'")
    text = (await call("browser_dom", action="snapshot", text_offset=same["next_offset"])).data
    assert "CHANGED" in text.splitlines()[-1]
    # read again from the start: the new version pages on unflagged
    again = (await call("browser_dom", action="snapshot", format="json")).data
    assert "Rewritten once more." in again["text"]
    on = (await call("browser_dom", action="snapshot", format="json", text_offset=again["next_offset"])).data
    assert on["text_changed"] is False


async def test_paging_stays_exact_after_the_page_changed(tab, call, server):
    await navigate(tab, server.route("/paging/grow", article(8_000, seed=2)))
    await call("browser_dom", action="snapshot")
    await call(
        "browser_eval",
        expression="document.querySelector('article').insertAdjacentHTML('beforeend', "
        "'<p>A late paragraph, added after the first piece.</p>')",
    )
    full = await PageWorld.of(tab).call(FULL)
    parts = await pieces(call, 2500)
    assert "".join(p["text"] for p in parts) == full and "A late paragraph" in full


async def test_service_pieces_match_the_uncapped_model(tab, server):
    await navigate(tab, server.route("/paging/service", article(15_000, seed=4)))
    service = DomService.of(tab)
    whole = await service.snapshot(SnapshotOptions(max_text_chars=200_000), fresh=True)
    assert whole.next_offset is None and whole.omitted["text"] == 0
    text, offset = "", 0
    while offset is not None:
        piece = await service.snapshot(SnapshotOptions(max_text_chars=4000, text_offset=offset), fresh=True)
        text += piece.text
        offset = piece.next_offset
    assert text == whole.text


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    snapshot_cli.register(parser.add_subparsers())
    return parser.parse_args(["snapshot", *argv])


def test_cli_help_names_max_text_and_text_offset(capsys):
    with pytest.raises(SystemExit):
        parse("--help")
    out = capsys.readouterr().out
    assert "--max-text N" in out and "--text-offset K" in out and "--within" in out


async def test_cli_prints_the_piece_at_text_offset(server, capsys):
    url = server.route("/paging/cli", article(9_000, seed=11))
    assert await snapshot_cli.run(parse(url, "--max-text", "2000", "--text-offset", "2000")) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"\(text 2,000–[\d,]+ of [\d,]+ chars; next: text_offset=\d+\)", last)


async def test_cli_snapshot_of_a_file_names_its_file_url(tmp_path, capsys):
    page = tmp_path / "local page.html"
    page.write_text("<title>Local</title><p>Hello <a href='next.html'>next</a></p>", encoding="utf-8")
    assert await snapshot_cli.run(parse(str(page))) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == f"# Local — {page.resolve().as_uri()}"
    assert await snapshot_cli.run(parse(str(page), "--json")) == 0
    import json

    model = json.loads(capsys.readouterr().out)
    assert model["url"] == page.resolve().as_uri() and model["url"] != "about:blank"


def test_render_names_the_piece_and_the_next_offset_and_stays_quiet_for_a_whole_text():
    from browserx.page.model import PageModel
    from browserx.page.render import render_text

    first = PageModel(
        title="T",
        url="http://x/",
        text="One two ",
        text_range={"offset": 0, "end": 8, "total": 20},
        next_offset=8,
        omitted={"controls": 0, "headings": 0, "text": 12},
    )
    out = render_text(first)
    assert out.splitlines()[-1] == "(text 0–8 of 20 chars; next: text_offset=8)" and "12 text chars" in out
    later = PageModel(
        title="T",
        url="http://x/",
        text="three four five six.",
        text_range={"offset": 8, "end": 20, "total": 20},
        next_offset=None,
        text_changed=True,
    )
    lines = render_text(later).splitlines()
    assert lines[0] == "# T — http://x/" and "(no controls)" not in lines and "CHANGED" in lines[-1]
    assert lines[-1].endswith("end)")
    whole = PageModel(title="T", url="http://x/", text="All of it.", text_range={"offset": 0, "end": 10, "total": 10})
    assert render_text(whole).splitlines()[-1] == "All of it."
    assert "text_range" in whole.to_json_dict() and whole.to_json_dict()["next_offset"] is None
    assert "text_range" not in PageModel(title="T").to_json_dict()

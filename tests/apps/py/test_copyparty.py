"""copyparty (a file manager): upload a file through its up2k uploader (its drop zone, clicked, asks
"Files" or "One folder"; the upload answers the chooser "Files" opens), and rename a file from its list
(its row selected by the id `find` gives the row's date cell); judged from the shared folder on disk.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import PYTHON, AppProcess, Timings, control, free_port, need

DRAFT = "quarterly numbers\n"
A_DAY = 1_000_000_000  # 2001-09-09: the list's date column says it, and nothing else on the page does


@pytest.fixture
def file_server(tmp_path: Path) -> Iterator[tuple[AppProcess, Path, Path]]:
    need(importlib.util.find_spec("copyparty") is not None, "copyparty")
    share, mine = tmp_path / "share", tmp_path / "mine"
    share.mkdir()
    mine.mkdir()
    (share / "notes.txt").write_text("hello\n")
    (mine / "report-draft.txt").write_text(DRAFT)
    port = free_port()
    argv = [
        PYTHON,
        "-m",
        "copyparty",
        "-i",
        "127.0.0.1",
        "-p",
        str(port),
        "-v",
        f"{share}:/:rwmd",  # one volume, anyone may read, write, move and delete
        "--no-crt",
        "--hist",
        str(tmp_path / "hist"),
    ]
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    with AppProcess("copyparty", argv, cwd=tmp_path, env=env, ready=r"listening @ 127\.0\.0\.1", port=port) as app:
        Timings("copyparty").record("start", app.started_in)
        yield app, share, mine


async def test_a_file_uploaded_through_the_uploader_is_in_the_shared_folder(file_server, app_timings, mcp):
    app, share, mine = file_server
    with app_timings.measure("task: upload"):
        async with mcp(files=mine) as browser:
            await browser.navigate(app.url("/"))
            listing = await browser.snapshot()
            await browser.checkpoint("file list", listing)
            await browser.act("click", control(listing, "link", "🚀"))  # the up2k uploader's tab
            uploader = await browser.snapshot()
            await browser.checkpoint("uploader open", uploader)
            # The drop zone ("click me") asks first, as it asks a person: "Files" or "One folder"; "Files"
            # (a link that follows nothing) opens the chooser the upload answers.
            await browser.act("click", control(uploader, "clickable", re.compile(r"\(or click me\)")))
            question = await browser.snapshot()
            await browser.checkpoint("upload question", question)
            await browser.act("upload", control(question, "link", "Files"), paths=[str(mine / "report-draft.txt")])
            confirm = await browser.snapshot()
            await browser.checkpoint("upload confirmation", confirm)
            await browser.act("click", control(confirm, "link", "OK"))
            # up2k hashes the file, then posts it; copyparty logs the upload once it is written.
            await app.next_line(r"upload-queue-empty;report-draft\.txt", timeout=20)
            assert await browser.external_requests() == []
    assert (share / "report-draft.txt").read_text() == DRAFT


async def test_a_file_renamed_from_the_list_is_renamed_on_disk(file_server, mcp):
    app, share, _ = file_server
    (share / "report-draft.txt").write_text(DRAFT)
    os.utime(share / "report-draft.txt", (A_DAY, A_DAY))
    async with mcp() as browser:
        await browser.navigate(app.url("/"))
        await browser.checkpoint("file list", await browser.snapshot())
        # A person selects the file by clicking its row (not its link, which opens the file).
        found = await browser.act("find", query="2001-09-09")
        row_date = next(m["element_id"] for m in found["matches"] if m.get("element_id"))  # the first: its cell
        await browser.act("click", row_date)
        selected = await browser.snapshot()
        await browser.checkpoint("file selected", selected)
        await browser.act("click", control(selected, "link", "✎ name"))
        rename = await browser.snapshot()
        await browser.checkpoint("rename panel", rename)
        [new_name] = [c["id"] for c in rename["controls"] if c["role"] == "textbox" and "readonly" not in c["states"]]
        await browser.act("type", new_name, text="q3-report.txt")
        await browser.act("click", control(rename, "button", "✅ APPLY RENAME"))
    assert (share / "q3-report.txt").read_text() == DRAFT
    assert not (share / "report-draft.txt").exists()

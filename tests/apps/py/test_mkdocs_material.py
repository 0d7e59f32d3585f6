"""Material for MkDocs (a docs site with search): a small site (mkdocs_site/) is built at test time and
served by a plain HTTP server; search for a term, open the result; judged from the server's access log.

Material's search runs in a web worker over the site's search_index.json; the theme's Google Fonts
are off in mkdocs.yml (`font: false`), so the site renders with 127.0.0.1 only.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator

import pytest
from app_corpus import PYTHON, VENV_BIN, AppProcess, Timings, control, controls, free_port, need

MKDOCS = VENV_BIN / "mkdocs"
SITE = os.path.join(os.path.dirname(__file__), "mkdocs_site", "mkdocs.yml")
QUOKKA_RESULT = re.compile(r"^Quokka The quokka is a small marsupial")


@pytest.fixture(scope="module")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppProcess]:
    need(MKDOCS.is_file(), "MkDocs Material")
    home = tmp_path_factory.mktemp("mkdocs")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    built = Timings("mkdocs_material")
    with built.measure("build"):
        subprocess.run(
            [str(MKDOCS), "build", "-q", "-f", SITE, "-d", str(home / "site")], env=env, check=True, timeout=120
        )
    port = free_port()
    argv = [PYTHON, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(home / "site")]
    with AppProcess("mkdocs site", argv, cwd=home, ready=r"Serving HTTP on 127\.0\.0\.1", port=port) as app:
        built.record("start", app.started_in)
        yield app


async def test_searching_the_docs_opens_the_page_that_matches(docs_site, app_timings, mcp):
    app = docs_site
    with app_timings.measure("task: search, open"):
        async with mcp() as browser:
            await browser.navigate(app.url("/"))
            home = await browser.snapshot()
            await browser.checkpoint("docs home", home)
            search = control(home, "textbox", "Search")
            await browser.act("click", search)  # opens the search overlay
            await browser.act("type", search, text="quokka")
            # Material reads the query on keyup and browserx's type sends none (issue 22, new kind:
            # test_typing_a_query_shows_its_results below); a person's typing does. One key more:
            await browser.act("keypress", search, key="End")
            # The results come from the search worker after the key; a person watches them appear.
            await browser.call("browser_wait", text="Rottnest Island", timeout="10s")
            results = await browser.snapshot()
            await browser.checkpoint("search results", results)
            before = app.mark()
            await browser.act("click", control(results, "link", QUOKKA_RESULT))
            # The server's own log says which page the browser fetched after the search.
            await app.next_line(r'"GET /marsupials/ HTTP/1\.1" 200', timeout=10, after=before)
            page = await browser.snapshot("text")
            assert "Rottnest Island" in page
            assert await browser.external_requests() == []


async def test_typing_a_query_shows_its_results(docs_site, mcp):
    app = docs_site
    async with mcp() as browser:
        await browser.navigate(app.url("/"))
        home = await browser.snapshot()
        search = control(home, "textbox", "Search")
        await browser.act("click", search)
        await browser.act("type", search, text="quokka")
        await browser.act("keypress", search, key="End")
        await browser.call("browser_wait", text="Rottnest Island", timeout="10s")  # the worker is ready
        # What the next query shows depends only on what typing sends.
        await browser.act("type", search, text="kookaburra")
        await browser.call("browser_wait", text="laughing kookaburra", timeout="5s")
        results = await browser.snapshot()
        await browser.checkpoint("search results after typing", results)
        assert controls(results, "link", re.compile(r"^Kookaburra")), [c["name"] for c in results["controls"]]

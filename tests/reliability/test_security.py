"""Security defaults: allowed origins on every navigation, file:// only when asked, eval switchable."""

from __future__ import annotations

import pytest

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import ToolContext, default_registry

REGISTRY = default_registry()


@pytest.fixture
async def guarded(server):
    """A conversation allowed only the test server's 127.0.0.1 origin; localhost is another origin."""
    async with BrowserManager(BrowserConfig(allowed_origins=[server.base])) as manager:
        ctx = ToolContext(manager, "guarded")

        async def call(name, **arguments):
            return await REGISTRY.dispatch(name, arguments, ctx)

        yield call


def _elsewhere(server, path):
    return f"http://localhost:{server.port}{path}"


async def test_navigation_outside_the_allowed_origins_is_refused(guarded, server):
    assert (await guarded("browser_navigate", url=_elsewhere(server, "/x"))).code == "ORIGIN_NOT_ALLOWED"
    assert (await guarded("browser_navigate", url=server.route("/ok", "<title>ok</title>"))).success


@pytest.mark.parametrize("how", ["link", "script", "form"])
async def test_page_initiated_navigation_outside_the_list_is_blocked(guarded, server, how):
    server.route("/landing", "<title>landed</title>")
    outside = _elsewhere(server, "/landing")
    trigger = {
        "link": f'<a id="go" href="{outside}">go</a><script>document.getElementById("go").click()</script>',
        "script": f"<script>location.href = {outside!r}</script>",
        "form": f'<form id="f" action="{outside}"></form><script>document.getElementById("f").submit()</script>',
    }[how]
    start = server.route(f"/start-{how}", f"<title>start</title>{trigger}")
    result = await guarded("browser_navigate", url=start)
    logs = await guarded("browser_eval", expression="location.href")
    assert not logs.data["result"].startswith("http://localhost")
    assert server.requests.get("/landing", 0) == 0  # the outside request never reached the server
    notices = [
        n
        for n in result.metadata.get("notices", []) + logs.metadata.get("notices", [])
        if n["type"] == "navigation_blocked"
    ]
    assert notices and notices[0]["url"].startswith("http://localhost")


async def test_redirect_to_another_origin_is_blocked(guarded, server):
    server.route("/final", "<title>final</title>")
    start = server.route("/redirect", "", status=302, headers={"Location": _elsewhere(server, "/final")})
    result = await guarded("browser_navigate", url=start)
    assert not result.success or result.data.get("title") != "final"
    assert server.requests.get("/final", 0) == 0


async def test_iframe_from_another_origin_is_blocked(guarded, server):
    server.route("/inner", "<title>inner</title><p>inner</p>")
    outer = server.route("/outer", f'<iframe src="{_elsewhere(server, "/inner")}"></iframe>')
    result = await guarded("browser_navigate", url=outer)
    assert result.success
    assert server.requests.get("/inner", 0) == 0


async def test_same_origin_navigation_still_works(guarded, server):
    target = server.route("/next", "<title>next</title>")
    start = server.route("/same", f"<script>location.href = {target!r}</script>")
    result = await guarded("browser_navigate", url=start)
    assert result.success and result.data["title"] == "next"
    assert server.requests["/next"] == 1


async def test_file_urls_only_when_asked_for(tmp_path):
    page = tmp_path / "local.html"
    page.write_text("<title>local file</title>")
    async with BrowserManager(BrowserConfig()) as manager:
        refused = await REGISTRY.dispatch("browser_navigate", {"url": page.as_uri()}, ToolContext(manager))
        assert refused.code == "ORIGIN_NOT_ALLOWED"
    async with BrowserManager(BrowserConfig(allow_file_urls=True, file_roots=[str(tmp_path)])) as manager:
        allowed = await REGISTRY.dispatch("browser_navigate", {"url": page.as_uri()}, ToolContext(manager))
        assert allowed.success and allowed.data["title"] == "local file"


async def test_file_urls_reach_only_files_under_the_file_roots(tmp_path):
    inside, outside = tmp_path / "inside", tmp_path / "outside"
    inside.mkdir(), outside.mkdir()
    (outside / "secret.html").write_text("<title>secret</title>")
    async with BrowserManager(BrowserConfig(allow_file_urls=True, file_roots=[str(inside)])) as manager:
        ctx = ToolContext(manager)
        refused = await REGISTRY.dispatch("browser_navigate", {"url": (outside / "secret.html").as_uri()}, ctx)
        assert refused.code == "FILE_NOT_ALLOWED"
        # A path that climbs out of a root is judged where it lands.
        climbing = inside.as_uri() + "/../outside/secret.html"
        assert (await REGISTRY.dispatch("browser_navigate", {"url": climbing}, ctx)).code == "FILE_NOT_ALLOWED"
        assert (
            await REGISTRY.dispatch("browser_navigate", {"url": "file:///etc/passwd"}, ctx)
        ).code == "FILE_NOT_ALLOWED"

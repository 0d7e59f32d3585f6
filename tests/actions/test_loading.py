"""Real-world loading (issue 16): a page is ready when it is usable, not when its last request answers.

Stalls are the test server holding a resource (`server.hold`) or the end of a document
(`server.stream`); every call gets a short timeout, and a held resource is released (or the test's
reset releases it) so no server thread outlives its test for long.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading

import pytest

from browserx.actions import navigation
from cli_process import browserx
from corpus import READABILITY

SHOP = "<title>Shop</title><h1>Shop</h1><button>Buy</button>"


def stalled(
    server, path: str = "/shop", held: str = "/slow.png", tag: str = "<img src='{held}'>", before: str = ""
) -> tuple[str, threading.Event]:
    """A page whose HTML arrives at once and whose one resource never does (until released)."""
    _arrived, release = server.hold(held)
    return server.route(path, before + SHOP + tag.format(held=held)), release


async def arrived(event: threading.Event) -> bool:
    return await asyncio.to_thread(event.wait, 5)


# -- a stalled resource leaves the page usable ----------------------------------------------


async def test_a_stalled_image_is_a_usable_page_whose_load_is_pending(call, server):
    url, _release = stalled(server)
    result = await call("browser_navigate", url=url, timeout="5s")
    assert result.success, result.error
    assert result.data["url"] == url and result.data["title"] == "Shop"
    assert result.data["load"] == "pending"
    assert result.data["pending_requests"] == 1 and result.data["pending_urls"] == [server.url("/slow.png")]
    assert result.metadata["duration_ms"] < 5000  # answered before its timeout: it did not wait for the image


async def test_a_stalled_script_at_the_end_of_the_body_leaves_the_page_usable(call, server):
    url, _release = stalled(server, held="/tracker.js", tag="<script src='{held}'></script>")
    result = await call("browser_navigate", url=url, timeout="5s")
    assert result.success, result.error
    assert result.data["load"] == "pending" and result.data["dom_content_loaded"] is False
    assert result.data["pending_urls"] == [server.url("/tracker.js")]
    snapshot = await call("browser_dom", action="snapshot")
    assert "Buy" in snapshot.data  # everything above the script is there to use


async def test_a_stalled_script_before_the_body_is_timeout_naming_it(call, server):
    _arrived, _release = server.hold("/head.js")
    url = server.route("/head", "<title>Head</title><script src='/head.js'></script><body><p>never parsed</p>")
    result = await call("browser_navigate", url=url, timeout="2s")
    assert result.code == "TIMEOUT"
    assert result.error["details"]["missing"] == "body"
    assert result.error["details"]["pending_urls"] == [server.url("/head.js")]


async def test_a_stalled_iframe_is_a_usable_page_whose_load_is_pending(call, server):
    url, _release = stalled(server, held="/ad-frame", tag="<iframe src='{held}'></iframe>")
    result = await call("browser_navigate", url=url, timeout="5s")
    assert result.success, result.error
    assert result.data["load"] == "pending" and result.data["pending_urls"] == [server.url("/ad-frame")]
    assert "Buy" in (await call("browser_dom", action="snapshot")).data


async def test_the_load_arrives_within_the_load_wait_and_is_reported_complete(tab, server):
    arrived_event, release = server.hold("/late.png")
    url = server.route("/late", SHOP + "<img src='/late.png'>")
    navigating = asyncio.ensure_future(navigation.navigate(tab, url, timeout=8, load_wait=5))
    assert await arrived(arrived_event)
    release.set()  # the image answers while navigate still waits for the load event
    result = await navigating
    assert result["load"] == "complete" and "pending_requests" not in result


# -- the document itself --------------------------------------------------------------------


async def test_a_held_document_is_timeout_within_the_timeout(call, server):
    _arrived, _release = server.hold("/held")
    result = await call("browser_navigate", url=server.url("/held"), timeout="2s")
    assert result.code == "TIMEOUT"
    assert result.error["details"]["missing"] == "response"
    assert result.metadata["duration_ms"] < 2000 + 3000


async def test_a_document_still_arriving_is_timeout_saying_so(call, server):
    url, _release = server.stream("/half", "<title>Half</title><p>first part", "<p>rest</p>")
    result = await call("browser_navigate", url=url, timeout="2s")
    assert result.code == "TIMEOUT"
    assert result.error["details"]["missing"] == "document"
    assert result.error["details"]["pending_urls"] == [url]


async def test_a_redirect_chain_lands_on_the_final_page(call, server):
    final, _release = stalled(server, path="/final")
    server.route("/r2", "", status=302, headers={"Location": "/final"})
    first = server.route("/r1", "", status=301, headers={"Location": "/r2"})
    result = await call("browser_navigate", url=first, timeout="5s")
    assert result.success, result.error
    assert result.data["url"] == final and result.data["title"] == "Shop" and result.data["load"] == "pending"


async def test_a_script_redirect_before_the_page_is_usable_is_followed(call, server):
    final = server.route("/after", "<title>After</title><p>here</p>")
    first = server.route("/before", "<script>location.replace('/after')</script><p>leaving</p>")
    result = await call("browser_navigate", url=first, timeout="5s")
    assert result.success, result.error
    assert result.data["url"] in (first, final)  # the first document may be usable before it leaves
    assert (await call("browser_eval", expression="document.title")).success


# -- pages that never go quiet ----------------------------------------------------------------

FETCH_LOOP = """<title>Live</title><button>Refresh</button><script>
  (async () => { for (let n = 0; ; n++) { await fetch('/tick?' + n); await new Promise(r => setTimeout(r, 100)); } })();
</script>"""


async def test_a_never_ending_fetch_loop_slows_no_tool(call, server):
    server.route("/tick", "{}", content_type="application/json")
    url = server.route("/live", FETCH_LOOP)
    result = await call("browser_navigate", url=url, timeout="5s")
    assert result.success and result.data["load"] == "complete"  # fetches do not hold the load event
    snapshot = await call("browser_dom", action="snapshot")
    assert snapshot.success and "(still loading)" not in snapshot.data.splitlines()[0]
    button = re.search(r"(bu_\d+) Refresh", snapshot.data).group(1)
    assert (await call("browser_dom", action="click", element_id=button)).success
    assert (await call("browser_take_screenshot")).success
    assert server.requests.get("/tick", 0) >= 1


async def test_network_idle_on_a_never_ending_fetch_loop_answers_at_its_timeout(call, server):
    server.route("/tick", "{}", content_type="application/json")
    url = server.route("/live", FETCH_LOOP)
    result = await call("browser_navigate", url=url, timeout="2s", wait_until="network_idle")
    assert result.success, result.error
    assert result.data["network_idle"] is False and result.data["load"] == "complete"
    assert result.metadata["duration_ms"] >= 2000  # it did wait for a quiet network, until its timeout


NEVER_QUIET = """<title>Busy</title><button onclick="window.clicked = true">Refresh</button><div id=spin>*</div>
<script>
  let turn = 0;
  (function spin() { document.getElementById('spin').style.rotate = (turn++ % 360) + 'deg'; requestAnimationFrame(spin); })();
  fetch('/poll').then(r => r.text());
  const socket = new WebSocket('ws://127.0.0.1:PORT/');
  socket.onmessage = e => { window.pushed = (window.pushed || 0) + 1; };
</script>"""


async def test_long_polling_a_websocket_and_an_animation_slow_no_tool(call, server, tab):
    import websockets

    async def push(socket):
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:
                await socket.send("tick")
                await asyncio.sleep(0.05)  # the page's feed: it never stops pushing

    _arrived, _release = server.hold("/poll")
    async with websockets.serve(push, "127.0.0.1", 0) as ws_server:
        port = ws_server.sockets[0].getsockname()[1]
        url = server.route("/busy", NEVER_QUIET.replace("PORT", str(port)))
        result = await call("browser_navigate", url=url, timeout="5s")
        assert result.success, result.error
        assert result.data["load"] == "complete", result.data
        assert result.data["pending_urls"] == [server.url("/poll")], result.data
        snapshot = await call("browser_dom", action="snapshot")
        assert snapshot.success and "(still loading)" not in snapshot.data.splitlines()[0], snapshot.data
        button = re.search(r"(bu_\d+) Refresh", snapshot.data).group(1)
        clicked = await call("browser_dom", action="click", element_id=button)
        assert clicked.success and "load" not in clicked.data["effects"], clicked
        assert (await call("browser_take_screenshot")).success
        assert (await call("browser_eval", expression="window.clicked")).data["result"] is True
        pushed = await call(
            "browser_eval",
            timeout="3s",
            expression=(
                "new Promise(r => { const t = setInterval(() => { if (window.pushed) { clearInterval(t); r(true); } }, 20); })"
            ),
        )
        assert pushed.data["result"] is True, pushed  # the feed kept flowing all along


# -- wait_until -------------------------------------------------------------------------------


async def test_wait_until_network_idle_waits_for_a_quiet_network(call, server):
    url = server.route("/quiet", "<title>Quiet</title><script>fetch('/data').then(r => r.text())</script>")
    server.route("/data", "{}", content_type="application/json")
    result = await call("browser_navigate", url=url, timeout="5s", wait_until="network_idle")
    assert result.success and result.data["network_idle"] is True and result.data["load"] == "complete"
    assert server.requests.get("/data") == 1


async def test_wait_until_load_waits_for_the_load_event_where_usable_does_not(tab, server):
    url, _release = stalled(server)
    # load_wait 0: "usable" answers at DOMContentLoaded, the image still held.
    usable = await navigation.navigate(tab, url, timeout=5, load_wait=0)
    assert usable["load"] == "pending"
    # (another image: Chromium shares a resource still loading between documents)
    arrived_event, release = server.hold("/slow2.png")
    url = server.route("/shop2", SHOP + "<img src='/slow2.png'>")
    loading = asyncio.ensure_future(navigation.navigate(tab, url, timeout=5, wait_until="load", load_wait=0))
    assert await arrived(arrived_event)
    release.set()  # only now can the load event fire: "load" saw it
    assert (await loading)["load"] == "complete"


async def test_wait_until_load_on_a_stalled_page_answers_pending_at_its_timeout(call, server):
    url, _release = stalled(server)
    result = await call("browser_navigate", url=url, timeout="2s", wait_until="load")
    assert result.success, result.error
    assert result.data["load"] == "pending" and result.metadata["duration_ms"] >= 2000


async def test_wait_until_commit_answers_while_the_document_still_arrives(call, server):
    url, release = server.stream("/half", "<title>Half</title><p>first part", "<p>rest</p>")
    result = await call("browser_navigate", url=url, timeout="3s", wait_until="commit")
    assert result.success, result.error
    assert result.data["url"] == url and result.data["load"] == "pending"
    assert result.data["dom_content_loaded"] is False
    release.set()


async def test_wait_until_is_validated(call, server):
    result = await call("browser_navigate", url=server.route("/v", "<p>v</p>"), wait_until="forever")
    assert result.code == "VALIDATION_ERROR"


# -- the page model and screenshots of a loading page -----------------------------------------


async def test_snapshot_and_screenshot_of_a_loading_page_do_not_wait_and_say_so(call, server, tab):
    url, release = stalled(server)
    await call("browser_navigate", url=url, timeout="5s")
    text = await call("browser_dom", action="snapshot")
    assert text.data.splitlines()[0] == f"# Shop — {url} (snapshot 1) (still loading)"
    assert "Buy" in text.data
    assert (await call("browser_dom", action="snapshot", format="json")).data["loading"] is True
    assert (await call("browser_take_screenshot")).success
    async with tab.session.wait_for("Page.loadEventFired", timeout=5):
        release.set()
    assert "(still loading)" not in (await call("browser_dom", action="snapshot")).data.splitlines()[0]
    assert "loading" not in (await call("browser_dom", action="snapshot", format="json")).data


# -- history, reload, tabs and actions on a stalling page -------------------------------------


async def test_history_and_reload_on_a_stalling_page_answer_usable(call, server):
    plain = server.route("/plain", "<title>Plain</title><p>plain</p>")
    url, _release = stalled(server)
    assert (await call("browser_navigate", url=plain)).data["load"] == "complete"
    assert (await call("browser_navigate", url=url, timeout="5s")).data["load"] == "pending"
    back = await call("browser_history", action="back", timeout="5s")
    assert back.success and back.data["title"] == "Plain" and back.data["load"] == "complete"
    forward = await call("browser_history", action="forward", timeout="5s")
    assert forward.success, forward.error
    assert forward.data["title"] == "Shop" and forward.data["load"] == "pending"
    reloaded = await call("browser_history", action="reload", timeout="5s")
    assert reloaded.success, reloaded.error
    assert reloaded.data["title"] == "Shop" and reloaded.data["load"] == "pending"
    assert reloaded.data["pending_urls"] == [server.url("/slow.png")]


async def test_history_within_the_document_answers_at_once(call, server):
    url = server.route("/frag", "<title>Frag</title><p id=a>a</p>")
    await call("browser_navigate", url=url)
    await call("browser_navigate", url=url + "#a")
    back = await call("browser_history", action="back", timeout="3s")
    assert back.success and back.data["url"] == url


async def test_a_tab_opened_at_a_stalling_page_reports_its_load(call, server):
    url, _release = stalled(server)
    result = await call("browser_tabs", action="open", url=url, timeout="5s")
    assert result.success, result.error
    assert result.data["navigation"]["url"] == url and result.data["navigation"]["load"] == "pending"


async def test_a_link_click_to_a_stalling_page_reports_the_navigation_and_its_load(call, server):
    target, _release = stalled(server, path="/target")
    page = server.route("/links", f"<title>Links</title><a href='{target}'>Go shopping</a>")
    await call("browser_navigate", url=page)
    snapshot = await call("browser_dom", action="snapshot")
    link = re.search(r"(li_\d+) \"?Go shopping", snapshot.data).group(1)
    result = await call("browser_dom", action="click", element_id=link)
    assert result.success, result.error
    effects = result.data["effects"]
    assert effects["url"] == target
    assert effects["load"] == "pending" and effects["pending_urls"] == [server.url("/slow.png")]
    assert "Buy" in (await call("browser_dom", action="snapshot")).data


async def test_a_link_click_to_a_quick_page_reports_its_load_complete(call, server):
    target = server.route("/quick", "<title>Quick</title><p>done</p>")
    await call("browser_navigate", url=server.route("/links", f"<a href='{target}'>Quick page</a>"))
    snapshot = await call("browser_dom", action="snapshot")
    link = re.search(r"(li_\d+) Quick page", snapshot.data).group(1)
    effects = (await call("browser_dom", action="click", element_id=link)).data["effects"]
    assert effects["url"] == target and effects["load"] == "complete"


async def test_load_wait_is_a_browser_setting(server):
    from browserx.browser import BrowserConfig
    from browserx.errors import ValidationError

    assert BrowserConfig(load_wait=0).load_wait == 0
    with pytest.raises(ValidationError):
        BrowserConfig(load_wait=-1)


# -- the corpus pages whose load stalls on third-party frames ---------------------------------


@pytest.mark.parametrize("name", ["buzzfeed-1", "gmw", "yahoo-4"])
async def test_a_corpus_page_whose_frames_stall_its_load_is_usable_before_its_timeout(tab, server, name):
    # Every request off the test server is blocked, but frame navigations are not blocked that way:
    # their dead hosts hold the load event for seconds (5-8 s here), longer than this timeout.
    source = READABILITY / name / "source.html"
    await tab.session.send(
        "Network.setBlockedURLs",
        {
            "urlPatterns": [
                {"urlPattern": "http://127.0.0.1:*/*", "block": False},
                {"urlPattern": "*://*/*", "block": True},
            ]
        },
    )
    url = server.route(f"/corpus/{name}/", source.read_bytes(), "text/html; charset=utf-8")
    result = await navigation.navigate(tab, url, timeout=4)
    assert result["url"] == url and result["load"] in ("complete", "pending")


# -- the command line -------------------------------------------------------------------------


def test_load_wait_is_an_option_of_every_command():
    from browserx.cli import build_parser
    from browserx.cli.common import config_from_args

    args = build_parser().parse_args(["navigate", "http://127.0.0.1/", "--load-wait", "0.25", "--wait-until", "load"])
    assert config_from_args(args).load_wait == 0.25 and args.wait_until == "load"
    assert (
        config_from_args(build_parser().parse_args(["snapshot", "http://127.0.0.1/", "--load-wait", "3"])).load_wait
        == 3
    )


async def test_the_navigate_command_answers_usable_on_a_stalling_page(server):
    url, _release = stalled(server)
    code, out, err = await browserx("navigate", url, "--timeout", "5s", "--load-wait", "0", "--json")
    assert code == 0, err
    data = json.loads(out)["data"]
    assert data["url"] == url and data["load"] == "pending" and data["pending_urls"] == [server.url("/slow.png")]

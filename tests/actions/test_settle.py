"""Actions settle: they return once the requests they started have finished and the page has
rendered them (bounded by `settle`), and say whether they did."""

from __future__ import annotations

import asyncio
import threading
import time

SEARCH = """<title>search</title>
<button id=go onclick="search()">Search</button><div id=out></div>
<input id=q aria-label=Query oninput="search()">
<button id=still onclick="window.clicks = (window.clicks || 0) + 1">Count</button>
<script>
function search() {
  document.getElementById('out').textContent = 'Loading…';
  fetch('/api/results').then(r => r.json()).then(items => {
    document.getElementById('out').innerHTML = '<ul>' + items.map(i => '<li>' + i + '</li>').join('') + '</ul>';
  });
}
</script>"""
RESULTS = '["Blue mug", "Red mug", "Green mug"]'


def _answer_after(server, path: str, seconds: float) -> None:
    """The server answers `path` `seconds` after the request arrives (a slow backend)."""
    arrived, release = server.hold(path)

    def later() -> None:
        if arrived.wait(10):
            time.sleep(seconds)  # the backend's latency, on the server's thread
        release.set()

    threading.Thread(target=later, daemon=True).start()


async def _page(call, server):
    server.route("/api/results", RESULTS, content_type="application/json")
    assert (await call("browser_navigate", url=server.route("/search", SEARCH))).success


async def _snapshot(call) -> str:
    result = await call("browser_dom", action="snapshot")
    assert result.success, result.error
    return result.data


async def test_a_click_whose_fetch_renders_after_700ms_returns_after_the_render(call, server, eid, tab):
    await _page(call, server)
    _answer_after(server, "/api/results", 0.7)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#go"))
    assert clicked.success, clicked.error
    assert clicked.data["settled"] is True and "pending_requests" not in clicked.data
    assert clicked.data["effects"]["dom_changed"] is True
    text = await _snapshot(call)
    assert "Blue mug" in text and "Green mug" in text and "Loading" not in text


async def test_typing_that_starts_a_search_settles_too(call, server, eid, tab):
    await _page(call, server)
    _answer_after(server, "/api/results", 0.3)
    typed = await call("browser_dom", action="type", element_id=await eid(tab, "#q"), text="m")
    assert typed.success and typed.data["settled"] is True
    assert "Red mug" in await _snapshot(call)


async def test_a_request_still_running_at_the_bound_is_named(call, server, eid, tab):
    await _page(call, server)
    _arrived, release = server.hold("/api/results")
    try:
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#go"), settle="300ms")
        assert clicked.success and clicked.data["settled"] is False
        assert clicked.data["pending_requests"] == [server.url("/api/results")]
    finally:
        release.set()


async def test_settle_0s_does_not_wait(call, server, eid, tab):
    await _page(call, server)
    _arrived, release = server.hold("/api/results")
    try:
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#go"), settle="0s")
        assert clicked.success and clicked.data["settled"] is False
        assert "Loading" in await _snapshot(call)  # the response is still held: the click did not wait for it
    finally:
        release.set()


async def test_a_click_that_starts_nothing_is_settled_at_once(call, server, eid, tab, js):
    await _page(call, server)
    clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#still"))
    assert clicked.success and clicked.data["settled"] is True and "pending_requests" not in clicked.data
    assert await js(tab, "window.clicks") == 1
    assert server.requests.get("/api/results") is None


async def test_requests_that_were_running_before_the_action_are_not_its_own(call, server, eid, tab):
    await _page(call, server)
    arrived, release = server.hold("/api/results")
    try:
        started = await call("browser_dom", action="click", element_id=await eid(tab, "#go"), settle="0s")
        assert started.success
        assert await asyncio.to_thread(arrived.wait, 10)
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#still"))
        assert clicked.data["settled"] is True  # the search's request is the first click's
    finally:
        release.set()

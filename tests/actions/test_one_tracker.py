"""One record of the requests in flight per tab (tab.load): navigation's network_idle, browser_wait
network_idle and the settle step after an action agree on what counts. A long-lived connection
(EventSource) is open by design and counts for none of them; a fetch counts for all."""

from __future__ import annotations

import asyncio

FEED = """<title>feed</title><button id=more onclick="new EventSource('/events?' + Date.now())">More</button>
<script>new EventSource('/events');</script>"""
SLOW = """<title>slow</title><button id=fetch onclick="fetch('/api/slow')">Fetch</button>"""


async def test_an_open_event_stream_holds_no_wait(call, server, eid, tab):
    arrived, release = server.hold("/events")
    server.route("/events", "data: never\n\n", content_type="text/event-stream")
    try:
        url = server.route("/feed", FEED)
        result = await call("browser_navigate", url=url, timeout="5s", wait_until="network_idle")
        assert result.success and result.data["network_idle"] is True, result.data
        assert await asyncio.to_thread(arrived.wait, 10)  # the stream is open, and stays so
        assert "pending_urls" not in result.data
        waited = await call("browser_wait", network_idle=True, timeout="3s")
        assert waited.success, waited.error
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#more"))
        assert clicked.success and clicked.data["settled"] is True and "pending_requests" not in clicked.data
    finally:
        release.set()


async def test_a_fetch_still_running_counts_for_every_wait(call, server, eid, tab):
    fetch_arrived, fetch_release = server.hold("/api/slow")
    server.route("/api/slow", "{}", content_type="application/json")
    try:
        assert (await call("browser_navigate", url=server.route("/slow", SLOW))).success
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#fetch"), settle="300ms")
        assert clicked.success and clicked.data["pending_requests"] == [server.url("/api/slow")]
        assert await asyncio.to_thread(fetch_arrived.wait, 10)
        waited = await call("browser_wait", network_idle=True, timeout="500ms")
        assert waited.code == "TIMEOUT"
        assert waited.error["details"]["last_state"]["pending_requests"] == [server.url("/api/slow")]
    finally:
        fetch_release.set()

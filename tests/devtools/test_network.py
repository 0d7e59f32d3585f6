"""browser_get_network_sources: where each response came from, sizes, errors, bodies."""

from __future__ import annotations

from pathlib import Path

from browserx.actions.navigation import navigate
from browserx.browser.children import children_of


def only(requests, **fields):
    found = [r for r in requests if all(r.get(k) == v for k, v in fields.items())]
    assert len(found) == 1, (fields, requests)
    return found[0]


async def test_fetch_answered_by_the_worker_is_reported_service_worker(tab, call, pwa, server, js):
    await pwa(tab)
    assert (await js(tab, "window.get('/pwa/cached.txt')")).strip() == "cached by the service worker"
    data = (await call("browser_get_network_sources", filter="cached.txt")).data
    page_fetch = only(data["requests"], context=None, url=server.url("/pwa/cached.txt"))
    installed = only(data["requests"], context=f"service_worker:{server.url('/pwa/sw.js')}")
    assert installed["source"] == "network"  # the worker cached it from the network on install
    assert page_fetch["source"] == "service_worker"
    assert page_fetch["service_worker_source"] == "cache-storage"
    assert page_fetch["status"] == 200


async def test_worker_passthrough_shows_the_workers_own_network_fetch(tab, call, pwa, server, js):
    await pwa(tab)
    [worker] = [c for c in children_of(tab).children.values() if c.target_type == "service_worker"]
    # The page has its response before the worker's session reports its own fetch finished (another
    # process): wait for that event, armed before the fetch, so the size is known when we ask.
    fetch_ids: set[str] = set()
    off = worker.session.on(
        "Network.requestWillBeSent",
        lambda p: fetch_ids.add(p["requestId"]) if "network.txt" in p["request"]["url"] else None,
    )
    try:
        async with worker.session.wait_for(
            "Network.loadingFinished", timeout=10, predicate=lambda p: p["requestId"] in fetch_ids
        ):
            assert (await js(tab, "window.get('/pwa/network.txt')")).strip() == "fresh from the network"
    finally:
        off()
    requests = (await call("browser_get_network_sources", filter="network.txt")).data["requests"]
    from_page = only(requests, context=None)
    assert from_page["source"] == "service_worker" and from_page["service_worker_source"] == "network"
    from_worker = only(requests, context=f"service_worker:{server.url('/pwa/sw.js')}")
    assert from_worker["source"] == "network" and from_worker["size"] > 0


async def test_reload_of_cacheable_resource_comes_from_a_browser_cache(tab, call, server):
    server.route(
        "/c/lib.js", "window.libLoaded = true;", "application/javascript", headers={"Cache-Control": "max-age=3600"}
    )
    page = server.route("/c/page.html", "<script src='/c/lib.js'></script><p>cache test</p>")
    await navigate(tab, page)
    await navigate(tab, page)
    lib = [r for r in (await call("browser_get_network_sources", filter="/c/lib.js")).data["requests"]]
    assert [r["source"] for r in lib][0] == "network"
    assert lib[0]["size"] > 0
    assert lib[1]["source"] in ("memory_cache", "disk_cache")
    assert server.requests["/c/lib.js"] == 1


async def test_fetch_of_cacheable_resource_again_is_reported_disk_cache(tab, call, server, js):
    server.route("/c/data.json", '{"a": 1}', "application/json", headers={"Cache-Control": "max-age=3600"})
    await navigate(tab, server.route("/c/fetcher.html", "<p>fetcher</p>"))
    for _ in range(2):
        assert await js(tab, "fetch('/c/data.json').then(r => r.json())") == {"a": 1}
    sources = [r["source"] for r in (await call("browser_get_network_sources", filter="data.json")).data["requests"]]
    assert sources == ["network", "disk_cache"]


async def test_failed_request_reports_status_and_error(tab, call, server, js):
    server.route("/missing-thing", "gone", "text/plain", status=404)
    await navigate(tab, server.route("/c/errors.html", "<p>errors</p>"))
    await js(tab, "fetch('/missing-thing').then(r => r.status)")
    await js(tab, "fetch('http://127.0.0.1:1/refused').catch(e => e.name)")
    requests = (await call("browser_get_network_sources")).data["requests"]
    assert only(requests, url=server.url("/missing-thing"))["status"] == 404
    refused = only(requests, url="http://127.0.0.1:1/refused")
    assert refused["error"].startswith("net::ERR_")
    assert "status" not in refused


async def test_filter_and_limit_select_recent_requests(tab, call, server, js):
    await navigate(tab, server.route("/c/many.html", "<p>many</p>"))
    for i in range(5):
        server.route(f"/c/item{i}", str(i), "text/plain")
    await js(tab, "Promise.all([0,1,2,3,4].map(i => fetch('/c/item' + i).then(r => r.text())))")
    data = (await call("browser_get_network_sources", filter="/c/item", limit=2)).data
    assert data["matched"] == 5 and data["count"] == 2
    assert {r["url"] for r in data["requests"]} <= {server.url(f"/c/item{i}") for i in range(5)}
    by_type = (await call("browser_get_network_sources", filter="document")).data["requests"]
    assert [r["url"] for r in by_type] == [server.url("/c/many.html")]


async def test_small_body_is_returned_inline(tab, call, server, js):
    server.route("/c/small.txt", "hello body", "text/plain")
    await navigate(tab, server.route("/c/body.html", "<p>body</p>"))
    await js(tab, "fetch('/c/small.txt').then(r => r.text())")
    request_id = only(
        (await call("browser_get_network_sources", filter="small.txt")).data["requests"], url=server.url("/c/small.txt")
    )["request_id"]
    data = (await call("browser_get_network_sources", request_id=request_id)).data
    assert data["body"] == "hello body"
    assert data["body_bytes"] == 10


async def test_large_body_is_written_to_a_file(tab, call, conversation, server, js):
    payload = "x" * 20000
    server.route("/c/large.txt", payload, "text/plain")
    await navigate(tab, server.route("/c/body2.html", "<p>body</p>"))
    await js(tab, "fetch('/c/large.txt').then(r => r.text())")
    request_id = only(
        (await call("browser_get_network_sources", filter="large.txt")).data["requests"], url=server.url("/c/large.txt")
    )["request_id"]
    data = (await call("browser_get_network_sources", request_id=request_id)).data
    assert "body" not in data
    path = Path(data["body_file"])
    assert path.parent == conversation.output_dir
    assert path.read_text() == payload


async def test_unknown_request_id_is_not_found(tab, call):
    result = await call("browser_get_network_sources", request_id="no-such-request")
    assert result.code == "NOT_FOUND"


async def test_ring_buffer_keeps_only_the_most_recent_requests(tab, server, js):
    from browserx.devtools.network import network_log, network_sources

    log = network_log(tab)
    log.maxlen = 3
    await navigate(tab, server.route("/c/ring.html", "<p>ring</p>"))
    for i in range(5):
        server.route(f"/c/r{i}", str(i), "text/plain")
        await js(tab, f"fetch('/c/r{i}').then(r => r.text())")
    data = network_sources(tab, limit=50)
    assert [r["url"] for r in data["requests"]] == [server.url(f"/c/r{i}") for i in (2, 3, 4)]
    assert data["older_dropped"] >= 3


async def test_body_of_a_response_from_the_worker_cache_is_returned_inline(tab, call, pwa, server, js):
    await pwa(tab)
    await js(tab, "window.get('/pwa/cached.txt')")
    request_id = only((await call("browser_get_network_sources", filter="cached.txt")).data["requests"], context=None)[
        "request_id"
    ]
    data = (await call("browser_get_network_sources", request_id=request_id)).data
    assert data["body"].strip() == "cached by the service worker"


async def test_binary_body_is_written_to_a_file_byte_for_byte(tab, call, server, js):
    payload = bytes(range(256)) * 2
    server.route("/c/blob.bin", payload, "application/octet-stream")
    await navigate(tab, server.route("/c/bin.html", "<p>bin</p>"))
    await js(tab, "fetch('/c/blob.bin').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    request_id = only(
        (await call("browser_get_network_sources", filter="blob.bin")).data["requests"], url=server.url("/c/blob.bin")
    )["request_id"]
    data = (await call("browser_get_network_sources", request_id=request_id)).data
    assert data["body_bytes"] == 512 and "body" not in data and "preview" not in data
    assert Path(data["body_file"]).read_bytes() == payload


async def test_both_extra_info_events_before_their_request_keep_the_headers_as_sent(tab):
    """Chromium was seen to send a fetch's requestWillBeSentExtraInfo and responseReceivedExtraInfo both
    ahead of its requestWillBeSent (about one run in four on a loaded machine): the Cookie it went out
    with must survive the second one. The events are replayed in that order on the tab's own log."""
    from browserx.devtools.network import network_log
    from browserx.devtools.requests import request_detail

    log = network_log(tab)
    sid = tab.session.session_id
    log._extra(sid, {"requestId": "r.1", "headers": {"Cookie": "sid=1", "Accept": "*/*"}}, "_sent_headers")
    log._extra(sid, {"requestId": "r.1", "headers": {"Set-Cookie": "sid=2"}, "statusCode": 200}, "_received_headers")
    request = {"url": "http://127.0.0.1:9/api", "method": "POST", "headers": {"Accept": "*/*"}}
    log._will_be_sent(sid, lambda: "page", {"requestId": "r.1", "request": request, "type": "Fetch"})
    log._response(sid, {"requestId": "r.1", "response": {"status": 200, "headers": {}}})
    detail = await request_detail(tab, "r.1", body=False)
    assert detail["request_headers"]["Cookie"] == "[redacted]"
    assert detail["response_headers"]["Set-Cookie"] == "[redacted]"

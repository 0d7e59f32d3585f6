"""The CDP client: replies by id, typed errors, timeouts, events, refcounted enable, close."""

import asyncio

import pytest

from browserx.errors import BrowserClosedError, CDPError, NodeNotFoundError, TimeoutError
from browserx.browser import launch_chrome
from browserx.cdp import CDPConnection


@pytest.fixture
async def chrome():
    process = await launch_chrome()
    yield process
    await process.terminate()


async def test_send_returns_the_result_of_its_own_call(chrome):
    connection = await CDPConnection.open(chrome.ws_url)
    try:
        results = await asyncio.gather(*(connection.send("Browser.getVersion") for _ in range(20)))
        assert all("product" in r for r in results)
    finally:
        await connection.close()


async def test_chrome_error_messages_map_to_typed_errors(tab):
    with pytest.raises(NodeNotFoundError) as info:
        await tab.session.send("DOM.describeNode", {"backendNodeId": 987654321})
    assert info.value.code == "NODE_NOT_FOUND"
    with pytest.raises(CDPError) as info:
        await tab.session.send("Nope.notAMethod")
    assert info.value.code == "CDP_ERROR"


async def test_every_call_is_bounded_by_its_timeout(tab):
    with pytest.raises(TimeoutError) as info:
        await tab.session.send(
            "Runtime.evaluate", {"expression": "new Promise(() => {})", "awaitPromise": True}, timeout=0.2
        )
    assert info.value.code == "TIMEOUT"


async def test_closing_the_socket_fails_every_pending_call_at_once(chrome):
    connection = await CDPConnection.open(chrome.ws_url)
    target = await connection.send("Target.createTarget", {"url": "about:blank"})
    session = await connection.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
    pending = [
        asyncio.ensure_future(
            connection.send(
                "Runtime.evaluate",
                {"expression": "new Promise(() => {})", "awaitPromise": True},
                session_id=session["sessionId"],
                timeout=30,
            )
        )
        for _ in range(3)
    ]
    await asyncio.sleep(0)  # let the sends go out
    await connection.close()
    results = await asyncio.wait_for(asyncio.gather(*pending, return_exceptions=True), 5)
    assert [type(r) for r in results] == [BrowserClosedError] * 3
    with pytest.raises(BrowserClosedError):
        await connection.send("Browser.getVersion")


async def test_events_reach_bounded_listener_queues(tab):
    with tab.session.listen("Runtime.consoleAPICalled", maxsize=2) as queue:
        await tab.session.send("Runtime.evaluate", {"expression": "for (let i = 0; i < 5; i++) console.log(i)"})
        await tab.session.send("Runtime.evaluate", {"expression": "1"})  # replies come after the events
        first = await queue.get(timeout=5)
        second = await queue.get(timeout=5)
    assert queue.dropped == 3
    assert [first["args"][0]["value"], second["args"][0]["value"]] == [3, 4]


async def test_wait_for_catches_an_event_fired_by_the_trigger(tab, server):
    url = server.route("/w", "<p>hi</p>")
    async with tab.session.wait_for("Page.loadEventFired", timeout=10) as event:
        await tab.session.send("Page.navigate", {"url": url})
    assert "timestamp" in event.result()


async def test_enable_is_reference_counted(tab):
    await tab.session.enable("DOM")
    await tab.session.enable("DOM")
    await tab.session.disable("DOM")
    # still enabled: DOM.getDocument works only with the domain on
    assert (await tab.session.send("DOM.getDocument", {"depth": 0}))["root"]["nodeName"] == "#document"
    await tab.session.disable("DOM")
    assert tab.session._enabled["DOM"] == 0


async def test_a_local_browser_is_spoken_to_without_compression(chrome):
    # Deflating every message (page models, screenshots) costs time on this machine and saves nothing.
    connection = await CDPConnection.open(chrome.ws_url)
    try:
        assert "127.0.0.1" in chrome.ws_url or "localhost" in chrome.ws_url
        assert connection._ws.response.headers.get("Sec-WebSocket-Extensions") is None
        assert "product" in await connection.send("Browser.getVersion")
    finally:
        await connection.close()

"""The look after an action waits for the answer its server gives over a WebSocket when that answer comes as
several messages with a pause between them: an acknowledgement at once, the result later (a server that
queues the work, runs it, then sends its output). The action asked either over the socket itself or by an
HTTP request that the server answers at once while its output comes down the socket. The page writes the
result in a requestAnimationFrame after the message, as frameworks that batch their renders do. A socket
that streams on its own (a ticker) is never taken for an answer."""

from __future__ import annotations

import asyncio
import contextlib
import json

import websockets
from test_settle_socket import tick_forever

from browserx.actions.settle import DEFAULT_SETTLE

RESULT_AFTER_S = 0.2  # the server's work: the result comes this long after its acknowledgement
STEP_S = 0.15  # a server that reports each step: queued, running (this long after), the result (as long again)

APP = """<title>queued app</title>
<button id=save>Save</button> <button id=post>Save by request</button>
<p role=status id=status>Nothing saved</p>
<script>
const socket = new WebSocket('ws://127.0.0.1:PORT/');
window.ready = new Promise(r => { socket.onopen = () => r(true); });
window.heard = 0;
socket.onmessage = (e) => {
  window.heard++;
  const m = JSON.parse(e.data);
  if (m.saved) requestAnimationFrame(() => {
    document.getElementById('status').textContent = 'Trip ' + m.saved + ' saved';
  });
};
document.getElementById('save').onclick = () => socket.send(JSON.stringify({save: true}));
document.getElementById('post').onclick = () => fetch('/queued-save', {method: 'POST', body: '{}'});
</script>"""


def _kept_in(sockets: list):
    """A socket server's handler that keeps each connection in `sockets` (the test speaks on it) until it closes."""

    async def app(socket):
        sockets.append(socket)
        with contextlib.suppress(websockets.ConnectionClosed):
            await socket.wait_closed()

    return app


async def _open(call, server, tab, js, port: int, path: str) -> None:
    url = server.route(path, APP.replace("PORT", str(port)))
    assert (await call("browser_navigate", url=url)).success
    assert await js(tab, "window.ready")
    await call("browser_dom", action="snapshot")


async def _post_while(call, server, tab, eid, server_side) -> dict:
    """Click "Save by request" while `server_side(arrived, release)` answers its request and speaks on the
    socket; the click's result data."""
    arrived, release = server.hold("/queued-save")
    worker = asyncio.create_task(server_side(arrived, release))
    try:
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#post"), since="last")
    finally:
        release.set()
        await asyncio.wait_for(worker, 10)
    assert clicked.success, clicked.error
    return clicked.data


async def test_a_result_that_follows_the_sockets_acknowledgement_is_in_the_look_after_the_click(
    call, server, eid, tab, js
):
    async def app(socket):
        with contextlib.suppress(websockets.ConnectionClosed):
            async for _message in socket:
                await socket.send('{"queued": true}')
                await asyncio.sleep(RESULT_AFTER_S)  # the server runs the work it queued
                await socket.send('{"saved": 1}')

    async with websockets.serve(app, "127.0.0.1", 0) as ws_server:
        await _open(call, server, tab, js, ws_server.sockets[0].getsockname()[1], "/queued-socket")
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#save"), since="last")
        assert clicked.success, clicked.error
        assert "Trip 1 saved" in clicked.data["page"], clicked.data


async def test_a_result_that_comes_down_the_socket_after_the_request_was_answered_is_in_the_look_after_the_click(
    call, server, eid, tab, js
):
    sockets: list = []
    app = _kept_in(sockets)

    async def server_side(arrived, release) -> None:
        assert await asyncio.to_thread(arrived.wait, 10)
        release.set()  # the request is answered at once; the work is queued
        await sockets[0].send('{"queued": true}')
        await asyncio.sleep(STEP_S)
        await sockets[0].send('{"running": true}')
        await asyncio.sleep(STEP_S)
        await sockets[0].send('{"saved": 1}')

    async with websockets.serve(app, "127.0.0.1", 0) as ws_server:
        await _open(call, server, tab, js, ws_server.sockets[0].getsockname()[1], "/queued-request")
        clicked = await _post_while(call, server, tab, eid, server_side)
        assert "Trip 1 saved" in clicked["page"], clicked


async def test_a_socket_that_answered_the_last_request_is_awaited_when_its_next_answer_starts_late(
    call, server, eid, tab, js
):
    sockets: list = []
    app = _kept_in(sockets)

    async def server_side(arrived, release, saved: int, first_after: float) -> None:
        assert await asyncio.to_thread(arrived.wait, 10)
        release.set()  # the request is answered at once
        await asyncio.sleep(first_after)  # a busy server: its first message after the acknowledgement is late
        await sockets[0].send('{"queued": true}')
        await sockets[0].send(json.dumps({"saved": saved}))

    async def save(saved: int, first_after: float) -> dict:
        return await _post_while(call, server, tab, eid, lambda a, r: server_side(a, r, saved, first_after))

    async with websockets.serve(app, "127.0.0.1", 0) as ws_server:
        await _open(call, server, tab, js, ws_server.sockets[0].getsockname()[1], "/queued-late")
        first = await save(1, 0)
        assert "Trip 1 saved" in first["page"], first
        second = await save(2, RESULT_AFTER_S)
        assert "Trip 2 saved" in second["page"], second


async def test_a_socket_that_streams_on_its_own_does_not_hold_a_click_that_made_a_request(call, server, eid, tab, js):
    server.route("/queued-save", "{}", content_type="application/json")
    async with websockets.serve(tick_forever, "127.0.0.1", 0) as ws_server:
        await _open(call, server, tab, js, ws_server.sockets[0].getsockname()[1], "/queued-ticker")
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#post"), since="last")
        assert clicked.success, clicked.error
        assert server.requests.get("/queued-save") == 1
        # Its request and the quiet DOM after it, not the ticks to the bound.
        assert clicked.data["waited_ms"]["requests"] < DEFAULT_SETTLE * 1000 / 2, clicked.data
        assert await js(tab, "window.heard") > 0

"""The look after an action waits for the server's answer to what the action's handlers sent over a
WebSocket (an app whose state lives on its server: its inputs go up the socket, its outputs come down,
often as several messages: busy, the values, idle), until the socket falls quiet, within the bound.
A socket the page feeds on its own (a ticker) is not the action's."""

from __future__ import annotations

import asyncio
import contextlib

import websockets

from browserx.actions.settle import TIMER_WAIT_MS

APP = """<title>server app</title>
<button id=save>Save</button> <button id=plain>Plain</button>
<p role=status id=status>Nothing saved</p><p id=ticks>0</p>
<script>
const socket = new WebSocket('ws://127.0.0.1:PORT/');
let ticks = 0;
socket.onmessage = (e) => {
  const m = JSON.parse(e.data);
  if (m.tick) document.getElementById('ticks').textContent = String(++ticks);
  if (m.saved) document.getElementById('status').textContent = 'Trip ' + m.saved + ' saved';
};
socket.onopen = () => document.title = 'ready';
document.getElementById('save').onclick = () => socket.send(JSON.stringify({save: true}));
document.getElementById('plain').onclick = () => { window.pressed = (window.pressed || 0) + 1; };
</script>"""


async def tick_forever(socket) -> None:
    """A socket server's handler that streams on its own (a ticker), whatever the page asks."""
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            await socket.send('{"tick": true}')
            await asyncio.sleep(0.03)


async def test_the_answer_a_click_asked_over_a_websocket_is_in_the_look_after_it(call, server, eid, tab, js):
    saved = 0

    async def app(socket):
        nonlocal saved
        with contextlib.suppress(websockets.ConnectionClosed):
            async for _message in socket:
                await socket.send('{"busy": true}')
                await asyncio.sleep(0.08)  # the server works on it: the values come 80 ms after "busy"
                saved += 1
                await socket.send('{"saved": %d}' % saved)
                await socket.send('{"idle": true}')

    async with websockets.serve(app, "127.0.0.1", 0) as ws_server:
        port = ws_server.sockets[0].getsockname()[1]
        url = server.route("/socket-app", APP.replace("PORT", str(port)))
        assert (await call("browser_navigate", url=url)).success
        ready = await call("browser_wait", text="Nothing saved", timeout="5s")
        assert ready.success, ready.error
        await js(
            tab, "new Promise(r => { const t = () => document.title === 'ready' ? r(true) : setTimeout(t, 10); t(); })"
        )
        await call("browser_dom", action="snapshot")
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#save"), since="last")
        assert clicked.success, clicked.error
        assert "Trip 1 saved" in clicked.data["page"], clicked.data["page"]
        assert clicked.data["waited_ms"]["timers"] < TIMER_WAIT_MS, clicked.data


async def test_a_socket_the_page_is_fed_on_its_own_does_not_hold_a_click(call, server, eid, tab, js):
    async with websockets.serve(tick_forever, "127.0.0.1", 0) as ws_server:
        port = ws_server.sockets[0].getsockname()[1]
        url = server.route("/socket-ticker", APP.replace("PORT", str(port)))
        assert (await call("browser_navigate", url=url)).success
        await call("browser_dom", action="snapshot")
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#plain"), since="last")
        assert clicked.success, clicked.error
        assert "timers" not in clicked.data.get("waited_ms", {}), clicked.data  # nothing sent: nothing awaited
        assert await js(tab, "window.pressed") == 1

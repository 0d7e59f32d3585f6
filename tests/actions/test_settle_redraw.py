"""What an action's keys cause through a loop the page runs on its own (issue 31, kind 5).

A slider plugin whose keys only change its state: its redraw loop (a timeout that re-arms itself every
300 ms, started when the page loaded, never by an action) draws the new value in its next tick, writes it
into the hidden input and fires `change`; the app's input binding debounces `change` (250 ms, restarted on
each) and then sends the value to the server. A person sees the slider reach 7 and the value is sent a
moment later; the look after `fill 7` must come after that send, not between the redraw and the debounce.
The loop's own re-arm is not the action's: on the same page a click that changes nothing does not wait
for the next tick.
"""

from __future__ import annotations

import asyncio
import contextlib

import websockets

from browserx.actions.settle import TIMER_WAIT_MS

REDRAWN = """<!doctype html><title>Trip</title>
<style>
.wrap { position: relative; width: 300px; margin: 24px 8px; }
.track { display: block; position: relative; height: 8px; background: #ccc; outline: none; }
.thumb { position: absolute; top: -4px; width: 16px; height: 16px; background: #36c; }
.offscreen { position: absolute; width: 0; height: 0; overflow: hidden; padding: 0; border: 0; }
</style>
<label for=nights>Nights</label>
<div class=wrap><span class=slider><span class=track tabindex=0><span class=thumb></span></span>
  <span class=bubble></span></span><input id=nights class=offscreen readonly tabindex=-1 value=3></div>
<button id=plain onclick="window.pressed = (window.pressed || 0) + 1">Plain</button>
<p role=status id=status>Nothing sent</p>
<script>
const input = document.getElementById('nights'), track = document.querySelector('.track');
const thumb = document.querySelector('.thumb'), bubble = document.querySelector('.bubble');
let value = 3, drawn = null;
track.addEventListener('keydown', (e) => {  // the keys change the state only: the loop draws it
  const by = {ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1}[e.key];
  if (!by) return;
  e.preventDefault();
  value = Math.max(1, Math.min(14, value + by));
});
(function redraw() {  // the plugin's redraw loop, from the page's load on
  if (value !== drawn) {
    const first = drawn === null;
    drawn = value;
    thumb.style.left = (value - 1) * 22 + 'px'; bubble.textContent = value; input.value = value;
    if (!first) input.dispatchEvent(new Event('change'));
  }
  setTimeout(redraw, 300);
})();
const query = new URLSearchParams(location.search);
const socket = query.get('send') === 'socket' ? new WebSocket('ws://127.0.0.1:' + query.get('port')) : null;
if (socket) {
  socket.onmessage = (e) => { document.getElementById('status').textContent = e.data; };
  socket.onopen = () => { document.title = 'ready'; };
}
let debounce = 0;
input.addEventListener('change', () => {  // the app's input binding: debounced, restarted on each change
  clearTimeout(debounce);
  debounce = setTimeout(() => {
    window.sent = input.value;
    if (socket) socket.send(input.value);
    else document.getElementById('status').textContent = 'Nights sent: ' + input.value;
  }, 250);
});
</script>"""


async def _slider(call) -> str:
    model = await call("browser_dom", action="snapshot", format="json", include_values=True)
    assert model.success, model.error
    return next(c["id"] for c in model.data["controls"] if c["role"] == "slider")


async def test_the_value_a_redraw_loop_draws_after_the_keys_is_sent_before_the_look_after_fill(tab, load, call, js):
    await load(tab, REDRAWN)
    filled = await call(
        "browser_dom", action="fill", fields=[{"element_id": await _slider(call), "value": 7}], since="last"
    )
    assert filled.success, filled.error
    assert await js(tab, "window.sent") == "7"  # the debounce the redraw restarted has run
    assert "Nights sent: 7" in filled.data["page"], filled.data["page"]
    assert filled.data["waited_ms"]["timers"] < TIMER_WAIT_MS, filled.data  # the debounce, not to the bound


async def test_the_servers_answer_to_a_value_sent_after_the_redraw_is_in_the_look_after_fill(
    tab, load, call, js, server
):
    async def app(socket):
        with contextlib.suppress(websockets.ConnectionClosed):
            async for message in socket:
                await asyncio.sleep(0.05)  # the server works on it
                await socket.send(f"Server has {message} nights")

    async with websockets.serve(app, "127.0.0.1", 0) as ws_server:
        port = ws_server.sockets[0].getsockname()[1]
        url = server.route("/redrawn", REDRAWN)
        async with tab.session.wait_for("Page.loadEventFired"):
            await tab.session.send("Page.navigate", {"url": f"{url}?send=socket&port={port}"})
        await js(
            tab, "new Promise(r => { const t = () => document.title === 'ready' ? r(1) : setTimeout(t, 10); t(); })"
        )
        filled = await call(
            "browser_dom", action="fill", fields=[{"element_id": await _slider(call), "value": 7}], since="last"
        )
        assert filled.success, filled.error
        assert "Server has 7 nights" in filled.data["page"], filled.data["page"]


async def test_a_click_on_a_page_with_a_redraw_loop_does_not_wait_for_its_next_tick(tab, load, call, js, eid):
    await load(tab, REDRAWN)
    await call("browser_dom", action="snapshot")
    for _ in range(3):  # whenever the click falls between two ticks
        clicked = await call("browser_dom", action="click", element_id=await eid(tab, "#plain"), since="last")
        assert clicked.success, clicked.error
        assert "timers" not in clicked.data.get("waited_ms", {}), clicked.data
    assert await js(tab, "window.pressed") == 3

"""Actions settle on what the page does a little after them: pages often finish handling an input a task
or a frame later (a timer set on mouseup, a dialog's close event, a route's data fetched after its first
paint). An action the page reacted to is looked at again once the page is idle (inpage/reach.js
whenIdle), and the requests started by then are settled as the action's own."""

from __future__ import annotations

LATE = """<title>late</title>
<button id=day onmousedown="this.classList.add('picked')" onmouseup="setTimeout(openDay, 0)">November 26</button>
<dialog id=event><form method=dialog>
  <label>Title <input name=title></label><button value=save id=save>Save</button></form></dialog>
<p id=status role=status></p>
<button id=route onclick="go()">Open TASK-2</button>
<div id=task></div>
<script>
const dialog = document.getElementById('event');
function openDay() { dialog.showModal(); }
// The form posts once its dialog has closed: the close event comes a task after the click.
dialog.addEventListener('close', () => {
  if (dialog.returnValue !== 'save') return;
  fetch('/api/save', {method: 'POST'}).then(r => r.text()).then(t => { document.getElementById('status').textContent = t; });
});
// A router: the new route's data is fetched once its first frame is painted.
function go() {
  history.pushState({}, '', '/board/task-2');
  requestAnimationFrame(() => setTimeout(() => fetch('/api/task').then(r => r.text())
    .then(t => { document.getElementById('task').textContent = t; }), 0));
}
</script>"""


async def _page(call, server):
    server.route("/api/save", "Saved", content_type="text/plain")
    server.route("/api/task", "TASK-2 Fix login bug", content_type="text/plain")
    assert (await call("browser_navigate", url=server.route("/late", LATE))).success


async def _click(call, element_id: str, **args):
    clicked = await call("browser_dom", action="click", element_id=element_id, **args)
    assert clicked.success, clicked.error
    return clicked.data


async def test_a_dialog_a_click_opens_from_a_timer_is_in_the_clicks_effects(call, server, eid, tab):
    await _page(call, server)
    clicked = await _click(call, await eid(tab, "#day"))
    assert clicked["effects"]["focus"]["name"] == "Title"  # showModal focused the dialog's field


async def test_a_form_its_dialogs_close_event_posts_is_saved_when_the_click_returns(call, server, eid, tab, js):
    await _page(call, server)
    await _click(call, await eid(tab, "#day"))
    clicked = await _click(call, await eid(tab, "#save"))
    assert clicked["settled"] is True
    assert await js(tab, "document.getElementById('status').textContent") == "Saved"


async def test_a_route_whose_data_is_fetched_after_its_first_frame_is_shown_when_the_click_returns(
    call, server, eid, tab, js
):
    await _page(call, server)
    clicked = await _click(call, await eid(tab, "#route"))
    assert clicked["effects"]["url"].endswith("/board/task-2")
    assert await js(tab, "document.getElementById('task').textContent") == "TASK-2 Fix login bug"

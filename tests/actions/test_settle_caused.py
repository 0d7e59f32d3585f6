"""The look after an action waits for what the action set in motion a moment later: a layer it opened
finishing its entry transition (a calendar, a menu), and the short timers its own handlers started (a
status line written 50 ms after a Save). Timers the page runs on its own (a clock, a poll) are not the
action's: a click on a page with a ticking clock returns without waiting for it."""

from __future__ import annotations

from browserx.actions.element import LATE_LOOK_MS
from browserx.actions.settle import TIMER_WAIT_MS

CALENDAR = """<title>trip</title>
<style>
.cal { position: absolute; top: 40px; left: 0; opacity: 0; transform: translateY(-8px) scale(.96);
       transition: opacity 300ms ease, transform 300ms ease; visibility: hidden; }
.cal.open { opacity: 1; transform: none; visibility: visible; }
</style>
<label>Departure <input id=date readonly></label>
<div id=cal class=cal role=dialog aria-label="Choose date"></div>
<script>
const cal = document.getElementById('cal'), field = document.getElementById('date');
const mode = new URLSearchParams(location.search).get('mode');
function days() {
  const grid = document.createElement('div');
  grid.setAttribute('role', 'grid');
  for (let d = 1; d <= 30; d++) {
    const b = document.createElement('button');
    b.textContent = 'Day ' + d;
    b.onclick = () => { field.value = '2026-06-' + String(d).padStart(2, '0'); cal.classList.remove('open'); };
    grid.append(b);
  }
  cal.replaceChildren(grid);
}
field.addEventListener('click', () => {
  if (mode === 'start') { days(); cal.classList.add('open'); }
  if (mode === 'frame') { days(); requestAnimationFrame(() => cal.classList.add('open')); }
  if (mode === 'end') {
    cal.addEventListener('transitionend', days, {once: true});
    cal.classList.add('open');
  }
  if (mode === 'later') { setTimeout(() => { days(); cal.classList.add('open'); }, 30); }
  if (mode === 'script') {  // a fade a script draws frame by frame (a library's fadeIn), no CSS transition
    days();
    Object.assign(cal.style, {transition: 'none', visibility: 'visible', transform: 'none', opacity: '0'});
    const start = performance.now();
    requestAnimationFrame(function step(now) {
      const p = Math.min(1, (now - start) / 300);
      cal.style.opacity = String(0.5 - Math.cos(p * Math.PI) / 2);
      if (p < 1) requestAnimationFrame(step);
    });
  }
  if (mode === 'rendered') {  // a framework that renders a task after the transition's end event
    cal.addEventListener('transitionend', () => setTimeout(days, 0), {once: true});
    cal.classList.add('open');
  }
});
</script>"""

STATUS = """<title>trip</title>
<button id=save>Save</button>
<button id=plain onclick="window.pressed = (window.pressed || 0) + 1">Plain</button>
<button id=slow>Remind me</button>
<button id=chain>Sync</button>
<form id=trip><label>Trip name <input name=trip value=Lisbon></label><button>Save trip</button></form>
<button id=start>Start timer</button>
<div id=out role=status></div>
<p>It is <span id=clock>0</span></p>
<script>
const out = document.getElementById('out');
document.getElementById('save').onclick = () => setTimeout(() => { out.textContent = 'Trip 1 saved'; }, 50);
document.getElementById('slow').onclick = () => {
  setTimeout(() => { out.textContent = 'Reminder set'; }, 20);
  setTimeout(() => { out.textContent = 'Time to go'; }, 3000);
};
document.getElementById('chain').onclick = () => setTimeout(() => fetch('/api/sync').then(r => r.text())
  .then(t => { out.textContent = t; }), 40);
document.getElementById('start').onclick = () => {  // a stopwatch: it ticks until stopped
  let ticks = 0;
  setInterval(() => { out.textContent = 'Running ' + (++ticks); }, 100);
};
document.getElementById('trip').onsubmit = (event) => {
  event.preventDefault();  // an app saves without leaving the page, and says so a moment later
  setTimeout(() => { out.textContent = 'Trip Lisbon saved'; }, 150);
};
if (new URLSearchParams(location.search).get('clock')) {
  let n = 0;
  setInterval(() => { document.getElementById('clock').textContent = String(++n); }, 1000);
  (function poll() { fetch('/api/poll').finally(() => setTimeout(poll, 100)); })();
}
if (new URLSearchParams(location.search).get('jobs')) {  // a loop whose next tick is scheduled from a promise job
  let n = 0;
  (function tick() { n++; Promise.resolve().then(() => setTimeout(tick, 4)); })();
}
</script>"""


async def _open(call, server, path: str, html: str, query: str = "") -> None:
    url = server.route(path, html)
    assert (await call("browser_navigate", url=url + query)).success


async def _click(call, element_id: str, **args):
    clicked = await call("browser_dom", action="click", element_id=element_id, since="last", **args)
    assert clicked.success, clicked.error
    return clicked.data


async def _calendar_days_after_click(call, server, eid, tab, mode: str) -> str:
    """The look after clicking the date field; the click has returned once the calendar stands open."""
    await _open(call, server, "/calendar", CALENDAR, f"?mode={mode}")
    await call("browser_dom", action="snapshot")
    clicked = await _click(call, await eid(tab, "#date"))
    opacity = await tab.session.send(
        "Runtime.evaluate",
        {"expression": "getComputedStyle(document.getElementById('cal')).opacity", "returnByValue": True},
    )
    assert opacity["result"]["value"] == "1", clicked  # its entry finished, not a frame of it
    return clicked["page"]


async def test_a_calendar_opening_through_a_transition_shows_its_days_in_the_look_after_the_click(
    call, server, eid, tab
):
    page = await _calendar_days_after_click(call, server, eid, tab, "start")
    assert "Day 15" in page, page


async def test_a_calendar_whose_transition_starts_a_frame_later_shows_its_days(call, server, eid, tab):
    page = await _calendar_days_after_click(call, server, eid, tab, "frame")
    assert "Day 15" in page, page


async def test_a_calendar_that_adds_its_days_after_its_transition_ends_shows_them(call, server, eid, tab):
    page = await _calendar_days_after_click(call, server, eid, tab, "end")
    assert "Day 15" in page, page


async def test_a_calendar_opened_by_a_timer_of_the_click_shows_its_days(call, server, eid, tab):
    page = await _calendar_days_after_click(call, server, eid, tab, "later")
    assert "Day 15" in page, page


async def test_a_status_written_50ms_after_the_click_is_in_the_look_after_it(call, server, eid, tab):
    await _open(call, server, "/status", STATUS)
    await call("browser_dom", action="snapshot")
    clicked = await _click(call, await eid(tab, "#save"))
    assert "Trip 1 saved" in clicked["page"], clicked["page"]


async def test_a_status_the_forms_submit_handler_writes_150ms_later_is_in_the_look_after_the_click(
    call, server, eid, tab
):
    await _open(call, server, "/status", STATUS)
    await call("browser_dom", action="snapshot")
    clicked = await _click(call, await eid(tab, "#trip button"))
    assert "Trip Lisbon saved" in clicked["page"], clicked["page"]


async def test_a_timer_then_a_fetch_then_a_write_is_in_the_look_after_the_click(call, server, eid, tab):
    server.route("/api/sync", "Synced 3 trips", content_type="text/plain")
    await _open(call, server, "/status", STATUS)
    await call("browser_dom", action="snapshot")
    clicked = await _click(call, await eid(tab, "#chain"))
    assert "Synced 3 trips" in clicked["page"], clicked["page"]


async def test_a_calendar_that_renders_its_days_a_task_after_its_transition_ends_shows_them(call, server, eid, tab):
    page = await _calendar_days_after_click(call, server, eid, tab, "rendered")
    assert "Day 15" in page, page


async def test_a_click_waits_for_its_own_timer_and_never_for_the_pages_clock_or_poll(call, server, eid, tab, js):
    server.route("/api/poll", "ok", content_type="text/plain")
    await _open(call, server, "/status", STATUS, "?clock=1")
    await call("browser_dom", action="snapshot")
    saved = await _click(call, await eid(tab, "#save"))
    assert "Trip 1 saved" in saved["page"], saved["page"]
    assert saved["waited_ms"]["timers"] < TIMER_WAIT_MS, saved  # its 50 ms timer, not the poll after it
    plain = await _click(call, await eid(tab, "#plain"))
    assert "timers" not in plain.get("waited_ms", {}), plain  # the clock ticks and the poll polls meanwhile
    assert await js(tab, "window.pressed") == 1


async def test_a_timer_longer_than_the_bound_is_not_waited_for(call, server, eid, tab):
    await _open(call, server, "/status", STATUS)
    await call("browser_dom", action="snapshot")
    clicked = await _click(call, await eid(tab, "#slow"))
    assert "Reminder set" in clicked["page"], clicked["page"]  # the 20 ms one is
    assert "Time to go" not in clicked["page"]
    assert clicked["waited_ms"]["timers"] < TIMER_WAIT_MS, clicked  # as the action reports it: not to the bound


SEARCH = """<title>search</title>
<input id=q aria-label="Find a trip"><ul id=results></ul>
<script>
let timer = 0;
document.getElementById('q').addEventListener('input', (e) => {
  clearTimeout(timer);  // a debounce: the search runs 300 ms after the last key
  timer = setTimeout(() => fetch('/api/trips?q=' + encodeURIComponent(e.target.value)).then(r => r.text())
    .then(t => { document.getElementById('results').innerHTML = '<li>' + t + '</li>'; }), 300);
});
</script>"""


async def test_typing_into_a_debounced_search_shows_its_results_in_the_look_after_it(call, server, eid, tab):
    server.route("/api/trips", "Lisbon, 3 nights", content_type="text/plain")
    await _open(call, server, "/search", SEARCH)
    await call("browser_dom", action="snapshot")
    typed = await call("browser_dom", action="type", element_id=await eid(tab, "#q"), text="Lis", since="last")
    assert typed.success, typed.error
    assert "Lisbon, 3 nights" in typed.data["page"], typed.data["page"]
    assert typed.data["waited_ms"]["timers"] < TIMER_WAIT_MS  # the debounce's one timer, the others cleared


async def test_a_calendar_a_script_fades_in_frame_by_frame_shows_its_days(call, server, eid, tab):
    page = await _calendar_days_after_click(call, server, eid, tab, "script")
    assert "Day 15" in page, page


PROBE = """<title>probe</title><script>
window.seen = new Promise(resolve => {
  const natives = [setTimeout, setInterval, clearTimeout, clearInterval, requestAnimationFrame, cancelAnimationFrame,
    Function.prototype.toString];
  const looks = natives.map(f => Function.prototype.toString.call(f) === `function ${f.name}() { [native code] }`);
  const id = setTimeout(function (a, b) { resolve({looks, self: this === window, args: [a, b], id: typeof id,
    globals: Object.getOwnPropertyNames(window).filter(n => /^bx|browserx/i.test(n)),
    symbols: Object.getOwnPropertySymbols(window).length}); }, 0, 'a', 2);
});
</script>"""


async def test_a_page_sees_its_timers_as_native_and_no_trace_of_the_counting(call, server, tab, js):
    await _open(call, server, "/probe", PROBE)
    seen = await js(tab, "window.seen")
    assert seen == {"looks": [True] * 7, "self": True, "args": ["a", 2], "id": "number", "globals": [], "symbols": 0}


async def test_a_repeating_timer_the_click_starts_is_waited_for_once(call, server, eid, tab):
    await _open(call, server, "/status", STATUS)
    await call("browser_dom", action="snapshot")
    clicked = await _click(call, await eid(tab, "#start"))
    assert "Running" in clicked["page"], clicked["page"]
    # Its first tick and the look after it (LATE_LOOK_MS), not every tick up to the bound.
    assert clicked["waited_ms"]["timers"] < 100 + LATE_LOOK_MS + 100, clicked


async def test_a_loop_the_page_runs_through_promise_jobs_is_not_the_clicks(call, server, eid, tab, js):
    # Its next tick is scheduled from a promise job, not from a timer's callback; ticking every 4 ms, one lands
    # in every click's window (as a poll's answer does under load).
    await _open(call, server, "/status", STATUS, "?jobs=1")
    await call("browser_dom", action="snapshot")
    for _ in range(10):
        plain = await _click(call, await eid(tab, "#plain"))
        assert "timers" not in plain.get("waited_ms", {}), plain
    saved = await _click(call, await eid(tab, "#save"))
    assert "Trip 1 saved" in saved["page"], saved["page"]
    assert await js(tab, "window.pressed") == 10

"""Served cells inside a control, and rows whose handlers a framework keeps under a symbol (issue 31, kinds 4, 7).

A date picker's calendar panel takes focus (tabindex=0, for its arrow keys), so the walk lists it as a page-made
control; its day cells, whose clicks a framework's root listener serves (the handlers in each element's props),
were merged into it: one clickable holding the whole month. A person sees the month and clicks a day: each day is
an entry, and the panel, whose text is only its buttons, its days and the grid's column captions, adds no action
of its own. A panel with words of its own stays an entry beside its days.

Vue 3.4+ keeps a row's event invokers under `Symbol("_vei")` (a real listener on the row calls them): the rows of
such a table are served as React's are, their cells entries.
"""

from __future__ import annotations

CALENDAR = """<!doctype html><title>Trip</title>
<style>
  .popup { position: absolute; top: 60px; left: 10px; background: #fff; border: 1px solid #ccc; padding: 6px; }
  .day { cursor: pointer; padding: 2px 6px; text-align: center; }
  .other { color: #aaa; }
</style>
<div id=root>
  <label for=start>Start date</label> <input id=start autocomplete=off>
  <div class=popup id=popup hidden>
    <div class=panel tabindex=0>
      <div class=head><button aria-label="Previous month">‹</button><button>May</button><button>2026</button>
        <button aria-label="Next month">›</button></div>
      <table><thead><tr><th>Su</th><th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th></tr></thead>
        <tbody id=days></tbody></table>
    </div>
  </div>
  <div class=popup id=notes style="left: 300px">
    <div class=panel tabindex=0>
      <p>Pick a seat</p>
      <table><thead><tr><th>Row</th><th>Left</th><th>Right</th></tr></thead>
        <tbody><tr><th>1</th><td class=day>1A</td><td class=day>1B</td></tr></tbody></table>
    </div>
  </div>
</div>
<p id=picked></p>
<script>
const KEY = "__reactProps$" + Math.random().toString(36).slice(2);
const root = document.getElementById("root"), picked = document.getElementById("picked");
// The framework: one listener per event type at the root, the handlers in each element's props.
for (const type of ["click", "mousedown"]) {
  const prop = type === "click" ? "onClick" : "onMouseDown";
  root.addEventListener(type, (event) => {
    for (let n = event.target; n && n !== root; n = n.parentNode) {
      const props = n[KEY];
      if (props && props[prop]) props[prop](event);
    }
  });
}
// The panel keeps focus in the field (preventDefault on mousedown), as date pickers do.
for (const panel of document.querySelectorAll(".panel")) panel[KEY] = { onMouseDown: (e) => e.preventDefault() };
const start = document.getElementById("start"), popup = document.getElementById("popup");
start[KEY] = { onClick: () => { popup.hidden = false; } };
const body = document.getElementById("days");
// May 2026 from Sunday 26 April: five weeks.
let date = new Date(2026, 3, 26);
for (let week = 0; week < 5; week++) {
  const row = body.insertRow();
  row[KEY] = {};
  for (let d = 0; d < 7; d++, date = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1)) {
    const cell = row.insertCell();
    const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
    cell.className = date.getMonth() === 4 ? "day" : "day other";
    cell.title = iso;
    const inner = document.createElement("div");
    inner.textContent = date.getDate();
    cell.append(inner);
    cell[KEY] = { onClick: () => { start.value = iso; popup.hidden = true; picked.textContent = "Picked " + iso; } };
  }
}
for (const cell of document.querySelectorAll("#notes td")) {
  cell[KEY] = { onClick: () => { picked.textContent = "Seat " + cell.textContent; } };
}
</script>"""

VUE_ROWS = """<!doctype html><title>Hotels</title>
<style>td { padding: 4px 10px; }</style>
<h1>Hotels</h1>
<table><thead><tr><th>Hotel</th><th>City</th></tr></thead><tbody id=rows></tbody></table>
<p id=picked></p>
<script>
// Vue 3.4+: a real listener on the element calls the invoker it keeps under Symbol("_vei").
const vei = Symbol("_vei");
const body = document.getElementById("rows");
for (const [hotel, city] of [["Harbour", "Lisbon"], ["Alpine", "Zurich"]]) {
  const row = body.insertRow();
  for (const value of [hotel, city]) row.insertCell().textContent = value;
  const invoker = () => { document.getElementById("picked").textContent = "Picked " + hotel; };
  row[vei] = { onClick: invoker };
  row.addEventListener("click", invoker);
}
</script>"""


async def _model(call) -> dict:
    return (await call("browser_dom", action="snapshot", format="json")).data


def _named(model: dict, name: str) -> dict:
    return next(c for c in model["controls"] if c["name"] == name)


async def test_days_served_inside_a_calendar_panel_that_takes_focus_are_entries_and_the_panel_is_not(server, call):
    assert (await call("browser_navigate", url=server.route("/trip", CALENDAR))).success
    model = await _model(call)
    start = next(c for c in model["controls"] if c["name"] == "Start date")
    assert (await call("browser_dom", action="click", element_id=start["id"])).success
    model = await _model(call)
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    days = [name for role, name in shown if role == "clickable" and name.isdigit()]
    assert days == [str(d) for d in (26, 27, 28, 29, 30, *range(1, 31))], shown
    assert ("button", "Previous month") in shown and ("button", "May") in shown
    # The panel holds only its buttons, its days and the column captions: no entry of its own.
    assert not any(name.startswith(("Previous", "‹", "Su Mo")) for role, name in shown if role == "clickable"), shown
    assert (await call("browser_dom", action="click", element_id=_named(model, "20")["id"])).success
    assert "Picked 2026-05-20" in (await _model(call))["text"]


async def test_a_panel_with_words_of_its_own_stays_an_entry_beside_its_served_cells(server, call):
    assert (await call("browser_navigate", url=server.route("/trip", CALENDAR))).success
    model = await _model(call)
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    assert ("clickable", "1A") in shown and ("clickable", "1B") in shown, shown
    assert any(role == "clickable" and name.startswith("Pick a seat") for role, name in shown), shown
    assert (await call("browser_dom", action="click", element_id=_named(model, "1B")["id"])).success
    assert "Seat 1B" in (await _model(call))["text"]


async def test_rows_whose_invokers_vue_keeps_under_a_symbol_are_served(server, call):
    assert (await call("browser_navigate", url=server.route("/hotels", VUE_ROWS))).success
    model = await _model(call)
    clickable = [c["name"] for c in model["controls"] if c["role"] == "clickable"]
    assert clickable == ["Harbour", "Lisbon", "Alpine", "Zurich"], model["controls"]
    assert (await call("browser_dom", action="click", element_id=_named(model, "Alpine")["id"])).success
    assert "Picked Alpine" in (await _model(call))["text"]

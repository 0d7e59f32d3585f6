"""Rows whose clicks a listener on their table (or its container) serves are entries (issue 31, kind 7).

A data table whose row a person picks by clicking it is often served by ONE listener on the table, its
body or the box around it (delegation: the listener finds the row from the event's target): the rows carry
no role, no tabindex, no handler, no pointer cursor. A person sees a list of hotels and clicks one. Each
row is then one entry (not each of its cells). A listener on document or body (analytics, shortcuts) serves
no row in particular; a framework's root that listens to every event type dispatches to handlers of the
elements' own (test_root_served_cells.py); a table nobody listens around stays text.
"""

from __future__ import annotations

import re

DELEGATED = """<!doctype html><title>Hotels</title>
<style>td, th { padding: 4px 10px; } th { cursor: pointer; }</style>
<h1>Hotels</h1>
<div id=hotels><table>
  <thead><tr><th>Hotel</th><th>City</th><th id=rooms>Rooms left</th></tr></thead>
  <tbody></tbody>
</table></div>
<p id=picked></p>
<h2>Figures</h2>
<div><table id=figures><tbody>
  <tr><td>Revenue</td><td>120</td></tr><tr><td>Cost</td><td>80</td></tr>
</tbody></table></div>
<h2>Stock</h2>
<div id=app><table id=stock><tbody>
  <tr><td>Pens</td><td>40</td></tr><tr><td>Ink</td><td>12</td></tr>
</tbody></table></div>
<script>
let hotels = [["Harbour", "Lisbon", 9], ["Alpine", "Zurich", 2], ["Garden", "Kyoto", 5]];
const body = document.querySelector("#hotels tbody");
function render() {
  body.innerHTML = hotels
    .map(([h, c, r]) => `<tr data-hotel="${h}"><td>${h}</td><td>${c}</td><td>${r}</td></tr>`)
    .join("");
}
render();
const picked = document.getElementById("picked");
// The app's one listener, on the table's container: the row is found from the target.
document.getElementById("hotels").addEventListener("click", (event) => {
  const row = event.target.closest("tbody tr");
  if (row) picked.textContent = "Picked " + row.dataset.hotel;
});
document.getElementById("rooms").addEventListener("click", () => {
  hotels = [...hotels].sort((a, b) => a[2] - b[2]);
  render();
});
// Listeners that serve no row: analytics on the document, a shortcut on body.
document.addEventListener("click", () => {});
document.body.addEventListener("mousedown", () => {});
// A framework's root: one listener per event type, dispatching to handlers the elements keep (none here).
const app = document.getElementById("app");
for (const type of ["click", "dblclick", "mousedown", "mouseup", "pointerdown", "pointerup", "keydown", "keyup",
  "input", "change", "focusin", "focusout", "submit", "scroll", "wheel", "touchstart"]) {
  app.addEventListener(type, () => {});
}
</script>"""

ROW = re.compile(r"^(Harbour|Alpine|Garden)\b")


async def _model(call) -> dict:
    return (await call("browser_dom", action="snapshot", format="json")).data


async def test_rows_a_listener_on_their_table_serves_are_one_entry_each_and_a_click_picks_the_row(server, call):
    assert (await call("browser_navigate", url=server.route("/hotels", DELEGATED))).success
    model = await _model(call)
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    rows = [name for role, name in shown if role == "clickable" and ROW.match(name)]
    assert [ROW.match(name)[1] for name in rows] == ["Harbour", "Alpine", "Garden"], shown
    # One entry per row, not its cells; the tables nobody serves (a document or body listener, a
    # framework root with no handler in them) stay text.
    names = [name for _, name in shown]
    assert not any(name in ("Harbour", "Lisbon", "9", "Zurich") for name in names), shown
    assert not any(name.startswith(("Revenue", "Cost", "120", "Pens", "Ink", "40")) for name in names), shown
    again = await _model(call)  # asked once: the same entries, the same ids
    assert [c["id"] for c in again["controls"]] == [c["id"] for c in model["controls"]]
    alpine = next(c for c in model["controls"] if c["name"].startswith("Alpine"))
    assert (await call("browser_dom", action="click", element_id=alpine["id"])).success
    assert "Picked Alpine" in (await _model(call))["text"]


async def test_rows_rendered_anew_in_a_served_table_are_entries_in_their_new_order(server, call):
    assert (await call("browser_navigate", url=server.route("/hotels", DELEGATED))).success
    model = await _model(call)
    header = next(c for c in model["controls"] if c["name"] == "Rooms left")
    assert (await call("browser_dom", action="click", element_id=header["id"])).success
    model = await _model(call)
    rows = [c for c in model["controls"] if c["role"] == "clickable" and ROW.match(c["name"])]
    assert [ROW.match(c["name"])[1] for c in rows] == ["Alpine", "Garden", "Harbour"], model["controls"]
    assert (await call("browser_dom", action="click", element_id=rows[0]["id"])).success
    assert "Picked Alpine" in (await _model(call))["text"]

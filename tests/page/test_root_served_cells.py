"""Cells whose clicks a framework's root listener serves are entries (issue 31, kind 7).

React 17+ attaches its listeners to its root container and calls the onClick it keeps in the element's
props (`__reactProps$…`): a table whose rows (or cells) the app handles shows the DOM no handler, no
pointer cursor, and CDP's listeners of the element none either. A person sees a table and clicks the row
they want. The page below is such a framework in a few lines (one listener at the root, per-element
props under a key with a random suffix, as React names it), plus the other ways a handler hides from
browserx's world: a script's `td.onclick = f` (no attribute) and a grid in an open shadow root.
"""

from __future__ import annotations

ROOT_DELEGATED = """<!doctype html><title>Hotels</title>
<style>td, th, [role=cell] { padding: 4px 10px; } [role=row] { display: flex; gap: 12px; }</style>
<h1>Hotels</h1>
<div id=root></div>
<p id=picked></p>
<h2>Figures</h2>
<table id=figures><tr><td>Revenue</td><td>120</td></tr><tr><td>Cost</td><td>80</td></tr></table>
<h2>Seats</h2>
<table id=seats><tr><td>A1</td><td>A2</td></tr></table>
<table id=extras><tr><td><input type=checkbox aria-label="Select breakfast"></td><td>Breakfast</td></tr></table>
<div id=host></div>
<script>
const KEY = "__reactProps$" + Math.random().toString(36).slice(2);
const picked = document.getElementById("picked");
const root = document.getElementById("root");
// The framework: one listener at the root, the handlers in each element's props.
function delegate(container) {
  container.addEventListener("click", (event) => {
    for (let n = event.composedPath()[0]; n && n !== container; n = n.parentNode) {
      const props = n[KEY];
      if (props && props.onClick) props.onClick({ currentTarget: n });
    }
  });
}
delegate(root);
let hotels = [["Harbour", "Lisbon", 9], ["Alpine", "Zurich", 2], ["Garden", "Kyoto", 5]];
function render() {
  root.textContent = "";
  const table = document.createElement("table");
  table[KEY] = { className: "table", children: [] };
  const head = table.createTHead().insertRow();
  for (const caption of ["Hotel", "City", "Rooms left"]) {
    const th = document.createElement("th");
    th.textContent = caption;
    th[KEY] = { scope: "col", children: caption };
    head.append(th);
  }
  const body = table.createTBody();
  for (const [hotel, city, rooms] of hotels) {
    const row = body.insertRow();
    row[KEY] = { onClick: () => { picked.textContent = "Picked " + hotel; } };
    for (const value of [hotel, city, rooms]) {
      const cell = row.insertCell();
      const span = document.createElement("span");
      span.style.cursor = "default";
      span.textContent = value;
      cell.append(span);
      cell[KEY] = { className: "cell", children: span };
    }
  }
  root.append(table);
}
render();
// Sorting renders new rows (a framework's keyed re-render may make new elements).
window.sortByRooms = () => { hotels = [...hotels].sort((a, b) => a[2] - b[2]); render(); };
// A script's handler property: no onclick attribute.
for (const td of document.querySelectorAll("#seats td")) td.onclick = () => { picked.textContent = "Seat " + td.textContent; };
// A served row whose first cell holds its checkbox: the checkbox is that cell's entry.
document.querySelector("#extras tr")[KEY] = { onClick: () => {} };
// A grid of divs in an open shadow root, its cells' handlers in props, its listener at the shadow root.
const shadow = document.getElementById("host").attachShadow({ mode: "open" });
shadow.innerHTML = '<div role=table aria-label=Rooms><div role=row><div role=cell>Single</div><div role=cell>Double</div></div></div>';
delegate(shadow);
for (const cell of shadow.querySelectorAll("[role=cell]")) cell[KEY] = { onClick: () => { picked.textContent = "Room " + cell.textContent; } };
</script>"""

CELLS = ["Harbour", "Lisbon", "9", "Alpine", "Zurich", "2", "Garden", "Kyoto", "5"]


async def _model(call) -> dict:
    return (await call("browser_dom", action="snapshot", format="json")).data


async def test_cells_of_rows_a_root_listener_serves_are_clickable_and_a_click_picks_the_row(server, call):
    assert (await call("browser_navigate", url=server.route("/hotels", ROOT_DELEGATED))).success
    model = await _model(call)
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    clickable = [name for role, name in shown if role == "clickable"]
    assert clickable == [*CELLS, "A1", "A2", "Breakfast", "Single", "Double"], shown
    assert ("checkbox", "Select breakfast") in shown
    # A row is listed once, as its cells (a cell that holds a control, by that control); header cells
    # without a sort are no entries; a table with no handler stays text.
    assert not any(name.startswith(("Harbour Lisbon", "Hotel", "Revenue", "120")) for _, name in shown), shown
    again = await _model(call)  # asked once: the same entries, the same ids
    assert [c["id"] for c in again["controls"]] == [c["id"] for c in model["controls"]]
    alpine = next(c for c in model["controls"] if c["name"] == "Alpine")
    assert (await call("browser_dom", action="click", element_id=alpine["id"])).success
    assert "Picked Alpine" in (await _model(call))["text"]


async def test_a_handler_property_and_a_grid_in_a_shadow_root_are_served_too(server, call):
    assert (await call("browser_navigate", url=server.route("/hotels", ROOT_DELEGATED))).success
    model = await _model(call)
    for name, said in (("A2", "Seat A2"), ("Double", "Room Double")):
        cell = next(c for c in model["controls"] if c["name"] == name)
        assert (await call("browser_dom", action="click", element_id=cell["id"])).success
        assert said in (await _model(call))["text"]


async def test_rows_rendered_anew_are_asked_about_again(server, call):
    assert (await call("browser_navigate", url=server.route("/hotels", ROOT_DELEGATED))).success
    await _model(call)
    assert (await call("browser_eval", expression="sortByRooms()")).success
    model = await _model(call)
    hotels = [c["name"] for c in model["controls"] if c["name"] in ("Harbour", "Alpine", "Garden")]
    assert hotels == ["Alpine", "Garden", "Harbour"], model["controls"]
    first = next(c for c in model["controls"] if c["name"] == "Alpine")
    assert (await call("browser_dom", action="click", element_id=first["id"])).success
    assert "Picked Alpine" in (await _model(call))["text"]

"""Targets a person finds by the pointer cursor a `:hover` rule gives them (issue 31, kind 4).

A calendar's day cells whose pointer cursor comes only from `td.day:hover { cursor: pointer }` and
whose clicks a listener on the table serves are what a person clicks to pick a day: they are entries.
A data table with a listener on it but no pointer over its cells stays text.
"""

from __future__ import annotations

CALENDAR = """<!doctype html><title>Trip</title>
<style>
table.month td { padding: 4px 8px; }
table.month td.day:hover, .list .row:hover .go { cursor: pointer; background: #eee; }
table.month td.day:hover + td { color: red; }
td.off:not(:hover) { color: #aaa; }
</style>
<h1>Pick a day</h1>
<table class=month><thead><tr><th>Mo</th><th>Tu</th><th>We</th></tr></thead>
<tbody><tr><td class="day off">30</td><td class=day>1</td><td class=day>2</td></tr>
<tr><td class=day>3</td><td class=day>4</td><td class=day>5</td></tr></tbody></table>
<p id=picked></p>
<div class=list><div class=row><span class=go>Oslo</span> <span>3 nights</span></div></div>
<table id=data><tr><td>Revenue</td><td>120</td></tr><tr><td>Cost</td><td>80</td></tr></table>
<script>
document.querySelector('table.month').addEventListener('click', (e) => {
  const cell = e.target.closest('td.day');
  if (cell) document.getElementById('picked').textContent = 'Picked ' + cell.textContent;
});
document.getElementById('data').addEventListener('click', () => {});
</script>"""


async def test_cells_a_hover_rule_gives_a_pointer_are_clickable_and_a_click_reaches_the_listener(server, call):
    assert (await call("browser_navigate", url=server.route("/calendar", CALENDAR))).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    shown = [(c["role"], c["name"]) for c in model["controls"]]
    days = [name for role, name in shown if role == "clickable"]
    assert days == ["30", "1", "2", "3", "4", "5", "Oslo"], shown
    # The data table's cells have no pointer: reader text, not controls.
    assert not any(name in ("Revenue", "120", "Cost", "80", "3 nights") for _, name in shown), shown
    four = next(c for c in model["controls"] if c["name"] == "4")
    assert (await call("browser_dom", action="click", element_id=four["id"])).success
    text = (await call("browser_dom", action="snapshot", format="json")).data["text"]
    assert "Picked 4" in text

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


def _month(first_blank: int = 2) -> str:
    days = [""] * first_blank + [str(d) for d in range(1, 31)]
    days += [""] * (-len(days) % 7)
    rows = "".join("<tr>" + "".join(f"<td>{d}</td>" for d in days[i : i + 7]) + "</tr>" for i in range(0, len(days), 7))
    return f"<thead><tr>{''.join(f'<th>{d}</th>' for d in 'MTWTFSS')}</tr></thead><tbody>{rows}</tbody>"


# A month drawn as a plain table, no pointer cursor at all, its clicks served by a listener on the
# picker around it (delegation); and a table of figures with a listener of its own, which is no month.
DELEGATED = f"""<!doctype html><title>Booking</title>
<h1>Check-in</h1>
<div id=picker><div class=inner><table class=cal>{_month()}</table></div></div>
<p id=picked></p>
<table id=stats><tr><td>12</td><td>7</td><td>3</td></tr><tr><td>1</td><td>2</td><td>9</td></tr></table>
<script>
document.getElementById('picker').addEventListener('mousedown', (e) => {{
  const cell = e.target.closest('td');
  if (cell && cell.textContent) document.getElementById('picked').textContent = 'Check-in on day ' + cell.textContent;
}});
document.getElementById('stats').addEventListener('click', () => {{}});
</script>"""


async def test_day_cells_of_a_month_a_delegated_listener_serves_are_clickable(server, call):
    assert (await call("browser_navigate", url=server.route("/delegated", DELEGATED))).success
    model = (await call("browser_dom", action="snapshot", format="json")).data
    days = [c["name"] for c in model["controls"] if c["role"] == "clickable"]
    assert days == [str(d) for d in range(1, 31)], [(c["role"], c["name"]) for c in model["controls"]]
    again = (await call("browser_dom", action="snapshot", format="json")).data  # known now: asked once
    assert [c["id"] for c in again["controls"]] == [c["id"] for c in model["controls"]]
    day = next(c for c in model["controls"] if c["name"] == "17")
    assert (await call("browser_dom", action="click", element_id=day["id"])).success
    assert "Check-in on day 17" in (await call("browser_dom", action="snapshot", format="json")).data["text"]

"""Controls a page shows only while their container is hovered or focused (issue 31, kinds 7 and 8).

A column header's sort button that is transparent until the header is hovered (`th:hover .sort { opacity: 1 }`)
is what a person operates: pointing at the header shows it. It is listed, marked `shows_on=hover`, with its
header as context, and a click on it sorts. Shown by focus alone (a skip link's `:focus-visible`, Tailwind's
`group-focus-within:opacity-100` in a shadow root's adopted sheet, whose hover rule sits under an `@media
(hover: hover)` that a headless Chromium does not match): `shows_on=focus`. Invisible row actions
(`tr:hover .actions { visibility: visible }`) are listed too, and a click rests the pointer on the row first.
What nothing reveals stays out: a transparent button whose only :hover rule changes its colour, one inside a
transparent box, `display: none`, aria-hidden, `visibility: hidden` shown by nothing. The fidelity check judges
these entries with the states forced in Chromium (fidelity/forced.py).
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.report import fidelity_report
from browserx.page import DomService, SnapshotOptions

ROWS = "<tr><td>Harbour</td><td>9</td></tr><tr><td>Alpine</td><td>2</td></tr><tr><td>Garden</td><td>5</td></tr>"
SORT = """
for (const b of ROOT.querySelectorAll('button.sort')) b.addEventListener('click', () => {
  const col = +b.dataset.col, body = ROOT.querySelector('tbody');
  const rows = [...body.rows].sort((x, y) =>
    x.cells[col].textContent.localeCompare(y.cells[col].textContent, 'en', {numeric: true}));
  for (const row of rows) body.appendChild(row);
});"""

# Light DOM: the header cells reveal their sort buttons on :hover and :focus-within.
HEADERS = f"""<!doctype html><title>Hotels</title>
<style>
th {{ padding: 4px 12px; text-align: left }}
th .sort {{ opacity: 0; border: 0; background: none }}
th:hover .sort, th:focus-within .sort {{ opacity: 1 }}
.skip {{ opacity: 0 }} .skip:focus-visible {{ opacity: 1 }}
.ghost {{ opacity: 0 }} .ghost:hover {{ color: red }} .fade:hover {{ opacity: 0 }}
.gone {{ display: none }}
</style>
<a class=skip href="#hotels">Skip to the table</a>
<h1>Hotels</h1>
<table id=hotels><thead><tr>
  <th>hotel <button class=sort aria-label="Sort column ascending" data-col=0>&#8597;</button></th>
  <th>rooms left <button class=sort aria-label="Sort column ascending" data-col=1>&#8597;</button></th>
</tr></thead><tbody>{ROWS}</tbody></table>
<button class="ghost">Never shown</button>
<div class="ghost fade"><button>Inside a ghost</button></div>
<button class=gone>Gone</button>
<button aria-hidden=true style="opacity: 0">Hidden from all</button>
<script>const ROOT = document; {SORT}</script>"""

# The same table inside a shadow root whose only sheet is adopted, in Tailwind v4's shape: the reveal is
# `:is(:where(.group):hover *)` inside `@layer` and `@media (hover: hover)`, and `:focus-within` outside it.
TAILWIND_SHEET = r"""@layer utilities {
  .opacity-0 { opacity: 0 }
  .group-focus-within\:opacity-100:is(:where(.group):focus-within *) { opacity: 1 }
  @media (hover: hover) { .group-hover\:opacity-100:is(:where(.group):hover *) { opacity: 1 } }
}"""
SHADOW = f"""<!doctype html><title>Hotels</title>
<h1>Hotels</h1><hotel-table></hotel-table>
<script>
const host = document.querySelector('hotel-table'), ROOT = host.attachShadow({{mode: 'open'}});
const sheet = new CSSStyleSheet();
sheet.replaceSync({TAILWIND_SHEET!r});
ROOT.adoptedStyleSheets = [sheet];
const head = (caption, col) => `<th><div class=group>${{caption}} <button class="sort opacity-0
  group-hover:opacity-100 group-focus-within:opacity-100" aria-label="Sort column ascending"
  data-col=${{col}}>&#8597;</button></div></th>`;
ROOT.innerHTML = `<table><thead><tr>${{head('hotel', 0)}}${{head('rooms left', 1)}}</tr></thead>
  <tbody>{ROWS}</tbody></table><button class=opacity-0>Never shown</button>`;
{SORT}
</script>"""


def _sort_buttons(model: dict) -> list[dict]:
    return [c for c in model["controls"] if c["name"] == "Sort column ascending"]


async def _sorted_by_rooms_left(model: dict, call, snapshot) -> list[str]:
    [rooms] = [c for c in _sort_buttons(model) if c.get("header") == 'columnheader "rooms left"']
    assert (await call("browser_dom", action="click", element_id=rooms["id"])).success
    text = (await snapshot())["text"]
    return sorted(("Harbour", "Alpine", "Garden"), key=text.index)


async def test_sort_buttons_a_header_shows_on_hover_are_listed_with_their_header_and_sort(open_page, snapshot, call):
    await open_page(HEADERS)
    model = await snapshot()
    buttons = _sort_buttons(model)
    assert [(c["role"], c.get("header"), c["states"].get("shows_on")) for c in buttons] == [
        ("button", 'columnheader "hotel"', "hover"),
        ("button", 'columnheader "rooms left"', "hover"),
    ], [(c["role"], c["name"], c["states"]) for c in model["controls"]]
    [skip] = [c for c in model["controls"] if c["name"] == "Skip to the table"]
    assert skip["states"].get("shows_on") == "focus"
    names = [c["name"] for c in model["controls"]]
    for hidden in ("Never shown", "Inside a ghost", "Gone", "Hidden from all"):
        assert hidden not in names, names
    text = await snapshot("text")
    assert [line for line in text.splitlines() if 'shows_on=hover in columnheader "rooms left"' in line], text
    assert await _sorted_by_rooms_left(model, call, snapshot) == ["Alpine", "Garden", "Harbour"]


async def test_sort_buttons_revealed_by_a_shadow_roots_adopted_group_hover_rule_are_listed(open_page, snapshot, call):
    await open_page(SHADOW)
    model = await snapshot()
    buttons = _sort_buttons(model)
    # Its hover reveal is under `@media (hover: hover)`, which a headless Chromium does not match (no hovering
    # pointer): here focus shows the buttons, and only focus.
    assert [(c.get("header"), c["states"].get("shows_on")) for c in buttons] == [
        ('columnheader "hotel"', "focus"),
        ('columnheader "rooms left"', "focus"),
    ], [(c["role"], c["name"], c["states"]) for c in model["controls"]]
    assert "Never shown" not in [c["name"] for c in model["controls"]]
    assert await _sorted_by_rooms_left(model, call, snapshot) == ["Alpine", "Garden", "Harbour"]


# Row actions invisible (visibility: hidden) until their row is hovered: no pointer reaches them before,
# so a click rests the pointer on the row first, as a person's does, and then clicks what it shows.
ROW_ACTIONS = """<!doctype html><title>Hotels</title>
<style>
.actions { visibility: hidden } tr:hover .actions { visibility: visible }
.never { visibility: hidden } .never:focus { outline: 2px solid }
</style>
<table><tbody>
<tr><td>Harbour</td><td class=actions><button>Remove</button></td></tr>
<tr><td>Alpine</td><td class=actions><button>Remove</button></td></tr>
</tbody></table>
<button class=never>Never shown</button>
<p id=done></p>
<script>
for (const b of document.querySelectorAll('.actions button')) b.addEventListener('click', () => {
  const row = b.closest('tr');
  document.getElementById('done').textContent = 'removed ' + row.cells[0].textContent;
  row.remove();
});
</script>"""


async def test_row_actions_invisible_until_the_row_is_hovered_are_listed_and_a_click_reaches_them(
    open_page, snapshot, call
):
    await open_page(ROW_ACTIONS)
    model = await snapshot()
    removes = [c for c in model["controls"] if c["name"] == "Remove"]
    assert [c["states"].get("shows_on") for c in removes] == ["hover", "hover"], model["controls"]
    assert "Never shown" not in [c["name"] for c in model["controls"]]
    assert (await call("browser_dom", action="click", element_id=removes[1]["id"])).success
    assert "removed Alpine" in (await snapshot())["text"]


async def test_the_fidelity_check_judges_entries_shown_on_hover_or_focus_with_those_states_forced(server, tab):
    """Chromium's style engine, with the states forced (fidelity/forced.py), says these entries show: no extras,
    every one found; the states are released after (the page's own :hover matches nothing again)."""
    for path, html in (("/headers", HEADERS), ("/rows", ROW_ACTIONS), ("/shadow", SHADOW)):
        await navigate(tab, server.route(path, html))
        model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
        assert any(c.states.get("shows_on") for c in model.controls)
        report = await fidelity_report(tab, model)
        assert (report.extras, report.recall) == ([], 1.0), (path, report.to_dict())
        hovered = await tab.session.send(
            "Runtime.evaluate", {"expression": "document.querySelectorAll(':hover').length"}
        )
        assert hovered["result"]["value"] == 0, path

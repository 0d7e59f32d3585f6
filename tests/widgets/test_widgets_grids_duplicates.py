"""Grids with sortable headers and rows moved on screen (issue 18 item 3); one entry per actionable
thing (item 7)."""

from __future__ import annotations

# Rows absolutely positioned; sorting moves them (a 300 ms transition on `top`), never the DOM.
GRID = """<!doctype html><title>Prices</title>
<style>#grid { position: relative; height: 200px; width: 400px }
[role=row] { position: absolute; left: 0; height: 30px; width: 400px; display: flex; transition: top 300ms linear }
[role=gridcell], [role=columnheader] { width: 200px }
.label { cursor: pointer }</style>
<div id=grid role=grid aria-label=Fruit>
  <div role=row style="top: 0"><div role=columnheader id=h-name><span class=label>Name</span></div>
    <div role=columnheader id=h-price><span class=label onclick="sortByPrice()">Price</span><i class=badge>1</i></div></div>
  <div role=row class=item data-price=3.5 style="top: 30px"><div role=gridcell>Cherry</div><div role=gridcell>3.50</div></div>
  <div role=row class=item data-price=1.2 style="top: 60px"><div role=gridcell>Apple</div><div role=gridcell>1.20</div></div>
  <div role=row class=item data-price=2.25 style="top: 90px"><div role=gridcell>Banana</div><div role=gridcell>2.25</div></div>
</div>
<script>
function sortByPrice() {
  const rows = [...document.querySelectorAll('.item')].sort((a, b) => a.dataset.price - b.dataset.price);
  rows.forEach((row, i) => { row.style.top = (30 + 30 * i) + 'px'; });
  document.getElementById('h-price').setAttribute('aria-sort', 'ascending');
}
</script>"""

TABLE = """<!doctype html><title>Team</title><table>
<thead><tr><th aria-sort=descending id=age><button>Age</button></th><th>Name</th></tr></thead>
<tbody id=team><tr><td>41</td><td>Ann</td></tr><tr><td>29</td><td>Bob</td></tr></tbody></table>
<script>
document.querySelector('#age button').addEventListener('click', () => {
  const th = document.getElementById('age'), up = th.getAttribute('aria-sort') !== 'ascending';
  const rows = [...document.querySelectorAll('#team tr')].sort((a, b) => (a.cells[0].textContent - b.cells[0].textContent) * (up ? 1 : -1));
  for (const row of rows) row.parentElement.appendChild(row);
  th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
});
</script>"""


def rows_of(text: str, names: list[str]) -> list[str]:
    return [line for line in text.split("\n---\n", 1)[1].splitlines() if any(n in line for n in names)]


async def test_a_clickable_label_in_a_header_cell_is_a_columnheader_control_with_its_sort_state(
    open_page, snapshot, call, named
):
    await open_page(GRID)
    model = await snapshot()
    price = named(model, "Price")
    assert price["role"] == "columnheader"
    assert "sort" not in price["states"]
    assert not [c for c in model["controls"] if c["name"] == "Price1"]  # the cell and its label: one entry
    result = await call("browser_dom", action="click", element_id=price["id"])
    assert result.success, result.error
    model = await snapshot()
    assert named(model, "Price")["states"]["sort"] == "ascending"
    assert "sort=ascending" in await snapshot("text")


async def test_grid_rows_read_in_on_screen_order_after_an_animated_sort(open_page, snapshot, call, named):
    await open_page(GRID)
    text = await snapshot("text")
    assert rows_of(text, ["Apple", "Banana", "Cherry"]) == ["Cherry | 3.50", "Apple | 1.20", "Banana | 2.25"]
    price = named(await snapshot(), "Price")
    assert (await call("browser_dom", action="click", element_id=price["id"])).success
    # The click's result waited for the 300 ms move: the next model reads the new order.
    text = await snapshot("text")
    assert rows_of(text, ["Apple", "Banana", "Cherry"]) == ["Apple | 1.20", "Banana | 2.25", "Cherry | 3.50"]
    assert "Name | Price1" in text
    cells = [c["name"] for c in (await snapshot())["controls"] if c["role"] == "gridcell"]
    assert cells == ["Apple", "1.20", "Banana", "2.25", "Cherry", "3.50"]


async def test_a_button_in_a_table_header_stays_a_button_with_the_cells_aria_sort(open_page, snapshot, named):
    await open_page(TABLE)
    age = named(await snapshot(), "Age")
    # Chromium's role for it: button (issue 22); the cell's sort state is shown on it.
    assert age["role"] == "button" and age["states"] == {"sort": "descending"}


async def test_sorting_a_table_by_the_button_in_its_column_header(open_page, snapshot, named, call):
    await open_page(TABLE)
    text = await snapshot("text")
    assert rows_of(text, ["Ann", "Bob"]) == ["41 | Ann", "29 | Bob"]
    assert (await call("browser_dom", action="click", element_id=named(await snapshot(), "Age")["id"])).success
    assert named(await snapshot(), "Age")["states"] == {"sort": "ascending"}
    assert rows_of(await snapshot("text"), ["Ann", "Bob"]) == ["29 | Bob", "41 | Ann"]


NESTED = """<!doctype html><title>API</title>
<style>.op, form, .card { cursor: pointer; display: block; margin: 8px; padding: 8px; border: 1px solid #ccc }</style>
<div class=op onclick="window.opened = (window.opened || 0) + 1">
  <button class=summary aria-expanded=false aria-controls=body1><span>GET</span> <span>/pets</span><div>List all pets</div></button>
  <button class=arrow aria-expanded=false aria-controls=body1><svg width=10 height=10 aria-hidden=true><path d="M0 0L10 5"/></svg></button>
</div>
<form onclick="void 0"><button type=button>Try it out</button></form>
<div class=card onclick="location.hash = 'mug'"><h3>Blue mug</h3><p>12 €</p><button>Add to cart</button></div>
<a href="#x"><button>Go</button></a>"""


async def test_nested_clickables_are_one_entry_each(open_page, snapshot):
    await open_page(NESTED)
    model = await snapshot()
    names = sorted((c["role"], c["name"]) for c in model["controls"])
    assert names == [
        ("button", "Add to cart"),
        ("button", "GET /pets List all pets"),
        ("button", "Try it out"),
        ("clickable", "Blue mug 12 € Add to cart"),
        ("link", "Go"),
    ]


# The table listens for clicks on its header; the cells only carry aria-sort.
DELEGATED = """<!doctype html><title>Scores</title><table id=t>
<thead><tr><th aria-sort=none>Player</th><th aria-sort=none>Score</th></tr></thead>
<tbody><tr><td>Zoe</td><td>7</td></tr><tr><td>Adam</td><td>9</td></tr></tbody></table>
<script>
document.querySelector('thead').addEventListener('click', e => {
  const th = e.target.closest('th'); if (!th) return;
  const body = document.querySelector('tbody');
  const col = th.cellIndex;
  [...body.rows].sort((a, b) => a.cells[col].textContent.localeCompare(b.cells[col].textContent))
    .forEach(r => body.appendChild(r));
  th.setAttribute('aria-sort', 'ascending');
});
</script>"""


async def test_header_cells_with_aria_sort_are_columnheader_controls_and_sort_when_clicked(
    open_page, snapshot, call, named
):
    await open_page(DELEGATED)
    model = await snapshot()
    player = named(model, "Player")
    assert player["role"] == "columnheader" and "sort" not in player["states"]
    assert named(model, "Score")["role"] == "columnheader"
    assert (await call("browser_dom", action="click", element_id=player["id"])).success
    model = await snapshot()
    assert named(model, "Player")["states"] == {"sort": "ascending"}
    assert rows_of(await snapshot("text"), ["Zoe", "Adam"]) == ["Adam | 9", "Zoe | 7"]


async def test_headings_behind_a_modal_are_not_listed(open_page, snapshot):
    await open_page("""<!doctype html><h1>Inbox</h1><button>Compose</button>
<dialog id=d><h2>Discard draft?</h2><button>Discard</button></dialog><script>d.showModal()</script>""")
    model = await snapshot()
    assert [h["text"] for h in model["headings"]] == ["Discard draft?"]


# A grid whose body rows sit in a tab stop of their own (a scroll area the keyboard scrolls, as data-grid
# libraries draw it), its header outside: the scroll area shows no words but the cells', and is no control.
SCROLLED_BODY = """<!doctype html><title>Stock</title>
<style>.holder { height: 100px; overflow: auto; width: 300px } [role=row] { display: flex }
[role=gridcell], [role=columnheader] { width: 100px }</style>
<div role=grid aria-label=Stock>
  <div role=row><div role=columnheader onclick="window.sorted = 1">Product</div><div role=columnheader>Left</div></div>
  <div class=holder tabindex=0><div role=rowgroup>
    <div role=row><div role=gridcell>Tea</div><div role=gridcell>40</div></div>
    <div role=row><div role=gridcell>Coffee</div><div role=gridcell>12</div></div>
  </div></div>
</div>"""


async def test_a_tab_stop_holding_a_grids_rows_is_not_an_entry_of_its_own(open_page, snapshot):
    await open_page(SCROLLED_BODY)
    shown = [(c["role"], c["name"]) for c in (await snapshot())["controls"]]
    assert not [name for role, name in shown if role == "clickable"], shown
    assert ("gridcell", "Coffee") in shown, shown

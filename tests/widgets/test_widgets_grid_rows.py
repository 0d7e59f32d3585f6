"""Data grids as a person operates them (issue 31 kind 7): each sortable column header is an entry of
its own, never merged into its header row, and a row is listed once, as its cells. On a page of our
own in the style of common data grids and on a real one (ag-grid-community from npm)."""

from __future__ import annotations

from pathlib import Path

import pytest

# The common shape: rows are tab stops (the grid's focus moves row by row) with a click listener that
# selects them; each column header carries aria-sort and a click listener of its own, with no pointer
# cursor; the first cell of each row holds the row's selection checkbox.
GRID = """<!doctype html><title>Cars</title>
<style>[role=row] { display: flex } [role=gridcell], [role=columnheader] { width: 140px; padding: 4px }
[aria-selected=true] { background: #def }</style>
<div role=grid aria-label=Cars id=grid>
  <div role=row tabindex=0 id=head>
    <div role=columnheader aria-colindex=1></div>
    <div role=columnheader aria-sort=none data-key=make>Make</div>
    <div role=columnheader aria-sort=none data-key=price>Price</div>
  </div>
  <div role=rowgroup id=body></div>
</div>
<script>
let cars = [{make: 'Tesla', price: 64950}, {make: 'Ford', price: 33850}, {make: 'Toyota', price: 29600}];
const body = document.getElementById('body');
function render() {
  body.textContent = '';
  for (const car of cars) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row'); row.tabIndex = 0; row.setAttribute('aria-selected', 'false');
    row.innerHTML = `<div role=gridcell><input type=checkbox tabindex=-1 aria-label="Select row"></div>` +
      `<div role=gridcell tabindex=-1>${car.make}</div><div role=gridcell tabindex=-1>${car.price}</div>`;
    row.addEventListener('click', () => {
      for (const r of body.children) r.setAttribute('aria-selected', String(r === row));
      window.selected = car.make;
    });
    body.appendChild(row);
  }
}
for (const header of document.querySelectorAll('[data-key]')) {
  header.addEventListener('click', () => {
    const key = header.dataset.key, up = header.getAttribute('aria-sort') !== 'ascending';
    cars.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (up ? 1 : -1));
    for (const h of document.querySelectorAll('[data-key]')) h.setAttribute('aria-sort', 'none');
    header.setAttribute('aria-sort', up ? 'ascending' : 'descending');
    render();
  });
}
render();
</script>"""
ORDER = "[...document.querySelectorAll('#body [role=row]')].map(r => r.children[1].textContent)"


def _entries(model: dict, name: str) -> list[dict]:
    return [c for c in model["controls"] if name in c["name"]]


async def test_sortable_column_headers_are_entries_of_their_own_not_their_row(open_page, snapshot, named):
    await open_page(GRID)
    model = await snapshot()
    make, price = named(model, "Make"), named(model, "Price")
    assert make["role"] == price["role"] == "columnheader"
    assert not [c for c in model["controls"] if "Make" in c["name"] and "Price" in c["name"]]  # no header row entry


async def test_a_grid_row_is_listed_once_as_its_cells(open_page, snapshot):
    await open_page(GRID)
    model = await snapshot()
    for make in ("Tesla", "Ford", "Toyota"):
        assert [c["role"] for c in _entries(model, make)] == ["gridcell"], _entries(model, make)
    # The selection checkbox is the entry of its cell, once per row.
    assert [c["role"] for c in model["controls"] if c["name"] == "Select row"] == ["checkbox"] * 3
    assert not [c for c in model["controls"] if c["role"] == "gridcell" and c["name"] == "Select row"]


async def test_sorting_by_a_column_header_and_selecting_a_row_by_its_cell(open_page, snapshot, named, call, js):
    await open_page(GRID)
    price = named(await snapshot(), "Price")
    result = await call("browser_dom", action="click", element_id=price["id"])
    assert result.success, result.error
    assert await js(ORDER) == ["Toyota", "Ford", "Tesla"]
    model = await snapshot()
    assert named(model, "Price")["states"]["sort"] == "ascending"
    ford = named(model, "Ford")
    assert (await call("browser_dom", action="click", element_id=ford["id"])).success
    assert await js("window.selected") == "Ford"


NPM = Path(__file__).parent / "npm" / "node_modules"
AG_GRID = NPM / "ag-grid-community/dist/ag-grid-community.min.js"
AG_PAGE = """<!doctype html><title>Cars</title><script src=/lib/ag-grid.js></script>
<div id=grid style="height: 300px; width: 640px"></div>
<script>
window.api = agGrid.createGrid(document.getElementById('grid'), {
  columnDefs: [{field: 'make'}, {field: 'model'}, {field: 'price'}],
  rowData: [{make: 'Tesla', model: 'Model Y', price: 64950}, {make: 'Ford', model: 'F-Series', price: 33850},
            {make: 'Toyota', model: 'Corolla', price: 29600}],
  rowSelection: {mode: 'singleRow', enableClickSelection: true},
});
</script>"""
AG_ORDER = "(() => { const out = []; api.forEachNodeAfterFilterAndSort(n => out.push(n.data.make)); return out; })()"
AG_SELECTED = "api.getSelectedRows().map(r => r.make)"


@pytest.mark.skipif(not AG_GRID.is_file(), reason="ag-grid-community not installed (npm ci --prefix tests/widgets/npm)")
async def test_ag_grid_sorts_by_its_column_header_and_lists_each_row_once(server, open_page, snapshot, named, call, js):
    server.route("/lib/ag-grid.js", AG_GRID.read_bytes(), content_type="application/javascript")
    await open_page(AG_PAGE)
    model = await snapshot()
    assert named(model, "Price")["role"] == "columnheader"
    for make in ("Tesla", "Ford", "Toyota"):
        assert [c["role"] for c in _entries(model, make)] == ["gridcell"], _entries(model, make)
    result = await call("browser_dom", action="click", element_id=named(model, "Price")["id"])
    assert result.success, result.error
    assert await js(AG_ORDER) == ["Toyota", "Ford", "Tesla"]
    model = await snapshot()
    assert named(model, "Price")["states"]["sort"] == "ascending"
    assert (await call("browser_dom", action="click", element_id=named(model, "Ford")["id"])).success
    assert await js(AG_SELECTED) == ["Ford"]

"""Controls inside a grid's column headers, as a person tells them apart (issue 31 kind 7): a person sees
which column's header an icon sits in. A control there whose own name does not say its column (a
nameless menu icon beside the header's sort link, a "column menu" button) carries its header as
context (JSON `header`, text `[in columnheader "room"]`); no name is made up for it. A nameless
clickable that is its header cell's only control is that header. And a grid whose header row is drawn
in a table of its own marked presentational (`role=none`, a sticky header over a virtual body) reads
its header row and lists its column headers: an ARIA grid is interactive, its header cells are cells
of it like its gridcells."""

from __future__ import annotations

# Column headers each holding a sort link and a menu icon (an SVG with a click listener, no name):
# the icon opens that column's menu, whose "Facet by this" tells which column it was opened for.
HEADER_MENUS = """<!doctype html><title>Bookings</title>
<style>svg.col-menu-icon { cursor: pointer } #menu { position: absolute; display: none; background: #fff }</style>
<table><thead><tr>
  <th scope=col><a href="?_sort=guest">guest</a></th>
  <th scope=col><a href="?_sort=room">room</a></th>
  <th scope=col><a href="?_sort=nights">nights</a></th>
</tr></thead>
<tbody id=rows><tr><td>Bruno</td><td>Suite</td><td>5</td></tr><tr><td>Ines</td><td>Double</td><td>2</td></tr></tbody></table>
<div id=menu><a href="#" id=facet>Facet by this</a></div>
<script>
const by = new URLSearchParams(location.search).get('_sort'), column = ['guest', 'room', 'nights'].indexOf(by);
if (column >= 0) {
  const rows = [...document.querySelectorAll('#rows tr')];
  rows.sort((a, b) => a.cells[column].textContent.localeCompare(b.cells[column].textContent, 'en', {numeric: true}));
  for (const row of rows) row.parentElement.appendChild(row);
}
const menu = document.getElementById('menu');
for (const th of document.querySelectorAll('th')) {
  const holder = document.createElement('div');
  holder.innerHTML = '<svg width="14" height="14" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8"></circle></svg>';
  const icon = holder.firstChild;
  icon.classList.add('col-menu-icon');
  icon.addEventListener('click', () => {
    window.menuFor = th.querySelector('a').textContent;
    const r = icon.getBoundingClientRect();
    menu.style.left = r.left + 'px'; menu.style.top = r.bottom + 4 + 'px'; menu.style.display = 'block';
  });
  th.appendChild(icon);
}
document.getElementById('facet').addEventListener('click', e => { e.preventDefault(); window.faceted = window.menuFor; });
</script>"""

# A header cell whose only control is a nameless sort icon beside the caption: the icon is the header.
ICON_ONLY = """<!doctype html><title>Prices</title>
<table><thead><tr><th>Item</th><th>Price <span class=sort-icon onclick="window.sorted = 'price'"
  style="display:inline-block; width:12px; height:12px; background:#888; cursor:pointer"></span></th></tr></thead>
<tbody><tr><td>Tea</td><td>4</td></tr><tr><td>Coffee</td><td>3</td></tr></tbody></table>"""


def _clickables(model: dict) -> list[dict]:
    return [c for c in model["controls"] if c["role"] == "clickable"]


async def test_a_nameless_control_in_a_column_header_carries_its_header_as_context(open_page, snapshot):
    await open_page(HEADER_MENUS)
    model = await snapshot()
    icons = _clickables(model)
    assert [c.get("header") for c in icons] == ['columnheader "guest"', 'columnheader "room"', 'columnheader "nights"']
    assert [c["name"] for c in icons] == ["", "", ""]  # context, never a made-up name
    # The sort links say their column by their names: no context repeats it.
    links = [c for c in model["controls"] if c["role"] == "link" and c["name"] in ("guest", "room", "nights")]
    assert len(links) == 3 and not [c for c in links if c.get("header")]
    text = await snapshot("text")
    assert [line for line in text.splitlines() if '[in columnheader "room"]' in line], text


async def test_the_room_columns_menu_is_picked_by_its_header_and_opens_for_room(open_page, snapshot, call, js):
    await open_page(HEADER_MENUS)
    icon = [c for c in _clickables(await snapshot()) if c.get("header") == 'columnheader "room"']
    assert len(icon) == 1
    assert (await call("browser_dom", action="click", element_id=icon[0]["id"])).success
    facet = [c for c in (await snapshot())["controls"] if c["name"] == "Facet by this"]
    assert len(facet) == 1
    assert (await call("browser_dom", action="click", element_id=facet[0]["id"])).success
    assert await js("window.faceted") == "room"


async def test_sorting_by_a_column_headers_sort_link_beside_its_menu_icon(open_page, snapshot, named, call):
    await open_page(HEADER_MENUS)
    assert (await call("browser_dom", action="click", element_id=named(await snapshot(), "nights")["id"])).success
    rows = [line for line in (await snapshot())["text"].splitlines() if line.startswith(("Ines", "Bruno"))]
    assert rows == ["Ines | Double | 2", "Bruno | Suite | 5"]


async def test_a_nameless_clickable_alone_in_its_header_cell_is_that_header(open_page, snapshot, named, call, js):
    await open_page(ICON_ONLY)
    model = await snapshot()
    price = named(model, "Price")
    assert price["role"] == "columnheader" and not price.get("header")
    assert (await call("browser_dom", action="click", element_id=price["id"])).success
    assert await js("window.sorted") == "price"


# A data grid drawn as many apps draw one: an ARIA grid holding a sticky header row in a table of its
# own marked presentational, and a virtual body of absolutely positioned rows. A header takes focus on
# click (the grid listens on its root, as frameworks that delegate events do), which shows its column
# menu button (display: none until the header is hovered or focused); the menu sorts.
SPLIT_GRID = """<!doctype html><title>Shows</title>
<style>
  #grid { position: relative; width: 600px; height: 200px; overflow: auto }
  table.head { position: sticky; top: 0; z-index: 2; background: #fff; border-collapse: collapse }
  th { width: 200px; text-align: left; padding: 6px }
  th button { display: none } th:hover button, th.focus button { display: inline-block }
  .body { position: relative; height: 120px }
  [role=row].v { position: absolute; left: 0; display: flex }
  [role=gridcell] { width: 200px; padding: 6px }
  [role=menu] { position: absolute; background: #fff; border: 1px solid #999 }
</style>
<div role=grid aria-label=Shows id=grid tabindex=-1>
  <table class=head role=none><thead role=rowgroup><tr role=row>
    <th role=columnheader tabindex=-1 data-key=show><span>Show</span> <button aria-label="Open column menu">⋮</button></th>
    <th role=columnheader tabindex=-1 data-key=seats><span>Seats left</span> <button aria-label="Open column menu">⋮</button></th>
  </tr></thead></table>
  <div class=body role=none id=body></div>
</div>
<script>
let shows = [{show: 'Hamlet', seats: 42}, {show: 'Tosca', seats: 7}, {show: 'Giselle', seats: 19}];
const body = document.getElementById('body'), grid = document.getElementById('grid');
function render() {
  body.textContent = '';
  shows.forEach((s, i) => {
    const row = document.createElement('div');
    row.setAttribute('role', 'row'); row.className = 'v'; row.style.top = (i * 34) + 'px';
    row.innerHTML = `<div role=gridcell tabindex=-1>${s.show}</div><div role=gridcell tabindex=-1>${s.seats}</div>`;
    body.appendChild(row);
  });
}
let menu = null;
grid.addEventListener('click', e => {
  const item = e.target.closest('[role=menuitem]');
  if (item) {
    const key = menu.dataset.key;
    shows.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0));
    menu.remove(); menu = null; render(); return;
  }
  const button = e.target.closest('th button');
  if (button) {
    if (menu) menu.remove();
    menu = document.createElement('div');
    menu.setAttribute('role', 'menu'); menu.dataset.key = button.closest('th').dataset.key;
    menu.innerHTML = '<button role=menuitem>Sort ascending</button>';
    const r = button.getBoundingClientRect(), g = grid.getBoundingClientRect();
    menu.style.left = (r.left - g.left) + 'px'; menu.style.top = (r.bottom - g.top) + 'px';
    grid.appendChild(menu); return;
  }
  const th = e.target.closest('th');
  if (th) {
    for (const h of document.querySelectorAll('th')) { h.classList.toggle('focus', h === th); h.tabIndex = h === th ? 0 : -1; }
    th.focus();
  }
});
render();
</script>"""
SHOWN = "[...document.querySelectorAll('#body [role=row]')].map(r => r.firstElementChild.textContent)"


async def test_a_header_row_drawn_in_a_presentational_table_is_read_and_its_headers_listed(open_page, snapshot, named):
    await open_page(SPLIT_GRID)
    model = await snapshot()
    lines = model["text"].splitlines()
    assert "Show | Seats left" in lines, model["text"]
    assert lines.index("Show | Seats left") < lines.index("Hamlet | 42"), model["text"]
    assert named(model, "Show")["role"] == named(model, "Seats left")["role"] == "columnheader"


async def test_sorting_a_split_header_grid_through_its_column_menu(open_page, snapshot, call, js):
    await open_page(SPLIT_GRID)
    model = await snapshot()
    seats = [c for c in model["controls"] if c["role"] == "columnheader" and c["name"].startswith("Seats left")]
    assert len(seats) == 1
    assert (await call("browser_dom", action="click", element_id=seats[0]["id"])).success
    model = await snapshot()
    # Its menu button shows now; it says which column it belongs to, and the header stays an entry.
    menus = [c for c in model["controls"] if c["name"] == "Open column menu"]
    assert [c.get("header") for c in menus] == ['columnheader "Seats left"'], model["controls"]
    assert [c for c in model["controls"] if c["role"] == "columnheader" and c["name"].startswith("Seats left")]
    assert (await call("browser_dom", action="click", element_id=menus[0]["id"])).success
    item = [c for c in (await snapshot())["controls"] if c["name"] == "Sort ascending"]
    assert len(item) == 1
    assert (await call("browser_dom", action="click", element_id=item[0]["id"])).success
    assert await js(SHOWN) == ["Tosca", "Giselle", "Hamlet"]

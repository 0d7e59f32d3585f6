// layer: widgets
// Day cells of a date grid whose clicks a listener on the grid serves (issue 31, kind 4), part of the
// in-page program (main.js). A calendar drawn as a plain <table> of day numbers, its clicks handled by one
// listener on the table or a wrapper (delegation), shows no sign of that in the DOM: no role, no handler
// attribute, maybe no pointer cursor. A person sees a month and clicks a day. The rule: a table whose
// body rows (3 to 6 of them, each of 7 cells) hold only day numbers (1-31) or nothing, at least 20 days,
// whose element or an ancestor up to 3 levels (below the body) has a click, mousedown, mouseup or
// pointerdown/up listener of the page's: its day cells are clickable. A data table with a listener is
// not a month (not 7 cells of day numbers per row): its cells stay text.
// Listeners of the page's world are seen through CDP only (page/listeners.py: DOMDebugger.getEventListeners
// on the element resolved in the page's world; browserx's own world sees none of them). So the walk notes
// the month grids not yet asked about (`pendingGrids`), Python asks once per table and document, marks the
// answer (`markGrid`) and captures again when a grid is served; later snapshots know it.
//
// Body rows of a data table whose clicks one listener on the table, a body section or the table's box
// serves (delegation; "rows a listener around their table serves" below): one entry per row.
//
// Rows and cells whose clicks a framework's root listener serves (issue 31, kind 7). React 17+ listens
// at its root container only and calls the onClick in the element's props: a table whose row or cell
// the app handles (a row picked by a click on it) shows nothing of that to the DOM, nor to CDP's
// listeners of the element. The page's own world sees the props (page_world/handlers.js, added to
// every document by page/listeners.py): the walk, at the first row or cell of a grid it has not asked
// about, asks that world once (a synchronous event; the answers come as events on the served parts).
// A data cell (td, gridcell, cell) that carries such a handler, or whose row does, is clickable: a
// person picks the row by clicking the cell they read, and the click reaches the row's handler.
// Each row and cell is asked about once per document (the page's re-renders make new ones: asked then).
// A served cell is an entry even inside a control (walk.js): a calendar panel that takes focus, or a
// popup's clickable wrapper, holds its days; the holder, with no words of its own, is dropped (grids.js).
import { gridOf } from "./grids.js";
import { hovered } from "./hovered.js";

const DAY = /^([1-9]|[12]\d|3[01])$/;
const HTML_NS = "http://www.w3.org/1999/xhtml";
const asked = new WeakMap();  // table -> served (true/false)
let served = 0;               // how many tables are known to be served (0: the walk asks nothing)
let pending = [];

// capture.js's walk, on a <table> element it visits.
function noteTable(table) {
  if (!asked.has(table) && pending.length < 20 && (isMonth(table) || isRowTable(table))) pending.push(table);
}
function isMonth(table) {
  const body = table.tBodies.length ? table.tBodies[0] : table;
  // A body's rows are its <tr> children: counted up to seven by sibling pointers (`rows.length` walks them
  // all, a 400-row table's on a cold find) before the live list is read.
  if (body !== table) {
    let count = 0;
    for (let row = body.firstElementChild; row && count <= 6; row = row.nextElementSibling) {
      if (row.localName === "tr" && row.namespaceURI === HTML_NS) count++;
    }
    if (count < 3 || count > 6) return false;
  }
  const rows = body.rows;
  if (!rows || rows.length < 3 || rows.length > 6) return false;
  let days = 0;
  for (const row of rows) {
    if (row.cells.length !== 7) return false;
    for (const cell of row.cells) {
      const text = cell.textContent.trim();
      if (DAY.test(text)) days++;
      else if (text) return false;
    }
  }
  return days >= 20;
}
// capture.js's walk, on a data cell (a <td>, a gridcell or cell): a day cell of a served month grid, or a
// cell whose click a handler of its own or of its row's serves.
function servedCell(td, tag) {
  if (tag === "tr") return rowTables > 0 && servedRow(td);
  if (channel) {
    if (!askedParts.has(td)) askAbout(td);
    // A cell that holds a control (a row's checkbox, its Edit button) is operated through that control.
    if (handled.has(td) || (td.parentElement && handled.has(td.parentElement))) return !td.querySelector(HOLDS_CONTROL);
  }
  if (!served || tag !== "td") return false;
  const table = td.closest("table");
  return !!table && asked.get(table) === true && DAY.test(td.textContent.trim());
}
// Before a walk (capture.js beginWalk): the grids noted by the last walk are handed to Python first;
// `token` names the page world's answers (page/listeners.py), absent for a world without them.
function resetPendingGrids(token) {
  pending = [];
  if (token !== undefined) channel = token || null;
  askedNow = new Set();
}

// ---- handlers the page's world sees (page_world/handlers.js) ------------------------------------
const GRID_PARTS = "tr, td, [role=row], [role=gridcell], [role=cell]";  // handlers.js asks the same, in the same order
const HOLDS_CONTROL = "input:not([type=hidden]), button, select, textarea, a[href], [contenteditable=''], [contenteditable=true]," +
  "[role=button], [role=checkbox], [role=link], [role=switch], [role=radio], [role=combobox], [role=menuitem], [tabindex]:not([tabindex='-1'])";
let channel = null;
let askedNow = new Set();           // grids asked this walk: never twice
const askedParts = new WeakSet();   // rows and cells asked about
const handled = new WeakSet();      // those the page's world says carry a click handler
const handledGrids = new WeakSet(); // grids holding any of them
function askAbout(part) {
  const grid = gridOf(part) || part.parentElement;
  if (!grid || askedNow.has(grid)) return;
  askedNow.add(grid);
  const type = channel + ":served";
  const take = (event) => { if (event.target instanceof Element) { handled.add(event.target); handledGrids.add(grid); } };
  grid.addEventListener(type, take, true);
  try {
    grid.dispatchEvent(new Event(channel + ":ask", { composed: true }));
  } finally {
    grid.removeEventListener(type, take, true);
  }
  const parts = grid.querySelectorAll(GRID_PARTS);
  for (let i = 0; i < parts.length; i++) askedParts.add(parts[i]);
  askedParts.add(part);
}
function takePendingGrids() { return pending.filter(t => t.isConnected); }
// Python's answer for a table the walk noted (page/listeners.py): `listened`, a press listener on the table,
// a body section of it or a wrapper; `delegated`, one of those on the table, a body section or a wrapper
// that holds no other table, which listens to a few event types (not a framework's root, which listens to
// all of them and calls the handlers its elements keep: handlers.js). Whether the walk now lists more.
function markGrid(table, listened, delegated) {
  const month = isMonth(table), rows = !month && !!delegated && isRowTable(table);
  if (asked.get(table) === true) served--;
  if (rowsServed.has(table)) { rowsServed.delete(table); rowTables--; }
  asked.set(table, month && !!listened);
  if (month && listened) served++;
  if (rows) { rowsServed.add(table); rowTables++; }
  return (month && !!listened) || rows;
}

// ---- rows a listener around their table serves (delegation) -------------------------------------
// A data table whose rows a person picks (a hotel, an order, a file) is often served by ONE listener on
// the table, its body or the box around it, which finds the row from the event's target (`closest("tr")`,
// jQuery's `.on("click", "tr", f)`): the rows carry no role, tabindex, handler or cursor. The walk notes
// such tables like months; Python asks CDP once per table and document which of the table, its body
// sections and up to 3 wrappers below <body> listen (listeners.py) and marks the answer. The rows are
// then the repeated items that listener serves: each body row that shows text and holds no control of
// its own is one entry (its cells are not: a click on any reaches the row's listener; grids.js keeps the
// row's entry, as no cell is one). A listener on document, body or window serves no row in particular
// (analytics, shortcuts): never asked. A table whose rows or cells carry handlers of their own (the page's
// world says so: handlers.js) is served through those (servedCell above), not as rows.
const rowsServed = new WeakSet();   // tables whose body rows a listener around them serves
let rowTables = 0;                  // how many (0: a row costs the walk one comparison)
const PLAIN_TABLE = new Set([null, "table"]);
// A table of records: not a layout or ARIA grid (a grid's cells are its entries), its columns named by a
// header row (<th> cells in its <thead> or its first row: a person reads each row below as one record
// under those names), 2 or more body rows of 2 or more cells, no table inside. A table of figures with no
// header names no record a row would be; a listener on it serves no row a person can tell.
function isRowTable(table) {
  if (!PLAIN_TABLE.has(table.getAttribute("role"))) return false;
  const head = table.tHead && table.tHead.rows.length ? table.tHead.rows[0] : table.rows[0];
  if (!head || !head.cells.length || [...head.cells].some(cell => cell.localName !== "th")) return false;
  let rows = 0;
  for (const body of table.tBodies) {
    for (const row of body.rows) if (row.cells.length >= 2 && ++rows >= 2) return !table.querySelector("table");
  }
  return false;
}
function servedRow(tr) {
  const section = tr.parentElement;
  const table = section && (section.localName === "table" ? section : section.localName === "tbody" ? section.parentElement : null);
  if (!table || !rowsServed.has(table)) return false;
  if (channel) {
    if (!askedParts.has(tr)) askAbout(tr);
    if (handledGrids.has(table)) return false;
  }
  // A row whose cells a :hover rule gives a pointer (hovered.js) is served through those cells: each is the target.
  let td = false;
  for (const cell of tr.cells) {
    if (hovered !== null && hovered.has(cell)) return false;
    if (cell.localName === "td") td = true;
  }
  return td && /[\p{L}\p{N}]/u.test(tr.textContent) && !tr.querySelector(HOLDS_CONTROL);
}

export { noteTable, servedCell, resetPendingGrids, takePendingGrids, markGrid };

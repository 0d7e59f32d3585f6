// layer: widgets
// Grids and tables (part of the in-page program, main.js): header cells as controls, rows in the
// order they are painted, and the reader's view of ARIA grids (reader.js).
import { ACTION_ROLES } from "./roles.js";
import { norm, cap, accName } from "./names.js";

const GRID = "table, [role=grid], [role=table], [role=treegrid]";
const HEADER_CELL = "th, [role=columnheader], [role=rowheader]";

// A presentational table (role none or presentation) is no grid of its own: ARIA takes its table
// semantics away, and its rows and cells belong to the grid that holds it (a sticky header row drawn
// in a table of its own above a grid's virtual body).
function gridOf(el) {
  let grid = el.closest(GRID);
  while (grid && grid.localName === "table" && PRESENTATIONAL.has(grid.getAttribute("role"))) {
    grid = grid.parentElement && grid.parentElement.closest(GRID);
  }
  return grid;
}
const PRESENTATIONAL = new Set(["none", "presentation"]);

// The entries in a grid's header cells (widgets.js widgetPass, over the kept candidates). A page-made
// clickable that holds the header's caption, or is its cell's only entry, is that header (its role,
// name and sort state); a link or button there stays what it is and shows the cell's sort state. Any
// other entry there whose name does not say the header's caption (a nameless menu icon beside the
// header's sort link, a "column menu" button) is a control of that header: a person sees which
// column's header it sits in, so the model says it (`header`), and makes up no name for it.
function headerCells(kept) {
  const inCell = new Map();
  for (const cand of kept) {
    if (!ACTION_ROLES.has(cand.role)) continue;
    const cell = cand.el.closest(HEADER_CELL);
    if (!cell || !gridOf(cell)) continue;
    cand.header = cell;
    const peers = inCell.get(cell);
    if (peers) peers.push(cand); else inCell.set(cell, [cand]);
  }
  for (const [cell, peers] of inCell) {
    let caption = null;
    for (const cand of peers) {
      const named = cand.role === "clickable" && cand.el !== cell && norm(accName(cand.el, cand.role));
      if (cand.el === cell || (cand.role === "clickable" && (named || peers.length === 1))) {
        cand.headerRole = headerRole(cell);
        continue;
      }
      if (caption === null) caption = headerCaption(cell, peers);
      const name = norm(accName(cand.el, cand.role)).toLowerCase();
      if (caption && !name.includes(caption.toLowerCase())) cand.headerContext = `${headerRole(cell)} "${cap(caption, 60)}"`;
    }
  }
}
// The caption a person reads in a header cell: its text, less the names of the controls beside it
// (a menu button's "Open column menu"), but never less all of it (a sort link that is the caption).
function headerCaption(cell, peers) {
  let caption = norm(accName(cell, headerRole(cell)));
  for (const cand of peers) {
    const name = cand.el === cell ? "" : norm(accName(cand.el, cand.role));
    const rest = name ? norm(caption.replace(name, " ")) : caption;
    if (/\p{L}/u.test(rest)) caption = rest;
  }
  return caption;
}
// html-aam: role and scope first; a th in <thead>, or in a row of header cells only, heads its
// column; a th beside data cells heads its row.
function headerRole(cell) {
  const explicit = cell.getAttribute("role");
  if (explicit === "rowheader" || explicit === "columnheader") return explicit;
  const scope = (cell.getAttribute("scope") || "").toLowerCase();
  if (scope === "row" || scope === "rowgroup") return "rowheader";
  if (scope === "col" || scope === "colgroup" || cell.closest("thead")) return "columnheader";
  const row = cell.parentElement;
  for (const sibling of row ? row.children : []) if (sibling.localName === "td") return "rowheader";
  return "columnheader";
}
// Rows painted in another order than the source's (absolutely positioned or transformed rows,
// re-sorted by moving them): their controls follow the screen.
function onScreenRows(kept) {
  let start = -1, grid = null;
  const tops = new Map();
  const keyOf = (cand) => {
    const row = cand.el.closest("tr, [role=row]");
    if (!row) return cand.box[1];
    let top = tops.get(row);
    if (top === undefined) tops.set(row, top = row.getBoundingClientRect().top);
    return top;
  };
  const sortRun = (from, to) => {
    if (to - from < 2) return;
    const run = kept.slice(from, to).map((c, k) => [keyOf(c), k, c]);
    run.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (let k = 0; k < run.length; k++) kept[from + k] = run[k][2];
  };
  for (let i = 0; i <= kept.length; i++) {
    const g = i < kept.length ? gridOf(kept[i].el) : null;
    if (g !== grid) {
      if (grid) sortRun(start, i);
      grid = g; start = i;
    }
  }
  return kept;
}

// ---- reader text of grids (reader.js hooks) ----------------------------------------------------
const ARIA_GRIDS = new Set(["grid", "table", "treegrid"]);
const ARIA_CELLS = new Set(["cell", "gridcell", "columnheader", "rowheader"]);
function isAriaGrid(el) {
  return el.localName !== "table" && ARIA_GRIDS.has(el.getAttribute("role"));
}
function isCell(el) {
  return el.localName === "td" || el.localName === "th" || ARIA_CELLS.has(el.getAttribute("role"));
}
// Rows of a table or ARIA grid in on-screen order: by their top edge when the page moved them
// (absolutely positioned or transformed rows), otherwise as in the source.
function gridRows(table, rowsOf) {
  const rows = isAriaGrid(table)
    ? [...table.querySelectorAll("[role=row]")].filter(r => r.parentElement && gridOf(r.parentElement) === table)
    : rowsOf(table);
  if (rows.length < 2) return rows;
  const tops = rows.map(r => r.getBoundingClientRect().top);
  let sorted = true;
  for (let i = 1; i < tops.length && sorted; i++) sorted = tops[i] >= tops[i - 1];
  if (sorted) return rows;
  return rows.map((r, i) => [tops[i], i, r]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(x => x[2]);
}

// Header cells a person operates: one with aria-sort sorts its column when activated, even if the
// page listens on the table (no pointer cursor or handler of its own); in an ARIA grid or treegrid, an
// interactive widget whose cells take focus and act (ARIA 1.2 grid; a gridcell is an entry already),
// each header cell with a caption is a cell of it too (a click focuses it, selects its column or shows
// its menu), wherever the page's listener sits.
const headerEntries = new WeakSet();
const INTERACTIVE_GRIDS = new Set(["grid", "treegrid"]);
function operableHeader(el, tag, role) {
  if (!(tag === "th" || role === "columnheader" || role === "rowheader")) return false;
  if (!el.hasAttribute("aria-sort")) {
    const grid = gridOf(el);
    if (!grid || !INTERACTIVE_GRIDS.has(grid.getAttribute("role")) || !norm(accName(el, "columnheader"))) return false;
  }
  headerEntries.add(el);
  return true;
}

// ---- rows that are listed as their cells ----------------------------------------------------------
// A grid's row is often a tab stop (the grid's keyboard focus moves row by row) or carries the
// selection handler, yet a person operates what it holds: its cells, its sortable column headers.
// Such a row stays open to the walk (walk.js), so the header cells and the controls in its cells
// are found, and `cellsForRows` drops the row when its cells are entries of their own: one entry per
// thing, and a click on a cell reaches the row's handler too. A row of an expandable tree
// (aria-expanded) keeps its entry: its own state is what a person toggles.
const openRows = new WeakSet();
function openRow(el, tag, role) {
  if (!(role === "row" || tag === "tr") || !el.parentElement || !gridOf(el.parentElement)) return false;
  openRows.add(el);
  return true;
}
function isCellEntry(cand, row) {
  if (cand.role === "gridcell" || headerEntries.has(cand.el)) return true;
  const header = cand.el.closest(HEADER_CELL);
  return !!header && row.contains(header);
}
// Over the kept candidates in document order (widgets.js widgetPass): rows whose cells are entries,
// and data cells that only hold a control (a row's selection checkbox: the control is the entry),
// are left out.
function cellsForRows(kept) {
  let drop = null;
  const served = kept.some(c => c.served);
  for (let i = 0; i < kept.length; i++) {
    const outer = kept[i];
    const row = openRows.has(outer.el) && !outer.el.hasAttribute("aria-expanded");
    const holder = served && !row && outer.role === "clickable";
    if (!row && !holder && outer.role !== "gridcell") continue;
    let j = i + 1;
    while (j < kept.length && outer.el.contains(kept[j].el)) j++;
    if (j === i + 1) continue;
    const nested = kept.slice(i + 1, j);
    if (holder) {
      if (nested.some(c => c.served) && holdsOnly(outer.el, nested)) (drop = drop || new Set()).add(outer);
      continue;
    }
    if (row ? nested.some(c => isCellEntry(c, outer.el)) : addsNothing(outer, nested)) (drop = drop || new Set()).add(outer);
  }
  if (!drop) return kept;
  const rest = kept.filter(c => !drop.has(c));
  kept.length = 0;
  for (const c of rest) kept.push(c);
  return kept;
}
// A page-made clickable that holds served cells (walk.js: a calendar panel that takes focus, a popup's
// wrapper) is the grid's holder, as a grid is (ARIA: the grid, not a control, holds its cells): when
// all the text a person reads in it is its entries' or its grids' column captions (Su Mo Tu), it adds
// no action of its own and its cells and buttons stand for it. One with text of its own stays.
function holdsOnly(outer, nested) {
  const inside = new Set(nested.map(c => c.el));
  const texts = document.createTreeWalker(outer, NodeFilter.SHOW_TEXT);
  for (let text = texts.nextNode(); text; text = texts.nextNode()) {
    if (!/[\p{L}\p{N}]/u.test(text.data)) continue;
    let el = text.parentElement;
    if (!el || el.closest(HEADER_CELL) || !el.checkVisibility()) continue;
    while (el && el !== outer && !inside.has(el)) el = el.parentElement;
    if (el === outer) return false;
  }
  return true;
}
function addsNothing(outer, nested) {
  let rest = " " + norm(accName(outer.el, outer.role)).toLowerCase() + " ";
  for (const c of nested) {
    const n = norm(accName(c.el, c.role)).toLowerCase();
    if (n) rest = rest.replace(n, " ");
  }
  return !/[\p{L}\p{N}]/u.test(rest);
}

export { GRID, gridOf, headerCells, headerRole, onScreenRows, isAriaGrid, isCell, gridRows, headerEntries, operableHeader,
  openRow, cellsForRows };

// layer: widgets
// Grids and tables (part of the in-page program, main.js): header cells as controls, rows in the
// order they are painted, and the reader's view of ARIA grids (reader.js).
import { ACTION_ROLES } from "./roles.js";

const GRID = "table, [role=grid], [role=table], [role=treegrid]";
const HEADER_CELL = "th, [role=columnheader], [role=rowheader]";

// A page-made clickable label in a header cell is that header (its role, name and sort state); a
// link or button there stays what it is and shows the cell's sort state.
function headerCell(cand) {
  if (!ACTION_ROLES.has(cand.role)) return;
  const cell = cand.el.closest(HEADER_CELL);
  if (!cell || !cell.closest(GRID)) return;
  cand.header = cell;
  if (cand.role === "clickable" || cand.el === cell) cand.headerRole = headerRole(cell);
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
    const g = i < kept.length ? kept[i].el.closest(GRID) : null;
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
    ? [...table.querySelectorAll("[role=row]")].filter(r => r.parentElement && r.parentElement.closest(GRID) === table)
    : rowsOf(table);
  if (rows.length < 2) return rows;
  const tops = rows.map(r => r.getBoundingClientRect().top);
  let sorted = true;
  for (let i = 1; i < tops.length && sorted; i++) sorted = tops[i] >= tops[i - 1];
  if (sorted) return rows;
  return rows.map((r, i) => [tops[i], i, r]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(x => x[2]);
}

// A header cell with aria-sort sorts its column when activated, even if the page listens on the
// table (no pointer cursor or handler of its own).
const sortableCells = new WeakSet();
function sortableHeader(el, tag, role) {
  if (!((tag === "th" || role === "columnheader" || role === "rowheader") && el.hasAttribute("aria-sort"))) return false;
  sortableCells.add(el);
  return true;
}

export { GRID, headerCell, headerRole, onScreenRows, isAriaGrid, isCell, gridRows, sortableCells, sortableHeader };

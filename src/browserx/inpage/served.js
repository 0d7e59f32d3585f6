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
const DAY = /^([1-9]|[12]\d|3[01])$/;
const asked = new WeakMap();  // table -> served (true/false)
let served = 0;               // how many tables are known to be served (0: the walk asks nothing)
let pending = [];

// capture.js's walk, on a <table> element it visits.
function noteTable(table) {
  if (!asked.has(table) && pending.length < 20 && isMonth(table)) pending.push(table);
}
function isMonth(table) {
  const body = table.tBodies.length ? table.tBodies[0] : table;
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
// capture.js's walk, on a <td>: a day cell of a served month grid.
function servedCell(td) {
  if (!served) return false;
  const table = td.closest("table");
  return !!table && asked.get(table) === true && DAY.test(td.textContent.trim());
}
// Before a walk (capture.js beginWalk): the grids noted by the last walk are handed to Python first.
function resetPendingGrids() { pending = []; }
function takePendingGrids() { return pending.filter(t => t.isConnected); }
function markGrid(table, isServed) {
  if (asked.get(table) === true) served--;
  asked.set(table, !!isServed);
  if (isServed) served++;
}

export { noteTable, servedCell, resetPendingGrids, takePendingGrids, markGrid };

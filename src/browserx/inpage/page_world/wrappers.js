// A table's body sections, the table and its wrappers up to <body> (page/listeners.py), called on the
// table in the page's own world, where DOMDebugger.getEventListeners sees the page's listeners (from
// browserx's world it lists none). `container`: how many of them, from the first, may serve its rows
// (served.js): a wrapper that holds another table serves no row of this one in particular.
// eslint-disable-next-line no-unused-vars
function wrappers() {
  const out = [...(this.tBodies || [])];
  const top = (n) => n === document.body || n === document.documentElement;
  let container = -1;
  for (let n = this, i = 0; n && !top(n) && i < 4; n = n.parentElement, i++) {
    if (container < 0 && n !== this && n.querySelectorAll("table").length > 1) container = out.length;
    out.push(n);
  }
  out.container = container < 0 ? out.length : container;
  return out;
}

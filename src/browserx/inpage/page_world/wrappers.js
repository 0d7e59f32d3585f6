// A table's wrappers up to <body> (page/listeners.py), called on the table in the page's own world, where
// DOMDebugger.getEventListeners sees the page's listeners (from browserx's world it lists none).
// eslint-disable-next-line no-unused-vars
function wrappers() {
  const out = [];
  const top = (n) => n === document.body || n === document.documentElement;
  for (let n = this, i = 0; n && !top(n) && i < 4; n = n.parentElement, i++) out.push(n);
  return out;
}

// The click handlers a framework keeps on the element while its ONE listener sits at its root
// (page/listeners.py adds this to every document, before the page's scripts; served.js asks it).
// React 17+ attaches every event listener to its root container and dispatches to the onClick in the
// element's props (`__reactProps$…`; React 16: `__reactEventHandlers$…`); Solid (`$$click`) and Svelte 5
// (`__click`) delegate the same way; Vue 3 attaches real listeners and keeps them in `_vei` (a symbol
// since Vue 3.4); a script may set `el.onclick`. All of these are expandos of the page's world: browserx's isolated world sees the
// DOM but none of them, and CDP's DOMDebugger.getEventListeners sees only the root's listener.
//
// The isolated world dispatches `<token>:ask` on a grid (composed, so a grid in a shadow root reaches
// window too); this answers, synchronously, with `<token>:served` dispatched on each of the grid's rows
// and cells (the same selector, the same first LIMIT, in document order) whose element carries a click
// handler of the kinds above. The isolated world listens on the grid for the answers while it asks.
//
// What a page can see of this: one capture listener on window for an event type named by a token the
// page does not know, and events of such types. No global, no DOM change.
(() => {
  const TOKEN = "__TOKEN__", LIMIT = Number("__LIMIT__");
  const SELECTOR = "tr, td, [role=row], [role=gridcell], [role=cell]";
  const apply = Reflect.apply, keys = Object.keys, symbols = Object.getOwnPropertySymbols, Ev = Event;
  const listen = EventTarget.prototype.addEventListener, dispatch = EventTarget.prototype.dispatchEvent;
  const select = Element.prototype.querySelectorAll;
  const PRESS = ["onClick", "onMouseDown", "onMouseUp", "onPointerDown", "onPointerUp"];       // React props
  const VUE = ["onClick", "onMousedown", "onMouseup", "onPointerdown", "onPointerup"];         // Vue's _vei
  const IDL = ["onclick", "onmousedown", "onmouseup", "onpointerdown", "onpointerup"];         // el.onclick = f
  const DELEGATED = ["$$click", "$$mousedown", "$$pointerdown", "__click", "__mousedown", "__pointerdown"];
  const any = (object, names) => { for (const n of names) if (object[n]) return true; return false; };
  function handles(el) {
    if (any(el, IDL) || any(el, DELEGATED)) return true;
    for (const key of keys(el)) {
      if (key.startsWith("__reactProps$") || key.startsWith("__reactEventHandlers$")) {
        const props = el[key];
        if (props && typeof props === "object" && any(props, PRESS)) return true;
      } else if (key === "_vei") {
        const invokers = el[key];
        if (invokers && typeof invokers === "object" && any(invokers, VUE)) return true;
      }
    }
    // Vue 3.4+ keeps its invokers under a symbol (`Symbol("_vei")`), no longer the `_vei` key.
    for (const symbol of symbols(el)) {
      if (symbol.description === "_vei") {
        const invokers = el[symbol];
        if (invokers && typeof invokers === "object" && any(invokers, VUE)) return true;
      }
    }
    return false;
  }
  apply(listen, window, [TOKEN + ":ask", (event) => {
    const grid = event.composedPath()[0];
    if (!(grid instanceof Element)) return;
    const parts = apply(select, grid, [SELECTOR]);
    for (let i = 0; i < parts.length && i < LIMIT; i++) {
      let yes;
      try { yes = handles(parts[i]); } catch (_) { yes = false; }  // a Proxy or a getter that throws
      if (yes) apply(dispatch, parts[i], [new Ev(TOKEN + ":served")]);
    }
  }, true]);
})();

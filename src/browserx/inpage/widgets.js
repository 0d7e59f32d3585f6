// layer: widgets
// Real widgets the plain walk misreads (issue 18): readonly fields, sortable header cells, grids positioned
// out of source order, scroll areas, nested clickables, unnamed controls and running animations. Part of the
// in-page program (main.js): capture.js and reader.js call it through small hooks. It publishes globalThis.__browserxWidgets (animation settling, for actions/animations.py).
import { composedContains } from "./geometry.js";
import { roleOf, PREFIX, ACTION_ROLES } from "./roles.js";
import { norm, cap, readable, accName } from "./names.js";
import { clipOf, area, intersect } from "./clips.js";
import { headerCells, headerRole, onScreenRows, headerEntries, cellsForRows } from "./grids.js";
import { isRendered } from "./facts.js";
import { dialogText } from "./modals.js";
import { idOf } from "./ids.js";
import { drawnPass, drawnControl } from "./drawn.js";
import { datePass, dateControl } from "./dates.js";
import { standInFor, valueFieldOf, manyWhileClosed } from "./standin.js";
import { takePendingGrids, markGrid } from "./served.js";
import { holdsSeenControl } from "./seen.js";
import { inSliderWidget } from "./tracks.js";

const LONG_ANIMATION_MS = 5000;  // longer finite animations are decoration (pulses, tickers), not a change

// ---- states ----------------------------------------------------------------------------------
function widgetStates(el, role, s) {
  if (el.readOnly === true || el.getAttribute("aria-readonly") === "true") s.readonly = true;
  // A combobox that takes several options says so, or holds a hidden <select multiple> (standin.js
  // manyWhileClosed, as fill reads it): the agent may give `fill` a list.
  if (role === "combobox" && el.localName !== "select" && manyWhileClosed(el)) s.multiselectable = true;
}

// ---- one pass over the kept candidates (capture.js, before the caps) -------------------------
// Nested clickables become one entry; header cells that can be activated become header controls;
// rows of a grid come in on-screen order.
function widgetPass(kept) {
  drawnPass(kept);
  datePass(kept);
  const drop = new Set();
  const names = new Map();
  const nameFor = (cand) => {
    let n = names.get(cand);
    if (n === undefined) names.set(cand, n = accName(cand.el, cand.role));
    return n;
  };
  for (let i = 0; i < kept.length; i++) {
    const outer = kept[i];
    const field = WRAPPED_FIELDS.has(outer.role);
    if (!ACTION_ROLES.has(outer.role) && !field) continue;
    const nested = [];
    // Through shadow roots too: a custom element's own button lies in its shadow tree.
    for (let j = i + 1; j < kept.length && composedContains(outer.el, kept[j].el); j++) nested.push(kept[j]);
    if (field) {
      // A nameless field declared around a named one of its role (a dropdown's frame and the input inside it,
      // both declared comboboxes): a person sees one dropdown, and the inner one takes the keys and the name.
      // Both control the one popup (a nameless field around another that opens a list of its own stays), and the
      // outer one holds no hidden select (then it is that select's drawn field, the entry fill takes a list on).
      const popup = outer.el.getAttribute("aria-controls");
      if (nested.length === 1 && nested[0].role === outer.role && !nameFor(outer) && nameFor(nested[0]) && popup &&
          popup === nested[0].el.getAttribute("aria-controls") && !outer.el.querySelector("select")) drop.add(outer);
      continue;
    }
    // A page-made clickable track holding a slider's thumbs, showing no words but numbers (its scale, the
    // value): the slider is the entry, and a click on the track is one way of moving it.
    if (outer.role === "clickable" && nested.length && nested.every(c => c.role === "slider") &&
        !/\p{L}/u.test(nested.reduce((text, c) => text.replace(c.el.innerText || "", " "), outer.el.innerText || ""))) {
      drop.add(outer);
      continue;
    }
    // A page-made wrapper drawn for a hidden native field it holds (standin.js): the field is the entry.
    if (outer.role === "clickable" && nested.length && nested.every(c => c.drawn && composedContains(outer.el, c.drawn))) {
      drop.add(outer);
      continue;
    }
    // A page-made wrapper drawn around one field (a dropdown's face with its arrow beside it) showing no words
    // but the field's: the field is the entry, and a click on the wrapper reaches it.
    if (outer.role === "clickable" && nested.length === 1 && WRAPPED_FIELDS.has(nested[0].role) &&
        !/[\p{L}\p{N}]/u.test(textOutside(outer.el, nested[0].el))) {
      drop.add(outer);
      continue;
    }
    // A page-made tab stop around a grid's cells (a scroll area the keyboard scrolls) that shows no words but
    // theirs is no control: the cells are the entries.
    const aroundCells = outer.role === "clickable" && nested.some(c => GRID_CELLS.has(c.role)) &&
      nested.every(c => ACTION_ROLES.has(c.role) || GRID_CELLS.has(c.role));
    if (!nested.length || !(aroundCells || nested.every(c => ACTION_ROLES.has(c.role)))) continue;
    let rest = " " + norm(nameFor(outer)).toLowerCase() + " ";
    for (const c of nested) {
      const n = norm(nameFor(c)).toLowerCase();
      if (n) rest = rest.replace(n, " ");
    }
    const addsNothing = !/[\p{L}\p{N}]/u.test(rest);
    // An operable header cell whose label or button holds its caption (less a sort badge's digit): that
    // is the control. One that holds a control beside its caption (a column menu button) stays an
    // entry, and so does the control.
    if (headerEntries.has(outer.el)) { if (!/\p{L}/u.test(rest)) drop.add(outer); continue; }
    if (outer.role === "clickable" && addsNothing) {
      // A page-made wrapper whose only action is what it holds: its controls stand for it; a nameless
      // one that toggles the same thing as a named one (an arrow beside a summary) is the same entry.
      drop.add(outer);
      const named = nested.filter(c => nameFor(c));
      for (const c of nested) {
        if (!nameFor(c) && named.some(n => sameAction(n.el, c.el))) drop.add(c);
      }
    } else if (outer.role !== "clickable" && addsNothing) {
      // A role=button span inside a link: the link is the entry. A native control, or one with a name
      // and a handler of its own, only when a click on the outer one's centre lands in it (a link
      // filling its tab): elsewhere that click would not reach it, so it stays an entry of its own.
      for (const c of nested) if (!actsAlone(c.el, nameFor(c)) || holdsCentre(c.box, outer.box)) drop.add(c);
    }
  }
  trackBesideThumb(kept, drop);
  if (drop.size) {
    const rest = kept.filter(c => !drop.has(c));
    kept.length = 0;
    for (const c of rest) kept.push(c);
  }
  headerCells(kept);
  if (animating.length) animating = animating.filter(t => t.isConnected && t.getAnimations().some(a => a.playState === "running"));
  return onScreenRows(cellsForRows(kept));
}
// A page-made clickable showing nothing, beside a declared slider's thumb in the slider's own widget (the
// track a click moves the thumb along, drawn as the thumb's sibling: noUiSlider's `.noUi-connects`): the slider
// is the entry. Their boxes cross, and the track is a part of that slider's widget (tracks.js inSliderWidget).
function trackBesideThumb(kept, drop) {
  const sliders = kept.filter(c => c.role === "slider" && !c.drawnSlider);
  if (!sliders.length) return;
  for (const c of kept) {
    if (c.role !== "clickable" || drop.has(c) || /[\p{L}\p{N}]/u.test(c.el.innerText || "")) continue;
    const slider = sliders.find(s => area(intersect(s.box, c.box)) > 0 && inSliderWidget(c.el, s.el));
    if (slider) drop.add(c);
  }
}
const WRAPPED_FIELDS = new Set(["textbox", "searchbox", "combobox", "spinbutton"]);
const GRID_CELLS = new Set(["gridcell", "cell", "row", "rowheader", "columnheader"]);
// The words `outer` shows outside `inner`.
function textOutside(outer, inner) {
  const text = outer.innerText || "", held = inner.innerText || "";
  const at = held ? text.indexOf(held) : -1;
  return at < 0 ? text : text.slice(0, at) + text.slice(at + held.length);
}
const NATIVE_ACTIONS = new Set(["button", "input", "select", "textarea", "summary"]);
function actsAlone(el, name) {
  const tag = el.localName;
  if (NATIVE_ACTIONS.has(tag) || ((tag === "a" || tag === "area") && el.hasAttribute("href"))) return true;
  return !!name && (el.hasAttribute("onclick") || el.tabIndex >= 0);
}
function holdsCentre(inner, outer) {
  const x = outer[0] + outer[2] / 2, y = outer[1] + outer[3] / 2;
  return x >= inner[0] && x <= inner[0] + inner[2] && y >= inner[1] && y <= inner[1] + inner[3];
}
function sameAction(a, b) {
  const ca = a.getAttribute("aria-controls"), cb = b.getAttribute("aria-controls");
  if (ca && ca === cb) return true;
  return a.hasAttribute("aria-expanded") && a.getAttribute("aria-expanded") === b.getAttribute("aria-expanded");
}
// ---- per control -------------------------------------------------------------------------------
// Called for each listed control once its name, states and values are known.
function widgetControl(c, cand, chosen) {
  const el = cand.el;
  drawnControl(c, cand);
  dateControl(c, cand);
  if (cand.header) {
    if (cand.headerRole) {
      c.role = cand.headerRole;
      if (!c.name) c.name = readable(accName(cand.header, headerRole(cand.header)));
    }
    if (cand.headerContext) c.header = cand.headerContext;
    const sort = cand.header.getAttribute("aria-sort") || el.getAttribute("aria-sort");
    if (sort && sort !== "none" && !cand.headerContext) c.states.sort = sort;
  }
  if (cand.container) c.container = containerLabel(cand.container, chosen);
  if (el.isContentEditable && el.localName !== "input" && el.localName !== "textarea") {
    // An editor's empty paragraph (<p><br></p>) is an empty field, not a one-character value.
    if (c.value_len && !(el.textContent || "").trim() && !el.querySelector("img, video, iframe, hr, table")) {
      c.value_len = 0;
      if (c.value !== undefined) c.value = "";
    }
    if (!c.placeholder && !c.value_len) {
      const ph = editablePlaceholder(el);
      if (ph) c.placeholder = ph;
    }
  }
  if (!c.name && !c.placeholder) {
    const d = description(el);
    if (d) c.description = d;
  }
  if (animating.length && animating.some(t => t === el || t.contains(el))) c.states.animating = true;
}
function editablePlaceholder(el) {
  for (const n of [el, el.firstElementChild]) {
    if (!n) continue;
    const ph = n.getAttribute("data-placeholder") || n.getAttribute("aria-placeholder") || n.getAttribute("placeholder");
    if (ph && ph.trim()) return cap(norm(ph), 160);
    const content = getComputedStyle(n, "::before").content;
    const m = content && /^"(.+)"$/.exec(content);
    if (m && m[1].trim()) return cap(norm(m[1]), 160);
  }
  return "";
}
// A best-effort description of a control without an accessible name, never mixed into the name.
// A nameless editor (a notebook's code cell, a comment box) is named by the labelled part it sits
// in: what a person reads it as ("Code Cell Content").
function editorName(el) {
  if (!(el.isContentEditable || el.editContext || el.localName === "textarea")) return "";
  for (let up = el.parentElement, depth = 0; up && depth < 8; up = up.parentElement, depth++) {
    const text = norm(up.getAttribute("aria-label") || "");
    if (text) return cap(text, 100);
    // A label that labels no field (its `for` names the editor's box, or nothing), before the editor
    // in the group that holds it: what a person reads as its caption.
    const said = depth < 4 ? danglingLabel(up, el) : "";
    if (said) return cap(said, 100);
  }
  return hiddenFieldLabel(el, 3);  // an editor drawn over the page's own (hidden) field: that field's label
}
function danglingLabel(group, el) {
  let found = "";
  for (const l of group.querySelectorAll("label")) {
    if (l.control || l.contains(el) || !(l.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    const text = l.checkVisibility() ? norm(l.textContent || "") : "";
    if (text) found = text;  // the last one before the editor
  }
  return found;
}
// The visible label of a hidden native field near `el` (within `levels` ancestors): the field a widget
// drawn beside it stands for (a custom select over a hidden <select>, an editor over a hidden textarea);
// `alone`: only in a group holding no other seen control (an app bar's button is not its slider's "Nights").
function hiddenFieldLabel(el, levels, alone) {
  for (let up = el.parentElement, depth = 0; up && depth < levels; up = up.parentElement, depth++) {
    for (const f of up.querySelectorAll("select, input, textarea")) {
      if (f === el || isRendered(f) || !f.labels) continue;
      for (const l of f.labels) {
        const text = norm(l.textContent || "");
        if (text && l.checkVisibility()) return alone && holdsSeenControl(up, el) ? "" : cap(text, 100);
      }
    }
  }
  return "";
}
function description(el) {
  // A visible label of a hidden native field this widget stands for (a custom select, a picker).
  const hidden = hiddenFieldLabel(el, 3, true);
  if (hidden) return hidden;
  // An icon: its title, an SVG <title> or <desc> (even inside aria-hidden), a tooltip attribute.
  const titled = el.querySelector("[title], title, desc");
  if (titled) {
    const text = norm(titled.getAttribute("title") || titled.textContent || "");
    if (text) return cap(text, 100);
  }
  for (const attr of ["data-tooltip", "data-title", "data-original-title", "data-tip"]) {
    const text = norm(el.getAttribute(attr) || "");
    if (text) return cap(text, 100);
  }
  // An icon's class words: "chevron right", "close".
  const icon = el.querySelector("svg, i, [class*=icon]");
  const iconWords = icon ? classWords(icon) || classWords(el) : "";
  if (iconWords) return iconWords;
  // Visible text right before it (a caption beside a switch or a slider).
  for (let prev = el.previousElementSibling, k = 0; prev && k < 2; prev = prev.previousElementSibling, k++) {
    if (!isRendered(prev) || PREFIX[roleOf(prev)]) continue;
    const text = norm(dialogText(prev, 81).replace(/\n/g, " "));  // never a select's options or a field's value
    if (text && text.length <= 80) return text;
  }
  return classWords(el);
}
// Words an icon's class can say (minified class names say nothing: "eq er bg").
const ICON_WORDS = new Set(("add arrow attach back bars bell bookmark calendar camera caret cart chat check chevron " +
  "clear close cog collapse comment copy delete dots down download edit ellipsis email expand external eye facebook " +
  "filter first forward fullscreen gear github heart help home info instagram kebab last left like link linkedin " +
  "lock login logout mail map menu minus more mute next pause pencil phone play plus prev previous print profile " +
  "refresh reload remove reply right rss save search send settings share sort star stop trash twitter unlock up " +
  "upload user volume x youtube zoom").split(" "));
function classWords(el) {
  const cls = typeof el.className === "string" ? el.className : (el.getAttribute("class") || "");
  const words = [];
  for (const token of cls.split(/\s+/)) {
    for (const w of token.split(/[-_]+|(?=[A-Z])/)) {
      const lw = w.toLowerCase();
      if (ICON_WORDS.has(lw) && !words.includes(lw)) words.push(lw);
    }
    if (words.length >= 3) break;
  }
  return words.slice(0, 3).join(" ");
}

// ---- scroll areas ------------------------------------------------------------------------------
// The scrollable box (nearest first) that keeps a control out of view, or null (the page's own scroll).
// A box as large as half the viewport is the page's own scroller in an app shell: not named (its
// controls read like any off-screen control, and naming it on each would cost tokens for nothing).
function scrollContainer(clipper, box) {
  for (let node = clipper; node; node = node.parent) {
    if (!node.scroll || !node.el) continue;
    const clip = clipOf(node).clip;
    if (!clip || area(intersect(clip, box)) >= 0.5 * area(box)) continue;
    const r = node.el.getBoundingClientRect();
    return r.width * r.height < 0.5 * innerWidth * innerHeight ? node.el : null;
  }
  return null;
}
// Controls the caps left out of scroll areas, counted per area: where the agent can find more.
function cutByContainer(kept, chosen) {
  if (kept.length === chosen.length) return null;
  const listed = new Set(chosen);
  const counts = {};
  let any = false;
  for (const cand of kept) {
    if (listed.has(cand) || !cand.container) continue;
    const label = containerLabel(cand.container, chosen);
    counts[label] = (counts[label] || 0) + 1;
    any = true;
  }
  return any ? counts : null;
}
function containerLabel(el, chosen) {
  const id = idOf.get(el);
  if (id && chosen.some(c => c.el === el)) return id;
  const role = roleOf(el);
  const name = accName(el, role);
  const what = role || el.localName + (el.id ? "#" + cap(el.id, 30) : "");
  return name ? `${what} "${cap(name, 60)}"` : what;
}

// ---- animations --------------------------------------------------------------------------------
let animating = [];  // targets of finite animations still running after the last settle
const stillAnimating = () => animating.length > 0;  // the next snapshot marks them (recheck.js)
function finiteAnimations(doc, since) {
  const out = [];
  for (const a of doc.getAnimations()) {
    if (a.playState !== "running" || !a.effect) continue;
    // After an action, only what it started (a carousel already turning is not its doing).
    if (since !== undefined && a.startTime !== null && a.startTime < since) continue;
    const target = a.effect.target;
    if (target && target.hasAttribute("data-browserx-overlay")) continue;  // our own click ripple
    const t = a.effect.getComputedTiming();
    if (!isFinite(t.endTime)) continue;
    const left = (t.endTime - (t.localTime || 0)) / Math.abs(a.playbackRate || 1);
    if (left <= LONG_ANIMATION_MS) out.push({ a, left });
  }
  return out;
}
function animationsStarted() {
  return finiteAnimations(document, globalThis.__bxActionStart).length;
}
// Wait (up to `ms`) for the finite animations that can finish in time; remember the targets of
// those still running, so the next snapshot marks their controls `animating`.
async function settleAnimations(ms, sinceAction) {
  const since = sinceAction ? globalThis.__bxActionStart : undefined;
  let running = finiteAnimations(document, since);
  const soon = running.filter(r => r.left <= ms);
  if (soon.length) {
    let timer;
    await Promise.race([
      Promise.all(soon.map(r => r.a.finished.catch(() => null))),
      new Promise(resolve => { timer = setTimeout(resolve, ms); }),
    ]);
    clearTimeout(timer);
    await new Promise(resolve => setTimeout(resolve, 0));  // transitionend handlers (removal after a fade)
    running = finiteAnimations(document, since);
  }
  animating = running.map(r => r.a.effect.target).filter(Boolean);
  return { waited: soon.length, running: running.length };
}

Object.defineProperty(globalThis, "__browserxWidgets", {
  // The fields of widgets drawn without ARIA, for actions/fill.py's kinds; month grids (page/listeners.py).
  value: Object.freeze({ settleAnimations, standInFor, valueFieldOf, takePendingGrids, markGrid }), configurable: false, enumerable: false, writable: false,
});

export { stillAnimating, editorName, animationsStarted, widgetStates, widgetPass, widgetControl, scrollContainer, cutByContainer, description };

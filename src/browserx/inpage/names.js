// layer: base
// Accessible names (accname 1.2, html-aam), computed in page for the controls and headings of the
// model. `facts` is filled by the capture walk (capture.js) before names are asked for.
// Step letters below are accname 1.2's (2A hidden … 2I tooltip).
import { roleOf, FROM_CONTENT, LABELABLE, SKIP, SPACED, LANDMARK } from "./roles.js";
import { mayHavePseudo, pseudoText, tooltipText } from "./generated.js";
import { shadowOf } from "./dom.js";
import { facts, includeValues, valueReads } from "./facts.js";

const norm = s => s.replace(/\s+/g, " ").trim();
// accname's flat string: ASCII whitespace collapses; a no-break space is part of the name.
const flat = s => s.replace(/[ \t\n\r\f]+/g, " ").replace(/^ | $/g, "");
const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
// An icon font draws its pictures at code points of Unicode's Private Use Area, which mean nothing outside
// that font: Chromium keeps them in names as text ("\uf060"), a person sees an arrow. The names the model
// shows leave them out (`accName` stays Chromium's, what the walk and the Chromium check go by); a name of
// glyphs only is no name, and what else the control says takes its place (a title, the icon's description).
const GLYPHS = /[\uE000-\uF8FF\u{F0000}-\u{FFFFD}\u{100000}-\u{10FFFD}]/gu;
const readable = (s) => { const t = s.replace(GLYPHS, ""); return t === s ? s : norm(t); };

// What the names need of an element, per snapshot: `hidden` 0 shown, 1 hidden by visibility (its
// descendants may show again), 2 not rendered (display:none, aria-hidden, closed content); `spaced`
// when its box separates words (anything but inline). Walked elements answer from the walk's facts;
// the others (inside hidden, aria-hidden or transparent subtrees, which the walk skips) are asked once.
const SHOWN = [{ hidden: 0, spaced: false }, { hidden: 0, spaced: true }, { hidden: 1, spaced: false },
  { hidden: 1, spaced: true }];
let nameMemo = new Map(), nameMemoFor = null;
function nameFacts(el) {
  const f = facts.get(el);
  if (f !== undefined && !f.gone) return SHOWN[(f.visible ? 0 : 2) + (f.display !== "inline" && f.display !== "contents" ? 1 : 0)];
  if (nameMemoFor !== facts) { nameMemo = new Map(); nameMemoFor = facts; }
  let known = nameMemo.get(el);
  if (known === undefined) {
    // opacity:0 is not hidden for names (the walk skips such subtrees as invisible).
    const style = getComputedStyle(el);
    const gone = !el.checkVisibility({ visibilityProperty: false }) || el.closest("[aria-hidden=true]") !== null;
    const spaced = style.display !== "inline" && style.display !== "contents";
    known = gone ? { hidden: 2, spaced } : SHOWN[(style.visibility === "visible" ? 0 : 2) + (spaced ? 1 : 0)];
    nameMemo.set(el, known);
  }
  return known;
}

function byIdRef(el, id) {
  const root = el.getRootNode();
  return root.getElementById ? root.getElementById(id) : el.ownerDocument.getElementById(id);
}
// The correct spelling wins; ARIA tolerates the common misspelling when it is the only one.
function labelledBy(el) {
  const ids = el.getAttribute("aria-labelledby");
  return ids !== null ? ids : el.getAttribute("aria-labeledby");
}
// `role` overrides the element's own role for the root (page-made clickables name from content).
function accName(el, role) {
  return cap(flat(nameOf(el, { root: el, rootRole: role, visited: new Set(), inLabelledBy: false, recursing: false, hiddenOk: false })), 160);
}
function nameOf(el, st) {
  if (st.visited.has(el)) return "";
  st.visited.add(el);
  // shownName: the control met again inside its own name says its own label, not what it holds (its content).
  if (st.ownValueOut && st.recursing && el === st.root) st = { ...st, ownValueOut: false, ownContentOut: true };
  if (st.recursing && !st.hiddenOk) {                                                   // 2A
    const hidden = nameFacts(el).hidden;
    if (hidden === 2) return "";
    if (hidden === 1) return contentText(el, st, false);  // only its visible descendants
  }
  if (!st.inLabelledBy) {                                                               // 2B
    const ids = labelledBy(el);
    if (ids) {
      const text = ids.trim().split(/\s+/).map(id => byIdRef(el, id)).filter(Boolean)
        .map(n => nameOf(n, { ...st, visited: new Set(), inLabelledBy: true, recursing: true,
          hiddenOk: st.hiddenOk || nameFacts(n).hidden !== 0 }))
        .join(" ");
      if (text.trim()) return text;
    }
  }
  const role = el === st.root && st.rootRole ? st.rootRole : roleOf(el);
  if (st.recursing && el !== st.root && EMBEDDED.has(role)) return embeddedValue(el, role);  // 2C
  if (el.localName !== "slot") {                                                        // 2D
    const label = el.getAttribute("aria-label");
    if (label && flat(label)) return label;
  }
  if (role !== "none" && role !== "presentation") {                                     // 2E
    const native = nativeName(el, st);
    if (native) return native;
  }
  if ((FROM_CONTENT.has(role) || st.recursing || el.localName === "label" || el.localName === "legend") &&  // 2F-2H
      !(st.ownContentOut && el === st.root)) {
    const text = contentText(el, st, true);
    if (text.trim()) return text;
  }
  return el.getAttribute("title") || (el === st.root ? tooltipText(el) : "");          // 2I
}
// The name the model shows for a control that holds a value and is met again inside its own name: its
// aria-labelledby lists itself ("wing-label wing": a dropdown's caption, then itself) or an element holding
// it (a range drawn inside its label part, its pin "2" beside the caption "Nights"). accname reads what the
// control holds there, Chromium too ("Wing North", "Nights 2"): that is its value, which a person reads as
// the value beside the caption, not as part of it. The shown name leaves out what it holds, its content, and
// keeps a label of its own there ("month," of a date's segment labelled "segment field-label"). `named`,
// accname's, stays the one the Chromium checks compare (`ax_name`); a name of nothing else stays accname's.
function shownName(el, role, named) {
  if (zeroNamed.has(el)) named = cap(flat(nameOf(el, { root: el, rootRole: role, visited: new Set(), inLabelledBy: false,
    recursing: false, hiddenOk: false, zeroOut: true })), 160);
  if (iconNamed.has(el)) {  // an icon's word beside words a person reads: those words (an icon alone keeps its word)
    const words = cap(flat(nameOf(el, { root: el, rootRole: role, visited: new Set(), inLabelledBy: false,
      recursing: false, hiddenOk: false, zeroOut: zeroNamed.has(el), iconsOut: true })), 160);
    if (/[\p{L}\p{N}]/u.test(words)) named = words;
  }
  if (!EMBEDDED.has(role) && el.getAttribute("aria-haspopup") !== "listbox") return named;
  const ids = labelledBy(el);
  if (!ids || !ids.trim().split(/\s+/).some(id => { const n = byIdRef(el, id); return n && n.contains(el); })) return named;
  const shown = cap(flat(nameOf(el, { root: el, rootRole: role, visited: new Set(), inLabelledBy: false, recursing: false,
    hiddenOk: false, ownValueOut: true })), 160);
  return shown ? shown : named;
}
// 2C: a control inside a label says its value. A text field's typed value is private unless the
// caller asked for values; a choice (select, listbox) and a range's value are not typed text.
const EMBEDDED = new Set(["textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton"]);
function embeddedValue(el, role) {
  const tag = el.localName;
  valueReads.add(el);
  if (tag === "select") return [...el.selectedOptions].map(o => o.label).join(" ");
  if (role === "slider" || role === "spinbutton") {
    const aria = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    if (aria || tag !== "input") return aria || "";
    // A number field is typed like a text field (a quantity, a PIN): private unless asked for.
    return el.type === "range" || includeValues ? String(el.value) : "";
  }
  if (role === "listbox" || (role === "combobox" && tag !== "input" && !el.isContentEditable)) {
    const chosen = chosenOptions(el);
    if (chosen.length || role === "listbox") return chosen.map(o => flat(accName(o, "option"))).join(" ");
    return el.textContent || "";
  }
  if (!includeValues || el.type === "password") return "";
  if (tag === "input" || tag === "textarea") return String(el.value);
  return el.isContentEditable ? el.innerText || "" : "";
}
function chosenOptions(el) {
  const owners = [el];
  for (const attr of ["aria-controls", "aria-owns"]) {
    for (const id of (el.getAttribute(attr) || "").trim().split(/\s+/)) { const n = id && byIdRef(el, id); if (n) owners.push(n); }
  }
  return owners.flatMap(o => [...o.querySelectorAll('[role=option][aria-selected=true], [role=option][aria-checked=true]')]);
}
// The labels of a labelable element, in tree order (html's "labeled control"): a label's `for` is an
// id looked up in the label's own tree (the document, or the one shadow root both are in), never across
// a shadow boundary; a label without `for` labels its first labelable descendant. The native elements
// answer through `labels`; a form-associated custom element (its name has a hyphen) keeps its `labels`
// in its ElementInternals, out of reach, but `label.control` names it: the labels that point at it or
// hold it are asked.
// The ids a tree's labels point at, read once per tree and walk (facts.js): a name is read for every control.
let labelTargets = new WeakMap(), labelTargetsFor = null;
function pointedAt(root, id) {
  if (labelTargetsFor !== facts) { labelTargets = new WeakMap(); labelTargetsFor = facts; }
  let ids = labelTargets.get(root);
  if (ids === undefined) labelTargets.set(root, ids = new Set(Array.from(root.querySelectorAll("label[for]"), l => l.htmlFor)));
  return ids.has(id);
}
function labelsOf(el) {
  if (LABELABLE.has(el.localName)) return el.labels && el.labels.length ? [...el.labels] : [];
  if (!el.localName.includes("-")) return [];
  const root = el.getRootNode();
  const pointing = el.id && root.querySelectorAll && pointedAt(root, el.id)
    ? [...root.querySelectorAll(`label[for="${CSS.escape(el.id)}"]`)] : [];
  const holding = el.parentElement ? el.parentElement.closest("label:not([for])") : null;
  const found = (holding ? [...pointing, holding] : pointing).filter(l => l.control === el);
  return found.length > 1 ? found.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)) : found;
}
function nativeName(el, st) {
  const tag = el.localName;
  // A native label element names its control even when it is hidden (2A, second clause).
  const viaElement = n => nameOf(n, { ...st, recursing: true, hiddenOk: st.hiddenOk || nameFacts(n).hidden !== 0 });
  if (tag === "input") {
    const type = (el.getAttribute("type") || "").toLowerCase();
    if (type === "button" || type === "submit" || type === "reset") {
      return el.getAttribute("value") || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
    }
    if (type === "image") return el.getAttribute("alt") || el.getAttribute("value") || el.getAttribute("title") || "Submit";
  }
  // html-aam: every labelable element takes its labels, a button too (its label outranks its content,
  // a dropdown's current choice).
  const labels = labelsOf(el);
  if (labels.length) {
    const text = labels.map(viaElement).join(" ");
    if (text.trim()) return text;
  }
  if (tag === "input" || tag === "textarea") {
    return el.getAttribute("title") || el.getAttribute("placeholder") || "";
  }
  if (tag === "img" || tag === "area") return el.getAttribute("alt") || "";
  if (tag === "fieldset") { const l = el.querySelector(":scope > legend"); return l ? viaElement(l) : ""; }
  if (tag === "table") { const c = el.querySelector(":scope > caption"); return c ? viaElement(c) : ""; }
  if (tag === "figure") { const c = el.querySelector(":scope > figcaption"); return c ? viaElement(c) : ""; }
  if (tag === "svg") {
    let t = el.querySelector(":scope > title");
    if (!t && !el.hasAttribute("role")) {
      // An icon drawn with <use href="#sym">: Chromium names it from the symbol's <title>, unless
      // the svg has a role of its own (then only its own <title> counts, as SVG-AAM says).
      const use = el.querySelector("use");
      const ref = use && (use.getAttribute("href") || use.getAttribute("xlink:href"));
      const symbol = ref && ref.startsWith("#") ? byIdRef(el, ref.slice(1)) : null;
      t = symbol && symbol.querySelector(":scope > title");
    }
    return t ? t.textContent : "";
  }
  return "";
}
// Text drawn at no size names nothing a person reads: a box scaled to nothing (transform: scale(0), a value
// bubble hidden until a drag) shows none of what it holds. Chromium's name keeps it (accName, `ax_name`); the
// shown name (shownName) leaves it out, for the names whose content met one (`zeroNamed`).
const drawnAtZero = (el) => {
  const r = el.getBoundingClientRect();
  return r.width === 0 && r.height === 0 && el.firstChild !== null && getComputedStyle(el).transform !== "none";
};
const zeroNamed = new WeakSet();
// An icon font that draws a word as one picture (a ligature: Material Icons' "chevron_right", Framework7's
// "checkbox_md") shows a person an icon, not the word. Such a word stands alone in its box, lowercase, of 5 or
// more letters, digits or underscores, and its text is drawn no wider than 1.5 times its font size: no word of
// that length is, in a font that draws letters. Chromium's name keeps it (`ax_name`); the shown name leaves it
// out where other words remain (`iconNamed`), and keeps it where it is all the control says (its meaning).
// An empty box whose word is generated content (`::after { content: "checkbox_md" }`) is measured by its own box.
const ICON_WORD = /^\s*[a-z][a-z0-9_]{4,}\s*$/;
function iconWord(el) {
  if (el.firstElementChild !== null) return false;
  if (el.firstChild !== null) {
    if (!ICON_WORD.test(el.textContent)) return false;
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    return drawnAsIcon(range.getBoundingClientRect().width, getComputedStyle(el).fontSize);
  }
  if (!mayHavePseudo(el)) return false;
  for (const which of ["::before", "::after"]) {
    if (ICON_WORD.test(pseudoText(el, which, false))) return drawnAsIcon(el.getBoundingClientRect().width, getComputedStyle(el, which).fontSize);
  }
  return false;
}
// Drawn at a font size of 0 (an unchecked box's mark, shown once checked), the word shows nothing at all.
const drawnAsIcon = (width, fontSize) => parseFloat(fontSize) === 0 || (width > 0 && width <= 1.5 * parseFloat(fontSize));
const iconNamed = new WeakSet();
// 2F: generated content, then the rendered children (a shadow root's, a slot's assigned nodes).
// `own` is false for an element hidden by visibility: its text and pseudo-elements are hidden
// too, only descendants made visible again count (Chromium leaves out a pseudo-element made visible again).
function contentText(el, st, own) {
  const pseudo = own && mayHavePseudo(el), readsHidden = st.hiddenOk || el === st.root;
  let out = pseudo ? pseudoText(el, "::before", readsHidden) : "";
  const shadow = shadowOf(el);
  const assigned = el.localName === "slot" ? el.assignedNodes({ flatten: true }) : null;
  const nodes = assigned && assigned.length ? assigned : null;
  // Sibling links, not the childNodes list's iterator: a name is read for every control.
  for (let k = 0, n = nodes ? nodes[0] : (shadow || el).firstChild; n; n = nodes ? nodes[++k] : n.nextSibling) {
    if (n.nodeType === 3) { if (own) out += n.data; }
    else if (n.nodeType === 1) {
      if (SKIP.has(n.localName)) continue;
      if (drawnAtZero(n)) { if (st.zeroOut) continue; zeroNamed.add(st.root); }
      if (iconWord(n)) { if (st.iconsOut) continue; iconNamed.add(st.root); }
      const part = nameOf(n, { ...st, recursing: true });
      // Block and inline-block boxes and replaced elements separate words; inline ones do not.
      out += SPACED.has(n.localName) || nameFacts(n).spaced ? " " + part + " " : part;
    }
    if (out.length > 600) break;
  }
  return pseudo ? out + pseudoText(el, "::after", readsHidden) : out;
}
// "main", `region "Cart"`: the region label of a landmark with this role, or null (an unnamed
// region or form is no landmark).
function landmarkLabel(el, role) {
  const kind = role && LANDMARK[role];
  if (!kind) return null;
  const name = landmarkName(el);
  if ((role === "region" || role === "form") && !name) return null;
  return name ? `${kind} "${name}"` : kind;
}
function landmarkName(el) {
  const ids = labelledBy(el);
  if (ids) {
    const t = ids.trim().split(/\s+/).map(id => byIdRef(el, id)).filter(Boolean).map(n => n.textContent).join(" ");
    if (t.trim()) return cap(norm(t), 60);
  }
  return cap(norm(el.getAttribute("aria-label") || el.getAttribute("title") || ""), 60);
}

export { norm, cap, readable, byIdRef, labelsOf, pointedAt, accName, shownName, landmarkLabel, drawnAtZero };

// Accessible names (accname 1.2, html-aam), computed in page for the controls and headings of the
// model. `facts` is filled by the capture walk (capture.js) before names are asked for.
// Step letters below are accname 1.2's (2A hidden … 2I tooltip).

const norm = s => s.replace(/\s+/g, " ").trim();
// accname's flat string: ASCII whitespace collapses; a no-break space is part of the name.
const flat = s => s.replace(/[ \t\n\r\f]+/g, " ").replace(/^ | $/g, "");
const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
// Style facts of each element the walk visited, one Map for the names, the reader and the walk:
// {display, position, gone, visible, clipped, block, shadow}. Reset per snapshot.
let facts = new Map();
const isRendered = el => { const f = facts.get(el); return f !== undefined && f.visible; };
let includeValues = false;

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
  if (FROM_CONTENT.has(role) || st.recursing || el.localName === "label" || el.localName === "legend") {  // 2F-2H
    const text = contentText(el, st, true);
    if (text.trim()) return text;
  }
  return el.getAttribute("title") || "";                                                // 2I
}
// 2C: a control inside a label says its value. A text field's typed value is private unless the
// caller asked for values; a choice (select, listbox) and a range's value are not typed text.
const EMBEDDED = new Set(["textbox", "searchbox", "combobox", "listbox", "slider", "spinbutton"]);
function embeddedValue(el, role) {
  const tag = el.localName;
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
  if (LABELABLE.has(tag) && tag !== "button" && el.labels && el.labels.length) {
    const text = [...el.labels].map(viaElement).join(" ");
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
// 2F: generated content, then the rendered children (a shadow root's, a slot's assigned nodes).
// `own` is false for an element hidden by visibility: its text and pseudo-elements are hidden
// too, only descendants made visible again count.
function contentText(el, st, own) {
  const pseudo = own && mayHavePseudo(el);
  let out = pseudo ? pseudoText(el, "::before") : "";
  const shadow = shadowOf(el);
  let kids = shadow ? shadow.childNodes : el.childNodes;
  if (el.localName === "slot") { const a = el.assignedNodes({ flatten: true }); if (a.length) kids = a; }
  for (const n of kids) {
    if (n.nodeType === 3) { if (own) out += n.data; }
    else if (n.nodeType === 1) {
      if (SKIP.has(n.localName)) continue;
      const part = nameOf(n, { ...st, recursing: true });
      // Block and inline-block boxes and replaced elements separate words; inline ones do not.
      out += SPACED.has(n.localName) || nameFacts(n).spaced ? " " + part + " " : part;
    }
    if (out.length > 600) break;
  }
  return pseudo ? out + pseudoText(el, "::after") : out;
}
// ---- CSS generated content (2F.ii) ----------------------------------------------------------
// The text of el's ::before or ::after: strings, attr(), counter()/counters() and quotes; with CSS
// alt text (`content: "→" / "Next"`) the alt text is the name. A block pseudo-element is spaced
// from its neighbours, an inline one is not.
function pseudoText(el, which) {
  const style = getComputedStyle(el, which);
  const content = style.content;
  if (content === "none" || content === "normal" || content === "" || content === '""') return "";
  const text = generatedText(content, el, which);
  if (!text) return "";
  return style.display !== "inline" && style.display !== "contents" ? " " + text + " " : text;
}
// Reading a pseudo-element's style costs a style resolution per element; most elements can have
// none. The document's style sheets are read once per snapshot for the rules that give ::before or
// ::after content; an element matching none of their selectors has no generated text. A sheet
// that cannot be read (cross-origin), nested CSS or a shadow tree's own sheets: every element is asked.
const PSEUDO = /::?(?:before|after)\b/gi;
let pseudoOwners = new Map(), pseudoOwnersFor = null;
function mayHavePseudo(el) {
  if (el.localName === "q") return true;  // quotes from the user-agent sheet
  const doc = el.ownerDocument;
  if (el.getRootNode() !== doc) return true;
  if (pseudoOwnersFor !== facts) { pseudoOwners = new Map(); pseudoOwnersFor = facts; }
  let owners = pseudoOwners.get(doc);
  if (owners === undefined) pseudoOwners.set(doc, owners = cachedPseudoOwners(doc));
  if (owners === null) return true;
  if (owners === "") return false;
  try { return el.matches(owners); } catch (_) { pseudoOwners.set(doc, null); return true; }
}
// The scan is kept across snapshots while the document has the same sheets with the same numbers
// of rules (a rule edited in place through the CSSOM is not noticed).
const sheetScans = new WeakMap();  // document -> {key, owners}
function cachedPseudoOwners(doc) {
  const key = [];
  for (const list of [doc.styleSheets, doc.adoptedStyleSheets || []]) {
    for (const sheet of list) {
      let n;
      try { n = sheet.cssRules.length; } catch (_) { n = -1; }
      key.push(sheet, n);
    }
  }
  const known = sheetScans.get(doc);
  if (known && known.key.length === key.length && known.key.every((k, i) => k === key[i])) return known.owners;
  const owners = scanPseudoOwners(doc);
  sheetScans.set(doc, { key, owners });
  return owners;
}
function scanPseudoOwners(doc) {
  const found = [];
  let unknown = false;
  const visitRules = rules => {
    for (const r of rules) {
      if (unknown) return;
      if (r.selectorText !== undefined) {
        PSEUDO.lastIndex = 0;
        if (PSEUDO.test(r.selectorText) && r.style.getPropertyValue("content")) {
          if (r.parentRule && r.parentRule.selectorText !== undefined) { unknown = true; return; }
          found.push(...ownerSelectors(r.selectorText));
        }
        if (r.cssRules && r.cssRules.length) visitRules(r.cssRules);
      } else if (r.styleSheet) visitSheet(r.styleSheet);
      else if (r.cssRules) visitRules(r.cssRules);
    }
  };
  const visitSheet = sheet => {
    let rules;
    try { rules = sheet.cssRules; } catch (_) { unknown = true; return; }
    if (rules) visitRules(rules);
  };
  for (const sheet of doc.styleSheets) visitSheet(sheet);
  for (const sheet of doc.adoptedStyleSheets || []) visitSheet(sheet);
  return unknown ? null : found.join(", ");
}
// ".a::before, .b > ::after" -> [".a", ".b > *"]: the elements that own the pseudo-elements.
function ownerSelectors(text) {
  const parts = [];
  let depth = 0, start = 0;
  for (let k = 0; k <= text.length; k++) {
    const c = text[k];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if ((c === "," && depth === 0) || k === text.length) {
      let part = text.slice(start, k).replace(PSEUDO, "").trim();
      if (!part || /[>+~]$/.test(part)) part += " *";
      parts.push(part.trim());
      start = k + 1;
    }
  }
  return parts;
}
function generatedText(content, el, which) {
  let out = "", alt = null, i = 0;
  const n = content.length;
  const args = () => {  // the comma-separated arguments of a function whose "(" was just passed
    const list = [];
    let cur = "";
    while (i < n && content[i] !== ")") {
      if (content[i] === '"' || content[i] === "'") cur += readString();
      else if (content[i] === ",") { list.push(cur.trim()); cur = ""; i++; }
      else cur += content[i++];
    }
    i++;
    list.push(cur.trim());
    return list;
  };
  const readString = () => {
    const quote = content[i++];
    let s = "";
    while (i < n && content[i] !== quote) {
      if (content[i] === "\\") {
        const hex = /^[0-9a-fA-F]{1,6} ?/.exec(content.slice(i + 1, i + 8));
        if (hex) { s += String.fromCodePoint(parseInt(hex[0], 16) || 0xfffd); i += 1 + hex[0].length; }
        else { s += content[i + 1] || ""; i += 2; }
      } else s += content[i++];
    }
    i++;
    return s;
  };
  while (i < n) {
    const c = content[i];
    let piece = "";
    if (c === '"' || c === "'") piece = readString();
    else if (c === "/") { alt = ""; i++; continue; }
    else if (/\s/.test(c)) { i++; continue; }
    else {
      const word = /^[\w-]+/.exec(content.slice(i));
      const name = word ? word[0] : c;
      i += name.length;
      if (content[i] === "(") {
        i++;
        const a = args();
        if (name === "attr") piece = el.getAttribute(a[0].split(/\s+/)[0]) ?? (a[1] ? a[1].replace(/^["']|["']$/g, "") : "");
        else if (name === "counter") piece = counterText(el, which, a[0], a[1], null);
        else if (name === "counters") piece = counterText(el, which, a[0], a[2], a[1] ? a[1].replace(/^["']|["']$/g, "") : "");
      } else if (name === "open-quote") piece = "\u201c";
      else if (name === "close-quote") piece = "\u201d";
    }
    if (alt !== null) alt += piece; else out += piece;
  }
  return alt !== null ? alt : out;
}
// CSS counters, simulated over the document in tree order once per counter name and snapshot
// (resets scope to the parent's end, display:none boxes count nothing), bounded in elements.
const COUNTER_BUDGET = 5000;
let counterMemo = new Map(), counterMemoFor = null;
function counterText(el, which, name, style, separator) {
  if (counterMemoFor !== facts) { counterMemo = new Map(); counterMemoFor = facts; }
  let values = counterMemo.get(name);
  if (!values) counterMemo.set(name, values = simulateCounter(el.ownerDocument, name));
  const at = values.get(el);
  const stack = at && at[which === "::before" ? 0 : 1];
  if (!stack) return "";
  const styled = stack.map(v => counterStyle(v, (style || "decimal").trim()));
  return separator === null ? styled[styled.length - 1] : styled.join(separator);
}
function counterAmount(value, name, fallback) {
  if (!value || value === "none") return null;
  const parts = value.trim().split(/\s+/);
  for (let k = 0; k < parts.length; k++) {
    if (parts[k] === name) { const v = parseInt(parts[k + 1], 10); return Number.isNaN(v) ? fallback : v; }
  }
  return null;
}
function simulateCounter(doc, name) {
  const values = new Map(), scopes = [];
  let budget = COUNTER_BUDGET;
  const top = () => scopes[scopes.length - 1] || (scopes.push({ parent: null, value: 0 }), scopes[0]);
  const apply = (style, parent) => {
    const reset = counterAmount(style.counterReset, name, 0);
    if (reset !== null) scopes.push({ parent, value: reset });
    const set = counterAmount(style.counterSet, name, 0);
    if (set !== null) top().value = set;
    const inc = counterAmount(style.counterIncrement, name, 1);
    if (inc !== null) top().value += inc;
  };
  const generated = (el, which) => {
    const style = getComputedStyle(el, which);
    if (style.content === "none" || style.content === "normal") return null;
    apply(style, el);
    return scopes.length ? scopes.map(s => s.value) : [0];
  };
  const visit = el => {
    if (--budget < 0) return;
    const style = getComputedStyle(el);
    if (style.display === "none") return;
    apply(style, el.parentNode);
    const before = generated(el, "::before");
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) visit(c);
    values.set(el, [before, generated(el, "::after")]);
    while (scopes.length && scopes[scopes.length - 1].parent === el) scopes.pop();
  };
  if (doc.documentElement) visit(doc.documentElement);
  return values;
}
const ROMAN = [[1000, "m"], [900, "cm"], [500, "d"], [400, "cd"], [100, "c"], [90, "xc"], [50, "l"], [40, "xl"],
  [10, "x"], [9, "ix"], [5, "v"], [4, "iv"], [1, "i"]];
function counterStyle(v, style) {
  const alpha = (letters) => { let s = ""; for (let k = v; k > 0; k = Math.floor((k - 1) / letters.length)) s = letters[(k - 1) % letters.length] + s; return s; };
  switch (style) {
    case "none": return "";
    case "disc": return "\u2022";
    case "circle": return "\u25e6";
    case "square": return "\u25aa";
    case "decimal-leading-zero": return (v < 10 && v > -10 ? (v < 0 ? "-0" : "0") : "") + Math.abs(v);
    case "lower-roman": case "upper-roman": {
      if (v <= 0 || v >= 4000) return String(v);
      let s = "", k = v;
      for (const [n, r] of ROMAN) while (k >= n) { s += r; k -= n; }
      return style === "upper-roman" ? s.toUpperCase() : s;
    }
    case "lower-alpha": case "lower-latin": return v > 0 ? alpha("abcdefghijklmnopqrstuvwxyz") : String(v);
    case "upper-alpha": case "upper-latin": return v > 0 ? alpha("ABCDEFGHIJKLMNOPQRSTUVWXYZ") : String(v);
    case "lower-greek": return v > 0 ? alpha("αβγδεζηθικλμνξοπρστυφχψω") : String(v);
    default: return String(v);
  }
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

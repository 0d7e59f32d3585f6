// layer: base
// CSS generated content for accessible names (accname 1.2 step 2F.ii), a part of names.js split off for
// size: the text of an element's ::before and ::after, which contentText (names.js) puts around its children.
import { facts } from "./facts.js";
import { scannedOnce } from "./sheets.js";
// ---- CSS generated content (2F.ii) ----------------------------------------------------------
// The text of el's ::before or ::after: strings, attr(), counter()/counters() and quotes; with CSS
// alt text (`content: "→" / "Next"`) the alt text is the name. A block pseudo-element is spaced
// from its neighbours, an inline one is not. A pseudo-element hidden by visibility (a form's colon after
// each caption, kept for its room but unseen) is hidden content, no part of the name (2A), as Chromium leaves
// it out; unless its element is hidden too and the name reads hidden content (`readsHidden`: a hidden label
// naming its field, a hidden root), where all of it counts.
const NO_CONTENT = new Set(["none", "normal", "", '""']);
function pseudoText(el, which, readsHidden) {
  const style = getComputedStyle(el, which);
  const content = style.content;
  // Not rendered (a CSS tooltip until :hover shows it): no part of the name (tooltipText may use it).
  if (NO_CONTENT.has(content) || style.display === "none") return "";
  if (style.visibility !== "visible" && !(readsHidden && getComputedStyle(el).visibility !== "visible")) return "";
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
const sheetScans = new WeakMap();  // document -> {key, value} (sheets.js)
const cachedPseudoOwners = (doc) => scannedOnce(sheetScans, doc, scanPseudoOwners);
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

// A tooltip drawn by CSS (`content: attr(data-title)` on a ::before/::after that :hover shows) is what
// a pointer on the element shows: no part of the name while not rendered, but its last resort (2I).
function tooltipText(el) {
  if (!mayHavePseudo(el)) return "";
  for (const which of ["::after", "::before"]) {
    const style = getComputedStyle(el, which);
    if (style.display !== "none" || NO_CONTENT.has(style.content)) continue;
    const text = generatedText(style.content, el, which);
    if (text && text.trim()) return text;
  }
  return "";
}

export { mayHavePseudo, pseudoText, tooltipText };

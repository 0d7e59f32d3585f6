// layer: widgets
// Per-control details of the page model (part of the in-page program, main.js): states, values
// (never a field's value unless asked; passwords never), hrefs, and names for unlabelled uploads.
import { cap, norm } from "./names.js";
import { LABELABLE, CHECKABLE, TEXT_INPUT, TEXTISH } from "./roles.js";
import { widgetStates } from "./widgets.js";
import { includeValues } from "./facts.js";
import { visibleText } from "./standin.js";

const FIELD_PARTS = "input:not([type=hidden]), select, textarea, [contenteditable]";

// A native checkbox's or radio's checked state as the model says it (recheck.js reads it the same way).
const nativeChecked = (el) => el.indeterminate && el.type === "checkbox" ? "mixed" : el.checked;
function statesOf(el, role, ctx) {
  const s = {};
  const aria = n => el.getAttribute("aria-" + n);
  const tag = el.localName;
  const formish = LABELABLE.has(tag) || tag === "option" || tag === "fieldset";
  if (ctx.disabled || aria("disabled") === "true" || (formish && el.matches(":disabled"))) s.disabled = true;
  const type = tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : "";
  if (type === "checkbox" || type === "radio") s.checked = nativeChecked(el);
  else if (CHECKABLE.has(role)) { const v = aria("checked"); s.checked = v === "mixed" ? "mixed" : v === "true"; }
  const pressed = aria("pressed");
  if (pressed === "true" || pressed === "false" || pressed === "mixed") s.pressed = pressed === "mixed" ? "mixed" : pressed === "true";
  const expanded = aria("expanded");
  if (expanded === "true" || expanded === "false") s.expanded = expanded === "true";
  else if (tag === "summary" && el.parentElement) s.expanded = el.parentElement.open;
  if (el.required || aria("required") === "true") s.required = true;
  if (tag === "option" ? el.selected : aria("selected") === "true") s.selected = true;
  widgetStates(el, role, s);
  if (ctx.shownOn) s.shows_on = ctx.shownOn;  // transparent until hovered or focused (hovered.js)
  return s;
}
function values(el, role, c) {
  const tag = el.localName;
  const type = tag === "input" ? (el.getAttribute("type") || "").toLowerCase() : "";
  if (type === "password") {
    c.filled = el.value.length > 0;
    if (includeValues && c.filled) c.value = "•••";
  } else if (tag === "select") {
    if (includeValues) c.value = cap([...el.selectedOptions].map(o => o.text.trim()).join(", "), 200);
    const prompt = promptOf(el);
    if (prompt) c.placeholder = cap(norm(prompt.label), 160);
  } else if ((tag === "input" && TEXT_INPUT.has(type)) || tag === "textarea" || type === "number" ||
             (TEXTISH.has(role) && el.isContentEditable)) {
    const v = tag === "input" || tag === "textarea" ? el.value : (el.innerText || "");
    c.value_len = v.length;
    if (includeValues) c.value = v.slice(0, 200);
  } else if (type === "range" || ((role === "slider" || role === "spinbutton") && tag !== "input")) {
    if (includeValues) c.value = cap(String(type ? el.value : (el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") || "")), 200);
  } else if (role === "combobox" && includeValues && !el.querySelector(FIELD_PARTS)) {
    // ARIA 1.2's select-only combobox (an element of role combobox holding no field, MUI's Select): what it
    // shows is its value ("Single"); a blank face (a zero-width space) shows none.
    const shown = visibleText(el);
    if (/[\p{L}\p{N}]/u.test(shown)) c.value = cap(shown, 200);
  }
  if (tag === "input" || tag === "textarea" || TEXTISH.has(role)) {
    const ph = el.getAttribute("placeholder") || el.getAttribute("aria-placeholder");
    if (ph && ph.trim()) c.placeholder = cap(norm(ph), 160);
  }
}
// HTML's placeholder label option: a single-choice select's first option, of an empty value, right in
// the select. It stands for no choice (submitted, it sends nothing): the prompt a person reads
// ("- column -", "Choose a size") until they pick, the page's words, whatever the choice (HTML names it so
// for a required select; an optional one shows the same prompt).
function promptOf(el) {
  const first = el.options[0];
  return !el.multiple && el.size <= 1 && first && first.value === "" && first.parentElement === el && norm(first.label) ? first : null;
}
// A select nothing names is told by what it offers (its shown option is its value, private unless asked):
// its options in order, never which one is chosen, the first OPTIONS_SHOWN (a month's "Jan|Feb|…", an
// operator's "=|!=|…" say what it is); `option_count` when there are more.
const OPTIONS_SHOWN = 8;
function offered(el, c) {
  const prompt = promptOf(el);
  const options = [...el.options].filter(o => o !== prompt && !o.hidden).map(o => cap(norm(o.label), 40));
  if (!options.length) return;
  c.options = options.slice(0, OPTIONS_SHOWN);
  if (options.length > OPTIONS_SHOWN) c.option_count = options.length;
}
// The page's own URL (the snapshot sets it; null when it cannot be parsed), its parts read once.
let baseOrigin = null, basePath = "", baseSearch = "";
// Per capture: each document's base URL (a node's base URL is its document's). Each href's answer is a
// function of (href, base URL, the page's URL) alone: kept while the page's URL stays, across captures (a
// page repeats its links: a nav bar in the header and the footer, "#" on every card; the next snapshot
// meets the same ones), and bounded.
let baseOf = new Map(), hrefMemo = new Map(), memoFor = null;
const HREF_MEMO_MAX = 20000;
// Hrefs relative to the page's own URL (the snapshot sets it): shorter, as a person reads them.
function setBaseUrl(url) {
  baseOrigin = url && url.origin !== "null" ? url.origin : null;
  basePath = url ? url.pathname : "";
  baseSearch = url ? url.search : "";
  baseOf = new Map();
  const page = url ? url.href : null;
  if (page !== memoFor || hrefMemo.size > HREF_MEMO_MAX) { hrefMemo = new Map(); memoFor = page; }
}
function relHref(el) {
  const raw = el.getAttribute("href");
  if (raw === null) return undefined;
  const doc = el.ownerDocument;
  let base = baseOf.get(doc);
  if (base === undefined) baseOf.set(doc, base = el.baseURI);
  const key = base + "\n" + raw;  // a base URL holds no newline: the first one ends it
  if (hrefMemo.has(key)) return hrefMemo.get(key);
  const rel = resolvedHref(raw, base);
  hrefMemo.set(key, rel);
  return rel;
}
function resolvedHref(raw, base) {
  let u;
  try { u = new URL(raw, base); } catch (_) { return cap(raw, 300); }
  const href = u.href;
  if (href.startsWith("javascript:")) return undefined;
  // Same origin: `origin/` starts the href exactly when the URL has this origin and no user info; what
  // follows is its path, query and fragment (read from the one string: each URL getter is a call).
  if (baseOrigin && href.startsWith(baseOrigin) && href[baseOrigin.length] === "/") {
    const rest = href.slice(baseOrigin.length);
    const h = rest.indexOf("#");
    let q = rest.indexOf("?");
    if (h >= 0 && q > h) q = -1;  // a "?" in the fragment
    const end = h >= 0 ? h : rest.length;
    const path = rest.slice(0, q >= 0 ? q : end);
    let search = q >= 0 ? rest.slice(q, end) : "", hash = h >= 0 ? rest.slice(h) : "";
    if (search === "?") search = "";  // an empty query or fragment reads as none (URL's search, hash)
    if (hash === "#") hash = "";
    if (path === basePath && search === baseSearch && hash) return cap(hash, 300);
    return cap(path + search + hash, 300);
  }
  if (baseOrigin && u.origin === baseOrigin) {  // same origin with user info, or a blob: URL of it
    if (u.pathname === basePath && u.search === baseSearch && u.hash) return cap(u.hash, 300);
    return cap(u.pathname + u.search + u.hash, 300);
  }
  return cap(href, 300);
}

// An unlabelled file input hidden behind a styled button: named after the button next to it,
// so the model shows which control opens it (uploads go to either id).
function openerName(input) {
  const opens = (e) => e && e.matches("button, [role=button], label") && !(e.control && e.control !== input);
  for (let n = input, i = 0; n.parentElement && i < 3; n = n.parentElement, i++) {
    for (const sib of [n.previousElementSibling, n.nextElementSibling]) {
      const opener = opens(sib) ? sib : sib && [...sib.querySelectorAll("button, [role=button], label")].find(opens);
      if (opener) return cap(norm(opener.textContent || ""), 80);
    }
  }
  return "";
}

export { nativeChecked, statesOf, values, offered, setBaseUrl, relHref, openerName };

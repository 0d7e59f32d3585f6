// layer: base
// Which elements the page's style could give a property other than its default (base layer): what lets
// the walk (walk.js) skip most computed-style reads. A property of getComputedStyle costs about as much as
// getComputedStyle itself (about half a microsecond each on this machine), and the walk wants eight of them
// per element: most are never set by the page on most elements (content-visibility, contain, clip-path,
// opacity), or inherited from the parent (visibility, cursor).
//
// For each such property, the selectors of the page's rules that declare it (a shorthand counts: the CSSOM
// lists its longhands, `all` too), matched once per walk (`querySelectorAll`, so :hover and the like match
// as the computed style does now). An element no such rule reaches, with no style attribute, of a tag
// whose user-agent style sets none of these (PLAIN, measured on Chromium 156: `label`/`button` set a cursor,
// `img`/`hr` an overflow, `a:any-link` a pointer), has the property's initial value, or the parent's for an
// inherited one. The walk uses that only in the document's own light tree (not in shadow trees, frames,
// SVG or the children a user-agent shadow root slots), and reads every property of an element that is
// animating (its value is not the rules') or when anything is unknown: a sheet of another origin (its rules
// cannot be read), nested CSS or @scope declaring one (their selectors are relative), a fullscreen element.
// Cost: a sheet is scanned again only when its rules change in number (sheets.js; a declaration edited in
// place through the CSSOM is not noticed); the queries run again after a DOM change, or on every walk when a
// selector holds a state (:hover, :checked) that changes with none.
import { scannedOnce, splitList } from "./sheets.js";
import { mutations } from "./observer.js";

const OPACITY = 1;
const VISIBILITY = 2;
const CURSOR = 4;
const CLIP_PATH = 8;
const CONTAIN = 16;
const CONTENT_VISIBILITY = 32;
const POSITION = 64;
const OVERFLOW = 128;
const ALL = 255;
const BITS = new Map([["opacity", OPACITY], ["visibility", VISIBILITY], ["cursor", CURSOR], ["clip-path", CLIP_PATH],
  ["contain", CONTAIN], ["content-visibility", CONTENT_VISIBILITY], ["position", POSITION], ["overflow-x", OVERFLOW],
  ["overflow-y", OVERFLOW], ["overflow", OVERFLOW]]);
const EACH = [OPACITY, VISIBILITY, CURSOR, CLIP_PATH, CONTAIN, CONTENT_VISIBILITY, POSITION, OVERFLOW];
const PLAIN = new Set(["div", "span", "p", "section", "article", "header", "footer", "nav", "main", "aside", "h1", "h2",
  "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "em", "strong", "b", "i", "u", "s", "small", "mark", "code",
  "pre", "blockquote", "figure", "figcaption", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "form",
  "br", "time", "abbr", "cite", "q", "sub", "sup", "address", "fieldset", "legend", "picture", "font", "center", "big",
  "tt", "var", "kbd", "samp", "dfn", "ins", "del", "bdi", "bdo", "wbr", "data", "output", "menu", "search", "hgroup"]);
// Whose children a user-agent shadow root slots (inheritance goes through its slots), or foreign content.
const OPAQUE = new Set(["details", "marquee", "object", "embed", "video", "audio", "svg", "math"]);
// Attributes the user-agent style reads on PLAIN tags (`hidden=until-found`: content-visibility; `popover`:
// position, overflow), besides the style attribute.
const plainAttrs = (el) => !(el.hasAttribute("style") || el.hasAttribute("hidden") || el.hasAttribute("popover") ||
  el.hasAttribute("inert"));

const declaredScans = new WeakMap();  // document -> {key, value} (sheets.js)
let unknownBits = ALL;      // the properties every element reads, for the walk that is running
let reachedBy = new Map();  // element -> the properties a rule may set on it
let animated = null;        // the elements animating now (a Set), or null
// The last matches, kept while the DOM has not changed (observer.js `mutations`) if no selector holds a
// state (:hover, :checked, ...), which can change with no mutation.
let matched = { doc: null, scan: null, at: -1, unknown: ALL, by: reachedBy };

// Before a walk: what `doc`'s rules reach now.
function refreshDeclared(doc) {
  const scan = scannedOnce(declaredScans, doc, scanDeclared);
  animated = null;
  if (doc.fullscreenElement || scan.unknown === ALL) { unknownBits = ALL; return; }
  if (!(scan.stateless && matched.doc === doc && matched.scan === scan && matched.at === mutations)) {
    unknownBits = scan.unknown;
    reachedBy = new Map();
    EACH.forEach((bit, i) => { if (!(unknownBits & bit)) matchDeclared(doc, scan.selectors[i], bit); });
    matched = { doc, scan, at: mutations, unknown: unknownBits, by: reachedBy };
  }
  unknownBits = matched.unknown;
  reachedBy = matched.by;
  for (const a of doc.getAnimations()) {
    const target = a.effect && a.effect.target;
    if (target) (animated || (animated = new Set())).add(target);
  }
}
// A selector whose matches change only with the DOM: no pseudo-class but structural ones (escapes and
// attribute values taken out first: Tailwind's `.md\:flex`).
const STATELESS = /:(?!(?:not|is|where|has|nth-child|nth-last-child|nth-of-type|nth-last-of-type)\(|(?:first|last|only)-(?:child|of-type)\b|root\b|empty\b)/;
const stateless = (selector) => !STATELESS.test(selector.replace(/\\./g, "_").replace(/\[[^\]]*\]/g, ""));
function matchDeclared(doc, rules, bit) {
  if (!rules.length) return;
  let found;
  try { found = doc.querySelectorAll(rules.join(",")); } catch (_) { found = null; }
  if (found) { for (const el of found) reachedBy.set(el, (reachedBy.get(el) | 0) | bit); return; }
  for (const rule of rules) {  // one that matches only pseudo-elements (`a::before`) styles no element
    for (const selector of splitList(rule)) {
      try { found = doc.querySelectorAll(selector); } catch (_) {
        if (/::|:(?:before|after|first-line|first-letter)\b/.test(selector)) continue;
        unknownBits |= bit; return;
      }
      for (const el of found) reachedBy.set(el, (reachedBy.get(el) | 0) | bit);
    }
  }
}
// The properties `el` must read (bits); ALL outside the plain tree (`plain`: the walk's context says so).
function mustRead(el, tag, bare, plain) {
  if (!plain || !PLAIN.has(tag) || (!bare && !plainAttrs(el)) || (animated !== null && animated.has(el))) return ALL;
  return unknownBits | (reachedBy.get(el) | 0);
}

function scanDeclared(doc) {
  const acc = { unknown: 0, selectors: EACH.map(() => []) };
  for (const list of [doc.styleSheets, doc.adoptedStyleSheets || []]) for (const sheet of list) scanDeclSheet(sheet, acc);
  acc.stateless = acc.selectors.every(list => list.every(stateless));
  return acc;
}
function scanDeclSheet(sheet, acc) {
  let rules;
  try { rules = sheet && sheet.cssRules; } catch (_) { rules = null; }
  if (!rules) { acc.unknown = ALL; return; }  // another origin's, or not loaded
  scanDeclRules(rules, acc, false);
}
function scanDeclRules(rules, acc, relative) {
  for (const rule of rules) {
    if (rule.styleSheet !== undefined) { scanDeclSheet(rule.styleSheet, acc); continue; }  // @import
    if (rule.keyText !== undefined) continue;  // a keyframe: what animates reads all (refreshDeclared)
    if (typeof CSSPageRule !== "undefined" && rule instanceof CSSPageRule) continue;  // the printed page's box
    const bits = rule.style ? declaredBits(rule.style) : 0;
    if (bits && relative) acc.unknown |= bits;
    else if (bits && rule.selectorText !== undefined) EACH.forEach((bit, i) => { if (bits & bit) acc.selectors[i].push(rule.selectorText); });
    // Nested rules and @scope's: selectors relative to another, which a document query cannot match alike.
    const scoped = relative || rule.selectorText !== undefined || (typeof CSSScopeRule !== "undefined" && rule instanceof CSSScopeRule);
    if (rule.cssRules && rule.cssRules.length) scanDeclRules(rule.cssRules, acc, scoped);
  }
}
function declaredBits(style) {
  let bits = 0;
  for (let i = 0; i < style.length; i++) bits |= BITS.get(style[i]) | 0;
  return bits;
}

export { refreshDeclared, mustRead, OPAQUE, OPACITY, VISIBILITY, CURSOR, CLIP_PATH, CONTAIN, CONTENT_VISIBILITY, POSITION, OVERFLOW };

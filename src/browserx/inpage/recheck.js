// layer: capture
// Whether the page model taken last still holds, without a new walk (issue 23: a delta after an action).
// A walk visits every element (60 ms at 20,000); most of what it reads changes only with the DOM, which
// the one MutationObserver counts. This looks at the rest: what a walk reads from properties and
// state, not from the DOM. It answers `{full: why}` whenever the model could differ in a way it
// cannot name, and otherwise the changes it can name exactly, against the snapshot it was based on:
// a listed checkbox's or radio's checked (or mixed) state, the one property a click changes most.
//   - DOM mutations, field values, loads, toggles, slot changes (observer.js's counters): a new walk.
//   - The URL, title, viewport, and any scroll position the walk saw (window, frames, boxes that clip).
//   - CSS that matches on state (:hover, :focus, :checked, :has(:checked) ...) and sets anything but
//     paint (colour, shadows, outlines): a click changes hover, focus and active, so a page with such
//     rules is walked again. A sheet whose rules cannot be read (another origin's) counts as such.
//   - Animations and transitions of anything but paint, fonts still loading, a custom element that
//     has attached its shadow root since: a new walk.
// Known limits, as for the snapshot cache (state()): a CSS rule's declarations edited in place through
// the CSSOM, and rules inserted inside a grouping rule, are not seen.
import { flush, changeCounts, observedRoots } from "./observer.js";
import { nativeChecked } from "./details.js";
import { FIELDS } from "./standin.js";
import { stillAnimating } from "./widgets.js";
import { shadowOf } from "./dom.js";
import { valuesRead } from "./facts.js";

const world = Math.random().toString(36).slice(2);  // stamps of a rebuilt world never match the old ones
let stamps = 0;
let base = null;  // what the last whole-page snapshot saw
const PAINT = /^(color|background-(color|image|position(-x|-y)?|size|repeat|attachment|origin|clip|blend-mode)|border-(top|right|bottom|left|block-start|block-end|inline-start|inline-end)-color|border-(top-left|top-right|bottom-left|bottom-right|start-start|start-end|end-start|end-end)-radius|border-image-.+|outline(-color|-style|-width|-offset)?|box-shadow|text-shadow|text-decoration(-line|-color|-style|-thickness|-skip-ink)?|text-underline-(offset|position)|text-emphasis-color|caret-color|accent-color|fill(-opacity)?|stroke(-width|-opacity|-dasharray|-dashoffset)?|filter|backdrop-filter|mix-blend-mode|transition(-property|-duration|-timing-function|-delay|-behavior)?|scrollbar-color|column-rule-color|color-scheme|-webkit-tap-highlight-color|-webkit-text-fill-color|-webkit-text-stroke(-color|-width)?)$/;
// State a click, a key or the pointer changes with no DOM mutation (inside :is, :not, :has too).
const STATE = /:(hover|active|focus|checked|indeterminate|default|valid|invalid|user-valid|user-invalid|in-range|out-of-range|placeholder-shown|autofill|-webkit-autofill|target|popover-open|open|closed|modal|fullscreen|picture-in-picture|playing|paused|seeking|buffering|stalled|muted|volume-locked|defined|state\(|--)/;

const checkable = (el) => el.localName === "input" && (el.type === "checkbox" || el.type === "radio");
// A field as recheck() reads it: a checkbox's and a radio's checked state (their value reflects an
// attribute: a DOM mutation), any other field's value.
const readerOf = (el) => checkable(el) ? nativeChecked : fieldValue;
function fieldValue(el) {
  if (el.localName === "select") return el.multiple ? [...el.selectedOptions].map(o => o.index).join() : el.selectedIndex + ":" + el.value;
  return el.value;
}
const paintOnly = (names) => names.every(n => PAINT.test(n));
const declared = (style) => Array.from(style || []);
function riskyRules(rules, inState) {
  for (const rule of rules) {
    const state = inState || STATE.test((rule.selectorText || "") + (rule.start || "") + (rule.end || ""));
    if (state && rule.style && !paintOnly(declared(rule.style))) return true;
    if (rule.cssRules && riskyRules(rule.cssRules, state)) return true;  // @media, @layer, nested rules
    if (rule.styleSheet && riskySheet(rule.styleSheet)) return true;  // @import
  }
  return false;
}
const verdicts = new WeakMap();  // sheet -> [its rule count, risky]
function riskySheet(sheet) {
  let rules;
  try { rules = sheet.cssRules; } catch (_) { return true; }  // another origin's: unknown
  const known = verdicts.get(sheet);
  if (known && known[0] === rules.length) return known[1];
  const risky = riskyRules(rules, false);
  verdicts.set(sheet, [rules.length, risky]);
  return risky;
}
function sheetsNow(roots) {
  const out = [];
  for (const root of roots) {
    for (const sheet of [...root.styleSheets, ...(root.adoptedStyleSheets || [])]) {
      let n = -1;
      try { n = sheet.cssRules.length; } catch (_) { /* another origin's */ }
      out.push(sheet, n, sheet.disabled);
    }
  }
  return out;
}
const camel = (k) => k.replace(/[A-Z]/g, m => "-" + m.toLowerCase());
function moving(roots) {
  for (const root of roots) {
    for (const a of root.getAnimations ? root.getAnimations() : []) {
      if (a.playState === "idle" || !a.effect || !a.effect.getKeyframes) continue;
      const names = a.effect.getKeyframes().flatMap(f => Object.keys(f))
        .filter(k => !["offset", "computedOffset", "easing", "composite"].includes(k)).map(camel);
      if (!paintOnly(names)) return true;
    }
  }
  return false;
}
function scrolled(list) {
  return list.some(([el, x, y]) => (el.scrollX !== undefined ? el.scrollX !== x || el.scrollY !== y : el.scrollLeft !== x || el.scrollTop !== y));
}
const viewOf = () => [innerWidth, innerHeight, devicePixelRatio, scrollX, scrollY].join();

// Called at the end of a whole-page snapshot: `out` is its walk, `chosen` the listed candidates. A field
// that is neither listed nor in a name shows only through CSS (:checked, :placeholder-shown: see above).
function keepBaseline(out, chosen) {
  flush();
  const roots = observedRoots();
  const listed = new Map(), fields = new Set(valuesRead()), boxes = [...out.windows], seen = new Set();
  chosen.forEach((cand, index) => {
    if (checkable(cand.el)) listed.set(cand.el, index);
    if (FIELDS.has(cand.el.localName)) fields.add(cand.el);
    // The boxes that clip it: scrolling one moves it (its box, whether it is in view or cut off).
    for (let clip = cand.ctx.clipper; clip && !seen.has(clip); clip = clip.parent) {
      seen.add(clip);
      if (clip.el) boxes.push(clip.el);
    }
  });
  base = {
    stamp: `${world}:${++stamps}`, counts: changeCounts().join(), url: location.href, title: document.title, view: viewOf(),
    scrollers: boxes.map(el => el.scrollX !== undefined ? [el, el.scrollX, el.scrollY] : [el, el.scrollLeft, el.scrollTop]),
    hosts: out.pendingHosts.slice(), listed,
    // The listed fields and those a name took in: a change of any other shows in no model.
    fields: [...fields].map(el => { const read = readerOf(el); return [el, read, read(el)]; }),
    sheets: sheetsNow(roots), risky: roots.some(root => [...root.styleSheets, ...(root.adoptedStyleSheets || [])].some(riskySheet)),
  };
  return base.stamp;
}

// {base, stamp, checked: [[control index, state]]} when only listed checkboxes and radios changed
// (the next recheck compares with this moment), or {full: why}.
function recheck() {
  flush();
  const b = base;
  if (!b) return { full: "no snapshot of this document in this world" };
  const roots = observedRoots();
  if (changeCounts().join() !== b.counts) return { full: "the DOM changed" };
  if (location.href !== b.url || document.title !== b.title || viewOf() !== b.view) return { full: "the URL, title or viewport changed" };
  if (b.risky) return { full: "the page's CSS matches on state (hover, focus, checked)" };
  if (scrolled(b.scrollers)) return { full: "a box scrolled" };
  if (b.hosts.some(host => shadowOf(host))) return { full: "a custom element drew itself" };
  if (stillAnimating() || moving(roots) || (document.fonts && document.fonts.status === "loading")) return { full: "something moves" };
  const sheets = sheetsNow(roots);
  if (sheets.length !== b.sheets.length || sheets.some((v, i) => v !== b.sheets[i])) return { full: "the style sheets changed" };
  const checked = [], flipped = [];
  for (const field of b.fields) {
    const [el, read, was] = field;
    const now = read(el);
    if (now === was) continue;
    // Only a listed checkbox's or radio's state is named; a value, or a state a name takes in, is not.
    if (!b.listed.has(el)) return { full: "a field's value, or a state a name takes in, changed" };
    checked.push([b.listed.get(el), now]);
    flipped.push([field, now]);
  }
  for (const [field, now] of flipped) field[2] = now;  // only an answer that is given moves the baseline on
  const from = b.stamp;
  b.stamp = `${world}:${++stamps}`;
  return { base: from, stamp: b.stamp, checked };
}

export { keepBaseline, recheck };

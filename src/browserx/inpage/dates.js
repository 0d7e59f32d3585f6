// layer: widgets
// Dates drawn as segments (issue 31, kind 1), part of the in-page program (main.js): the spinbuttons of a
// date field's month, day and year (component libraries draw a date so, in the locale's order, each
// segment taking digits in its key handlers) are one date entry, as a person reads one date field; the
// segments stay entries of their own. `fill` types each part into its segment (actions/fill.py).
//
// A segment's part is told as a person tells it, never by a library's attribute: by its name (the
// words "year", "month", "day" in the page's language or English, through Intl's names of date fields:
// "Jahr", "Monat", "Tag"), else by the placeholder it shows (a run of the part name's first letter:
// "yyyy", "mm", "dd"; "jjjj", "tt"), else by the range it says (aria-valuemin/max: 1-12 a month, 1 to
// 28-31 a day, a top of 100 or more a year; ranges tell a date only with a year among them: 1-12 and
// 1-31 are also counts). A segment named as another part of a time (hour, minute) is none: a group
// holding one is no date.
//
// The date entry: the elements above a segment (in its own tree, at most HOLDER_LEVELS up) that hold
// only date segments, each part once, and no other field; of those holding the most segments (two at
// least, a month among them), the nearest `role=group` or fieldset (the field's labelled box, which
// may hold its calendar button too), else the smallest.
import { accName, norm } from "./names.js";
import { includeValues } from "./facts.js";

const HOLDER_LEVELS = 5;
const PARTS = ["year", "month", "day"];
const TIME_PARTS = ["hour", "minute", "second", "dayPeriod", "era", "weekday"];
const OTHER_FIELDS = "input:not([type=hidden]):not([hidden]), textarea, select, [role=textbox], [role=searchbox], " +
  "[role=combobox], [role=slider], [role=listbox]";
// A field a person sees and fills beside the segments; not the hidden input a date field keeps its
// value in (aria-hidden, or drawn nowhere: a box under 2 px).
function holdsOtherField(el) {
  for (const f of el.querySelectorAll(OTHER_FIELDS)) {
    if (f.closest("[aria-hidden=true]") || !f.checkVisibility()) continue;
    const r = f.getBoundingClientRect();
    if (r.width >= 2 && r.height >= 2) return true;
  }
  return false;
}

let words = null;  // word -> part, for the languages of the page (and English)
function partWords() {
  if (words) return words;
  words = new Map();
  const langs = [...new Set([document.documentElement.lang, navigator.language, "en"].filter(Boolean))];
  for (const lang of langs) {
    let names;
    try { names = new Intl.DisplayNames([lang], { type: "dateTimeField" }); } catch (_) { continue; }
    for (const part of [...PARTS, ...TIME_PARTS]) {
      let word;
      try { word = (names.of(part) || "").toLowerCase(); } catch (_) { continue; }
      if (word && !words.has(word)) words.set(word, PARTS.includes(part) ? part : "time");
    }
  }
  for (const part of PARTS) if (!words.has(part)) words.set(part, part);
  return words;
}
// The part whose name starts with `letter` in the page's language, else in English ("j": Jahr on a German page).
const partInitialled = (letter) => { for (const [w, p] of partWords()) if (p !== "time" && w[0] === letter) return p; return null; };

const num = (v) => v === null || v === "" || isNaN(+v) ? null : +v;
const firstPart = (text) => {
  for (const t of text.toLowerCase().match(/\p{L}+/gu) || []) { const p = partWords().get(t); if (p) return p; }
  return null;
};
// What a spinbutton segment says of its part, three ways: by its name (its own aria-label first: the
// field's label may hold a part's word, "Day of arrival"), by the placeholder it shows, by its range.
// Each "year", "month", "day", "time" (another part of a time) or null.
function partsSaid(el) {
  const byName = firstPart(el.getAttribute("aria-label") || "") || firstPart(accName(el, "spinbutton"));
  const shown = norm(el.textContent || "").toLowerCase();
  let byShown = null;
  if (/^(\p{L})\1*$/u.test(shown) && shown.length <= 4) byShown = partInitialled(shown[0]);
  const lo = num(el.getAttribute("aria-valuemin")), hi = num(el.getAttribute("aria-valuemax"));
  let byRange = null;
  if (lo !== null && hi !== null) {
    if ((lo === 1 || lo === 0) && hi === lo + 11) byRange = "month";
    else if (lo === 1 && hi >= 28 && hi <= 31) byRange = "day";
    else if (lo >= 0 && hi >= 100) byRange = "year";
  }
  return [byName, byShown, byRange, seenAs.get(el) || null];
}
// The part each segment was told to be: a segment told by its placeholder shows digits once filled,
// and is the same part still, as a person who saw "mm" there knows.
const seenAs = new WeakMap();
// The parts of a row of segments: the first way that tells every segment a date part, each once (the
// last: what they were told to be before).
// A segment named as a part of a time makes them no date.
function partsOf(spins) {
  const said = spins.map(partsSaid);
  if (said.some(s => s[0] === "time")) return null;
  for (let way = 0; way < 4; way++) {
    const parts = said.map(s => s[way]);
    if (way === 2 && !parts.includes("year")) continue;
    if (parts.every(p => PARTS.includes(p)) && new Set(parts).size === parts.length) {
      spins.forEach((s, i) => seenAs.set(s, parts[i]));
      return parts;
    }
  }
  return null;
}

// The date entry holding segment `seg`: {el, segments, parts} or null.
function holderOf(seg) {
  let best = null, count = 0, group = null;
  let a = seg.parentElement;
  for (let level = 0; a && level < HOLDER_LEVELS; level++, a = a.parentElement) {
    if (holdsOtherField(a)) break;
    const spins = [...a.querySelectorAll("[role=spinbutton]")].filter(s => s.localName !== "input");
    if (spins.length > count) {
      const parts = partsOf(spins);
      if (!parts) break;
      best = { el: a, segments: spins, parts }; count = spins.length; group = null;
    }
    const role = (a.getAttribute("role") || "").trim().toLowerCase();
    if (!group && spins.length === count && (role === "group" || a.localName === "fieldset")) group = a;
  }
  if (!best || count < 2 || !best.parts.includes("month")) return null;
  if (group) best.el = group;
  return best;
}
// Of an element: the date it is (its entry) or holds a segment of.
function dateOf(el) {
  if (el.getAttribute("role") === "spinbutton") return holderOf(el);
  const first = el.querySelector("[role=spinbutton]");
  const found = first && holderOf(first);
  return found && found.el === el ? found : null;
}

// A segment's number: its aria-valuenow, else the digits it shows (null while empty).
function partValue(seg) {
  const now = num(seg.getAttribute("aria-valuenow"));
  if (now !== null) return now;
  const shown = norm(seg.textContent || "");
  return /^\d+$/.test(shown) ? +shown : null;
}
function isoOf(date) {
  const at = (part) => { const i = date.parts.indexOf(part); return i < 0 ? null : partValue(date.segments[i]); };
  const y = at("year"), m = at("month"), d = at("day");
  if (y === null || m === null || (date.parts.includes("day") && d === null)) return null;
  const pad = (n, w) => String(n).padStart(w, "0");
  return `${pad(y, 4)}-${pad(m, 2)}` + (d === null ? "" : `-${pad(d, 2)}`);
}

// The kept candidates (capture.js), edited in place: each date entry listed once, before its first
// segment, in place of a page-made clickable that is its box or lies between it and its segments.
function datePass(kept) {
  let dates = null;
  const met = new Set();  // segments of a date found already: each date is looked for once
  for (const cand of kept) {
    if (cand.role !== "spinbutton" || cand.el.localName === "input" || met.has(cand.el)) continue;
    const date = holderOf(cand.el);
    if (!date) continue;
    for (const seg of date.segments) met.add(seg);
    if (!dates) dates = new Map();
    if (!dates.has(date.el)) dates.set(date.el, { date, first: cand });
  }
  if (!dates) return;
  const drop = new Set(), before = new Map();
  for (const { date, first } of dates.values()) {
    const own = kept.find(c => c.el === date.el);
    for (const c of kept) {
      if (c !== own && c.role === "clickable" && date.el.contains(c.el) && date.segments.every(s => c.el.contains(s))) drop.add(c);
    }
    if (own) { own.role = "date"; own.date = date; continue; }
    const boxes = kept.filter(c => date.segments.includes(c.el)).map(c => c.box);
    const x0 = Math.min(...boxes.map(b => b[0])), y0 = Math.min(...boxes.map(b => b[1]));
    const x1 = Math.max(...boxes.map(b => b[0] + b[2])), y1 = Math.max(...boxes.map(b => b[1] + b[3]));
    before.set(first, { ...first, el: date.el, role: "date", date, box: [x0, y0, x1 - x0, y1 - y0], drawn: undefined });
  }
  const rest = [];
  for (const c of kept) {
    if (drop.has(c)) continue;
    if (before.has(c)) rest.push(before.get(c));
    rest.push(c);
  }
  kept.length = 0;
  for (const c of rest) kept.push(c);
}
// `c`: the listed control of a date entry: named by its segments' common words when nothing names it
// ("month, Start date" and "day, Start date": "Start date"); its ISO value when values are asked for.
function dateControl(c, cand) {
  const date = cand.date;
  if (!date) return;
  if (!c.name) {
    const names = date.segments.map(s => accName(s, "spinbutton").split(/[\s,]+/).filter(w => w && !partWords().has(w.toLowerCase())).join(" "));
    if (names.every(n => n && n === names[0])) c.name = names[0];
  }
  if (includeValues) { const iso = isoOf(date); if (iso) c.value = iso; }
}

export { dateOf, datePass, dateControl, partValue };

// layer: capture
// Reading the whole page: the reader text in pieces, one part of the page, and find.
//
// Contract (published through capture.js's __browserx):
//   - `textOf(rootEl, styles)`: the FULL text of the model (page_text.js modelText); pieces are plain slices of it.
//   - `pieceOf(text, offset, max)`: the slice [offset, end) with `end` just after a line break or
//     else a space (a hard cut only when the window's last fifth holds no whitespace).
//   - `readText(options)`: a continuation piece without the capture walk (cheap when cached).
//     With `ahead`, also the pieces that follow (same size, up to AHEAD_CHARS), and the world
//     then tells Python (binding TEXT_BINDING, once) when the DOM or the viewport changes: until
//     it does, Python hands out those pieces without a round trip each (service.py).
//   - `resolveWithin(spec)`: an element id, a region label as the snapshot lists it
//     (`main`, `navigation "Primary"`), a landmark kind (`navigation`, `header`, `footer`, `aside`,
//     `search`, `form`, or the ARIA names banner/contentinfo/complementary), or `dialog`: the
//     topmost open dialog. Returns the element or null.
//   - `find(query, options)`: one walk (the capture's own, for the same names, visibility and ids)
//     plus the page's whole text (page_text.js: all a person sees, not only the reader's pick);
//     matches in headings, controls (name, placeholder, label, options) and text, each with a
//     snippet, its heading and the text_offset to read on from in the model's text. Past max_results
//     matches are only counted (controls from their text and attributes, without their names).
import { modelText, wholeText, keepWhole, wholeKept, shownEl } from "./page_text.js";
import { textRuns } from "./text_runs.js";
import { observe, onAnyChange } from "./observer.js";
import { holdersOf } from "./locate.js";
import { noteText } from "./notes.js";
import { findModal, inferred, dialogText } from "./modals.js";
import { roleOf, LANDMARK } from "./roles.js";
import { landmarkLabel, norm, readable, accName, shownName, byIdRef, cap } from "./names.js";
import { element, state, idOf, idFor, setPendingHosts, nextNumber, pendingHosts } from "./ids.js";
import { beginWalk, walk, whereSeen } from "./walk.js";
import { facts } from "./facts.js";
import { seenCaption } from "./seen.js";
import { popupFieldOf, faceCaption, drawnTrigger, triggerChoice, triggerName, visibleText } from "./standin.js";

const textOf = modelText;  // capture.js and actions/waiting.js read the model's text from here

const WS = /\s/;
function pieceOf(text, offset, max) {
  const total = text.length;
  const start = Math.min(Math.max(0, offset | 0), total);
  let end = Math.min(total, start + Math.max(0, max | 0));
  if (end < total) {
    // After a paragraph or line break when the last fifth of the window holds one, else after a space.
    let cut = text.lastIndexOf("\n", end - 1) + 1;
    if (cut <= start || cut < end - max * 0.2) {
      cut = -1;
      for (let i = end; i > start && i >= end - max * 0.2; i--) if (WS.test(text[i - 1])) { cut = i; break; }
    }
    if (cut > start) end = cut;
    else if (end > start && /[\ud800-\udbff]/.test(text[end - 1])) end--;  // never split a surrogate pair
  }
  return { text: text.slice(start, end), range: { offset: start, end, total }, next: end < total ? end : null };
}

// ---- within -------------------------------------------------------------------------------
const KIND_ALIASES = { banner: "header", contentinfo: "footer", complementary: "aside", alertdialog: "dialog" };
const LANDMARK_SELECTOR = "main, nav, header, footer, aside, form, section, search, dialog, [role]";


function resolveWithin(spec) {
  if (!spec) return null;
  if (/^[a-z]{2}_\d+$/.test(spec)) return element(spec);
  const wanted = String(spec).trim();
  const kind = KIND_ALIASES[wanted] || wanted;
  if (kind === "dialog") {
    const modal = [...document.querySelectorAll("dialog:modal")].filter(shownEl);
    if (modal.length) return modal[modal.length - 1];  // the last shown is on top of the top layer
  }
  let first = null;
  let last = null;
  for (const el of document.querySelectorAll(LANDMARK_SELECTOR)) {
    const role = roleOf(el);
    const label = landmarkLabel(el, role);
    if (!label) continue;
    const exact = label === wanted;
    if (!exact && LANDMARK[role] !== kind) continue;
    if (!shownEl(el)) continue;
    if (exact) return el;
    if (!first) first = el;
    last = el;
  }
  return kind === "dialog" ? last : first;  // a dialog opened later sits above the earlier ones
}

// ---- continuation pieces --------------------------------------------------------------------
const TEXT_BINDING = "__browserxTextChanged";  // added by world.py (Runtime.addBinding), this world only
const AHEAD_CHARS = 250000;
let textWatched = false;

// Called on every DOM mutation, field input and resize: the first one after pieces were handed
// ahead tells Python, which then asks the page again.
function textMayChange() {
  if (!textWatched) return;
  textWatched = false;
  try { globalThis[TEXT_BINDING](""); } catch (_) { /* the binding went: Python asks each time anyway */ }
}
onAnyChange(textMayChange);

function readText(options) {
  const opts = Object.assign({ within: null, text_offset: 0, max_text_chars: 3000, ahead: false }, options || {});
  observe(document);
  const rootEl = opts.within ? resolveWithin(opts.within) : null;
  if (opts.within && !rootEl) return { error: "within", within: opts.within };
  const full = textOf(rootEl, null);
  const piece = pieceOf(full.text, opts.text_offset, opts.max_text_chars);
  const out = { title: document.title, url: location.href, text: piece.text, text_range: piece.range,
    next_offset: piece.next, text_hash: full.hash, omitted: { text: full.text.length - piece.text.length },
    state: state() };
  if (opts.ahead && piece.next !== null && typeof globalThis[TEXT_BINDING] === "function") {
    const ahead = [];
    for (let at = piece.next, size = 0; at !== null && size < AHEAD_CHARS;) {
      const next = pieceOf(full.text, at, opts.max_text_chars);
      ahead.push({ text: next.text, text_range: next.range, next_offset: next.next,
        omitted: { text: full.text.length - next.text.length } });
      size += next.text.length;
      if (next.next !== null && next.next <= at) break;  // no progress (a window of one surrogate half)
      at = next.next;
    }
    textWatched = true;
    addEventListener("resize", textMayChange);  // once: the same listener is never added twice
    out.ahead = ahead;
  }
  return out;
}

// ---- find -----------------------------------------------------------------------------------
function matcherOf(query) {
  const m = /^\/(.*)\/([a-z]*)$/s.exec(query);
  if (m) {
    const re = new RegExp(m[1], m[2].replace(/[gy]/g, "") + "g");
    const probe = new RegExp(m[1], m[2].replace(/[gy]/g, ""));
    return Object.assign((s) => {
      const hits = [];
      re.lastIndex = 0;
      for (let r; (r = re.exec(s)) && hits.length < 10000;) {
        hits.push([r.index, r[0].length]);
        if (!r[0].length) re.lastIndex++;
      }
      return hits;
    }, { any: (s) => probe.test(s) });
  }
  const needle = query.toLowerCase();
  // `local`: a match never spans the space that joins two texts, so each can be tested alone.
  return Object.assign((s) => {
    const hits = [];
    const hay = s.toLowerCase();
    for (let i = hay.indexOf(needle); i >= 0 && hits.length < 10000; i = hay.indexOf(needle, i + needle.length)) {
      hits.push([i, needle.length]);
    }
    return hits;
  }, { any: (s) => s.toLowerCase().includes(needle), local: !/\s/.test(needle) });
}

const CONTROL_ATTRS = ["aria-label", "placeholder", "aria-placeholder", "title", "alt", "value"];
function attributeHolds(el, test) {
  for (let i = 0; i < CONTROL_ATTRS.length; i++) {
    const v = el.getAttribute(CONTROL_ATTRS[i]);
    if (v !== null && test.any(v)) return true;
  }
  return false;
}
const labelTextOf = (labels) => (labels ? labels.map(l => l.textContent).join(" ") : "");

function snippetOf(s, at, len) {
  const from = Math.max(0, at - 60), to = Math.min(s.length, at + len + 60);
  return (from ? "…" : "") + norm(s.slice(from, to)) + (to < s.length ? "…" : "");
}

// Where a string found at `pos` of the whole text reads on in the model's text: the start of its
// paragraph there, or null when the model's text (an article) does not hold it. Asked in ascending
// `pos` order per kind of match (headings, text), as both texts follow the page's order.
function readerOffsets(full, whole) {
  if (full === whole) return (pos) => whole.lastIndexOf("\n", pos) + 1;
  let cursor = 0, last = -1;
  return (pos, said) => {
    if (pos < last) cursor = 0;
    last = pos;
    const at = full.indexOf(said, cursor);
    if (at < 0) return null;
    cursor = at + said.length;
    return full.lastIndexOf("\n", at) + 1;
  };
}

// Each root's labels by the control they label (HTML's labeled control, `label.control`), found once per
// find: what `el.labels` lists, in tree order. Chromium's `labels` is a live list that walks the whole
// tree the first time it is read and again after each DOM change: once per control, on a fresh document
// that was a walk of the page per control (39% of a cold find on a 400-row table).
function labelIndex() {
  const byRoot = new Map();
  return (el) => {
    const root = el.getRootNode();
    let index = byRoot.get(root);
    if (!index) {
      byRoot.set(root, index = new Map());
      for (const label of root.querySelectorAll ? root.querySelectorAll("label") : []) {
        const control = label.control;
        if (!control) continue;
        const list = index.get(control);
        if (list) list.push(label); else index.set(control, [label]);
      }
    }
    return index.get(el) || null;
  };
}
function find(query, options) {
  const opts = Object.assign({ max_results: 20, max_iframe_depth: 1, next_number: 1 }, options || {});
  let test;
  try { test = matcherOf(String(query)); } catch (e) { return { error: "regex", message: String(e.message || e) }; }
  beginWalk(opts.next_number, false);
  observe(document);
  const out = { opts: { max_iframe_depth: opts.max_iframe_depth, include_file_inputs: false }, regions: [],
    regionSet: new Set(), headings: [], candidates: [], notes: [], layers: [], crossOrigin: 0, visited: 0, pendingHosts: [], shadows: false,
    // The page's whole text gathered on the same walk, unless it is kept from an earlier one (`one_walk`:
    // false reads it by its own analysis, as before: tests/page/test_find_walk.py holds the two equal).
    runs: opts.one_walk === false || wholeKept() ? null : textRuns() };
  const modal = document.querySelector("dialog:modal");
  const t0 = performance.now();
  walk(document, { region: null, disabled: !!modal, inControl: false, pointer: false, clipper: null,
    frameClipper: null, cbClipper: null, offset: { x: 0, y: 0 }, depth: 0, hops: [], modal, plain: true }, out);
  const runs = out.runs ? out.runs.finish() : { why: out.runs === null ? "kept or asked apart" : null };
  if (!runs.why) keepWhole(runs.text, runs.names);  // else wholeText reads the page again, by its own analysis
  const t1 = performance.now();
  // All the text a person sees is searched (`whole`); a match's text_offset reads on in the model's
  // text (`full`): the same string on a page with no article, else where the match stands in it.
  const full = textOf(null, facts, true).text;
  const whole = wholeText(facts).text;
  const t2 = performance.now();
  const readOn = readerOffsets(full, whole);

  // Headings: their names, and where each sits in the reader text (searched in page order).
  const heads = [];
  let cursor = 0;
  for (const h of out.headings.slice(0, 2000)) {
    const name = readable(accName(h.el));
    let pos = null;
    if (name) {
      const at = whole.indexOf(name, cursor);
      if (at >= 0) { pos = at; cursor = at + name.length; }
    }
    heads.push({ name, level: h.level, pos, el: h.el, readAt: pos === null ? null : readOn(pos, name) });
  }
  const placed = heads.filter(h => h.pos !== null);
  const headingAt = (p) => {
    let lo = 0, hi = placed.length - 1, found = null;
    while (lo <= hi) { const mid = (lo + hi) >> 1; if (placed[mid].pos <= p) { found = placed[mid]; lo = mid + 1; } else hi = mid - 1; }
    return found;
  };
  const headingOf = (index) => { for (let i = index; i >= 0; i--) if (heads[i] && heads[i].name) return heads[i]; return null; };

  const matches = [];
  let total = 0;
  // `make` builds a match only while there is room: past max_results matches are only counted.
  const add = (make) => { total++; if (matches.length < opts.max_results) matches.push(make()); };
  const covered = [];
  heads.forEach((h) => {
    const hits = h.name ? test(h.name) : [];
    if (!hits.length) return;
    if (h.pos !== null) covered.push([h.pos, h.pos + h.name.length]);
    add(() => ({ kind: "heading", text: h.name, level: h.level, element_id: idOf.get(h.el) || idFor(h.el, "element"),
      text_offset: h.readAt }));
  });

  // Controls: a cheap look at their text and attributes first; names only for those that may match.
  const sx = scrollX, sy = scrollY;
  const labelsIn = labelIndex();  // a root's labels read once (`el.labels` walks the whole tree per control)
  for (const cand of out.candidates) {
    const { el, ctx } = cand;
    let role = cand.role;
    if (!cand.shown && !cand.transparent) continue;
    // A select drawn as a button is one combobox named by its read-only field's caption, as the snapshot lists
    // it (standin.js popupFieldOf, drawn.js): that field is no control of its own.
    const popup = (role === "button" || role === "clickable") && el.hasAttribute("aria-haspopup") ? popupFieldOf(el) : null;
    if (popup) role = "combobox";
    // A face with an arrow under a caption, a hidden popup button under a drawn dropdown (standin.js, drawn.js):
    // a combobox, named by the caption / without its value, as the snapshot lists it.
    const caption = role === "button" ? faceCaption(el) : null;
    const trigger = role === "button" && !caption && drawnTrigger(el);
    if (caption || trigger) role = "combobox";
    const holder = el.localName === "input" && el.readOnly && el.parentElement ? el.parentElement.closest("[aria-haspopup=listbox]") : null;
    if (holder && popupFieldOf(holder) === el) continue;
    const attributes = el.hasAttributes();
    // Its labels only when needed (no closure per candidate: a cold find runs this loop once, uncompiled).
    let labels = null;
    // A local needle is tested on each attribute alone, stopping at the first that holds it.
    const maybe = test.local
      ? (attributes && attributeHolds(el, test)) ||
        test.any(labels = labelTextOf(labelsIn(el))) || test.any(el.textContent)
      : test.any(el.textContent + " " + (attributes ? CONTROL_ATTRS.map(a => el.getAttribute(a) || "").join(" ")
        : "     ") + " " + (labels = labelTextOf(labelsIn(el))));  // "     ": the six, all empty
    // A field the page named nowhere, or by its value only, is found by the caption a person reads for it
    // (seen.js), as the snapshot names it.
    const seen = seenCaption(el, role);
    if (!maybe && !(seen && test.any(seen)) && !(caption && test.any(caption.textContent || ""))) {
      const ids = el.getAttribute("aria-labelledby");
      if (ids === null) continue;  // most controls: no ids to split and look up
      const refs = ids.trim().split(/\s+/).filter(Boolean)
        .map(id => { const n = byIdRef(el, id); return n ? n.textContent : ""; }).join(" ");
      if (!refs || !test.any(refs)) continue;
    }
    if (matches.length >= opts.max_results) { total++; continue; }  // counted from its text: no name needed
    if (!whereSeen(cand, sx, sy).visible) continue;
    const name = (popup && readable(accName(popup))) || (caption && cap(visibleText(caption), 200)) ||
      (trigger && triggerName(readable(accName(el, "button")), triggerChoice(el))) || seen ||
      readable(shownName(el, role, accName(el, role))) ||
      cap(norm(el.getAttribute("aria-label") || el.getAttribute("title") || ""), 160);
    const fields = [["name", name], ["placeholder", norm(el.getAttribute("placeholder") || el.getAttribute("aria-placeholder") || "")]];
    if (el.localName === "select") fields.push(["option", [...el.options].map(o => norm(o.text)).join(" | ")]);
    fields.push(["label", norm(labels === null ? labelTextOf(labelsIn(el)) : labels)]);  // a label's text holds its select's options too: options first
    const hit = fields.find(([, v]) => v && test.any(v));
    if (!hit) continue;
    const [field, value] = hit;
    const [at, len] = test(value)[0];
    const h = headingOf(cand.heading);
    add(() => ({ kind: "control", element_id: idFor(el, role), role, name, field, snippet: snippetOf(value, at, len),
      region: ctx.region || null, heading: h ? h.name : null,
      text_offset: h ? h.readAt : null }));
  }

  // An open modal dialog's text (the snapshot leads with it): the smallest element holding each match.
  // A layer only guessed modal (modals.js coveringLayer) may be a whole app shell: its text is the page's.
  const dialog = findModal(document);
  if (dialog && !inferred.has(dialog)) {
    const said = dialogText(dialog, 4000).replace(/\n/g, " ");
    const hits = test(said);
    const holders = holdersOf(hits.map(([at, len]) => said.slice(at, at + len)), dialog, !out.shadows);
    hits.forEach(([at, len], i) => add(() => ({ kind: "text", dialog: true,
      element_id: holders[i] ? idOf.get(holders[i]) || idFor(holders[i], "element") : null,
      snippet: snippetOf(said, at, len), heading: null, text_offset: null })));
  }
  // Live regions and the text of popups and panels (notes.js): what a person reads beside controls.
  const noted = [];
  for (const n of [...out.notes, ...out.layers.flatMap(l => l.notes)]) {
    if (noted.some(m => m.el === n.el)) continue;
    const hits = test(noteText(n));
    if (!hits.length) continue;
    noted.push(n);
    add(() => ({ kind: "text", element_id: idOf.get(n.el) || idFor(n.el, "element"),
      ...(n.kind !== "text" ? { live: n.kind } : {}), snippet: snippetOf(n.text, hits[0][0], hits[0][1]),
      region: n.region || null, heading: null, text_offset: null }));
  }
  const inText = [];  // text matches, each with the string it matched
  let k = 0;  // hits and covered ranges both ascend: one pointer
  for (const [at, len] of test(whole)) {
    while (k < covered.length && covered[k][1] <= at) k++;
    if (k < covered.length && covered[k][0] <= at) continue;  // inside a heading already reported
    add(() => {
      const h = headingAt(at);
      const said = whole.slice(at, at + len);
      const match = { kind: "text", snippet: snippetOf(whole, at, len), heading: h ? h.name : null, text_offset: readOn(at, said) };
      inText.push([match, said]);
      return match;
    });
  }
  // Anything the agent reads it can act on: the smallest element holding each text match gets an id.
  const holders = holdersOf(inText.map(([, text]) => text), null, !out.shadows);
  inText.forEach(([match], i) => {
    const el = holders[i];
    if (el && !noted.some(n => n.el === el)) match.element_id = idOf.get(el) || idFor(el, "element");
  });
  setPendingHosts(out.pendingHosts);
  return { query: String(query), total, matches, text_chars: full.length, next_number: nextNumber,
    pending_hosts: pendingHosts.length,
    timings: { one_walk: runs.why || true, walk: t1 - t0, text: t2 - t1, match: performance.now() - t2, elements: out.visited } };
}

export { textOf, pieceOf, resolveWithin, readText, find };

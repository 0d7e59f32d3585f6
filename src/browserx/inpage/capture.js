// layer: capture
// The page model, captured in one pass in browserx's isolated world.
//
// Contract: `globalThis.__browserx = { snapshot(options) -> raw model, snapshotText(options) -> the same as
// page/capture.py reads it, element(id) -> Element|null,
// idOf(el) -> id|null, state() -> {k, m, x, y, w, h}, readText(options), find(query, options) }` (the
// last two: reading.js), `standInFor(select)` (the fidelity probe's: what a hidden select's entry stands for), plus the hooks for CDP (dom.js shadowOf, adoptShadowRoot; frames.js frameInfo; ids.js pendingHosts).
//   - Ids are `<role prefix>_<n>`; the world keeps element -> id (WeakMap) and id -> WeakRef so the
//     same element keeps its id across snapshots and actions resolve ids without a new snapshot.
//     Numbers are never reused in a document: Python passes `options.next_number` (it remembers the
//     counter per loader id) and gets the new counter back as `next_number`.
//   - Same-origin iframes (up to max_iframe_depth) and open shadow roots are walked from here and
//     registered in the same maps, so element(id) finds their elements from the main frame.
//   - Why one walk: one getComputedStyle per element; rects only for candidates, after the walk, with no
//     DOM writes in between (no layout thrash); names, states, selectors only for controls within the caps.
//   - Privacy: field values never leave unless options.include_values (passwords never: "•••").
import { cap, norm, readable, accName, shownName } from "./names.js";
import { LABELABLE, TEXTISH } from "./roles.js";
import { documentScrolls, regionOf, hopsOf, frameInfo, frameHit } from "./frames.js";
import { scrollContainer, widgetPass, widgetControl, cutByContainer, editorName } from "./widgets.js";
import { findModal, inferred, modalInfo } from "./modals.js";
import { observe } from "./observer.js";
import { coveredAt, drawnUnion } from "./geometry.js";
import { intersect, area } from "./clips.js";
import { resetSelectors, selectorFor } from "./selectors.js";
import { statesOf, values, offered, setBaseUrl, relHref, openerName } from "./details.js";
import { placeNotes } from "./notes.js";
import { resolveWithin, textOf, pieceOf, readText, find } from "./reading.js";
import { keepBaseline, recheck } from "./recheck.js";
import { facts, includeValues } from "./facts.js";
import { shadowOf, adoptShadowRoot, adoptShadowRoots } from "./dom.js";
import { idOf, nextNumber, pendingHosts, setPendingHosts, idFor, element, state } from "./ids.js";
import { beginWalk, walk, visit, whereSeen, onTop } from "./walk.js";
import { takePendingGrids } from "./served.js";
import { seenLabel, fallbackOf, valueNamed } from "./seen.js";
import { standInFor, popupFieldOf } from "./standin.js";
import { coverLayer, layerInfo } from "./layers.js";
import { layersOf, underLayer } from "./overlays.js";

function snapshot(options) {
  const opts = Object.assign({ include_values: false, max_controls: 400, max_headings: 30, max_iframe_depth: 1,
    include_file_inputs: true, max_text_chars: 3000, text_offset: 0, within: null, base_url: null, next_number: 1,
    frame: null }, options || {});
  beginWalk(opts.next_number, !!opts.include_values, opts.served_channel);
  resetSelectors();
  try { setBaseUrl(new URL(opts.base_url || location.href)); } catch (_) { setBaseUrl(null); }
  observe(document);
  // A cross-origin frame captured on its own (frames.js): its box in the top viewport clips it.
  const inFrame = opts.frame;
  const vw = inFrame ? inFrame.viewport[0] : innerWidth, vh = inFrame ? inFrame.viewport[1] : innerHeight;
  const viewport = [0, 0, vw, vh];
  const out = { opts, regions: [], regionSet: new Set(), headings: [], candidates: [], notes: [], layers: [], crossOrigin: 0, visited: 0, shadows: false,
    pendingHosts: [], windows: [], layered: [], unwalked: [] };
  let modal = findModal(document);
  const frameClip = inFrame ? { parent: null, box: inFrame.clip, scroll: documentScrolls(document, null) } : null;
  const root = { region: inFrame ? inFrame.region : null, disabled: !!(inFrame && inFrame.inert), blocked: !!modal, inControl: false, pointer: false,
    clipper: frameClip, frameClipper: frameClip, cbClipper: frameClip, fixed: null, offset: inFrame ? { x: inFrame.offset[0], y: inFrame.offset[1] } : { x: 0, y: 0 },
    depth: 0, hops: [], modal, plain: true };
  // `within`: the model of one subtree (reading.js resolves ids, regions and "dialog").
  const part = opts.within ? resolveWithin(opts.within) : null;
  if (opts.within && !part) return { error: "within", within: opts.within };
  const t0 = performance.now();
  if (part) {
    visit(part, { ...root, plain: part.getRootNode() === document, region: part.parentElement ? regionOf(part.parentElement) : null, hops: hopsOf(part),
      disabled: root.disabled && !(modal && modal.contains(part)) }, out);
  } else walk(document, root, out);
  const t1 = performance.now();

  // Candidates: rect, visibility, viewport share.
  const kept = [];
  const sx = scrollX, sy = scrollY;  // window accessors are slow in a loop
  let blocked = 0;
  const covers = new Map();  // layer -> the candidates it covers (what the look says is under it)
  let layers;  // what may lie over controls in view (overlays.js), read when the first one is met
  const guessed = !!modal && inferred.has(modal);
  for (const cand of out.candidates) {
    const { el, ctx } = cand;
    // Behind a modal dialog: counted, not listed; but a layer the page did not call a dialog may
    // leave controls drawn above it (its own page's bar): those a pointer reaches are listed.
    if (ctx.blocked && !(guessed && onTop(cand.el))) { blocked++; continue; }
    const { visible, box, clip } = whereSeen(cand, sx, sy);
    if (!visible && !(cand.role === "file")) continue;
    const inView = visible && area(intersect(intersect(viewport, clip.clip), box)) >= 0.5 * area(box);
    // In view but under something drawn over it (a shade, a backdrop): no pointer reaches it.
    // Only where a positioned layer lies over it (overlays.js): a hit test per control is most of this loop.
    const cover = inView && !inFrame && underLayer(layers === undefined ? (layers = layersOf(out)) : layers, el, box) &&
      coveredAt(el, box, cand.drawn);
    if (cover) { blocked++; coveredBy(covers, coverLayer(cover, el), cand); continue; }
    cand.visible = visible; cand.inView = inView; cand.box = box;
    if (visible && !inView && ctx.clipper) cand.container = scrollContainer(ctx.clipper, box);
    cand.enabled = !(ctx.disabled || el.getAttribute("aria-disabled") === "true" ||
      (LABELABLE.has(el.localName) && el.matches(":disabled")));
    kept.push(cand);
  }
  // A layer taken for a modal that blocks nothing is the page itself (an app shell in one fixed box).
  if (modal && !blocked && inferred.has(modal)) modal = null;
  widgetPass(kept);
  const t2 = performance.now();
  let chosen = kept;
  if (kept.length > opts.max_controls) {
    const score = c => (c.inView ? 2 : 0) + (c.enabled ? 1 : 0);
    const order = kept.map((c, i) => i).sort((a, b) => score(kept[b]) - score(kept[a]) || a - b);
    const keep = new Set(order.slice(0, Math.max(0, opts.max_controls)));
    chosen = kept.filter((c, i) => keep.has(i));
  }
  const headings = [];
  const headingIndex = new Map();
  let i = 0;
  for (; i < out.headings.length && headings.length < opts.max_headings; i++) {
    const text = readable(accName(out.headings[i].el));
    if (!text) continue;
    headingIndex.set(i, headings.length);
    headings.push({ level: out.headings[i].level, text });
  }
  const controls = [], aimap = {};
  for (const cand of chosen) {
    const { el, role, ctx } = cand;
    const named = accName(el, role);
    let name = readable(shownName(el, role, named));  // without an icon font's glyphs, nor its own value (names.js)
    if (!name) name = cap(norm(el.getAttribute("aria-label") || el.getAttribute("title") || el.getAttribute("placeholder") || ""), 160);
    if (!name && role === "file") name = openerName(el);
    if (!name && TEXTISH.has(role)) name = editorName(el);
    const id = idFor(el, role), seen = seenLabel(el, role, name, cand.drawn);  // the caption a person reads, when no name says it
    // `ax_name`: the accessible name the shown one stands in for (Chromium's, what the checks compare).
    const axName = name !== named && named ? named : name;
    const c = { id, role, name: seen || name, states: statesOf(el, role, ctx), region: ctx.region,
      ...(seen ? { name_from: "seen" } : {}), ...(seen || axName !== name ? { ax_name: axName } : {}) };
    values(el, role, c);
    if (seen && fallbackOf(el, name) === "title") c.description = name;  // html-aam: a title not used as the name describes
    // A name that was the control's value, a caption now in its place: the value it showed, when values are asked.
    if (seen && name && includeValues && c.value === undefined && valueNamed(el, role, name)) c.value = name;
    const href = (el.localName === "a" || el.localName === "area") ? relHref(el) : undefined;
    if (href) c.href = href;
    c.visible = cand.visible;
    c.inViewport = cand.inView;
    c.bbox = cand.box.map(Math.round);
    let h = cand.heading;
    while (h >= 0 && !headingIndex.has(h)) h--;
    c.heading = h >= 0 ? headingIndex.get(h) : null;
    widgetControl(c, cand, chosen);
    if (el.localName === "select" && !c.name) offered(el, c);
    controls.push(c);
    const sel = selectorFor(el, ctx.hops);
    if (sel) aimap[id] = sel;
  }
  const notes = placeNotes(out, chosen, controls, vw * vh);
  const t3 = performance.now();
  // The full reader text (kept per document until the DOM changes: reading.js), then one piece of
  // it: pieces concatenate exactly and `omitted.text` is exact.
  let text = "", textCut = 0, textRange = null, nextOffset = null, textHash = null;
  if (opts.max_text_chars > 0) {
    let full;
    try { full = textOf(part, facts); } catch (_) { full = null; }
    if (full) {
      const piece = pieceOf(full.text, opts.text_offset, opts.max_text_chars);
      text = piece.text; textRange = piece.range; nextOffset = piece.next; textHash = full.hash;
      textCut = full.text.length - text.length;
    }
  }
  const t4 = performance.now();
  const omitted = { controls: kept.length - chosen.length, headings: out.headings.length - i, text: textCut };
  if (out.crossOrigin) omitted.frames = out.crossOrigin;
  if (blocked) omitted.blocked = blocked;
  if (covers.size) omitted.covers = coversOf(covers, chosen, controls);
  const cutIn = cutByContainer(kept, chosen);
  if (cutIn) omitted.containers = cutIn;
  setPendingHosts(out.pendingHosts);
  // What a delta after an action compares with, without a walk (recheck.js): whole-page models only.
  const stamp = opts.within || inFrame ? null : keepBaseline(out, chosen);
  return {
    title: document.title, url: location.href, headings, regions: out.regions, controls, notes, text, aimap, omitted,
    text_range: textRange, next_offset: nextOffset, text_hash: textHash, within: opts.within || null,
    modal: modalInfo(modal, blocked),
    viewport: { width: vw, height: vh, scroll_x: scrollX, scroll_y: scrollY, device_pixel_ratio: devicePixelRatio },
    next_number: nextNumber, state: state(), pending_hosts: pendingHosts.length, pending_grids: takePendingGrids().length, stamp,
    timings: { walk: t1 - t0, rects: t2 - t1, controls: t3 - t2, reader: t4 - t3, elements: out.visited },
  };
}

// The layers that cover controls in view, each named by the listed controls it holds (layers.js), with
// the role and name of the first few it covers: the look says what lies over what, so the agent can close
// a popup left open (a person sees the calendar over "Save", not a "cover").
const MAX_COVERS = 3, MAX_OVER = 5;
function coveredBy(covers, layer, cand) {
  const over = covers.get(layer);
  if (over) over.push(cand); else if (covers.size < MAX_COVERS) covers.set(layer, [cand]);
}
function coversOf(covers, chosen, controls) {
  const listed = chosen.map((cand, i) => [cand.el, controls[i].id]);
  return [...covers].map(([layer, over]) => ({ ...layerInfo(layer, listed), covering: over.length,
    over: over.slice(0, MAX_OVER).map(c => `${c.role} "${cap(readable(accName(c.el, c.role)), 60)}"`) }));
}

// The snapshot as page/capture.py reads it: a line of what Python needs beside the model (the id counter,
// the world's state, the roots and grids to ask about), then the whole result's JSON, which pydantic
// validates as it parses. JSON text holds no raw newline, so the first one ends the line.
// Characters past ASCII travel as JSON escapes (any JSON parser reads back the same characters): one such
// character makes V8 keep the whole string two bytes wide, and CDP then takes longer to carry it (medium.html's
// 92 kB with 165 of them: 2.9 ms against 2.1 ms, bench/page_model.py's page).
const WIDE = /[\u0080-\uffff]/g;
const escaped = (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
// A control's keys at the model's own defaults (page/model.py Control: no heading, no region, no states,
// visible, not in the viewport) stay out of it too: a fifth of the text on medium.html, the same model parsed.
function snapshotText(options) {
  const r = snapshot(options);
  const meta = r.error ? { error: r.error } : { next_number: r.next_number, pending_hosts: r.pending_hosts,
    pending_grids: r.pending_grids, state: r.state, stamp: r.stamp, text_hash: r.text_hash };
  const sent = r.controls ? { ...r, controls: r.controls.map(withoutDefaults) } : r;
  return (JSON.stringify(meta) + "\n" + JSON.stringify(sent)).replace(WIDE, escaped);
}
function withoutDefaults(c) {
  const out = {};
  for (const key in c) {
    const value = c[key];
    if (value === null ? key === "heading" || key === "region" : key === "visible" ? value === true :
      key === "inViewport" ? value === false : key === "states" && Object.keys(value).length === 0) continue;
    out[key] = value;
  }
  return out;
}

Object.defineProperty(globalThis, "__browserx", {
  value: Object.freeze({ snapshot, snapshotText, element, state, recheck: () => Object.assign(recheck(), { state: state() }), idOf: el => idOf.get(el) || null, shadowOf, frameInfo, frameHit, adoptShadowRoot, adoptShadowRoots,
    pendingHosts: () => pendingHosts, readText, find, standInFor, drawnUnion, popupFieldOf }), configurable: false, enumerable: false, writable: false,
});

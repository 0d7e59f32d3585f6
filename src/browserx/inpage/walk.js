// layer: capture
// The capture's walk (capture layer): one visit per element, for the snapshot (capture.js) and find
// (reading.js) alike, and where a candidate is seen (whereSeen).
import { facts } from "./facts.js";
import { landmarkLabel, accName } from "./names.js";
import { SKIP, roleOf, implicitRole, LANDMARK, PREFIX } from "./roles.js";
import { shadowOf, notePendingHost } from "./dom.js";
import { documentScrolls } from "./frames.js";
import { operableHeader, headerEntries, openRow } from "./grids.js";
import { observe } from "./observer.js";
import { frameBox, hitAt, composedContains, drawnUnion } from "./geometry.js";
import { PAINTS, viewportOverflow, intersect, area, clipOf } from "./clips.js";
import { FIELDS, declaredPopup, keptField, drawnFor, popupTrigger, labelledHidden } from "./standin.js";
import { noteVisit } from "./notes.js";
import { hovered, refreshHovered, shownOn } from "./hovered.js";
import { noteTable, servedCell, resetPendingGrids } from "./served.js";
import { useFacts } from "./facts.js";
import { reserveNumbers } from "./ids.js";
import { noteLayer, noteHidden } from "./overlays.js";
import { refreshDeclared, mustRead, OPAQUE, OPACITY, VISIBILITY, CURSOR, CLIP_PATH, CONTAIN, CONTENT_VISIBILITY, POSITION,
  OVERFLOW } from "./declared.js";

// find (reading.js) walks as the snapshot does: the same id counter, fresh style facts, the :hover
// pointers and the months (hovered.js, served.js) read again.
function beginWalk(next, values, servedChannel) {
  reserveNumbers(next);
  useFacts(new Map(), values);
  refreshHovered(document);
  refreshDeclared(document);
  resetPendingGrids(servedChannel);
}

// ---- the walk ------------------------------------------------------------------------------
// One visit per element: one getComputedStyle, no rects (those come after, for candidates only).
const GONE = Object.freeze({ display: "none", position: "static", gone: true, visible: false, clipped: false,
  block: false, shadow: null });
// Facts without a shadow root are shared objects, one per combination: no allocation per element
// (on a 20,000-element page that was a garbage collection in every other snapshot).
const factsCache = new Map();  // display -> [12 variants]
function sharedFacts(display, position, visible, clipped, boxed) {
  const kind = position === "fixed" ? 1 : position === "absolute" ? 2 : 0;
  const index = (visible ? 1 : 0) | (clipped ? 2 : 0) | (kind << 2);
  let variants = factsCache.get(display);
  if (!variants) factsCache.set(display, variants = []);
  return variants[index] || (variants[index] = Object.freeze({ display, position: ["static", "fixed", "absolute"][kind],
    gone: false, visible, clipped, shadow: null, block: boxed && !display.startsWith("inline") }));
}
const TABLE_PARTS = new Set(["table-cell", "table-row", "table-row-group", "table-header-group", "table-footer-group",
  "table-column", "table-column-group", "table-caption"]);
// Rows and row groups cannot be contained: Chromium draws them whatever their content-visibility.
const ROW_PARTS = new Set(["table-row", "table-row-group", "table-header-group", "table-footer-group"]);
const SHADOW_HOSTS = new Set(["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4",
  "h5", "h6", "header", "main", "nav", "p", "section", "span"]);
// A tab stop the page made (tabindex ≥ 0) on an element with no control role: a control to Chromium
// and to the keyboard, unless it holds others (a dialog, region or list takes focus to lead into it)
// or it is a scroll area (its action is scrolling). tabindex=-1 is programmatic focus only.
const HOLDERS = new Set(["alertdialog", "application", "article", "banner", "complementary", "contentinfo", "dialog",
  "document", "feed", "figure", "form", "grid", "group", "list", "log", "main", "menu", "menubar", "navigation",
  "radiogroup", "region", "search", "status", "alert", "table", "tablist", "tabpanel", "toolbar", "tree", "treegrid"]);
function tabStop(el, tag, role, style) {
  if (!el.hasAttribute("tabindex") || el.tabIndex < 0 || HOLDERS.has(role) || (tag === "label" && el.control)) return false;
  return !(/auto|scroll/.test(style.overflow) && (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1));
}
const MODAL_NOTES = Object.freeze({ inNote: true });  // a modal's text comes whole (modalInfo)
const NO_CLIP = Object.freeze({ clip: null, hard: null });
const named = (el) => !!accName(el, roleOf(el));
function walk(root, ctx, out) {
  // find reads the page's text on this walk (text_runs.js): the text nodes between the elements too.
  if (out.runs && !ctx.depth) return out.runs.walk(root, ctx, out, visit);
  for (let el = root.firstElementChild; el; el = el.nextElementSibling) visit(el, ctx, out);
}
function visit(el, ctx, out) {
  const tag = el.localName;
  out.visited++;
  // Most elements carry no attribute at all (cells, spans, list items): then no attribute is read.
  const bare = !el.hasAttributes();
  if (SKIP.has(tag)) return;
  if (!bare && el.getAttribute("aria-hidden") === "true") return noteHidden(out, el, ctx.offset);  // still drawn (overlays.js)
  const style = getComputedStyle(el);
  const display = style.display;
  // Each property read serialises its value anew (about a microsecond per element): each is read once, and
  // only where the page's rules may set it (declared.js; `read` the properties that must be read, else
  // the initial value, or the parent's for an inherited one: ctx.visibility, ctx.cursor).
  const read = mustRead(el, tag, bare, ctx.plain);
  const clear = display !== "none" && (read & OPACITY) !== 0 && style.opacity === "0";
  // Transparent until hovered or focused (a header's sort button: hovered.js): a person sees it by pointing.
  const revealed = clear ? shownOn(el, "opacity") : null;
  if (display === "none" || (clear && !revealed)) {
    facts.set(el, GONE);
    // Uploads work on hidden file inputs, so the option finds them even inside hidden subtrees.
    if (out.opts.include_file_inputs) {
      for (const f of (tag === "input" ? [el] : el.querySelectorAll("input[type=file]"))) {
        if (f.type === "file") out.candidates.push({ el: f, role: "file", ctx, shown: false, heading: out.headings.length - 1, order: out.candidates.length });
      }
    }
    // A transparent native field is often drawn by the page (a label, a custom switch or slider):
    // the candidate pass decides from the box of what is drawn for it (standin.js).
    // So is a <select> hidden outright that a drawn stand-in replaces (standin.js standInOf), and a checkbox or
    // radio hidden outright that a label stands for (standin.js labelledHidden).
    const role = (display !== "none" || tag === "select" || (tag === "input" && labelledHidden(el))) &&
      (FIELDS.has(tag) || (tag === "button" && popupTrigger(el))) && roleOf(el);
    if (role && PREFIX[role] && role !== "file") {
      out.candidates.push({ el, role, ctx, shown: false, transparent: true, heading: out.headings.length - 1, order: out.candidates.length });
    }
    // So is a combobox in a transparent wrapper under the face a library drew for it (standin.js faceAround).
    if (clear && !role) {
      for (const f of el.querySelectorAll("input[role=combobox][aria-haspopup]")) {
        if (declaredPopup(f)) out.candidates.push({ el: f, role: "combobox", ctx, shown: false, transparent: true, heading: out.headings.length - 1, order: out.candidates.length });
      }
    }
    return;
  }
  // Invisible until hovered or focused (a row's actions), or inside such a box (visibility is inherited).
  const visibility = (read & VISIBILITY) || ctx.visibility === undefined ? style.visibility : ctx.visibility;
  const unseen = visibility === "hidden" && !ctx.shownHidden ? shownOn(el, "visibility") : null;
  const shown = visibility === "visible" || !!unseen || (ctx.shownHidden && visibility === "hidden");
  // Inline and contents boxes are never fixed (positioned boxes are blockified), clip nothing and
  // cannot skip their contents: three to five fewer style reads for a third of a typical page.
  const boxed = display !== "inline" && display !== "contents";
  // Table parts are never absolute or fixed (such boxes are blockified): their position is not read.
  const position = boxed && !TABLE_PARTS.has(display) && (read & POSITION) ? style.position : "static";
  if (position !== "static") noteLayer(out, el, ctx.offset);  // what may lie over the controls (overlays.js)
  // Only these elements can host a shadow root: the others skip a costly DOM accessor.
  const shadow = (SHADOW_HOSTS.has(tag) || tag.includes("-")) ? shadowOf(el) : null;
  // Shared with names.js and the reader (reader_analyse.js), which then read no style again.
  // Read once: the reader's visually-hidden test below, the clip boxes further down.
  const shape = boxed && !bare && (read & CLIP_PATH) ? style.clipPath : "none";
  const clipped = position === "absolute" && (style.clip !== "auto" || shape !== "none");
  const own = shadow ? { display, position, gone: false, visible: shown, clipped, shadow,
    block: boxed && !display.startsWith("inline") } : sharedFacts(display, position, shown, clipped, boxed);
  facts.set(el, own);
  let role = bare ? implicitRole(el, tag, true) : roleOf(el);
  let c = ctx;
  // What a user-agent shadow root or a custom element's (not adopted yet) slots inherits from its slots.
  const opaque = ctx.plain && (OPAQUE.has(tag) || tag.includes("-"));
  if (visibility !== ctx.visibility || opaque) c = { ...ctx, visibility, plain: ctx.plain && !opaque };
  // `c` is copied from ctx on the first change (written out at each change: a closure per element
  // cost a context allocation for every element visited).
  if (revealed || unseen) {
    c = { ...ctx, shownOn: ctx.shownOn === "focus" ? "focus" : unseen || revealed };
    if (unseen) c.shownHidden = true;
  }
  if ((!bare && el.inert) || (ctx.modal && el === ctx.modal)) (c === ctx ? (c = { ...ctx }) : c).disabled = el.inert ? true : false;
  if (ctx.blocked && el === ctx.modal) (c === ctx ? (c = { ...ctx }) : c).blocked = false;
  if (!bare && el.getAttribute("aria-disabled") === "true") (c === ctx ? (c = { ...ctx }) : c).disabled = true;
  const label = shown && role && LANDMARK[role] ? landmarkLabel(el, role) : null;
  if (label) {
    (c === ctx ? (c = { ...ctx }) : c).region = label;
    if (!out.regionSet.has(label)) { out.regionSet.add(label); out.regions.push(label); }
  }
  if (role === "heading" && shown && !c.blocked) {
    const level = +el.getAttribute("aria-level") || (/^h[1-6]$/.test(tag) ? +tag[1] : 2);
    if (level <= 3) out.headings.push({ el, level });
  }
  // The clips that hold this box itself, before it is listed (its own overflow clips only what it holds):
  // a clip applies to the boxes whose containing block lies inside the clipping box, so a fixed box
  // escapes every clip of its frame, an absolute one those between it and its positioned ancestor;
  // its own clip-path cuts it and all it holds.
  if (boxed) {
    if (position === "fixed") {
      (c === ctx ? (c = { ...ctx }) : c).clipper = ctx.frameClipper;
      if (!ctx.depth) c.fixed = el;  // what it holds stays where it is in the viewport
    } else if (position === "absolute" && ctx.cbClipper !== ctx.clipper) (c === ctx ? (c = { ...ctx }) : c).clipper = ctx.cbClipper;
    if (shape !== "none") {
      (c === ctx ? (c = { ...ctx }) : c).clipper = { parent: c.clipper, el, offset: ctx.offset, scroll: false,
        inset: shape.startsWith("inset(") ? shape : null };
    }
  }
  let candidate = role && PREFIX[role] && role !== "clickable";
  if (role === "file" && !out.opts.include_file_inputs) candidate = false;
  // A pointer a :hover rule gives (hovered.js), a data cell whose click the page serves: a day of a month
  // whose table's listener serves it, a cell or row with a handler the framework's root listener calls (served.js).
  // Inside a control no pointer makes a control (the test below needs !ctx.inControl), so its cursor is
  // not read; only a header cell that is an entry of its own (grids.js) opens what it holds again, and
  // reads its own.
  const cursor = ctx.inControl && !(candidate && headerEntries.has(el)) ? undefined :
    (read & CURSOR) || ctx.cursor === undefined ? style.cursor : ctx.cursor;
  const cell = tag === "td" || role === "cell";
  const pointer = cursor === undefined ? ctx.pointer :
    cursor === "pointer" || (hovered !== null && hovered.has(el)) || ((cell || tag === "tr") && servedCell(el, tag));
  // A cell served by a handler of its own or its row's is an entry even inside a control: a calendar
  // panel that takes focus (tabindex=0) or a popup's clickable wrapper holds its days, each a click.
  const servedInside = ctx.inControl && cell && !candidate && servedCell(el, tag);
  if (cursor !== ctx.cursor) (c === ctx ? (c = { ...ctx }) : c).cursor = cursor;  // undefined: not read
  if (tag === "table") noteTable(el);
  let open = false;
  if (servedInside || !candidate && !ctx.inControl && tag !== "body" && tag !== "html" &&
      (((pointer && !ctx.pointer) || (!bare && (el.hasAttribute("onclick") || el.getAttribute("draggable") === "true" ||
       operableHeader(el, tag, role)))) && tag !== "label" || (!bare && tabStop(el, tag, role, style)))) {
    // A page-made control; an <a> without href with a click handler is a link to Chromium too.
    open = openRow(el, tag, role);
    role = tag === "a" && !bare && el.hasAttribute("onclick") ? "link" : "clickable"; candidate = true;
  }
  if (candidate) {
    out.candidates.push({ el, role, ctx: c, shown, heading: out.headings.length - 1, order: out.candidates.length,
      served: servedInside });
    // A sortable header's own clickable label stays the control; a grid's row stays open to what
    // its cells hold (grids.js openRow).
    // A new context for what it holds: the candidate keeps the one it was listed with (its own overflow,
    // containment and pointer bear only on what it holds).
    c = { ...c, inControl: !open && !headerEntries.has(el) };
  }
  if (pointer !== ctx.pointer) (c === ctx ? (c = { ...ctx }) : c).pointer = pointer;
  if (shown && !c.blocked) {
    const change = el === ctx.modal ? MODAL_NOTES : noteVisit(el, tag, role, position, bare, c, out);
    if (change) c = { ...c, ...change };
  }
  // A leaf that is no candidate (no child element, no shadow root, no frame, no custom element to look
  // up): what follows (the clips, containment and content-visibility it sets) bears only on what it
  // holds, so its three style reads are skipped. A candidate's context may be `c` itself: read on.
  if (!candidate && el.firstElementChild === null && !shadow && tag !== "iframe" && tag !== "frame" && !tag.includes("-")) {
    if (out.runs && !ctx.depth) out.runs.leaf(el, tag, bare, own);  // its text, from what is known of it here
    return;
  }
  // Clip boxes are linked, not copied: their rects are read after the walk, in one batch.
  if (boxed) {
    // The shorthand: one read instead of two ("visible" only when both axes are).
    const overflow = read & OVERFLOW ? style.overflow : "visible";
    if (overflow !== "visible" && !viewportOverflow(el, tag)) {
      const scroll = /auto|scroll/.test(overflow);
      (c === ctx ? (c = { ...ctx }) : c).clipper = { parent: c.clipper, el, offset: ctx.offset, scroll };
      if (scroll && c.fixed) c.fixed = null;  // scrolling this box brings what it holds into view
    }
    // Paint containment clips too (never scrollable); an attribute-less element has none.
    if (!bare && (read & CONTAIN) && PAINTS.test(style.contain)) {
      (c === ctx ? (c = { ...ctx }) : c).clipper = { parent: c.clipper, el, offset: ctx.offset, scroll: false };
    }
    if (position !== "static" && c.cbClipper !== c.clipper) (c === ctx ? (c = { ...ctx }) : c).cbClipper = c.clipper;
    if ((read & CONTENT_VISIBILITY) && style.contentVisibility === "hidden" && !ROW_PARTS.has(display)) return;
  }
  if (tag === "select") return; // its options are the select's value, not separate controls
  if (tag === "details" && !el.open) {  // a closed <details> renders its summary only
    for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
      if (child.localName === "summary") return out.runs && !c.depth ? out.runs.only(el, child, c, out, visit) : visit(child, c, out);
    }
    return;
  }
  if (tag === "iframe" || tag === "frame") return frame(el, c, out);
  if (shadow) {
    out.shadows = true;  // find's holder lookup then looks into shadow roots (locate.js holdersOf)
    const hc = { ...c, hops: [...c.hops, el], plain: false };
    observe(shadow);
    walk(shadow, hc, out);
    if (c.plain) c = { ...c, plain: false };  // what it slots inherits from its slots
  } else if (tag.includes("-")) notePendingHost(el, out);
  walk(el, c, out);
}
function frame(el, ctx, out) {
  if (ctx.depth >= out.opts.max_iframe_depth) return;
  let doc;
  try { doc = el.contentDocument; } catch (_) { doc = null; }
  if (!doc || !doc.documentElement) { out.crossOrigin++; return; }
  const f = frameBox(el);
  const x = ctx.offset.x + f.left, y = ctx.offset.y + f.top;
  const box = [x, y, f.width, f.height];
  observe(doc);
  if (out.windows) out.windows.push(doc.defaultView);  // the snapshot's walk (find's has none)
  // A frame whose document scrolls reveals what lies past its box: listed, off-screen, like the page's own.
  const clipper = { parent: ctx.clipper, box, scroll: documentScrolls(doc, el) };
  const fc = { ...ctx, offset: { x, y }, clipper, frameClipper: clipper, cbClipper: clipper, depth: ctx.depth + 1,
    hops: [...ctx.hops, el], pointer: false, modal: doc.querySelector("dialog:modal"), plain: false, visibility: undefined, cursor: undefined };
  if (fc.modal) fc.disabled = true;
  walk(doc, fc, out);
}

// ---- snapshot --------------------------------------------------------------------------------
// Where a candidate is and whether a person can see it: its own box (or, for a visually hidden
// native field, the box of the UI drawn for it; for a box of no size, the box its drawn parts make:
// geometry.js drawnUnion), not clipped away, not left of or above the page.
function whereSeen(cand, sx, sy) {
  const { el, ctx } = cand;
  let r = el.getBoundingClientRect();
  // A box of no size whose parts are drawn (a slider's thumb container around its thumb) is where they are.
  if (cand.shown && !(r.width > 0 && r.height > 0) && !keptField(el)) r = drawnUnion(el) || r;
  let shown = cand.shown && r.width > 0 && r.height > 0;
  if (keptField(el) && (!shown || r.width <= 1 || r.height <= 1 || facts.get(el).clipped ||
      clipOf(ctx.clipper).hard && area(intersect(clipOf(ctx.clipper).hard, [r.left + ctx.offset.x, r.top + ctx.offset.y, r.width, r.height])) <= 1)) {
    const ui = drawnFor(el, named);
    if (ui && ui !== el) { r = ui.getBoundingClientRect(); shown = true; cand.drawn = ui; }
    else shown = !!ui && (cand.shown || cand.transparent) && r.width > 1 && r.height > 1;
  }
  const box = [r.left + ctx.offset.x, r.top + ctx.offset.y, r.width, r.height];
  // The clips of a field moved out of sight are not those of the UI drawn for it, which is shown.
  const clip = cand.drawn ? NO_CLIP : clipOf(ctx.clipper);
  const visible = shown && r.width * r.height > 1 && (!clip.hard || area(intersect(clip.hard, box)) > 0) &&
    box[0] + sx + box[2] > 0 && box[1] + sy + box[3] > 0 &&
    // Held by a fixed box (and no scroller inside it): no scrolling brings it into the viewport.
    (!ctx.fixed || (box[0] < innerWidth && box[1] < innerHeight && box[0] + box[2] > 0 && box[1] + box[3] > 0));
  return { visible, box, clip };
}
function onTop(el) {
  const r = el.getBoundingClientRect();
  return r.width > 0 && composedContains(el, hitAt(r.left + r.width / 2, r.top + r.height / 2));
}

export { beginWalk, walk, visit, whereSeen, onTop };

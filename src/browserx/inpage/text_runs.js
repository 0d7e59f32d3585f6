// layer: capture
// The page read whole, gathered on find's own walk (walk.js): the text that page_text.js wholeText renders
// from an analysis of its own, here from the walk's visits and the text nodes between them, so that a cold
// find reads the page once (its computed styles once, and one pass over its nodes).
//
// Contract: `textRuns()` gives the gatherer find puts in its walk's `out.runs`; walk.js hands it each
// element's children (`walk`) and a closed <details>' summary (`only`); `finish()` then returns
// {text, names}: the same string wholeText gives and the control words it left to names (for its
// `prose`), or {why} where this walk cannot tell (below): wholeText then reads the page as before.
//
// The rules are those of reader_analyse.js (what is dropped: hidden, aria-hidden, fields, gone, visually
// hidden helper text) and reader.js render (blocks, list items, data tables as rows, a control's words left
// to its name), read whole, with the main landmark's text first. Where the walk's order or visits are not
// the render's, it gives up (null): shadow roots and slots (the composed tree), ARIA grids, a table whose
// rows the page moved, an element the walk did not visit or descend into that the reader reads
// (content-visibility: hidden), more than 400 levels, a main landmark wholeText would not pick.
import { facts } from "./facts.js";
import { typedField, SKIP_TAGS, SVG_UNDRAWN, BLOCK_TAGS } from "./reader_analyse.js";
import { blockText, joinBlocks, isDataTable, isControl, NAME_CHARS } from "./reader.js";
import { isAriaGrid, isCell } from "./grids.js";
import { mainOf } from "./page_text.js";

// What an element's contents are to the text: left out, text, or the parts of a data table.
const IN_MUTED = 0, IN_TEXT = 1, IN_TABLE = 2, IN_SECTION = 3, IN_ROW = 4, IN_OUTSIDE = 5;
// What leaving it does.
const IN_NONE = 0, IN_BLOCK = 1, IN_SPACED = 2, IN_LI = 3, IN_MAIN = 4, IN_CELL = 5, IN_ROW_END = 6, IN_TABLE_END = 7, IN_BODY = 8;
const IN_MAX_LEVEL = 400;  // reader_analyse.js reads no deeper

// One text being written: render's state (reader.js), with `namesOnce` and no budget.
function runWriter(names) {
  return { buffer: "", plain: false, said: 0, bullet: false, blocks: [], names };
}
// The run's text for its block, or "" where it makes none (nothing, or a control's words left to its name).
function runText(w, raw) {
  if (w.buffer === "") { w.plain = false; return ""; }  // most runs at a block's edges: nothing said
  const text = blockText(w.buffer, raw);
  w.buffer = "";
  if (!w.plain && text) w.said += text.length + 1;
  const names = !w.plain && w.said <= NAME_CHARS;
  w.plain = false;
  if (names && text) w.names.push(text);
  return names ? "" : text;
}
function flushRun(w, raw) {
  const text = runText(w, raw);
  if (!text) return;
  if (w.bullet) {
    w.blocks.push({ kind: "li", text: "- " + text });
    w.bullet = false;
  } else w.blocks.push({ kind: "p", text });
}

// The facts of an element the reader keeps, or null when it drops it (reader_analyse.js visit, read whole).
// `known`: its facts when the caller holds them (the walk just set them), else undefined.
function keptText(el, tag, bare, known) {
  if (SVG_UNDRAWN.has(tag) || (SKIP_TAGS.has(tag) && tag !== "svg")) return null;
  if (!bare && (el.hidden || el.getAttribute("aria-hidden") === "true" || typedField(el, el.getAttribute("role")))) return null;
  const f = known || facts.get(el);
  if (f === undefined) return undefined;  // not visited by the walk: the reader reads its style itself
  if (f.gone || (f.clipped && el.offsetWidth <= 1 && el.offsetHeight <= 1)) return null;
  return f;
}

function textRuns() {
  const namesMain = [], namesRest = [];
  const rest = runWriter(namesRest), main = runWriter(namesMain);
  let off = false, why = null, opens = 0, mainEl = null;
  const frames = [{ el: null, mode: IN_OUTSIDE, w: rest, pre: false, named: false, vis: false, leave: IN_NONE, level: -1,
    cells: null, saved: 0 }];
  let depth = 0;
  const html = document.contentType === "text/html";
  // Gives up (the first reason is kept, for find's timings): wholeText reads the page by its analysis.
  const stop = (reason) => { why = why || reason; return true; };

  // Decides an element from its parent's frame (frames[depth]) and makes its own the current one.
  function enter(el, tag = el.localName, bare = !el.hasAttributes(), known = undefined) {
    const p = frames[depth];
    let f = frames[++depth];
    if (!f) frames[depth] = f = { el: null, mode: IN_MUTED, w: rest, pre: false, named: false, vis: false, leave: IN_NONE,
      level: 0, cells: null, saved: 0 };
    f.el = el; f.mode = IN_MUTED; f.w = p.w; f.pre = false; f.named = false; f.vis = false; f.leave = IN_NONE;
    f.level = p.level + 1;
    if (off || p.mode === IN_MUTED) return f;
    if (p.mode === IN_OUTSIDE) {  // above the body: its text is not read
      if (el !== document.body) { f.mode = IN_OUTSIDE; return f; }
      if (!bare && (el.hidden || el.getAttribute("aria-hidden") === "true" || typedField(el, el.getAttribute("role")))) return f;
      const s = facts.get(el);
      if (s === undefined) { off = stop("an unvisited body"); return f; }
      if (s.gone) return f;
      f.mode = IN_TEXT; f.w = rest; f.vis = s.visible; f.leave = IN_BODY; f.level = 0;
      return f;
    }
    if (tag === "br") {  // render's line break comes before any other look at the element
      if (p.mode === IN_TEXT) p.w.buffer += "\u2028";
      return f;
    }
    const s = keptText(el, tag, bare, known);
    if (s === undefined || f.level > IN_MAX_LEVEL) { off = stop(s === undefined ? "an element the walk did not visit" : "more than 400 levels"); return f; }
    if (s === null) return f;
    const role = bare ? null : el.getAttribute("role");
    const w = p.w;
    if (p.mode === IN_TEXT) {
      const closedDetails = tag === "details" && !el.open;
      if (closedDetails && el.querySelectorAll(":scope > summary").length > 1) { off = stop("a closed details with more than one summary"); return f; }  // the walk visits one
      f.vis = s.visible && !closedDetails;
      if (mainEl === null && w === rest && (tag === "main" || role === "main") && s.visible) {
        // The main landmark is read first, on its own (wholeText); the rest reads on as if it were not there.
        mainEl = el;
        if (tag === "table" && isDataTable(el)) { off = stop("a main landmark that is a data table"); return f; }
        f.mode = IN_TEXT; f.w = main; f.pre = tag === "pre"; f.leave = IN_MAIN;
        main.bullet = tag === "li";
        return f;
      }
      if ((tag === "table" && isDataTable(el)) || (role !== null && isAriaGrid(el))) {
        if (tag !== "table") { off = stop("an ARIA grid"); return f; }
        flushRun(w);
        f.mode = IN_TABLE; f.leave = IN_TABLE_END; f.cells = [];  // a table's `cells`: its rows read
        return f;
      }
      f.mode = IN_TEXT;
      if (tag === "li") {
        flushRun(w);
        w.bullet = true;
        f.pre = p.pre; f.named = p.named; f.leave = IN_LI;
        return f;
      }
      const display = s.display;
      const block = BLOCK_TAGS.has(tag) || !display.startsWith("inline");
      const spaced = display === "inline-block" || display === "inline-flex" || tag === "text";  // SVG labels
      if (block) flushRun(w, p.pre);
      else if (spaced) w.buffer += " ";
      const control = !p.named && isControl(el, tag, role);
      if (control) w.said = 0;
      f.pre = p.pre || tag === "pre"; f.named = p.named || control; f.leave = block ? IN_BLOCK : spaced ? IN_SPACED : IN_NONE;
      return f;
    }
    // A data table's parts (render's renderTable): its rows, their cells; nothing else of it is read.
    if (tag === "tr" && (p.mode === IN_TABLE || p.mode === IN_SECTION)) {
      f.mode = IN_ROW; f.cells = []; f.leave = IN_ROW_END;
    } else if (p.mode === IN_TABLE && (tag === "thead" || tag === "tbody" || tag === "tfoot")) {
      f.mode = IN_SECTION;
    } else if (p.mode === IN_ROW && (tag === "td" || tag === "th" || isCell(el))) {
      f.mode = IN_TEXT; f.vis = s.visible; f.leave = IN_CELL; f.saved = w.blocks.length;
    }
    return f;
  }

  function leave(f) {
    const w = f.w;
    switch (f.leave) {
      case IN_BLOCK: flushRun(w, f.pre); break;
      case IN_SPACED: w.buffer += " "; break;
      case IN_LI: flushRun(w); w.bullet = false; break;
      case IN_MAIN: flushRun(main, f.pre); main.bullet = false; break;
      case IN_BODY: flushRun(rest, false); rest.bullet = false; break;
      case IN_CELL: {
        const blocks = w.blocks, saved = f.saved, cells = frames[depth - 1].cells;
        if (blocks.length === saved && !w.bullet) {  // a cell of one run (most): its text, no block made and taken back
          const text = runText(w);
          cells.push(text.includes("\n") ? text.replace(/\s*\n\s*/g, " ") : text);
          break;
        }
        flushRun(w);
        if (blocks.length === saved + 1 && !blocks[saved].text.includes("\n")) cells.push(blocks.pop().text);
        else cells.push(blocks.splice(saved).map((b) => b.text.replace(/\s*\n\s*/g, " ")).join(" "));
        break;
      }
      case IN_ROW_END:
        if (f.cells.some((c) => c)) {
          w.blocks.push({ kind: "row", text: f.cells.join(" | ") });
          (frames[depth - 1].mode === IN_TABLE ? frames[depth - 1] : frames[depth - 2]).cells.push(f.el);
        }
        f.cells = null;
        break;
      case IN_TABLE_END: {
        // Rows the page moved are read in their on-screen order (grids.js gridRows): not here. Rows not
        // read (hidden, empty) may stand anywhere.
        const rows = f.cells;
        for (let i = 1, top = rows.length > 1 ? rows[0].getBoundingClientRect().top : 0; i < rows.length; i++) {
          const next = rows[i].getBoundingClientRect().top;
          if (next < top) { off = stop("rows the page moved"); break; }
          top = next;
        }
        f.cells = null;
        break;
      }
    }
    depth--;
  }

  function data(node, f) {
    const text = node.data;
    f.w.buffer += text;
    if (!f.w.plain && !f.named && /\S/.test(text)) f.w.plain = true;
  }

  // An element the walk visited without handing over its children (a leaf: the walk reads no text node).
  function closed(el) {
    const f = enter(el);
    if (f.mode === IN_TEXT && !off) {
      if (el.firstElementChild !== null) {
        if (!(el.localName === "details" && !el.open)) off = stop("an element the walk did not descend into");  // a closed <details> without a summary shows nothing
      } else if (f.vis) leafText(el, f);
    }
    leave(f);
  }

  // An element the walk visited as a leaf (no child element, walk.js visit): `tag`, `bare` and its facts as it read them.
  function leaf(el, tag, bare, known) {
    opens++;  // no closed() after it: read here
    if (off) return;
    const f = enter(el, tag, bare, known);
    if (f.mode === IN_TEXT && f.vis && !off) leafText(el, f);
    leave(f);
  }
  function leafText(el, f) {
    // A leaf's text nodes are all its text: one read (in an HTML document, where no CDATA section
    // stands among them, textContent is exactly their data joined; 2,000 cells of a table).
    if (html) {
      const text = el.textContent;
      if (text) {
        f.w.buffer += text;
        if (!f.w.plain && !f.named && /\S/.test(text)) f.w.plain = true;
      }
    } else for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3) data(n, f);
  }

  function visitAll(root, ctx, out, visit) {
    for (let el = root.firstElementChild; el; el = el.nextElementSibling) visit(el, ctx, out);
  }

  // The walk's loop over an element's (or the document's) children, the text nodes between them too.
  function walk(root, ctx, out, visit) {
    if (off || root.nodeType === 11) {  // a shadow root
      stop("a shadow root");
      off = true;
      return visitAll(root, ctx, out, visit);
    }
    opens++;
    const entered = root.nodeType === 1;
    const f = entered ? enter(root) : frames[depth];
    if (f.vis && f.mode === IN_TEXT) {
      for (let n = root.firstChild; n; n = n.nextSibling) {
        const type = n.nodeType;
        if (type === 1) {
          const mark = opens;
          visit(n, ctx, out);
          if (opens === mark && !off) closed(n);
        } else if (type === 3) data(n, f);
      }
    } else {  // no text node of it is read: its elements only
      for (let n = root.firstElementChild; n; n = n.nextElementSibling) {
        const mark = opens;
        visit(n, ctx, out);
        if (opens === mark && !off) closed(n);
      }
    }
    if (entered) leave(f);
  }

  // A closed <details>: the walk visits its summary alone.
  function only(el, summary, ctx, out, visit) {
    if (off) return visit(summary, ctx, out);
    opens++;
    const f = enter(el);
    const mark = opens;
    visit(summary, ctx, out);
    if (opens === mark && !off) closed(summary);
    leave(f);
  }

  function finish() {
    if (!off && mainOf(facts) !== mainEl) off = stop("a main landmark wholeText reads otherwise");
    if (off) return { why };
    const first = joinBlocks(main.blocks), then = joinBlocks(rest.blocks);
    return { text: first && then ? first + "\n\n" + then : first || then, names: [...namesMain, ...namesRest] };
  }

  return { walk, only, leaf, finish };
}

export { textRuns };

// layer: capture
// The text of the page model: the reader's article, or the page read whole (an application).
//
// Contract:
//   - `modelText(rootEl, styles, wholeFirst)`: the FULL text of the model (or of the subtree `rootEl`),
//     kept per document until the DOM (or the viewport size) changes, with a hash that tells Python
//     when the text of two pieces differs (reading.js cuts it in pieces that concatenate exactly).
//   - `wholeText(styles)`: {text, prose}, all the text a person sees on the page (what find searches).
import { analyse } from "./reader_analyse.js";
import { render, readerText, READER_ENOUGH } from "./reader.js";
import { mutations } from "./observer.js";

let textCache = null;
// An article has prose: lines that are sentences (not table rows, not list items) adding up to a few
// hundred characters. A reader text without it found none (an app's grid, its lists and captions):
// then the page is read whole.
const PROSE_CHARS = 300;
const SENTENCE = /\p{Sentence_Terminal}/u;
// Its lines read in place (no array of them: a cold find asks this of the whole page's text).
function isArticle(text) {
  let prose = 0;
  for (let at = 0; at <= text.length;) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    if (end - at >= 40) {
      const line = text.slice(at, end);
      if (!line.includes(" | ") && !line.startsWith("- ") && SENTENCE.test(line) && (prose += line.length) >= PROSE_CHARS) return true;
    }
    at = end + 1;
  }
  return false;
}

function hashOf(text) {
  let h = 0x811c9dc5;  // FNV-1a
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  return (h >>> 0).toString(16) + ":" + text.length;
}

// A subtree's text: everything visible in it (no article picking, no boilerplate dropped: the
// caller chose the part).
function subtreeText(rootEl, styles) {
  const flags = { strip: false, weight: false, clean: false, whole: true, namesOnce: false };
  const analysis = analyse(rootEl.ownerDocument, flags, styles, rootEl);
  return render([rootEl], analysis, flags);
}

const fresh = (c, root) => !!c && c.root === root && c.m === mutations && c.w === innerWidth && c.h === innerHeight;
// The page's main landmark as a person sees it (the first shown), or null.
function mainOf(styles) {
  for (const el of document.querySelectorAll("main, [role=main]")) {
    const f = styles.get(el);
    if (f ? f.visible && !f.gone : shownEl(el)) return el;
  }
  return null;
}

// The page read whole: all the text a person sees on it, a control's own words left to its name
// (listed with it), and the main landmark's text first: an application's primary content comes
// before its side panels, whatever their order in the DOM. `prose`: whether it holds an article's
// prose (isArticle), the words left to names counted too. What find searches, and the model's text
// of a page with no article.
let wholeCache = null;
function wholeText(styles) {
  if (fresh(wholeCache, null)) return wholeCache;
  const body = document.body;
  let text = "", prose = false;
  if (body) {
    const flags = { strip: false, weight: false, clean: false, whole: true, namesOnce: true };
    const analysis = analyse(document, flags, styles, body);
    analysis.namesText = [];
    const main = mainOf(styles);
    if (main && main !== body && analysis.stats.has(main)) {
      text = render([main], analysis, flags);
      analysis.dropped.add(main);  // read once, first
    }
    const rest = render([body], analysis, flags);
    text = text && rest ? text + "\n\n" + rest : text || rest;
    prose = isArticle(text + "\n" + analysis.namesText.join("\n"));
  }
  wholeCache = { root: null, m: mutations, w: innerWidth, h: innerHeight, text, prose };
  return wholeCache;
}

// The whole text as find's walk gathered it (text_runs.js: the same string), kept as wholeText's own.
function keepWhole(text, names) {
  wholeCache = { root: null, m: mutations, w: innerWidth, h: innerHeight, text,
    prose: isArticle(text + "\n" + names.join("\n")) };
}
const wholeKept = () => fresh(wholeCache, null);

// The model's text. A part asked for (`within`) is read whole. The page is an article when the
// reader's pick has prose and, if the page declares a main landmark, takes in some of it (the
// landmark is the page's dominant content: prose beside it is a side panel); else it is read whole.
// Passes: the reader's first, strictest attempt decides alone when it reads READER_ENOUGH (the
// reader stops there); else the whole text comes first, and when it holds no prose neither can the
// reader's pick (a part of it): no more reader attempts. `wholeFirst` (find, which searches the
// whole text anyway): the whole text first. Either way the same text, one pass on an app's page.
function modelText(rootEl, styles, wholeFirst = false) {
  if (fresh(textCache, rootEl)) return textCache;
  const map = styles || new Map();
  let text = null;
  if (rootEl) text = String(subtreeText(rootEl, map) || "");
  else {
    let reader = wholeFirst ? null : readerText(document, map, Infinity, 1);
    if (!reader || reader.text.length < READER_ENOUGH) {
      if (!wholeText(map).prose) text = wholeText(map).text;
      else reader = readerText(document, map, Infinity, 4, reader);  // the attempts after the first
    }
    if (text === null) {
      const article = isArticle(reader.text), main = article ? mainOf(map) : null;
      text = article && (!main || reader.nodes.some(n => main.contains(n) || n.contains(main)))
        ? String(reader.text || "") : wholeText(map).text;
    }
  }
  // The hash only when a piece is handed out (a snapshot, readText): find reads none.
  let hash = null;
  textCache = { root: rootEl, m: mutations, w: innerWidth, h: innerHeight, text,
    get hash() { return hash === null ? (hash = hashOf(text)) : hash; } };
  return textCache;
}

function shownEl(el) {
  return !!(el.getClientRects().length && (!el.checkVisibility ||
    el.checkVisibility({ visibilityProperty: true, opacityProperty: true })));
}

export { modelText, wholeText, keepWhole, wholeKept, mainOf, shownEl };

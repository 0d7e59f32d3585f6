// layer: capture
// Reader text: the page's main content as plain reader-view text.
//
// Contract: `globalThis.__browserxReader.extract(doc, options) -> string`.
//   - Returns the FULL reader text of `doc`: paragraphs separated by a blank line, list items as
//     "- item" lines, data-table rows as "cell | cell" lines, whitespace normalised.
//   - It never caps: `options.max_chars` is accepted but ignored here. The capture uses
//     `readerText(doc, styles, budget)` instead, which stops rendering past its budget and
//     estimates the rest; the capture cuts at a word boundary and reports what it left out.
//   - Read-only: it never mutates or clones the page; it walks the live DOM (open shadow roots
//     included) and reads computed styles, so hidden text (display, visibility, opacity,
//     content-visibility, `hidden`, aria-hidden, visually-hidden clips) is never reported.
//
// Method (readability-style, one walk): every element's visible text length, link text length,
// comma count and a few child counts are aggregated bottom-up. Paragraph-like blocks score their
// ancestors (more for long, comma-rich text); class/id words and tags bias the scores; the best
// candidate (score scaled by 1 - link density) is widened to its ancestor when several good
// candidates share it, and its siblings join when they score close or read like prose. The text
// is then rendered from those subtrees, dropping boilerplate (navigation, headers, footers,
// asides, comments, share bars, banners, fixed overlays) and link- or form-heavy blocks.
// When that yields little text the walk is repeated with looser rules, and the longest wins.
import { shadowOf } from "./dom.js";

const FIELD_ROLES = new Set(["textbox", "searchbox", "combobox", "spinbutton"]);
const SKIP_TAGS = new Set(["script", "style", "noscript", "template", "svg", "math", "iframe", "frame",
  "frameset", "object", "embed", "canvas", "video", "audio", "select", "button", "input", "textarea",
  "head", "link", "meta", "title", "img", "picture", "source", "map", "dialog", "option", "datalist",
  "progress", "meter", "slot-fallback"]);
const SVG_UNDRAWN = new Set(["title", "desc", "defs", "clipPath", "clippath", "mask", "pattern", "symbol", "marker",
  "linearGradient", "lineargradient", "radialGradient", "radialgradient", "filter", "metadata", "style", "script"]);
// Elements whose presence as a child means a <div> is a container, not a paragraph.
const BLOCK_CHILD = new Set(["blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul", "section",
  "article", "header", "footer", "nav", "aside", "main", "form", "figure", "h1", "h2", "h3", "h4", "h5",
  "h6", "hr", "address", "fieldset", "details", "li"]);
const BLOCK_TAGS = new Set([...BLOCK_CHILD, "body", "dd", "dt", "figcaption", "tr", "td", "th", "caption",
  "summary", "legend", "center", "tbody", "thead", "tfoot", "html"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const BOILER_ROLES = new Set(["navigation", "complementary", "contentinfo", "banner", "menu", "menubar",
  "alert", "alertdialog", "dialog", "search", "toolbar", "tablist", "tooltip", "status", "log", "marquee"]);
const BOILER_TAGS = new Set(["nav", "aside", "footer"]);
const CONTENT_CONTAINER = "article, main, [role=main], [itemprop~=articleBody]";
// What vouches for a boilerplate-looking ancestor (a layout wrapper named "two-col-sidebar-right"):
// the page's main region or its title. Not <article>: comments are articles too.
const MAIN_CONTAINER = "main, [role=main], [itemprop~=articleBody], h1";

// Words in class/id that mark boilerplate; the second list rescues content wrappers.
const UNLIKELY = /(^|[-_\s])(ad|ads|advert|adverts|advertisement|banner|breadcrumbs?|combx|comments?|community|cookie|consent|gdpr|disqus|footer|header|masthead|menu|navbar|nav|newsletter|related|recommend(ed|ations)?|remark|replies|rss|share|sharing|shoutbox|sidebar|skyscraper|social|sponsor(ed)?|supplemental|popup|modal|overlay|pagination|pager|subscribe|signup|promo|outbrain|taboola|toolbar|byline-share|skip-?link|trending|most-?popular|more-?stories|jump-?to)([-_\s\d]|$)/i;
const MAYBE = /article|body|content|main|column|story|entry|post|text|shadow|page/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|markdown/i;
const NEGATIVE = /(^|[-_\s])(ad|ads|hidden|hid|banner|combx|comments?|com|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags?|tool|widget|newsletter|subscribe|social|cookie|consent|nav|menu|breadcrumbs?)([-_\s\d]|$)/i;
const COMMAS = /[,\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C\u3001]/g;
const SENTENCE_END = /[.!?。！？]("|'|”|’)?(\s|$)/;

// Displays whose boxes can be fixed banners or faded-out panels; cells, rows, list items and
// inline runs are not worth two more style reads each.
const BOXES = new Set(["block", "flex", "grid", "flow-root", "inline-block", "inline-flex", "inline-grid", "table"]);

const EMPTY = Object.freeze({ len: 0, link: 0, commas: 0, p: 0, img: 0, li: 0, input: 0, embed: 0, head: 0 });

// Class and id words. An id of more than three words is a slug made from a heading (docs,
// wikis: "sharing-with-a-single-developer") and says nothing about layout: ignored.
function hints(el) {
  const cls = typeof el.className === "string" ? el.className : (el.getAttribute("class") || "");
  const id = el.id || "";
  return [cls, id && id.split(/[-_\s]+/).length <= 3 ? id : ""];
}

function classWeight(el) {
  let weight = 0;
  for (const value of hints(el)) {
    if (!value) continue;
    if (NEGATIVE.test(value)) weight -= 25;
    if (POSITIVE.test(value)) weight += 25;
  }
  return weight;
}

function tagBase(tag) {
  switch (tag) {
    case "div": case "article": case "main": case "section": return 5;
    case "pre": case "td": case "blockquote": return 3;
    case "address": case "ol": case "ul": case "dl": case "dd": case "dt": case "li": case "form": return -3;
    case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": case "th": return -5;
    default: return 0;
  }
}

// Children in rendering order: an open shadow root replaces the light children, and a <slot>
// stands for the nodes assigned to it. Iterated as `for (let c = first(n, a); c; c = next(c, a, ++k))`
// with `a = slotted(n)`: sibling pointers are much cheaper than a live NodeList.
function slotted(node) {
  if (node.localName !== "slot" || !node.assignedNodes) return null;
  const assigned = node.assignedNodes({ flatten: true });
  return assigned.length ? assigned : null;
}
// `styles` (the facts Map, optional) already knows each visited element's shadow root.
function first(node, assigned, styles) {
  if (assigned) return assigned[0];
  const known = styles && styles.get(node);
  return ((known ? known.shadow : shadowOf(node)) || node).firstChild;
}
function next(child, assigned, k) {
  return assigned ? assigned[k] : child.nextSibling;
}
function childNodes(node) {
  const assigned = slotted(node);
  const out = [];
  for (let c = first(node, assigned), k = 0; c; c = next(c, assigned, ++k)) out.push(c);
  return out;
}

// What a user typed is a field value, never page text (privacy): an editable element or a field's role.
function typedField(el, role) {
  if (el.hasAttribute("contenteditable") && el.isContentEditable) return true;
  return role !== null && FIELD_ROLES.has(role.trim().toLowerCase());
}

// One walk over the document: per-element stats, paragraph scores credited to ancestors, and
// the set of subtrees dropped as hidden or boilerplate. `from` (optional): analyse that subtree
// only, its root never skipped as boilerplate (snapshot `within`: a dialog, a navigation).
function analyse(doc, flags, styles, from) {
  const view = doc.defaultView;
  const scores = new Map();
  const stats = new Map();  // element -> its stats; `parent` there is its parent in the composed tree
  const dropped = new Set();
  const stack = [];

  // The few computed-style facts the reader needs, read once per element and shared by passes.
  // Each property read costs about a microsecond on a large page: position and opacity are
  // read only for BOXES (fixed always blockifies).
  function style(el) {
    let facts = styles.get(el);
    if (facts === undefined) {
      const cs = view.getComputedStyle(el);
      const display = cs.display;
      facts = { display, position: "static", gone: display === "none", visible: false, clipped: false,
                block: false, shadow: shadowOf(el) };
      if (!facts.gone) {
        facts.visible = cs.visibility === "visible";
        if (BOXES.has(display)) {
          facts.position = cs.position;
          facts.gone = cs.opacity === "0";
          facts.clipped = facts.position === "absolute" && (cs.clip !== "auto" || cs.clipPath !== "none");
        }
      }
      styles.set(el, facts);
    }
    return facts;
  }

  function initScore(el) {
    if (!scores.has(el)) {
      scores.set(el, tagBase(el.localName) + (flags.weight ? classWeight(el) : 0));
    }
  }

  // Credit a paragraph's score to its ancestors on the stack (nearest first), fading with distance.
  function credit(score, from) {
    for (let level = 0; level < 5; level++) {
      const ancestor = stack[from - level];
      if (!ancestor) break;
      initScore(ancestor);
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      scores.set(ancestor, scores.get(ancestor) + score / divider);
    }
  }

  function isBoilerplate(el, tag, cs, ctx, role, bare) {
    // A part read whole (an app's page, a `within` part): only visually hidden helper text goes.
    if (flags.whole) return !!(cs.clipped && el.offsetWidth <= 1 && el.offsetHeight <= 1);
    if (role && BOILER_ROLES.has(role)) return true;
    if (BOILER_TAGS.has(tag)) return true;
    if (tag === "header" && !ctx.inSection) return true;
    // Fixed boxes are banners, cookie notices, sticky bars, overlays; an app shell that scrolls
    // its content inside a fixed box holds the main region or the title, and the looser pass
    // (flags.strip off) keeps fixed boxes anyway.
    if (flags.strip && cs.position === "fixed" && !el.querySelector(CONTENT_CONTAINER + ", h1")) return true;
    if (cs.clipped && el.offsetWidth <= 1 && el.offsetHeight <= 1) return true;  // visually hidden helper text
    if (flags.strip && !bare && !ctx.inTable && tag !== "body" && tag !== "a" && tag !== "article" && tag !== "main") {
      const names = hints(el).join(" ");
      if (names.length > 1 && UNLIKELY.test(names) && !MAYBE.test(names) && !el.querySelector(MAIN_CONTAINER)) {
        return true;
      }
    }
    return false;
  }

  function visit(el, ctx, depth, tag = el.localName) {
    // Read whole, a chart's drawing is read too (its title, axes, labels: SVG <text>), not its defs.
    if (flags.whole && (tag === "svg" || SVG_UNDRAWN.has(tag))) {
      if (tag !== "svg") return EMPTY;
    } else if (SKIP_TAGS.has(tag) && el !== from) {
      if (tag === "img" || tag === "picture") return IMG_STAT;
      if (tag === "input" && el.type !== "hidden") return INPUT_STAT;
      if (tag === "iframe" || tag === "video" || tag === "object" || tag === "embed") return EMBED_STAT;
      return EMPTY;
    }
    const bare = !el.hasAttributes();  // then no attribute to read (hidden reflects one too)
    if (!bare && (el.hidden || el.getAttribute("aria-hidden") === "true")) {
      dropped.add(el);
      return EMPTY;
    }
    const role = bare ? null : el.getAttribute("role");  // read once: the render asks for it too (ARIA grids)
    if (!bare && typedField(el, role)) {  // what a user typed is a field value, never page text (privacy)
      dropped.add(el);
      return INPUT_STAT;
    }
    const cs = style(el);
    if (cs.gone || (el !== from && isBoilerplate(el, tag, cs, ctx, role, bare))) {
      dropped.add(el);
      return EMPTY;
    }
    if (flags.whole) return visitWhole(el, ctx, depth, tag, cs, role);
    const textVisible = cs.visible;
    const childCtx = (tag === "article" || tag === "main" || tag === "section" || tag === "table" ||
                      tag === "pre" || tag === "code")
      ? { inSection: ctx.inSection || tag === "article" || tag === "main" || tag === "section",
          inTable: ctx.inTable || tag === "table" || tag === "pre" || tag === "code" }
      : ctx;
    const closedDetails = tag === "details" && !el.open;
    // `parent`, `shadow` and `role` spare the picking and the render a Map or DOM call per element.
    const here = { len: 0, link: 0, commas: 0, p: 0, img: 0, li: 0, input: 0, embed: 0, head: 0, display: cs.display,
                   textVisible: textVisible && !closedDetails, parent: undefined, shadow: cs.shadow, role };
    let ownText = 0, ownCommas = 0, blockKids = false;  // this element's own: scoring only
    stack.push(el);
    const index = stack.length - 1;
    const assigned = tag === "slot" ? slotted(el) : null;
    for (let child = assigned ? assigned[0] : (cs.shadow || el).firstChild, k = 0; child;
         child = assigned ? assigned[++k] : child.nextSibling) {
      const type = child.nodeType;
      if (type === 3) {
        if (!textVisible || closedDetails) continue;
        // Trimmed length: cheap, and close enough to the collapsed length for scoring.
        const text = child.data.trim();
        if (!text) continue;
        const commas = text.length > 20 ? (text.match(COMMAS) || []).length : 0;
        here.len += text.length + 1;
        here.commas += commas;
        ownText += text.length;
        ownCommas += commas;
      } else if (type === 1) {
        const childTag = child.localName;
        if (closedDetails && childTag !== "summary") continue;
        if (BLOCK_CHILD.has(childTag)) blockKids = true;
        const sub = depth > 400 ? EMPTY : visit(child, childCtx, depth + 1, childTag);
        if (sub.display !== undefined) sub.parent = el;  // the shared frozen stats have none
        here.len += sub.len;
        here.link += sub.link;
        here.commas += sub.commas;
        here.p += sub.p;
        here.img += sub.img;
        here.li += sub.li;
        here.input += sub.input;
        here.embed += sub.embed;
        here.head += sub.head;
      }
    }
    if (tag === "a" && el.hasAttribute("href")) {
      here.link = (el.getAttribute("href") || "").startsWith("#") ? here.len * 0.3 : here.len;
    }
    if (tag === "p") here.p += 1;
    if (tag === "li") here.li += 1;
    if (HEADINGS.has(tag)) here.head = here.len;
    stats.set(el, here);

    // A paragraph: a <p>/<pre>/<td>, or a <div>-like block holding only inline content.
    const paragraph = tag === "p" || tag === "pre" || tag === "td" || tag === "blockquote" ||
      tag === "h2" || tag === "h3" || tag === "h4" || tag === "h5" || tag === "h6" ||
      ((tag === "div" || tag === "section" || tag === "span" || tag === "font" || tag === "center") &&
       !blockKids && !here.display.startsWith("inline"));
    if (paragraph) {
      if (here.len >= 25) credit(1 + here.commas + Math.min(Math.floor(here.len / 100), 3), index - 1);
      if (tag === "div") here.p += here.len >= 25 ? 1 : 0;
    } else if (blockKids && ownText >= 25) {
      // Loose text beside blocks reads as paragraphs of this element.
      credit(1 + ownCommas + Math.min(Math.floor(ownText / 100), 3), index);
      here.p += 1;
    }
    stack.pop();
    return here;
  }

  // A part read whole (an app's page, a `within` part) picks no article: no scores and no sums, only what
  // the render reads of each element (how it shows, its shadow root, its role); the same drops as above.
  function visitWhole(el, ctx, depth, tag, cs, role) {
    const closedDetails = tag === "details" && !el.open;
    const here = { display: cs.display, textVisible: cs.visible && !closedDetails, shadow: cs.shadow, role };
    stats.set(el, here);
    if (depth > 400) return here;
    // Elements only (their text is the render's): sibling pointers that pass over the text nodes.
    const assigned = tag === "slot" ? slotted(el) : null;
    for (let child = assigned ? assigned[0] : (cs.shadow || el).firstElementChild, k = 0; child;
         child = assigned ? assigned[++k] : child.nextElementSibling) {
      if (child.nodeType !== 1) continue;
      const childTag = child.localName;
      if (!closedDetails || childTag === "summary") visit(child, ctx, depth + 1, childTag);
    }
    return here;
  }

  const root = from || doc.body || doc.documentElement;
  if (root) visit(root, { inSection: false, inTable: false }, 0);
  const parentOf = { get: (el) => { const stat = stats.get(el); return stat ? stat.parent : undefined; } };
  return { root, scores, stats, parentOf, dropped, styles, keep: new Set() };
}

const IMG_STAT = Object.freeze({ ...EMPTY, img: 1 });
const INPUT_STAT = Object.freeze({ ...EMPTY, input: 1 });
const EMBED_STAT = Object.freeze({ ...EMPTY, embed: 1 });

export { typedField, SKIP_TAGS, SVG_UNDRAWN, BLOCK_TAGS, HEADINGS, CONTENT_CONTAINER, SENTENCE_END, classWeight, slotted, first, next, childNodes, analyse };

// layer: capture
// Reader text, part 2: picking the article's blocks from the analysis (reader_analyse.js) and
// rendering them as plain text; `extract` is the entry point.
import { childNodes, CONTENT_CONTAINER, SENTENCE_END, HEADINGS, classWeight, slotted, SKIP_TAGS, SVG_UNDRAWN, BLOCK_TAGS, analyse } from "./reader_analyse.js";
import { isAriaGrid, gridRows, isCell } from "./grids.js";

function linkDensity(stat) {
  return stat && stat.len ? stat.link / stat.len : 0;
}

function elementKids(node) {
  const out = [];
  for (const child of childNodes(node)) if (child.nodeType === 1) out.push(child);
  return out;
}

// The element(s) holding the article: the best candidate, widened and joined by its siblings.
function pickContent(analysis) {
  const { root, scores, stats, parentOf } = analysis;
  const final = [];
  for (const [el, score] of scores) {
    final.push([el, score * (1 - linkDensity(stats.get(el)))]);
  }
  final.sort((a, b) => b[1] - a[1]);
  if (!final.length || final[0][1] <= 0) return [root];
  let [top, topScore] = final[0];
  const adjusted = new Map(final);
  // The best-scoring block and its ancestors are never cleaned away as clutter below.
  for (let node = top; node; node = parentOf.get(node)) analysis.keep.add(node);

  // Several strong candidates under one ancestor: the ancestor is the article.
  const rivals = final.slice(1, 5).filter(([, s]) => s >= topScore * 0.75).map(([el]) => el);
  if (rivals.length >= 2) {
    let ancestor = parentOf.get(top);
    while (ancestor && ancestor !== root) {
      let shared = 0;
      for (const rival of rivals) if (isAncestor(ancestor, rival, parentOf)) shared++;
      if (shared >= 2) {
        top = ancestor;
        break;
      }
      ancestor = parentOf.get(ancestor);
    }
  }
  // Walk up while the ancestors keep scoring comparably (the article spans more than one block).
  // An ancestor that outscores the chain below it (wrapper divs score less than what they wrap).
  let parent = parentOf.get(top);
  let lastScore = adjusted.get(top) || topScore;
  const floor = lastScore / 3;
  while (parent && parent !== root) {
    const parentScore = adjusted.get(parent);
    if (parentScore !== undefined) {
      if (parentScore < floor) break;
      if (parentScore > lastScore) {
        top = parent;
        break;
      }
      lastScore = parentScore;
    }
    parent = parentOf.get(parent);
  }
  // The page's own word for its content: an enclosing <article>/<main> (when not a link farm)
  // holds the rest of the article the scores missed (intro, feature lists, later sections);
  // its boilerplate is still dropped when rendering.
  for (let node = top; node && node !== root; node = parentOf.get(node)) {
    if (node.matches(CONTENT_CONTAINER)) {
      if (node !== top && linkDensity(stats.get(node)) < 0.35) top = node;
      break;
    }
  }
  // A lone child says nothing more than its parent.
  while (parentOf.get(top) && parentOf.get(top) !== root && elementKids(parentOf.get(top)).length === 1) {
    top = parentOf.get(top);
  }
  topScore = adjusted.get(top) || topScore;

  parent = parentOf.get(top);
  if (!parent) return [top];
  const threshold = Math.max(10, topScore * 0.2);
  const topClass = typeof top.className === "string" ? top.className : "";
  const picked = [];
  const siblings = elementKids(parent);
  for (const sibling of siblings) {
    if (sibling === top) {
      picked.push(sibling);
      continue;
    }
    if (analysis.dropped.has(sibling)) continue;
    const stat = stats.get(sibling);
    if (!stat || !stat.len) continue;
    let bonus = 0;
    if (topClass && sibling.className === topClass) bonus += topScore * 0.2;
    const score = adjusted.get(sibling);
    if (score !== undefined && score + bonus >= threshold) {
      picked.push(sibling);
      continue;
    }
    const tag = sibling.localName;
    const prose = tag === "p" || ((tag === "div" || tag === "section") && stat.p <= 1 && !stat.img);
    if (!prose) continue;
    const density = linkDensity(stat);
    if ((stat.len > 80 && density < 0.25) ||
        (stat.len > 0 && stat.len <= 80 && density === 0 && SENTENCE_END.test(sibling.textContent))) {
      picked.push(sibling);
    }
  }
  // A heading right before picked content titles it (the article's h1 beside its paragraphs).
  const chosen = new Set(picked);
  return siblings.filter((sibling, i) => chosen.has(sibling) ||
    (HEADINGS.has(sibling.localName) && !analysis.dropped.has(sibling) && chosen.has(siblings[i + 1])));
}

function isAncestor(ancestor, el, parentOf) {
  for (let node = parentOf.get(el); node; node = parentOf.get(node)) if (node === ancestor) return true;
  return false;
}

function isDataTable(table) {
  const role = table.getAttribute("role");
  if (role === "presentation" || role === "none") return false;
  if (table.getAttribute("datatable") === "0") return false;
  if (table.caption || table.tHead || table.getAttribute("summary")) return true;
  if (table.querySelector("table")) return false;
  if (table.querySelector("th, col, colgroup, tfoot")) return true;
  const rows = table.rows.length;
  const columns = rows ? table.rows[0].cells.length : 0;
  return rows >= 10 || columns > 4 || (rows >= 2 && columns >= 2 && rows * columns >= 10);
}

// Readability's conditional cleaning: blocks inside the article that are mostly links, images,
// form fields or lists of links are navigation or widgets, not article text.
function looksLikeClutter(el, tag, analysis, flags) {
  const stat = analysis.stats.get(el);
  if (!stat) return false;
  const weight = flags.weight ? classWeight(el) : 0;
  const score = analysis.scores.get(el) || 0;
  const isList = tag === "ul" || tag === "ol" || tag === "dl";
  const density = linkDensity(stat);
  // A list of prose items (captions, steps, quotes) is text, whatever its tag's base score.
  const proseList = isList && weight >= 0 && density < 0.2 && stat.len / Math.max(1, stat.li) >= 80;
  if (weight + score < 0 && !proseList) return true;
  if (stat.commas >= 10 || proseList) return false;
  const p = stat.p;
  const li = stat.li - 100;
  const inFigure = () => !!(el.closest && el.closest("figure"));  // asked only when it decides
  const headingDensity = stat.len ? stat.head / stat.len : 0;
  if (stat.img > 1 && p / stat.img < 0.5 && !inFigure()) return true;
  if (!isList && li > p) return true;
  if (stat.input > Math.floor(p / 3)) return true;
  if (!isList && headingDensity < 0.9 && stat.len < 25 && (stat.img === 0 || stat.img > 2) && !inFigure()) return true;
  if (!isList && weight < 25 && density > 0.2) return true;
  if (weight >= 25 && density > 0.5) return true;
  if ((stat.embed === 1 && stat.len < 75) || stat.embed > 1) return true;
  if (isList && density > 0.5 && stat.len < 2000) return true;  // link lists (tag clouds, menus)
  return false;
}

// A control's text is its name, listed with it: a page read whole (an app) leaves out the blocks
// that hold nothing else (a menu's items, a checkbox's label), and keeps a line where it stands
// among other words ("3 items View cart").
const CONTROL_ROLES = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox",
  "menuitemradio", "option", "treeitem"]);
const NAME_CHARS = 160;  // the longest name the model gives (names.js accName)
// `role`: its role attribute, as the analysis read it.
function isControl(el, tag, role) {
  if (tag === "a") return el.hasAttribute("href");
  if (tag === "button" || tag === "select" || tag === "textarea" || tag === "summary") return true;
  if (tag === "label") return !!el.control;
  return !!role && CONTROL_ROLES.has(role);
}

// A block's text from what was gathered for it: whitespace collapsed, a <br> (U+2028) kept as a line break.
// Preformatted text (`raw`) keeps its spacing; only blank lines around it go.
function blockText(buffer, raw) {
  return raw ? buffer.replace(/\u2028/g, "\n").replace(/^\s*\n/, "").trimEnd()
    : buffer.includes("\u2028") ? buffer.replace(/\s+/g, (ws) => (ws.includes("\u2028") ? "\n" : " ")).trim()
      : buffer.replace(/\s+/g, " ").trim();  // no callback per run of spaces: most blocks hold no <br>
}
// The blocks as one text: a blank line between paragraphs, one line break inside a list or a table.
function joinBlocks(blocks) {
  let out = "";
  for (let i = 0; i < blocks.length; i++) {
    if (i) out += blocks[i].kind === blocks[i - 1].kind && blocks[i].kind !== "p" ? "\n" : "\n\n";
    out += blocks[i].text;
  }
  return out;
}
// Rows of a table by sibling pointers: table.rows / row.cells are slow live collections.
function rowsOf(table) {
  const rows = [];
  for (let part = table.firstElementChild; part; part = part.nextElementSibling) {
    const name = part.localName;
    if (name === "tr") rows.push(part);
    else if (name === "thead" || name === "tbody" || name === "tfoot") {
      for (let row = part.firstElementChild; row; row = row.nextElementSibling) {
        if (row.localName === "tr") rows.push(row);
      }
    }
  }
  return rows;
}

// Render the picked subtrees into blocks of text.
// Past `budget` characters nothing more is rendered: what is skipped is only measured (its
// trimmed text length from the analysis) into `analysis.rest`.
function render(nodes, analysis, flags, budget = Infinity) {
  const blocks = [];  // {kind, text}
  let buffer = "";
  let size = 0;
  analysis.rest = 0;
  const skip = (node) => {
    const stat = node.nodeType === 1 && !analysis.dropped.has(node) ? analysis.stats.get(node) : null;
    analysis.rest += stat ? stat.len : node.nodeType === 3 ? node.data.trim().length : 0;
  };

  let bullet = false;  // the next block with text starts a list item
  let plain = !flags.namesOnce;  // the buffer holds words that are no control's name
  let said = 0;  // the characters of the current control's words so far (its name holds NAME_CHARS)

  function flush(raw) {
    const text = blockText(buffer, raw);
    buffer = "";
    // A block of control words only is said by the control's name, listed with it; but a name holds
    // NAME_CHARS at most, so the words of a control past them (an article card wrapped in one link)
    // stay text. What is left out is kept aside: it still counts as the page's prose.
    if (!plain && text) said += text.length + 1;
    const names = !plain && said <= NAME_CHARS;
    plain = !flags.namesOnce;
    if (names && text && analysis.namesText) analysis.namesText.push(text);
    if (!text || names) return;
    size += text.length + 2;
    if (bullet) {
      blocks.push({ kind: "li", text: "- " + text });
      bullet = false;
    } else {
      blocks.push({ kind: "p", text });
    }
  }

  function walk(node, pre, table, nodeStat = analysis.stats.get(node), nodeTag = node.localName, named = false) {
    if (!nodeStat) return;
    const assigned = nodeTag === "slot" ? slotted(node) : null;
    for (let child = assigned ? assigned[0] : (nodeStat.shadow || node).firstChild, k = 0; child;
         child = assigned ? assigned[++k] : child.nextSibling) {
      if (size > budget) { if (child.nodeType !== 3 || nodeStat.textVisible) skip(child); continue; }
      const type = child.nodeType;
      if (type === 3) {
        if (nodeStat.textVisible) {
          buffer += child.data;  // whitespace is collapsed once, in flush
          if (!plain && !named && /\S/.test(child.data)) plain = true;
        }
        continue;
      }
      if (type !== 1) continue;
      const tag = child.localName;
      if (tag === "br") {
        buffer += "\u2028";  // a hard line break: survives the whitespace collapse in flush
        continue;
      }
      if (analysis.dropped.has(child) || (SKIP_TAGS.has(tag) && !(flags.whole && tag === "svg")) ||
          (flags.whole && SVG_UNDRAWN.has(tag))) continue;
      const stat = analysis.stats.get(child);
      if (!stat) continue;
      const dataTable = (tag === "table" && isDataTable(child)) || (stat.role !== null && isAriaGrid(child));
      if (flags.clean && (tag === "div" || tag === "ul" || tag === "ol" ||
          tag === "dl" || tag === "form" || tag === "fieldset" || tag === "table") &&
          !analysis.keep.has(child) && !dataTable &&
          looksLikeClutter(child, tag, analysis, flags)) {
        continue;
      }
      if (HEADINGS.has(tag) && flags.weight && classWeight(child) < 0) continue;
      const block = BLOCK_TAGS.has(tag) || !stat.display.startsWith("inline");
      if (dataTable) {
        flush();
        renderTable(child);
        continue;
      }
      if (tag === "li") {
        flush();
        bullet = true;
        walk(child, pre, table, stat, tag, named);
        flush();
        bullet = false;
        continue;
      }
      const spaced = stat.display === "inline-block" || stat.display === "inline-flex" || tag === "text";  // SVG labels
      if (block) flush(pre);
      else if (spaced) buffer += " ";
      const control = !named && flags.namesOnce && isControl(child, tag, stat.role);
      if (control) said = 0;
      walk(child, pre || tag === "pre", table, stat, tag, named || control);
      if (block) flush(pre || tag === "pre");
      else if (spaced) buffer += " ";
    }
  }

  function renderTable(table) {
    for (const row of gridRows(table, rowsOf)) {
      if (!analysis.stats.get(row)) continue;
      if (size > budget) { skip(row); continue; }
      const cells = [];
      for (let cell = row.firstElementChild; cell; cell = cell.nextElementSibling) {
        const stat = isCell(cell) && analysis.stats.get(cell);
        if (!stat) continue;
        const saved = blocks.length;
        walk(cell, false, true, stat);
        flush();
        if (blocks.length === saved + 1 && !blocks[saved].text.includes("\n")) {  // most cells: one line
          cells.push(blocks.pop().text);
          continue;
        }
        const parts = blocks.splice(saved).map((b) => b.text.replace(/\s*\n\s*/g, " "));
        cells.push(parts.join(" "));
      }
      if (cells.some((c) => c)) blocks.push({ kind: "row", text: cells.join(" | ") });
    }
  }

  for (const node of nodes) {
    if (size > budget) { skip(node); continue; }
    const tag = node.localName;
    bullet = tag === "li";
    if (tag === "table" && isDataTable(node)) renderTable(node);
    else walk(node, tag === "pre", false);
    flush(tag === "pre");
    bullet = false;
  }
  return joinBlocks(blocks);
}

function extract(doc, _options) {
  return readerText(doc, new Map(), Infinity).text;
}

// The capture's entry (capture.js): `styles` comes filled by its walk, and rendering stops a
// little past `budget` characters; `rest` estimates the characters not rendered.
// `passes`: at most this many of the attempts below (the first alone decides when it reads
// READER_ENOUGH characters: the loop stops there anyway).
const READER_ENOUGH = 500;
// `after`: the result of the first attempt alone (passes = 1), which the others then follow.
function readerText(doc, styles, budget, passes = 4, after = null) {
  doc = doc || document;
  if (!doc.body && !doc.documentElement) return { text: "", rest: 0, nodes: [] };
  const attempts = [
    { strip: true, weight: true, clean: true },
    { strip: false, weight: true, clean: true },
    { strip: false, weight: false, clean: true },
    { strip: false, weight: false, clean: false },
  ];
  let best = after ? after.text : "", rest = after ? after.rest : 0, nodes = after ? after.nodes : [];
  for (const flags of attempts.slice(after ? 1 : 0, passes)) {
    const analysis = analyse(doc, flags, styles);
    const picked = pickContent(analysis);
    const text = render(picked, analysis, flags, budget);
    if (text.length + analysis.rest > best.length + rest) { best = text; rest = analysis.rest; nodes = picked; }
    if (best.length >= READER_ENOUGH) break;
    // Nothing visible at all even with nothing stripped: looser rules cannot find more.
    const rootStat = analysis.stats.get(analysis.root);
    if (!flags.strip && (!rootStat || !rootStat.len)) break;
  }
  return { text: best, rest, nodes };  // nodes: the picked blocks the text came from
}

// For diagnosis: the strongest candidates of the first pass and the blocks picked.
function explain(doc) {
  doc = doc || document;
  const flags = { strip: true, weight: true, clean: true };
  const t0 = performance.now();
  const analysis = analyse(doc, flags, new Map());
  const t1 = performance.now();
  const picked = pickContent(analysis);
  const t2 = performance.now();
  const text = render(picked, analysis, flags);
  const t3 = performance.now();
  const describe = (el) => `${el.localName}${el.id ? "#" + el.id : ""}${typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : ""}`;
  const ranked = [...analysis.scores].map(([el, score]) => [el, score * (1 - linkDensity(analysis.stats.get(el)))])
    .sort((a, b) => b[1] - a[1]).slice(0, 8).map(([el, score]) => `${describe(el)} ${score.toFixed(1)}`);
  return { candidates: ranked, picked: picked.map(describe), text,
           ms: { analyse: t1 - t0, pick: t2 - t1, render: t3 - t2 },
           dropped: [...analysis.dropped].slice(0, 30).map(describe) };
}

Object.defineProperty(globalThis, "__browserxReader", {
  value: Object.freeze({ extract, explain }), configurable: false, enumerable: false, writable: false,
});

export { render, readerText, READER_ENOUGH, blockText, joinBlocks, isDataTable, isControl, NAME_CHARS };

// layer: base
// A document's style sheets read once while they stay the same: the scans of its rules (generated.js: the
// elements with generated content; hovered.js: the targets a :hover rule gives a pointer) are kept across
// snapshots while the document has the same sheets with the same numbers of rules (a rule edited in place
// through the CSSOM is not noticed).

// `cache`: a WeakMap of the caller's, document -> {key, value}; `scan(doc)` computes the value.
function scannedOnce(cache, doc, scan) {
  const key = [];
  for (const list of [doc.styleSheets, doc.adoptedStyleSheets || []]) {
    for (const sheet of list) {
      let n;
      try { n = sheet.cssRules.length; } catch (_) { n = -1; }
      key.push(sheet, n);
    }
  }
  const known = cache.get(doc);
  if (known && known.key.length === key.length && known.key.every((k, i) => k === key[i])) return known.value;
  const value = scan(doc);
  cache.set(doc, { key, value });
  return value;
}

// A selector list at its top-level commas, each part trimmed.
function splitList(text) {
  const out = [];
  let depth = 0, start = 0;
  for (let k = 0; k <= text.length; k++) {
    const c = text[k];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if ((c === "," && depth === 0) || k === text.length) { out.push(text.slice(start, k).trim()); start = k + 1; }
  }
  return out;
}

export { scannedOnce, splitList };

// Accessible names (accname 1.2), computed in page for the controls and headings of the model.
// `facts` is filled by the capture walk (capture.js) before names are asked for.

const norm = s => s.replace(/\s+/g, " ").trim();
const cap = (s, n) => (s.length > n ? s.slice(0, n - 1) + "…" : s);
// Style facts of each element the walk visited, one Map for the names, the reader and the walk:
// {display, position, gone, visible, clipped, block, shadow}. Reset per snapshot.
let facts = new Map();
const isRendered = el => { const f = facts.get(el); return f !== undefined && f.visible; };
const isBlock = el => { const f = facts.get(el); return f !== undefined && f.block; };  // separates words
let includeValues = false;

function byIdRef(el, id) {
  const root = el.getRootNode();
  return root.getElementById ? root.getElementById(id) : el.ownerDocument.getElementById(id);
}
// `role` overrides the element's own role for the root (page-made clickables name from content).
function accName(el, role) {
  return cap(norm(nameOf(el, { root: el, rootRole: role, visited: new Set(), inLabelledBy: false, recursing: false, hiddenOk: false })), 160);
}
function nameOf(el, st) {
  if (st.visited.has(el)) return "";
  st.visited.add(el);
  const hidden = !isRendered(el);
  if (st.recursing && hidden && !st.hiddenOk) return "";
  if (!st.inLabelledBy) {
    const ids = el.getAttribute("aria-labelledby");
    if (ids) {
      const text = ids.trim().split(/\s+/).map(id => byIdRef(el, id)).filter(Boolean)
        .map(n => nameOf(n, { ...st, inLabelledBy: true, recursing: true, hiddenOk: st.hiddenOk || !isRendered(n) }))
        .join(" ");
      if (text.trim()) return text;
    }
  }
  const role = el === st.root && st.rootRole ? st.rootRole : roleOf(el);
  if (st.recursing && el !== st.root && (TEXTISH.has(role) || role === "listbox" || role === "slider")) {
    return includeValues ? embeddedValue(el, role) : "";
  }
  const label = el.getAttribute("aria-label");
  if (label && label.trim()) return label;
  if (role !== "none" && role !== "presentation") {
    const native = nativeName(el, st);
    if (native) return native;
  }
  if (FROM_CONTENT.has(role) || st.recursing || el.localName === "label" || el.localName === "legend") {
    const text = contentText(el, st);
    if (text.trim()) return text;
  }
  return el.getAttribute("title") || "";
}
function embeddedValue(el, role) {
  if (el.localName === "select") return [...el.selectedOptions].map(o => o.text).join(" ");
  if (el.type === "password") return "";
  if ("value" in el && el.localName !== "button") return String(el.value);
  if (role === "slider" || role === "spinbutton") return el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") || "";
  return el.textContent || "";
}
function nativeName(el, st) {
  const tag = el.localName;
  if (tag === "input") {
    const type = (el.getAttribute("type") || "").toLowerCase();
    if (type === "button" || type === "submit" || type === "reset") {
      return el.getAttribute("value") || (type === "submit" ? "Submit" : type === "reset" ? "Reset" : "");
    }
    if (type === "image") return el.getAttribute("alt") || el.getAttribute("value") || el.getAttribute("title") || "Submit";
  }
  if (LABELABLE.has(tag) && tag !== "button" && el.labels && el.labels.length) {
    const text = [...el.labels].map(l => nameOf(l, { ...st, recursing: true })).join(" ");
    if (text.trim()) return text;
  }
  if (tag === "input" || tag === "textarea") {
    return el.getAttribute("title") || el.getAttribute("placeholder") || "";
  }
  if (tag === "img" || tag === "area") return el.getAttribute("alt") || "";
  if (tag === "fieldset") { const l = el.querySelector(":scope > legend"); return l ? nameOf(l, { ...st, recursing: true }) : ""; }
  if (tag === "table") { const c = el.querySelector(":scope > caption"); return c ? nameOf(c, { ...st, recursing: true }) : ""; }
  if (tag === "figure") { const c = el.querySelector(":scope > figcaption"); return c ? nameOf(c, { ...st, recursing: true }) : ""; }
  if (tag === "svg") {
    let t = el.querySelector(":scope > title");
    if (!t) {
      // An icon drawn with <use href="#sym">: Chromium names it from the symbol's <title>.
      const use = el.querySelector("use");
      const ref = use && (use.getAttribute("href") || use.getAttribute("xlink:href"));
      const symbol = ref && ref.startsWith("#") ? byIdRef(el, ref.slice(1)) : null;
      t = symbol && symbol.querySelector(":scope > title");
    }
    return t ? t.textContent : "";
  }
  return "";
}
function contentText(el, st) {
  let out = "";
  const shadow = shadowOf(el);
  let kids = shadow ? shadow.childNodes : el.childNodes;
  if (el.localName === "slot") { const a = el.assignedNodes({ flatten: true }); if (a.length) kids = a; }
  for (const n of kids) {
    if (n.nodeType === 3) out += n.data;
    else if (n.nodeType === 1) {
      if (SKIP.has(n.localName)) continue;
      const part = nameOf(n, { ...st, recursing: true });
      // Block boxes and replaced elements separate words, as Chromium's name computation does.
      out += isBlock(n) || SPACED.has(n.localName) ? " " + part + " " : part;
    }
    if (out.length > 600) break;
  }
  return out;
}
// "main", `region "Cart"`: the region label of a landmark with this role, or null (an unnamed
// region or form is no landmark).
function landmarkLabel(el, role) {
  const kind = role && LANDMARK[role];
  if (!kind) return null;
  const name = landmarkName(el);
  if ((role === "region" || role === "form") && !name) return null;
  return name ? `${kind} "${name}"` : kind;
}
function landmarkName(el) {
  const ids = el.getAttribute("aria-labelledby");
  if (ids) {
    const t = ids.trim().split(/\s+/).map(id => byIdRef(el, id)).filter(Boolean).map(n => n.textContent).join(" ");
    if (t.trim()) return cap(norm(t), 60);
  }
  return cap(norm(el.getAttribute("aria-label") || el.getAttribute("title") || ""), 60);
}

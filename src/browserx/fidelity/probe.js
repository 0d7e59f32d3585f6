// The in-page half of the fidelity check (probe.py sends it with Runtime.callFunctionOn in browserx's isolated
// world of the main frame): where a person can see an element, and what a pointer aimed at a model entry reaches.
// It never writes to the page. A file of its own, not a Python string, so that ESLint reads it; it is no part of
// the page model's program (the model never runs it): the whole file is the one function declaration sent.
// eslint-disable-next-line no-unused-vars
function fidelityProbe(spec, ...nodes) {
  const B = globalThis.__browserx;
  const W = globalThis.__browserxWidgets;
  const R = (l, t, r, b) => (r > l && b > t ? { l, t, r, b } : null);
  const cut = (a, b) => (a && b
    ? R(Math.max(a.l, b.l), Math.max(a.t, b.t), Math.min(a.r, b.r), Math.min(a.b, b.b)) : null);
  const move = (r, x, y) => r && R(r.l + x, r.t + y, r.r + x, r.b + y);
  const area = r => (r ? (r.r - r.l) * (r.b - r.t) : 0);
  const cs = el => getComputedStyle(el);
  const parentOf = n => n.assignedSlot || n.parentElement || (n.parentNode && n.parentNode.host) || null;
  const frameOf = doc => { try { return doc.defaultView && doc.defaultView.frameElement; } catch (_) { return null; } };
  const up = n => parentOf(n) || (n.ownerDocument && frameOf(n.ownerDocument)) || null;  // through frames
  const contains = (outer, n) => {
    for (let k = 0; n && k < 2000; n = up(n), k++) if (n === outer) return true;
    return false;
  };
  const HOSTS = new Set(["article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4", "h5",
    "h6", "header", "main", "nav", "p", "section", "span"]);
  // Fields a page may hide and draw for itself: native ones, editing hosts (contenteditable, EditContext).
  const NATIVE = new Set(["input", "select", "textarea"]), TEXTY = /^(textbox|searchbox|combobox)$/;
  // A button that opens a listbox or dialog, kept hidden under a dropdown drawn for it, is one too (standin.js popupTrigger).
  const trigger = el => el.localName === "button" && /^(listbox|dialog)$/.test(el.getAttribute("aria-haspopup") || "") &&
    el.hasAttribute("aria-expanded");
  const field = el => NATIVE.has(el.localName) || trigger(el) || (el.tabIndex >= 0 && (!!el.editContext || el.isContentEditable) &&
    TEXTY.test(el.getAttribute("role") || "textbox") && !(el.parentElement && el.parentElement.isContentEditable));
  function frameContent(f) {
    const s = cs(f), r = f.getBoundingClientRect();
    const l = r.left + f.clientLeft + parseFloat(s.paddingLeft), t = r.top + f.clientTop + parseFloat(s.paddingTop);
    return R(l, t, l + f.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
      t + f.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom));
  }
  function offsetOf(doc) {
    let x = 0, y = 0;
    for (let f = frameOf(doc); f; f = frameOf(f.ownerDocument)) {
      const c = frameContent(f);
      if (!c) break;
      x += c.l; y += c.t;
    }
    return [x, y];
  }
  const top = (r, doc) => { const [x, y] = offsetOf(doc); return move(r, x, y); };
  function ownBox(el) {
    let u = null;
    for (const r of el.getClientRects()) {
      if (r.width <= 0 || r.height <= 0) continue;
      u = u ? R(Math.min(u.l, r.left), Math.min(u.t, r.top), Math.max(u.r, r.right), Math.max(u.b, r.bottom))
        : R(r.left, r.top, r.right, r.bottom);
    }
    // A box of no size that clips nothing is seen where its drawn parts are (the model's rule, geometry.js).
    const parts = !u && B.drawnUnion ? B.drawnUnion(el) : null;
    return parts ? R(parts.left, parts.top, parts.right, parts.bottom) : u;
  }
  function visState(el) {
    if (!el.checkVisibility()) return "not_rendered";
    if (!el.checkVisibility({ visibilityProperty: true })) return "invisible";
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return "transparent";
    return "";
  }
  // What `clip` (absolute boxes) and an inset() clip-path let through of el's border box: undefined
  // when nothing is clipped, null when everything is.
  function paintClip(el, s) {
    if (s.clip === "auto" && s.clipPath === "none") return undefined;
    const b = el.getBoundingClientRect();
    let region = R(b.left, b.top, b.right, b.bottom) || R(b.left, b.top, b.left + 1e-3, b.top + 1e-3);
    const m = (s.position === "absolute" || s.position === "fixed") && /rect\(([^)]*)\)/.exec(s.clip);
    if (m) {
      const v = m[1].split(/[\s,]+/).map(x => (x === "auto" ? null : parseFloat(x)));
      region = cut(region, R(b.left + (v[3] ?? 0), b.top + (v[0] ?? 0), v[1] === null ? b.right : b.left + v[1],
        v[2] === null ? b.bottom : b.top + v[2]));
    }
    const inset = /^inset\(([^)]*)\)/.exec(s.clipPath);
    if (inset && region) {
      const parts = inset[1].split(" round ")[0].trim().split(/\s+/);
      const [t, r, bo, l] = [parts[0], parts[1] ?? parts[0], parts[2] ?? parts[0], parts[3] ?? parts[1] ?? parts[0]];
      const len = (x, size) => (x.endsWith("%") ? (parseFloat(x) * size) / 100 : parseFloat(x) || 0);
      const w = b.width, h = b.height;
      region = cut(region, R(b.left + len(l, w), b.top + len(t, h), b.right - len(r, w), b.bottom - len(bo, h)));
    }
    return region;
  }
  // Boxes that hold absolute and fixed descendants (their overflow clips them).
  const holdsFixed = s => s.transform !== "none" || s.perspective !== "none" || s.filter !== "none" ||
    (s.backdropFilter && s.backdropFilter !== "none") || /paint|layout|strict|content/.test(s.contain) ||
    /transform|perspective|filter/.test(s.willChange) || (s.containerType && s.containerType !== "normal");
  // Overflow of one box, per axis: `reach` is what scrolling can bring into view, `cur` what shows now.
  function overflowClip(a, s, reach, cur) {
    const paints = /paint|strict|content/.test(s.contain);
    const visible = s.overflowX === "visible" && s.overflowY === "visible" && !paints;
    if (visible || s.display === "inline") return [reach, cur];
    const b = a.getBoundingClientRect();
    const l = b.left + a.clientLeft, t = b.top + a.clientTop;
    const pad = { l, t, r: l + a.clientWidth, b: t + a.clientHeight };
    const sl = s.direction === "rtl" ? pad.r - a.scrollLeft - a.scrollWidth : l - a.scrollLeft;
    const ext = { l: sl, t: t - a.scrollTop, r: sl + a.scrollWidth, b: t - a.scrollTop + a.scrollHeight };
    return axes(reach, cur, pad, ext, [s.overflowX, s.overflowY].map(o => (o === "visible" && paints ? "clip" : o)));
  }
  function axes(reach, cur, pad, ext, [ox, oy]) {
    if (!reach) return [null, null];
    const out = { ...reach }, now = cur && { ...cur };
    for (const [lo, hi, o] of [["l", "r", ox], ["t", "b", oy]]) {
      if (o === "visible") continue;
      if (now) { now[lo] = Math.max(now[lo], pad[lo]); now[hi] = Math.min(now[hi], pad[hi]); }
      if (o === "auto" || o === "scroll") {  // reachable if inside the scroll extent: then it can show in the box
        if (Math.min(out[hi], ext[hi]) <= Math.max(out[lo], ext[lo])) return [null, null];
        out[lo] = pad[lo]; out[hi] = pad[hi];
      } else { out[lo] = Math.max(out[lo], pad[lo]); out[hi] = Math.min(out[hi], pad[hi]); }
    }
    return [R(out.l, out.t, out.r, out.b), now && R(now.l, now.t, now.r, now.b)];
  }
  // The viewport's overflow is the root's, or <body>'s when the root's is visible (CSS Overflow 3 §3.3).
  function viewportOverflow(doc) {
    const hs = cs(doc.documentElement);
    const body = doc.body && hs.overflowX === "visible" && hs.overflowY === "visible" ? doc.body : null;
    const s = body ? cs(body) : hs;
    const axes = [s.overflowX, s.overflowY].map(o => (o === "visible" ? "auto" : o));
    return { body, axes, rtl: hs.direction === "rtl" };
  }
  function viewportClip(doc, fixed, reach, cur) {
    const win = doc.defaultView, de = doc.documentElement, se = doc.scrollingElement || de;
    const vw = Math.min(de.clientWidth || win.innerWidth, win.innerWidth);
    const vh = Math.min(de.clientHeight || win.innerHeight, win.innerHeight);
    const pad = { l: 0, t: 0, r: vw, b: vh };
    const v = viewportOverflow(doc);
    const sl = v.rtl ? vw - win.scrollX - se.scrollWidth : -win.scrollX;
    const ext = { l: sl, t: -win.scrollY, r: sl + se.scrollWidth, b: -win.scrollY + se.scrollHeight };
    return axes(reach, cur, pad, ext, fixed ? ["hidden", "hidden"] : v.axes);
  }
  // Where el can be seen: `reach` (null if no scrolling shows it) and `cur` (its part showing now),
  // in top-viewport CSS pixels; `self` when el itself is what hides it (its size, clip or opacity).
  function reachOf(el, ignoreOpacity) {
    if (!el.isConnected) return { why: "gone" };
    let why = visState(el);
    if (why === "transparent" && ignoreOpacity) why = "";
    if (why) return { why, self: why === "transparent" && cs(el).opacity === "0" };
    const own = ownBox(el);
    if (!own) return { why: "no_box" };
    if (own.r - own.l <= 1 || own.b - own.t <= 1) return { why: "tiny", self: true, own: top(own, el.ownerDocument) };
    let reach = own, cur = own, node = el;
    for (;;) {
      const doc = node.ownerDocument, body = viewportOverflow(doc).body;
      const s0 = cs(node);
      let pos = s0.position;
      const self = paintClip(node, s0);
      if (self !== undefined) { reach = cut(reach, self); cur = cut(cur, self); }
      if (!reach) return { why: "clipped", self: node === el, own: top(own, el.ownerDocument) };
      for (let a = parentOf(node); a && a !== doc.documentElement; a = parentOf(a)) {
        const s = cs(a);
        const clip = paintClip(a, s);  // clip-path clips every descendant
        if (clip !== undefined) { reach = cut(reach, clip); cur = cut(cur, clip); }
        const holds = pos === "fixed" ? holdsFixed(s)
          : pos === "absolute" ? s.position !== "static" || holdsFixed(s) : true;
        if (holds) {
          if (a !== body) [reach, cur] = overflowClip(a, s, reach, cur);
          pos = s.position;
        }
        if (!reach) return { why: "clipped", own: top(own, el.ownerDocument) };
      }
      [reach, cur] = viewportClip(doc, pos === "fixed", reach, cur);
      if (!reach) return { why: "clipped", own: top(own, el.ownerDocument) };
      const f = frameOf(doc);
      if (!f) break;
      if (visState(f)) return { why: "hidden_frame" };
      const fc = frameContent(f);
      reach = cut(move(reach, fc.l, fc.t), fc); cur = cut(move(cur, fc.l, fc.t), fc);
      node = f;
    }
    const rects = [...el.getClientRects()].filter(r => r.width > 0 && r.height > 0)
      .map(r => cut(top(R(r.left, r.top, r.right, r.bottom), el.ownerDocument), cur)).filter(Boolean);
    return { why: "", reach, cur, rects, own: top(own, el.ownerDocument) };
  }
  // A visually hidden field (≤ 1 px, clipped or transparent by itself, or clipped by a 1-px wrapper) is seen
  // through the UI drawn for it: its own box if it only is transparent, else the nearest visible ancestor (a
  // label holding it, a widget's box), else a visible label; one with display: none only through a label.
  const VIEW = innerWidth * innerHeight;
  function seen(el) {
    const v = reachOf(el, false);
    // A hidden select that the page drew a stand-in for (the model's rule, standin.js) is seen through it.
    const face = v.why && el.localName === "select" && B.standInFor ? B.standInFor(el) : null;
    if (face) { const fv = reachOf(face, false); if (!fv.why) return { ...fv, drawn: "standin", by: face }; }
    if (!v.why || !field(el) || el.type === "hidden" || el.getAttribute("tabindex") === "-1") return v;
    if (v.why === "not_rendered" && cs(el).display === "none") {  // no box at all: only a label can stand for it
      return byLabel(el) || v;
    }
    if (!v.self && v.why !== "no_box" && !(v.why === "clipped" && inHiddenWrapper(el))) return v;  // 0 px: by itself
    if (v.why === "transparent") { const t = reachOf(el, true); if (!t.why) return { ...t, drawn: "self", by: el }; }
    let a = parentOf(el);
    for (let k = 0; a && k < 3; a = parentOf(a), k++) {
      const av = reachOf(a, false);
      const small = area(av.own) <= VIEW / 4 || !NATIVE.has(el.localName);  // an editor's box may be large
      if (!av.why && small && cs(a).pointerEvents !== "none") return { ...av, drawn: "ancestor", by: a };
    }
    return byLabel(el) || v;
  }
  function inHiddenWrapper(el) {  // hidden by a 1-px wrapper that clips (VisuallyHidden), not by itself
    for (let a = parentOf(el), k = 0; a && k < 3; a = parentOf(a), k++) {
      const own = ownBox(a), s = cs(a), clip = s.overflow !== "visible" || s.clip !== "auto" || s.clipPath !== "none";
      if (!(own && area(own) > 1) && clip) return true;
    }
    return false;
  }
  function byLabel(el) {
    for (const l of el.labels || []) {
      const lv = reachOf(l, false);
      if (!lv.why) return { ...lv, drawn: "label", by: l };
    }
    return null;
  }
  function hitAt(x, y) {
    let hit = document.elementFromPoint(x, y);
    for (let i = 0; hit && i < 30; i++) {
      const sr = hit.shadowRoot || (B.shadowOf && B.shadowOf(hit));
      const inner = sr && sr.elementFromPoint(x, y);
      if (inner && inner !== hit) { hit = inner; continue; }
      if ((hit.localName === "iframe" || hit.localName === "frame") && hit.contentDocument) {
        const f = frameContent(hit);
        const below = f && hit.contentDocument.elementFromPoint(x - f.l, y - f.t);
        if (below) { x -= f.l; y -= f.t; hit = below; continue; }
      }
      break;
    }
    return hit;
  }
  // A pointer at `hit` reaches el: it lands in el, in the UI drawn for it, or in one of its labels.
  function lands(el, v, hit) {
    if (!hit) return false;
    if (contains(el, hit) || (v.by && contains(v.by, hit))) return true;
    // Hit testing stops at a host whose shadow tree it cannot enter (a date field's parts), and passes
    // through an element with pointer-events: none to what holds it.
    if (contains(hit, el) && (el.getRootNode() !== hit.getRootNode() || cs(el).pointerEvents === "none")) return true;
    const label = hit.closest && hit.closest("label");
    return !!(label && label.control === el);
  }
  const centre = r => [(r.l + r.r) / 2, (r.t + r.b) / 2];
  // On screen but covered where it shows now: by a layer that stays whatever the scroll (not a bar).
  function covered(el, v) {
    if (!v.cur) return false;
    const r = v.cur;
    const points = v.rects.map(centre);  // each line of a wrapped link, then spots of the whole
    for (const [fx, fy] of [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
      points.push([r.l + (r.r - r.l) * fx, r.t + (r.b - r.t) * fy]);
    }
    let hit = null;
    for (const [x, y] of points) {
      const h = hitAt(x, y);
      if (lands(el, v, h)) return false;
      hit = hit || h;
    }
    let bar = false;  // a small fixed layer (not inside a full-viewport one: a modal's box) scrolls away
    for (let n = hit; n; n = up(n)) {
      const p = cs(n).position;
      if (p === "fixed" || p === "sticky") { if (area(ownBox(n)) >= 0.9 * VIEW) return true; bar = true; }
    }
    return !bar;
  }
  // Inert content shows but takes no pointer nor focus (hit tests pass through it): "inert", not covered.
  const inert = el => { for (let n = el; n; n = up(n)) if (n.inert) return true; return false; };
  function look(el) {
    const v = seen(el);
    if (!v.why && inert(el)) return { ...v, why: "inert" };
    if (!v.why && covered(el, v)) return { ...v, why: "covered" };
    return v;
  }
  const boxOf = v => (v.own ? [v.own.l, v.own.t, v.own.r - v.own.l, v.own.b - v.own.t].map(Math.round) : null);
  // Where an action on an entry clicks (the centre of its first box's showing part, as actions aim)
  // reaches el: hit-tested when it shows now, else by geometry (the action scrolls it into view first).
  function reaches(from, fv, el, v) {
    if (!fv || fv.why || !fv.own) return false;
    if (fv.cur) { const [x, y] = centre(fv.rects[0] || fv.cur); return lands(el, v, hitAt(x, y)); }
    const [x, y] = centre(fv.own), box = v.own;
    return !!box && x >= box.l && x <= box.r && y >= box.t && y <= box.b;
  }
  const entries = new Map(), views = new Map(), out = { nodes: [], entries: [] };
  for (const id of spec.ids) { const el = B.element(id); if (el) entries.set(el, id); }
  // The drawn stand-ins of listed hidden selects (the model's standin.js): their parts are the select's entry.
  const standIns = [];
  for (const [e, id] of entries) {
    const face = e.localName === "select" && B.standInFor ? B.standInFor(e) : null;
    if (face) standIns.push([face, id]);
    // A button that opens a listbox around a read-only field (standin.js popupFieldOf): its field is its part.
    if (e.hasAttribute("aria-haspopup") && B.popupFieldOf && B.popupFieldOf(e)) standIns.push([e, id]);
    // A tab stop drawn as a slider over the field it writes its value into (standin.js valueFieldOf): the field,
    // a read-only one left in sight for the number, is its part.
    const field = W && W.valueFieldOf ? W.valueFieldOf(e) : null;
    if (field) standIns.push([field, id]);
  }
  const view = el => { let v = views.get(el); if (!v) views.set(el, v = look(el)); return v; };
  const entriesUp = el => {
    const ids = [];
    for (let a = up(el); a; a = up(a)) if (entries.has(a)) ids.push(entries.get(a));
    return ids;
  };
  let below = null;  // element -> entries inside it, built once: one walk up from each entry
  const entriesDown = el => {
    if (!below) {
      below = new Map();
      for (const [e, id] of entries) {
        for (let a = up(e); a; a = up(a)) {
          let l = below.get(a);
          if (!l) below.set(a, l = []);
          l.push([e, id]);
        }
      }
    }
    return below.get(el) || [];
  };
  nodes.forEach((el, i) => {
    const root = el.getRootNode();
    const host = root && root.nodeType === 11 ? root.host : null;
    const ua = !!host && !HOSTS.has(host.localName) && !host.localName.includes("-");
    const v = view(el), s = cs(el);
    const tab = el.getAttribute("tabindex");
    const n = { why: v.why, drawn: v.drawn || null, box: boxOf(v), in_view: !!v.cur, ua,
      host: ua ? entries.get(host) || null : null,
      tabindex: tab === null || isNaN(parseInt(tab, 10)) ? null : parseInt(tab, 10), id: entries.get(el) || null,
      scroller: /auto|scroll/.test(s.overflowX + s.overflowY) &&
        (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1),
      select: null, up: [], down: [], labels: [], twins: [], standin: null };
    const select = el.localName === "option" ? el.closest("select") : null;
    if (select) n.select = entries.get(select) || "";
    if (!n.id) for (const [face, id] of standIns) if (contains(face, el)) n.standin = id;
    // Relations only for a node that can be a control and has no entry of its own (the costly part).
    const stop = n.tabindex !== null && n.tabindex >= 0 && !n.scroller;
    const control = spec.relate[i] === 1 || (spec.relate[i] === 2 && stop);
    if (control && !v.why && !n.id) {
      for (const id of entriesUp(el)) { const e = B.element(id); n.up.push([id, reaches(e, view(e), el, v)]); }
      for (const [e, id] of entriesDown(el)) {
        n.down.push([id, reaches(e, view(e), e, view(e)), reaches(el, v, e, view(e))]);
      }
      for (const l of el.labels || []) {
        for (const [e, id] of entries) {
          if (contains(l, e) || contains(e, l)) n.labels.push([id, reaches(e, view(e), el, v)]);
        }
      }
      const controls = el.getAttribute("aria-controls");
      if (controls) for (const [e, id] of entries) if (e.getAttribute("aria-controls") === controls) n.twins.push(id);
    }
    out.nodes.push(n);
  });
  for (const id of spec.entries ? spec.ids : []) {
    const el = B.element(id);
    if (!el) { out.entries.push({ why: "gone" }); continue; }
    const v = view(el);
    out.entries.push({ why: v.why, drawn: v.drawn || null, box: boxOf(v), in_view: !!v.cur, up: entriesUp(el) });
  }
  return out;
}

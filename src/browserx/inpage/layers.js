// layer: base
// The layer that covers a control (base layer), as a person tells it: not the one cell of a calendar that lies over
// "Save", but the calendar a field opened and left open over it. The snapshot's "left out ... under a
// cover" and a click's ELEMENT_COVERED name it the same way: by the listed controls it holds (the ids
// the agent has just read, "cl_16…cl_69"), else by its role and name, so the agent knows what to close
// (a popup closes as a person closes it: Escape, Tab out of its field, a press outside it).
import { roleOf } from "./roles.js";
import { parentOf, composedContains } from "./geometry.js";
import { accName, readable, cap } from "./names.js";
import { idOf } from "./ids.js";

// Roles that are layers whatever their position (notes.js treats them as layers too).
const POPUP_ROLES = new Set(["dialog", "alertdialog", "menu", "listbox", "tooltip", "tree", "grid"]);
const MAX_SCAN = 5000;  // elements of a layer read for its ids outside a snapshot (an error's path only)

// The outermost element from `hit` up to (not including) the first ancestor holding `el` that is a
// layer of its own: positioned out of the flow (absolute, fixed) or of a popup's role. Without one,
// `hit` itself (a sibling drawn over el by a transform or a negative margin).
function coverLayer(hit, el) {
  let layer = null;
  for (let n = hit, i = 0; n && n.nodeType === 1 && i < 60; n = parentOf(n), i++) {
    if (composedContains(n, el)) break;
    const position = getComputedStyle(n).position;
    if (position === "absolute" || position === "fixed" || POPUP_ROLES.has(roleOf(n))) layer = n;
  }
  return layer || hit;
}

// What an answer says of the layer: its role and accessible name when it has a role (a dialog, a
// menu), its tag (and dom_id or first class), and the first and last of the listed controls it holds
// with their count. Never a name guessed from the text beside it (describe's fallbacks for a control):
// a layer is told by what it holds. `listed`: the controls of the snapshot being taken, [element, id] in
// order; without it, the ids elements of the layer already have.
function layerInfo(layer, listed) {
  const role = roleOf(layer);
  const out = { role: role || "generic", name: role ? cap(readable(accName(layer, role)), 60) : "", tag: layer.localName };
  if (layer.id) out.dom_id = layer.id.slice(0, 60);
  const cls = typeof layer.className === "string" ? layer.className.trim().split(/\s+/)[0] : "";
  if (!out.name && !layer.id && cls) out.class = cls.slice(0, 40);
  const ids = [];
  if (listed) {
    for (const [el, id] of listed) if (composedContains(layer, el)) ids.push(id);
  } else {
    const all = layer.querySelectorAll("*");
    for (let i = 0; i < all.length && i < MAX_SCAN; i++) {
      const id = idOf.get(all[i]);
      if (id && all[i].getClientRects().length) ids.push(id);
    }
  }
  if (ids.length) Object.assign(out, { first: ids[0], last: ids[ids.length - 1], listed: ids.length });
  return out;
}

// How a message or the look names the layer: "the layer of cl_16…cl_69", else `dialog "Cookies"`.
function layerText(info) {
  if (info.first) return info.first === info.last ? `the layer of ${info.first}` : `the layer of ${info.first}…${info.last}`;
  const tag = info.dom_id ? ` #${info.dom_id}` : info.class ? ` .${info.class}` : "";
  return `${info.role}${info.name ? ` "${info.name}"` : ""}${tag}`;
}

export { coverLayer, layerInfo, layerText };

// layer: base
// Element ids (base layer): the world keeps element -> id (WeakMap) and id -> WeakRef, so the same
// element keeps its id across snapshots and actions resolve ids without a new snapshot; numbers are
// never reused in a document (Python passes the counter per loader id). Plus the world's state stamp.
import { PREFIX } from "./roles.js";
import { mutations } from "./observer.js";

const idOf = new WeakMap();   // element -> element_id
const byId = new Map();       // element_id -> WeakRef(element)
let nextNumber = 1;
let pendingHosts = [];        // custom elements the last walk found without a visible shadow root (frames.js)
const token = Math.random(); // tells Python a rebuilt world from the one it saw

// The walks (walk.js beginWalk) go on from the counter Python remembers for the document.
function reserveNumbers(next) { nextNumber = Math.max(nextNumber, next | 0); }
function setPendingHosts(hosts) { pendingHosts = hosts; }
function idFor(el, role) {
  const prefix = PREFIX[role];
  const known = idOf.get(el);
  if (known && known.startsWith(prefix + "_")) return known;
  const id = `${prefix}_${nextNumber++}`;
  idOf.set(el, id);
  byId.set(id, new WeakRef(el));
  return id;
}
function element(id) {
  const ref = byId.get(id);
  const el = ref && ref.deref();
  return el && el.isConnected ? el : null;
}
function state() {
  return { k: token, m: mutations, x: scrollX, y: scrollY, w: innerWidth, h: innerHeight };
}

export { idOf, nextNumber, pendingHosts, reserveNumbers, setPendingHosts, idFor, element, state };

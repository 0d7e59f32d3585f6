// layer: base
// Element ids (base layer): the world keeps element -> id (WeakMap) and id -> WeakRef, so the same
// element keeps its id across snapshots and actions resolve ids without a new snapshot; numbers are
// never reused in a document (Python passes the counter per loader id). Plus the world's state stamp.
import { useFacts } from "./facts.js";
import { PREFIX } from "./roles.js";
import { mutations } from "./observer.js";

const idOf = new WeakMap();   // element -> element_id
const byId = new Map();       // element_id -> WeakRef(element)
let nextNumber = 1;
let pendingHosts = [];        // custom elements the last walk found without a visible shadow root (frames.js)
const token = Math.random(); // tells Python a rebuilt world from the one it saw

// find (reading.js) walks as the snapshot does: the same id counter, fresh style facts.
function beginWalk(next, values) {
  nextNumber = Math.max(nextNumber, next | 0);
  useFacts(new Map(), values);
}
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

export { idOf, nextNumber, pendingHosts, beginWalk, setPendingHosts, idFor, element, state };

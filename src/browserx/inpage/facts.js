// layer: base
// What one walk knows of each element it visited (base layer): the style facts the walk, the names and
// the reader share, whether values may be read, and which fields' values a name took in.

// Style facts of each element the walk visited, one Map for the names, the reader and the walk:
// {display, position, gone, visible, clipped, block, shadow}. Reset per snapshot.
let facts = new Map();
const isRendered = el => { const f = facts.get(el); return f !== undefined && f.visible; };
let includeValues = false;
// The snapshot (capture.js), find (reading.js) and the actions' names (describe.js) say what names read.
function useFacts(next, values) {
  facts = next;
  includeValues = values;
  valueReads.clear();
}
// The fields whose value a name took in since (recheck.js: a change of one is a change of that name).
const valueReads = new Set();
const valuesRead = () => [...valueReads];

export { facts, isRendered, includeValues, useFacts, valueReads, valuesRead };

// layer: base
// What one walk knows of each element it visited (base layer): the style facts the walk, the names and
// the reader share, whether values may be read, and which fields' values a name took in; and the fact of
// an element too small or transparent to be seen, which the stand-ins and the seen captions share.

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

// Too small for a person to see, though rendered: a box at most 1 px across either way (a visually hidden
// field's 1x1 px, a code editor's 2x1 px textarea).
const tooSmallToSee = (r) => r.width <= 1 || r.height <= 1;
// Rendered, and still no person sees it: too small, or transparent (opacity 0, its own or an ancestor's). A
// field a page hides this way under a UI it drew (standin.js), a select a widget replaced (seen.js).
const unseenThoughRendered = (el) => tooSmallToSee(el.getBoundingClientRect()) || !el.checkVisibility({ opacityProperty: true });

export { facts, isRendered, tooSmallToSee, unseenThoughRendered, includeValues, useFacts, valueReads, valuesRead };

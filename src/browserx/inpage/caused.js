// layer: actions
// browserx actions: what an action sets in motion a moment later, the in-page program's side of it. The
// timers a page's handlers start are seen only in the page's own world (inpage/page_world/timers.js, added to
// every document by actions/timers.py): this part opens the action's window there as the action begins
// (`armTimers`), asks whether a timer of the action is still to run (`timersPending`, in every record of
// the action's effects), and waits for the last of them (`awaitCaused`), all through DOM events on window
// whose names carry a token the page does not know (Python passes it with the action's first call).
import { S } from "./reach.js";

const send = (what) => S.channel ? window.dispatchEvent(new Event(S.channel + ":" + what, { cancelable: true })) : true;
function armTimers(channel) {
  S.channel = channel || null;
  send("arm");
}
// Whether a timer the action's handlers started (or a chain of them) is still to run; `close`: its input
// has been handled, what runs from now on is the action's only as a counted timer's chain.
const timersPending = (close) => !send(close ? "close" : "peek");
// Resolves once the action's timers have run (true), or at `ms` (false).
function timersRun(ms) {
  if (!timersPending()) return Promise.resolve(true);
  return new Promise(resolve => {
    const type = S.channel + ":idle";
    const end = (idle) => { window.removeEventListener(type, onIdle); clearTimeout(timer); resolve(idle); };
    const onIdle = () => end(true);
    const timer = setTimeout(() => end(false), ms);
    window.addEventListener(type, onIdle);
  });
}
// Python's step after an action whose record said `timers`: wait (at most `ms`) for them, then take the
// effects once more with element.js's `finish` (`late`: once the page has run what they queued).
async function awaitCaused(ms, late, finish) {
  await timersRun(ms);
  const out = await finish(late);
  delete out.timers;  // still running at the bound (a loop it started): no second wait
  return out;
}
// The animations the action started (widgets.js), then whether their end started timers of the action
// (a calendar that renders its days from a timer set in its transitionend handler).
async function settleMotion(ms) {
  send("open");
  const out = await globalThis.__browserxWidgets.settleAnimations(ms, true);
  if (timersPending(true)) out.timers = true;
  return out;
}

export { armTimers, timersPending, awaitCaused, settleMotion };

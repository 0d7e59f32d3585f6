// The one piece of browserx that runs in the PAGE's own world (so not a part of the in-page program in
// inpage/, which runs in browserx's isolated world): it sees the timers the page's handlers start, which
// browserx's isolated world cannot (its setTimeout is not the page's). actions/timers.py adds it with
// Page.addScriptToEvaluateOnNewDocument, so it runs before the page's scripts and catches a setTimeout
// they keep a reference to.
//
// An action opens a window as it begins (the isolated world dispatches ARM on window) and closes it once
// its input has been handled (CLOSE, with its effects record). A timer (setTimeout, setInterval,
// requestAnimationFrame) scheduled while the window is open counts as the action's, and so does one
// scheduled from the callback of a counted timer (or the promise jobs after it): a chain, timeout ->
// frame -> timeout. A loop the page runs on its own (a clock, a poll, an animation loop) is not the action's:
// the timer a callback of its schedules again of its own kind (a timeout of the same delay, a frame from a
// frame: the loop's next tick) never counts. But a page may pick up what the action did in its loop's next
// tick (a slider plugin whose keys only change its state, drawn by a redraw loop every 300 ms, which then
// fires `change`; the app's input binding debounces that for 250 ms and sends the value to its server):
// so while the window is open, a timer such a tick starts that is NOT the loop's next tick (another delay,
// another kind) counts as the action's, and so does its chain; once the window is closed, none does.
// setTimeout and setInterval count only up to BOUND_MS; a setInterval counts once (its first run; its
// later runs are a clock). OPEN opens the window again while browserx waits for the action's
// animations (their transitionend handlers are the action's). PEEK and CLOSE answer (preventDefault)
// whether a counted timer is still to run; IDLE is dispatched when the last one has run.
//
// What a page can see of this, kept to the least: the six timer functions and WebSocket's send are Proxies
// of the native ones (same name, length, prototype, `this` rules, and toString, through a Proxy of
// Function.prototype.toString that answers for them as for the natives), and three listeners on window
// for event types named by a token the page does not know. No global, no DOM change.
(() => {
  const TOKEN = "__TOKEN__", BOUND_MS = Number("__BOUND_MS__");
  const W = window, apply = Reflect.apply, Ev = Event;
  const later = W.setTimeout, drop = W.clearTimeout;  // the natives, for our own timers (never counted)
  const dispatch = EventTarget.prototype.dispatchEvent, listen = EventTarget.prototype.addEventListener;
  const on = (what, listener) => apply(listen, W, [TOKEN + ":" + what, listener]);
  let action = 0;       // the last action that began (ARM); 0 before the first
  let open = false;     // its window is open
  let running = -1;     // while a wrapped callback runs: the action it counts for (0: none); -1: none runs
  let loop = "";        // while an uncounted callback runs: its kind ("t" + delay, "f"), that of its loop's next tick
  let tail = 0;         // after a counted callback, until its task ends: its promise jobs count too
  const ended = new MessageChannel();  // a message to ourselves: the task of a counted callback has ended
  ended.port1.onmessage = () => { tail = 0; };
  const pending = new Set();  // the last action's timers still to run ("t" + id, "f" + id)
  const own = () => (running >= 0 ? running : tail || (open ? action : 0));
  // The action a timer of `kind` scheduled now counts for: in an uncounted callback (a loop's tick) while
  // the window is open, the action's unless it is the loop's next tick (the same kind).
  const ownTimer = (kind) => (running === 0 ? (open && kind !== loop ? action : 0) : own());
  function ran(key, of) {
    if (of === action && pending.delete(key) && pending.size === 0) apply(dispatch, W, [new Ev(TOKEN + ":idle")]);
  }
  function counted(fn, of, key, kind) {
    let first = true;
    return function () {
      const before = running, beforeLoop = loop;
      running = first ? of : 0;  // a repeating timer counts once
      loop = kind;
      try {
        return apply(fn, this, arguments);
      } finally {
        running = before;
        loop = beforeLoop;
        if (first) {
          first = false;
          tail = of;
          ended.port2.postMessage(null);
          ran(key(), of);
        }
      }
    };
  }
  function uncounted(fn, kind) {
    return function () {
      const before = running, beforeLoop = loop;
      running = 0;
      loop = kind;
      try { return apply(fn, this, arguments); } finally { running = before; loop = beforeLoop; tail = 0; }
    };
  }
  const masked = new WeakMap();  // our Proxy -> the native function it stands for
  function wrap(name, make) {
    const native = W[name];
    if (typeof native !== "function") return;
    const proxy = new Proxy(native, { apply: make(native) });
    masked.set(proxy, native);
    W[name] = proxy;
  }
  // A loop the page runs through promise jobs (a poll: fetch, then `setTimeout(poll, 100)` in its `finally`)
  // schedules its next tick from no timer's callback, so the rule above does not see it as the loop's own.
  // A function the page scheduled as a timeout (of some delay) from such a job while no action's window was
  // open, scheduled again with the same delay from such a job (no event being dispatched, no callback of the
  // action's running), is that loop's next tick: not the action's (under load the poll's answer comes while
  // a click's window is open). Not frames, nor timeouts of no delay: a framework's render queue schedules its
  // one flush function that way for the page's changes and the action's alike (Stencil's), and not what an
  // event handler schedules (a debounce of the action's input).
  const background = new WeakMap();  // callback -> the kind it was scheduled as, outside any action
  // `key` is known only once the native returns the id: the callback reads it when it runs.
  const schedule = (prefix, bounded) => (native) => (target, self, args) => {
    const fn = args[0];
    if (typeof fn !== "function") return apply(native, self, args);  // a string to evaluate: the page's own
    const delay = bounded ? Number(args[1]) || 0 : 0, kind = prefix + delay;
    let of = ownTimer(kind);
    if (prefix === "t" && delay > 0 && running < 0 && !tail && W.event === undefined) {
      if (!of && !open) background.set(fn, kind);
      else if (of && background.get(fn) === kind) of = 0;  // the page's loop, not the action's
    }
    if (!of || delay > BOUND_MS) {
      args[0] = uncounted(fn, kind);
      return apply(native, self, args);
    }
    let key = null;
    args[0] = counted(fn, of, () => key, kind);
    const id = apply(native, self, args);
    key = prefix + id;
    if (of === action) pending.add(key);
    return id;
  };
  const cancel = (prefix) => (native) => (target, self, args) => {
    const out = apply(native, self, args);
    ran(prefix + args[0], action);
    return out;
  };
  // Timeouts and intervals share one id space (clearTimeout clears an interval too); frames have their own.
  wrap("setTimeout", schedule("t", true));
  wrap("setInterval", schedule("t", true));
  wrap("requestAnimationFrame", schedule("f", false));
  wrap("clearTimeout", cancel("t"));
  wrap("clearInterval", cancel("t"));
  wrap("cancelAnimationFrame", cancel("f"));
  // A message the action's handlers send over a WebSocket asks a server (an app whose state lives there:
  // its inputs go up the socket, its outputs come down). The server's answer counts as the action's: the
  // socket's messages from then until it falls quiet (QUIET_MS without one; an answer often comes as
  // several: busy, the values, idle), within BOUND_MS of the send.
  const WS = W.WebSocket, QUIET_MS = 50;
  if (WS && WS.prototype && typeof WS.prototype.send === "function") {
    const send = WS.prototype.send, addListener = EventTarget.prototype.addEventListener;
    const removeListener = EventTarget.prototype.removeEventListener;
    let sent = 0;
    const proxy = new Proxy(send, { apply: (target, self, args) => {
      const out = apply(send, self, args);
      const of = own();
      if (of && of === action) {
        const key = "w" + (++sent);
        pending.add(key);
        let quiet = null;
        const end = () => { apply(removeListener, self, ["message", heard]); apply(drop, W, [quiet]); apply(drop, W, [bound]); ran(key, of); };
        const heard = () => { apply(drop, W, [quiet]); quiet = apply(later, W, [end, QUIET_MS]); };
        const bound = apply(later, W, [end, BOUND_MS]);
        apply(addListener, self, ["message", heard]);
      }
      return out;
    } });
    masked.set(proxy, send);
    WS.prototype.send = proxy;
  }
  const toString = Function.prototype.toString;
  const toStringProxy = new Proxy(toString, { apply: (target, self, args) => apply(toString, masked.get(self) || self, args) });
  masked.set(toStringProxy, toString);
  Function.prototype.toString = toStringProxy;
  const answer = (event) => { if (pending.size) event.preventDefault(); };
  on("arm", () => { action++; pending.clear(); open = true; tail = 0; });
  on("open", () => { open = true; });
  on("peek", answer);
  on("close", (event) => { open = false; answer(event); });
})();

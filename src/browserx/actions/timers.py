"""The timers an action's own handlers start, seen from the page's world: a tab setup (`ACTION_TIMERS`).

A click on "Save" whose handler writes "Trip 1 saved" 50 ms later, a date field that opens its calendar
from a timer: the click's dispatch is over in a few ms, and what it set in motion comes later. To wait
for that (and only that) the look after an action must know which timers the action's handlers
started. browserx's in-page program runs in an isolated world, whose `setTimeout` is its own: it cannot
see the page's. What was measured (Chromium 156, this machine) before choosing how to see them:

- `DOMDebugger.setInstrumentationBreakpoint("setTimeout")` pauses the page at every call: 1.2-3.2 ms a
  timer (a pause, an event, a resume), after `Debugger.enable` (3-125 ms on large.html, and its
  `scriptParsed` events on every document); and it still does not say a timer's delay or when it ran.
- a quiet period of DOM mutations after every action (observer.js `quietFor`) sees a timer only by
  waiting longer than it: every click would pay it (QUIET_MS is 100 ms; a click's floor is ~4 ms).
- a small script in the page's own world, added with `Page.addScriptToEvaluateOnNewDocument` before the
  page's scripts run (timers.js), that counts the timers scheduled while an action's window is open, and
  tells the isolated world through DOM events named by a token the page does not know: a Proxy call
  per timer (20,000 setTimeout+clearTimeout pairs: 12-20 µs a pair with it and without, within the
  noise), and for an action after which nothing follows, two event dispatches in page (arm, close).

The last is used. What the page can see of it, and why that is the least, is said in timers.js.
A tab of a manager not given this setup (or an out-of-process frame's world) has no channel: its
actions fall back to what the isolated world sees (the DOM, animations, requests).
"""

from __future__ import annotations

import secrets
from importlib import resources

from ..browser import Tab, TabSetup
from ..errors import BrowserxError

# A setTimeout or setInterval longer than this is not the action's visible effect: a person reads the
# response to a click within about half a second (delayed feedback, a debounce of 150-300 ms, a
# transition's fallback timer); longer ones are reminders, autosaves, toasts that hide themselves.
TIMER_BOUND_MS = 500
# The event names' prefix, one per process: the page cannot guess it, so it can neither forge an
# action's window nor listen for it.
CHANNEL = "bx" + secrets.token_hex(8)


class ActionTimers:
    """Per tab: the page's world counts its actions' timers (timers.js is added to every document)."""

    def __init__(self, channel: str) -> None:
        self.channel = channel


def shim_source(channel: str = CHANNEL) -> str:
    source = resources.files("browserx").joinpath("inpage/page_world/timers.js").read_text(encoding="utf-8")
    return source.replace("__TOKEN__", channel).replace("__BOUND_MS__", str(TIMER_BOUND_MS))


async def _attach(tab: Tab) -> None:
    try:
        await tab.session.send(
            "Page.addScriptToEvaluateOnNewDocument", {"source": shim_source(), "runImmediately": True}
        )
    except BrowserxError:
        return  # no channel: actions wait for what the isolated world sees
    tab.state.put(ActionTimers(CHANNEL))


def channel_of(tab: Tab) -> str | None:
    """The token of the tab's timer channel, or None when the page's world does not count timers."""
    timers = tab.state.get(ActionTimers)
    return timers.channel if timers is not None else None


ACTION_TIMERS = TabSetup("action_timers", attach=_attach)

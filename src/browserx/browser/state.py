"""Per-tab and per-conversation state of the layers above the browser, one typed entry per class.

The browser layer cannot name the page model, the network log or the screenshot store (they live
above it), so a `Tab` and a `Conversation` each hold a `State`: a registry keyed by class (plus an
optional key, e.g. one `PageWorld` per child session), so every lookup is typed:

    service = tab.state.setdefault(DomService, lambda: DomService(tab))   # made on first use
    log = tab.state.need(NetworkLog)       # made when the tab attached, by the manager's setups
    conversation.state.get(ImageLimits)    # None unless someone put one

What is made when a tab attaches (collectors that must see everything from the start) is not
decided here nor by imports: the manager's owner passes the `TabSetup`s (tab.py) to
`BrowserManager(config, setups=...)`; `browserx.tools.TAB_SETUPS` are those every tool needs.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Hashable, Iterator
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")


class SetupMissingError(RuntimeError):
    """A collector read on a tab whose manager was not given its setup: a wiring bug, not a page's fault
    (the tool boundary reports it as INTERNAL_ERROR with its traceback logged)."""


class State:
    """Entries by (class, key); an entry is an instance of its class."""

    def __init__(self) -> None:
        self._entries: dict[tuple[type, Hashable], object] = {}

    def get(self, cls: type[T], key: Hashable = None) -> T | None:
        entry = self._entries.get((cls, key))
        return entry if isinstance(entry, cls) else None

    def need(self, cls: type[T], key: Hashable = None) -> T:
        """The entry a setup made when the tab attached."""
        entry = self.get(cls, key)
        if entry is None:
            raise SetupMissingError(
                f"{cls.__name__} was not set up on this tab: pass its TabSetup to "
                "BrowserManager(setups=...) (browserx.tools.TAB_SETUPS has every tool's)"
            )
        return entry

    def put(self, entry: T, key: Hashable = None) -> T:
        self._entries[(type(entry), key)] = entry
        return entry

    def setdefault(self, cls: type[T], make: Callable[[], T], key: Hashable = None) -> T:
        entry = self.get(cls, key)
        if entry is None:
            entry = make()
            self._entries[(cls, key)] = entry
        return entry

    def discard(self, cls: type, key: Hashable = None, entry: object | None = None) -> None:
        """Forget the entry (only if it is `entry`, when given)."""
        if entry is None or self._entries.get((cls, key)) is entry:
            self._entries.pop((cls, key), None)

    def __iter__(self) -> Iterator[object]:
        return iter(list(self._entries.values()))

    async def close(self) -> None:
        """Close every entry that has a `close()` (sync or async); one failing does not keep the others open."""
        for entry in self:
            closer = getattr(entry, "close", None)
            if not callable(closer):
                continue
            try:
                result = closer()
                if asyncio.iscoroutine(result):
                    await result
            except Exception:  # logged: one entry's close must not keep the others open
                log.warning("closing %r failed", entry, exc_info=True)

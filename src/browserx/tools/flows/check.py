"""Whether a replayed step did what the recorded one did, and URLs of a replay started elsewhere.

    problems = effect_problems(step.expect, result.data)    # [] when the effects agree
    check_effects(4, data, navigates_to="/search", new_document=True)   # for exported scripts
    rebase_url("http://old:8000/search", "http://old:8000/login", "http://new:9000/login")

A step agrees with its recording when it loads a new document where the recording did (and at the
same path, numbers and long hex ids aside: /orders/17 is /orders/18), loads none where none was
loaded, opens a dialog of the same type (or none), and opens the new tab or download it did. Focus
and DOM changes are not compared: they vary from day to day without the task changing.
"""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

from ...errors import ReplayDivergedError
from .model import Expect
from .record import effects_of, expectation


def _shape(path: str | None) -> str | None:
    """A path with its numbers and long hex ids as `#`: /orders/17 and /orders/18 are the same place."""
    return re.sub(r"[0-9a-f]{8,}(-[0-9a-f]{4,})*|\d+", "#", path) if path is not None else None


def effect_problems(
    expect: Expect | None, data: dict[str, Any], *, navigated: dict[str, Any] | None = None
) -> list[str]:
    """How the effects of a replayed step differ from the recorded expectation (empty: they agree)."""
    if expect is None:
        return []
    effects = navigated if navigated is not None else data.get("effects") or {}
    got = expectation(effects)
    problems = []
    if expect.dialog != got.dialog:
        problems.append(f"expected {_a(expect.dialog, 'dialog')}, got {_a(got.dialog, 'dialog')}")
    if expect.new_document and not got.new_document:
        problems.append(f"expected a page to load ({expect.navigates_to}), none did")
    elif got.new_document and not expect.new_document:
        problems.append(f"a page loaded that the recording did not load ({got.navigates_to})")
    elif expect.navigates_to and got.navigates_to and _shape(expect.navigates_to) != _shape(got.navigates_to):
        problems.append(f"expected to reach {expect.navigates_to}, reached {got.navigates_to}")
    if expect.new_tab and not got.new_tab:
        problems.append("expected a new tab, none opened")
    if expect.download and not got.download:
        problems.append("expected a download, none started")
    return problems


def check_effects(number: int, data: Any, **expected: Any) -> None:
    """For scripts exported from a flow: REPLAY_DIVERGED when step `number`'s result `data` did not
    have the recorded effects (`navigates_to=`, `new_document=`, `dialog=`, `new_tab=`, `download=`)."""
    expect = Expect(**expected)
    data = data if isinstance(data, dict) else {}
    problems = effect_problems(expect, data, navigated=effects_of(data))
    if problems:
        raise ReplayDivergedError(
            f"step {number}: its effect differs: " + "; ".join(problems),
            details={"step": number, "expected": expect.model_dump(exclude_defaults=True)},
        )


def _a(kind: str | None, what: str) -> str:
    return f"a {kind} {what}" if kind else f"no {what}"


def rebase_url(url: str, recorded_start: str | None, start: str | None) -> str:
    """A recorded URL for a replay started elsewhere (--url): the start itself, or the same path on the new origin."""
    if not start or not recorded_start:
        return url
    if url == recorded_start:
        return start
    recorded, given, new = (urllib.parse.urlsplit(u) for u in (recorded_start, url, start))
    if (given.scheme, given.netloc) != (recorded.scheme, recorded.netloc):
        return url
    return urllib.parse.urlunsplit((new.scheme, new.netloc, given.path, given.query, given.fragment))

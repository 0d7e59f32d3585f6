"""Issue 23, exactness: a delta applied to the model it is based on gives the model a full snapshot gives now.

On generated pages in real Chromium, random DOM mutations (delta_pages.py) run through CDP, a few at
a time; after each batch:
- the tool's delta (`browser_dom snapshot since="last" format="json"`), applied to the previous JSON
  model, equals the JSON of a fresh full snapshot taken right after (or the tool gave the full model);
- the captured models of a page form a chain, and every pair of it (earlier, later) is a case for
  the pure part: apply(base, diff(base, now)) == now field for field, render_text line for line, the
  LLM JSON delta rebuilds the LLM JSON, and the text form says every line that is new.
The browser work is one tab, one load per page; most cases are the pure pairs (the case count is printed).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter

from delta_pages import generated_page, mutate_call, mutator_script

from browserx.page.delta import Delta, apply, diff
from browserx.page.delta_text import render_delta
from browserx.page.model import PageModel
from browserx.page.render import llm_json, mark_in_view, render_lines, render_text
from browserx.page.service import DomService

PAGES = 6
STEPS = 34  # mutation batches per page: each batch one to three mutations
MIN_CASES = 3000


def check_pair(base: PageModel, now: PageModel) -> None:
    """Every exactness property of one (base, now) pair."""
    delta = diff(base, now)
    rebuilt = apply(base, delta)
    assert rebuilt == now
    assert [c.heading for c in rebuilt.controls] == [c.heading for c in now.controls]
    assert render_text(rebuilt) == render_text(now)
    assert json.dumps(rebuilt.to_json_dict()) == json.dumps(now.to_json_dict())  # key order too
    # The JSON an LLM gets (no selectors, no heading indexes) rebuilds the JSON model an LLM gets.
    wire = json.loads(json.dumps(delta.to_json_dict()))
    from_wire = apply(PageModel.from_raw(llm_json(base)), Delta.from_json_dict(wire))
    assert llm_json(from_wire) == llm_json(now)
    check_text_form(base, now, delta)


def check_text_form(base: PageModel, now: PageModel, delta: Delta) -> None:
    """The text form says every line of the new text that the old one did not have (region lines,
    which only open a run of controls, excepted) and every id that is gone."""
    in_view = mark_in_view(base)
    text = render_delta(base, now, delta, number=2, base_number=1, in_view=in_view)
    lines = text.split("\n")
    said = {line[2:].rstrip() if line[:2] in ("+ ", "~ ") else line.rstrip() for line in lines[1:]}
    had = Counter(line.rstrip() for _tag, line in render_lines(base, in_view=in_view))
    for tag, line in render_lines(now, in_view=in_view):
        line = line.rstrip()
        if tag == "title" or not line.strip() or (isinstance(tag, tuple) and tag[0] == "region"):
            continue
        if had[line] > 0:
            had[line] -= 1
            continue
        assert line in said, f"{line!r} is new but not in the delta:\n{text}"
    gone = {c.id for c in base.controls} - {c.id for c in now.controls}
    removed = next((line for line in lines if line.startswith("removed: ")), "removed: ")
    said_gone = set()
    for word in removed.split()[1:]:  # an id, or a run "li_4–bu_9": every id numbered 4 to 9
        first, _, last = word.partition("–")
        low, high = int(first.rsplit("_", 1)[1]), int((last or first).rsplit("_", 1)[1])
        run = {c.id for c in base.controls if low <= int(c.id.rsplit("_", 1)[1]) <= high}
        assert len(run) == high - low + 1  # a run names no number that was not a control
        said_gone |= run
    assert said_gone == gone


def _without_header(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("snapshot", "full", "loading")}


async def test_deltas_rebuild_the_fresh_model_after_random_dom_mutations(call, tab, server):
    chains: list[list[PageModel]] = []
    tool_deltas = tool_full = patched = 0
    service = DomService.of(tab)
    for page in range(PAGES):
        url = server.route(f"/generated/{page}", generated_page(page) + f"<script>{mutator_script()}</script>")
        assert (await call("browser_navigate", url=url)).success
        given = await call("browser_dom", action="snapshot", format="json")
        assert given.success, given.error
        previous = _without_header(given.data)
        chain = [await service.snapshot(fresh=True)]
        for step in range(STEPS):
            seed = page * 1000 + step
            done = await tab.session.send(
                "Runtime.evaluate", {"expression": mutate_call(seed, 1 + step % 3), "returnByValue": True}
            )
            assert "exceptionDetails" not in done, done
            given = await call("browser_dom", action="snapshot", since="last", format="json")
            assert given.success, given.error
            patched += service.patch is not None and service.patch.now is service.last  # no walk: recheck.js
            fresh = await service.snapshot(fresh=True)  # a full snapshot, taken after the tool's
            expected = llm_json(fresh)
            if "delta" in given.data:
                tool_deltas += 1
                assert given.data["base"] == given.data["snapshot"] - 1
                rebuilt = apply(PageModel.from_raw(previous), Delta.from_json_dict(given.data["delta"]))
                assert llm_json(rebuilt) == expected, (seed, done["result"]["value"])
            else:
                tool_full += 1
                assert _without_header(given.data) == expected, (seed, done["result"]["value"])
            previous = expected
            chain.append(fresh)
        chains.append(chain)
    pairs = 0
    for chain in chains:
        assert all(diff(model, model).empty for model in chain)
        for base, now in itertools.combinations(chain, 2):
            check_pair(base, now)
            pairs += 1
    cases = pairs + tool_deltas + tool_full
    print(
        f"\ndelta property: {cases} cases — {pairs} model pairs (diff/apply/text), {tool_deltas} tool deltas "
        f"and {tool_full} full models handed out instead, over {PAGES} generated pages × {STEPS} mutation batches "
        f"({patched} of those models made without a walk, by recheck.js)"
    )
    assert cases >= MIN_CASES
    assert tool_deltas >= PAGES * STEPS // 3  # most steps are small: deltas, not full models
    assert patched >= PAGES  # a checkbox flipped by script and nothing else: the last model patched, and exact

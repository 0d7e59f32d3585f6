"""A delta as an LLM reads it: the lines of the page's text that changed, with the lines they sit under.

    (snapshot 5: changes since 4)
    removed: bu_12 li_13
    ~ bu_14 Add to cart [disabled]
    @main
    ## Blue mug
    + status: Added to cart
    + bu_15 Remove
    ---
    - In stock: 3
    + In stock: 2

- The first line numbers the model and its base; `(still loading)` as on a full model.
- The title line when the title or URL changed; the modal dialog's lines when it opened, changed or
  closed; the legend, scroll, regions and "left out" lines when they changed.
- `removed:` the ids of controls gone (`li_4–bu_9`: every id numbered 4 to 9); `- ` a heading or note
  gone (with what it said; a run of more than GONE_LINES by its first and last).
- Then in page order: `+ ` a new control, heading or note, `~ ` a control whose line changed (its
  whole new line); what is new, or a control that moved, comes under its `@region` and heading lines
  (unmarked: context), said once.
- After `---`, the reader text's changed lines under the heading they follow: `- ` gone (cut to
  REMOVED_CHARS; a run of more than GONE_LINES by its first and last), `+ ` new; blank lines left out.

Controls keep their ids; a control whose line is not here is as it was. What the text never shows
(boxes in CSS pixels, selectors) is in the JSON delta only.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .delta import ControlPatch, Delta
from .model import PageModel
from .render import Tag, control_line, mark_in_view, modal_lines, note_line, render_lines

REMOVED_CHARS = 80  # a line that is gone needs only to be recognised
GONE_LINES = 3  # a longer run of text that is gone is said by its first and last line


def _singles(lines: list[tuple[Tag, str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for tag, line in lines:
        if isinstance(tag, str):
            out.setdefault(tag, []).append(line)
    return out


def _short(line: str) -> str:
    return line if len(line) <= REMOVED_CHARS else line[: REMOVED_CHARS - 1] + "…"


def _inserted(edits: list[tuple[int, int, list[Any]]]) -> set[int]:
    """Indices, in the new sequence, of the items the edits put in."""
    out: set[int] = set()
    shift = 0
    for start, end, items in edits:
        out.update(range(start + shift, start + shift + len(items)))
        shift += len(items) - (end - start)
    return out


def render_delta(
    base: PageModel,
    now: PageModel,
    delta: Delta,
    *,
    number: int,
    base_number: int,
    loading: bool = False,
    in_view: bool | None = None,
    lines: tuple[list[tuple[Tag, str]], list[tuple[Tag, str]]] | None = None,
) -> str:
    """The text form of `delta` (which is diff(base, now)). `in_view`: the in-view flag convention of
    the full model the reader has (render_lines): kept, so that a change of what most controls are does
    not rewrite every line. `lines`: render_lines of base and now with that convention, if at hand."""
    if in_view is None:
        in_view = mark_in_view(base)
    before, after = lines or (render_lines(base, in_view=in_view), render_lines(now, in_view=in_view))
    old, new = _singles(before), _singles(after)
    out: list[str] = []
    if base.title != now.title or base.url != now.url:
        out += new["title"][:1]
    if old.get("modal") != new.get("modal"):
        out += modal_lines(now) or ["(the modal dialog closed)"]
    for key, cleared in (("legend", None), ("scroll", "scrolled to x=0 y=0"), ("regions", "regions: (none)")):
        if old.get(key) != new.get(key):
            out += new.get(key) or ([cleared] if cleared else [])
    if delta.removed:
        out.append("removed: " + " ".join(id_runs(delta.removed)))
    # Headings and notes gone (one that only moved is said where it is now).
    staying = {(h.level, h.text) for h in now.headings}
    headings_gone = [h for start, end, _items in delta.headings for h in base.headings[start:end]]
    out += _gone(["#" * h.level + " " + h.text for h in headings_gone if (h.level, h.text) not in staying])
    staying_notes = {note_line(n) for n in now.notes}
    gone_notes = [note_line(n) for start, end, _items in delta.notes for n in base.notes[start:end]]
    out += _gone([line for line in gone_notes if line not in staying_notes])
    out += _body(before, after, delta, base)
    if old.get("cut") != new.get("cut"):
        out += new.get("cut") or ["(left out: nothing)"]
    if new.get("none") and not old.get("none"):
        out += new["none"]
    if delta.text:
        out.append("---")
        out += _text(base, now, delta)
    if old.get("range") != new.get("range"):
        out += new.get("range") or []
    said = "changes" if out else "no changes"
    first = f"(snapshot {number}: {said} since {base_number})" + (" (still loading)" if loading else "")
    return "\n".join([first, *out])


def control_positions(lines: list[tuple[Tag, str]]) -> dict[str, int]:
    """Where each control's line is in `lines` (a patch leaves every line where it was)."""
    return {tag[1]: at for at, (tag, _line) in enumerate(lines) if isinstance(tag, tuple) and tag[0] == "control"}


def patched_lines(
    lines: list[tuple[Tag, str]], patch: ControlPatch, in_view: bool, positions: dict[str, int]
) -> list[tuple[Tag, str]]:
    """render_lines of `patch.now` from those of `patch.base` (`lines`, with the `in_view` convention;
    `positions`: control_positions of them)."""
    out = list(lines)
    for index in patch.indices:
        control = patch.now.controls[index]
        out[positions[control.id]] = (("control", control.id), control_line(control, in_view))
    return out


def render_patch(patch: ControlPatch, *, number: int, base_number: int, loading: bool, in_view: bool) -> str:
    """render_delta of a patch (controls changed in place): each changed control's new line, as
    render_delta says one that stayed where it was, without comparing every line."""
    out = []
    for index in patch.indices:
        line = control_line(patch.now.controls[index], in_view)
        if line != control_line(patch.base.controls[index], in_view):
            out.append("~ " + line)
    said = "changes" if out else "no changes"
    return "\n".join(
        [f"(snapshot {number}: {said} since {base_number})" + (" (still loading)" if loading else ""), *out]
    )


def _body(before: list[tuple[Tag, str]], after: list[tuple[Tag, str]], delta: Delta, base: PageModel) -> list[str]:
    old_lines = {tag[1]: line for tag, line in before if isinstance(tag, tuple) and tag[0] == "control"}
    old_region, new_region = _regions(before), _regions(after)
    added = {c["id"] for c in delta.added}
    moved = {c["id"] for c in delta.changed if "after" in c}
    new_headings, new_notes = _inserted(delta.headings), _inserted(delta.notes)
    # A note whose text went and came again only moved among the controls: not said again.
    moved_notes = Counter(note_line(n) for start, end, _items in delta.notes for n in base.notes[start:end])
    # The context of each line: the latest region and heading lines, said once before what changed under them.
    context: dict[str, tuple[int, str]] = {}
    shown: set[int] = set()
    out: list[str] = []

    def say(line: str, placed: bool = True) -> None:
        # A changed control that stayed in place is known by its id: its region and heading lines only
        # come along with what is new or moved.
        for at, context_line in sorted(context.values()) if placed else ():
            if at not in shown:
                shown.add(at)
                out.append(context_line)
        out.append(line)

    for at, (tag, line) in enumerate(after):
        if not isinstance(tag, tuple) or tag[0] == "text":
            continue
        kind, key = tag
        if kind == "region":
            context["region"] = (at, line)
        elif kind == "heading":
            context["heading"] = (at, line)
            if key in new_headings:
                shown.add(at)
                say("+ " + line)
        elif kind == "note" and key in new_notes:
            if moved_notes[line] > 0:
                moved_notes[line] -= 1
            else:
                say("+ " + line)
        elif kind == "control":
            if key in added:
                say("+ " + line)
            elif key in moved or old_region.get(key) != new_region.get(key):
                say("~ " + line)
            elif old_lines.get(key) != line:
                say("~ " + line, placed=False)
    return out


def _regions(lines: list[tuple[Tag, str]]) -> dict[str, str | None]:
    """Each control's region line. (A control that only comes under another heading line, one that
    appeared or went, is not said again: the heading's own + or - line says it.)"""
    out: dict[str, str | None] = {}
    region = None
    for tag, line in lines:
        if isinstance(tag, tuple):
            if tag[0] == "region":
                region = line
            elif tag[0] == "control":
                out[tag[1]] = region
    return out


def _text(base: PageModel, now: PageModel, delta: Delta) -> list[str]:
    """The reader text's edits, each under the heading line it follows (once per heading)."""
    headings = {h.text: "#" * h.level + " " + h.text for h in now.headings}
    now_lines = now.text.split("\n") if now.text else []
    base_lines = base.text.split("\n") if base.text else []
    out: list[str] = []
    said: str | None = None
    shift = 0
    for start, end, items in delta.text:
        at = start + shift
        under = next((headings[line] for line in reversed(now_lines[:at]) if line in headings), None)
        if under is not None and under != said:
            out.append(under)
            said = under
        # Blank lines only separate paragraphs: a changed paragraph says enough.
        out += _gone([line for line in base_lines[start:end] if line.strip()])
        out += ["+ " + line for line in items if line.strip()]
        shift += len(items) - (end - start)
    return out


def _gone(lines: list[str]) -> list[str]:
    """Lines that are gone: each (cut), or a longer run by its first and last line."""
    if len(lines) <= GONE_LINES:
        return ["- " + _short(line) for line in lines]
    return [f"- {len(lines)} lines, “{_short(lines[0])}” … “{_short(lines[-1])}”"]


def id_runs(element_ids: list[str]) -> list[str]:
    """Ids as runs: consecutive numbers (ids are numbered once per document, whatever their role) as
    `first–last`, which says every id numbered from the first's to the last's."""
    out: list[str] = []
    run: list[str] = []

    def number(element_id: str) -> int:
        return int(element_id.rsplit("_", 1)[1])

    for element_id in [*element_ids, ""]:
        if run and element_id and number(element_id) == number(run[-1]) + 1:
            run.append(element_id)
            continue
        if run:
            out.append(run[0] if len(run) == 1 else f"{run[0]} {run[1]}" if len(run) == 2 else f"{run[0]}–{run[-1]}")
        run = [element_id] if element_id else []
    return out

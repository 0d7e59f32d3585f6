"""The page model as an LLM reads it: compact text (the default) or JSON without selectors.

The text is built for the fewest tokens at no loss of what an agent needs to act::

    # Sign in — http://127.0.0.1/login
    ids: te=textbox ch=checkbox bu=button li=link; off=outside the viewport
    @main
    # Sign in
    te_1 Email address [required] ph:"you@example.com" len=0
    te_2 Password [required] empty
    ch_3 Remember me [checked]
    bu_4 Sign in
    li_6 Forgot password? →#forgot
    @footer
    li_9 Privacy →/privacy [off]
    ---
    Welcome back. Please enter your details.

- The first line is the title and URL, with ` (still loading)` while the page's load event is pending.
- The id's prefix says the role (the legend line names the prefixes used, once).
- `@region` starts the controls of a landmark; `#`..`###` lines are the headings, in page order.
- Names are bare unless they could be misread (empty, brackets, quotes, arrows): then JSON-quoted.
- Text a person reads beside the controls comes where it stands: a live region after its kind
  (`status: Trip 1 saved`), a popup's, panel's or grid row's text quoted (`"November 2026 Mo Tu We"`).
- States in one bracket; `off` = less than half inside the viewport (or, when most controls are
  outside it, `view` marks those inside instead: the legend says which); `hidden` = not visible.
- Field values never appear unless the model was taken with include_values (passwords: •••).
- Selectors (`aimap`) never appear: they stay out of the LLM path. Hrefs over 100 characters are cut
  (with …) in the text; the JSON keeps them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .model import ROLE_PREFIXES, Control, Note, PageModel

HREF_CHARS = 100
_NEEDS_QUOTES = re.compile(r'^$|^\s|\s$|[\[\]"→=]|^(ph|len|value):')
_STATE_WORDS = {
    ("checked", True): "checked",
    ("checked", False): "unchecked",
    ("checked", "mixed"): "mixed",
    ("pressed", True): "pressed",
    ("pressed", False): "unpressed",
    ("pressed", "mixed"): "half-pressed",
    ("expanded", True): "expanded",
    ("expanded", False): "collapsed",
    ("disabled", True): "disabled",
    ("required", True): "required",
    ("selected", True): "selected",
}


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _name(name: str) -> str:
    return _quote(name) if _NEEDS_QUOTES.search(name) else name


def control_line(control: Control, mark_in_view: bool = False) -> str:
    """One control; `mark_in_view` flags the controls inside the viewport instead of those outside."""
    parts = [control.id]
    prefix = control.id.split("_", 1)[0]
    if ROLE_PREFIXES.get(control.role) != prefix:
        parts.append(f"({control.role})")
    if control.name:
        parts.append(_name(control.name))
    flags = [
        _STATE_WORDS.get((key, value), key if value is True else f"{key}={value}")
        for key, value in control.states.items()
        if value is not False or (key, value) in _STATE_WORDS
    ]
    if not control.visible:
        flags.append("hidden")
    elif control.in_viewport == mark_in_view:
        flags.append("view" if mark_in_view else "off")
    if control.header:
        flags.append("in " + control.header)
    if control.container:
        flags.append("in " + control.container)
    if flags:
        parts.append("[" + " ".join(flags) + "]")
    if control.placeholder and control.placeholder != control.name:
        parts.append("ph:" + _quote(control.placeholder))
    if control.options:
        listed = "|".join(control.options) + ("|…" if control.option_count else "")
        parts.append("options:" + _quote(listed) + (f" of {control.option_count}" if control.option_count else ""))
    if control.description:
        parts.append("desc:" + _quote(control.description))
    if control.filled is not None:
        parts.append("filled" if control.filled else "empty")
    elif control.value_len is not None and control.value is None:
        parts.append(f"len={control.value_len}" if control.value_len else "empty")
    if control.value is not None:
        parts.append("value=" + _quote(control.value))
    if control.href:
        # Long tracking URLs cost many tokens and rarely matter: the JSON keeps them whole.
        parts.append("→" + (control.href if len(control.href) <= HREF_CHARS else control.href[: HREF_CHARS - 1] + "…"))
    return " ".join(parts)


def note_line(note: Note) -> str:
    """A live region's text after its kind (`status: Trip 1 saved`); other text quoted."""
    return f"{note.kind}: {note.text}" if note.kind not in ("text", "row") else _quote(note.text)


def range_line(model: PageModel) -> str | None:
    """Where this piece of the reader text sits and the parameter that reads on; None for a whole text."""
    r = model.text_range
    if not r or (not r.get("offset") and model.next_offset is None):
        return None
    where = f"text {r['offset']:,}–{r['end']:,} of {r['total']:,} chars"
    if model.text_changed:
        where += "; the page's text CHANGED since the previous piece: read again from text_offset=0"
    return f"({where}; " + (f"next: text_offset={model.next_offset})" if model.next_offset is not None else "end)")


def render_text(model: PageModel, *, loading: bool = False, header: str = "") -> str:
    """`loading`: the page's load event has not fired (tab.load.pending); the first line says so.
    `header`: said on the first line after the URL (the snapshot's number: tools/dom.py)."""
    return "\n".join(line for _tag, line in render_lines(model, loading=loading, header=header))


# What each line of the text is (page/delta_text.py renders a delta from the lines of two models):
# "title", "emulation", "modal", "within", "legend", "scroll", "regions", ("region", name), ("heading", index),
# ("note", index), ("control", element_id), "none", "cut", "rule", ("text", line number), "range".
Tag = str | tuple[str, Any]


def render_lines(
    model: PageModel, *, loading: bool = False, header: str = "", in_view: bool | None = None, emulation: str = ""
) -> list[tuple[Tag, str]]:
    """The lines of `render_text`, each with what it is. `in_view`: flag the controls inside the
    viewport (True) or those outside it (False) whatever most controls are (a delta keeps the
    convention of the model it is based on). `emulation`: what the tab emulates (devtools/emulation.py),
    said under the title while it is not the default: the page is seen as that device and user sees it."""
    first = f"# {model.title} — {model.url}" if model.title else model.url
    lines: list[tuple[Tag, str]] = [("title", first + header + (" (still loading)" if loading else ""))]
    if emulation:
        lines.append(("emulation", f"emulating: {emulation}"))
    if not model.continuation:
        lines += [("modal", line) for line in modal_lines(model)]  # an open modal comes first: all one can act on
    if model.within:
        lines.append(("within", f"within: {model.within}"))
    if model.continuation:
        # A later piece of the text: the controls came with the first piece.
        lines += [("rule", "---"), (("text", 0), model.text.strip())]
        lines.append(("range", range_line(model) or ""))
        return lines
    if in_view is None:
        in_view = mark_in_view(model)
    legend = legend_line(model, in_view)
    if legend:
        lines.append(("legend", legend))
    scrolled = scroll_line(model)
    if scrolled:
        lines.append(("scroll", scrolled))
    if model.regions:
        lines.append(("regions", "regions: " + ", ".join(model.regions)))
    lines += body_lines(model, in_view)
    if not model.controls:
        lines.append(("none", "(no controls)"))
    cut = cut_line(model)
    if cut:
        lines.append(("cut", cut))
    if model.text:
        lines.append(("rule", "---"))
        lines += [(("text", n), line) for n, line in enumerate(model.text.rstrip().split("\n"))]
    more = range_line(model)
    if more:
        lines.append(("range", more))
    return lines


def mark_in_view(model: PageModel) -> bool:
    """Flag whichever is rarer: on long pages most controls are outside the viewport."""
    return 2 * sum(c.in_viewport for c in model.controls) < len(model.controls)


def legend_line(model: PageModel, in_view: bool) -> str | None:
    used: list[str] = []
    for control in model.controls:
        prefix = control.id.split("_", 1)[0]
        if prefix not in used:
            used.append(prefix)
    if not used:
        return None
    roles = {v: k for k, v in ROLE_PREFIXES.items()}
    legend = " ".join(f"{p}={roles.get(p, '?')}" for p in used)
    return f"ids: {legend}; " + (
        "view=in the viewport (the rest is outside it)" if in_view else "off=outside the viewport"
    )


def scroll_line(model: PageModel) -> str | None:
    viewport = model.viewport
    if viewport.scroll_x or viewport.scroll_y:
        return f"scrolled to x={viewport.scroll_x:g} y={viewport.scroll_y:g}"
    return None


def body_lines(model: PageModel, in_view: bool) -> list[tuple[Tag, str]]:
    """Regions, headings, notes and controls, in page order."""
    lines: list[tuple[Tag, str]] = []
    shown_headings = 0
    region: Any = object()

    def headings_until(index: int) -> None:
        nonlocal shown_headings
        while shown_headings <= index and shown_headings < len(model.headings):
            heading = model.headings[shown_headings]
            lines.append((("heading", shown_headings), "#" * heading.level + " " + heading.text))
            shown_headings += 1

    def enter(where: str | None) -> None:
        nonlocal region
        if where != region:
            region = where
            lines.append((("region", where), "@" + (where or "page")))

    notes = iter(enumerate(model.notes))
    at, note = next(notes, (0, None))
    for index, control in enumerate(model.controls):
        # Text of another region ends that region; text of this one follows its heading.
        while note is not None and note.before <= index and note.region != control.region:
            enter(note.region)
            lines.append((("note", at), note_line(note)))
            at, note = next(notes, (0, None))
        enter(control.region)
        if control.heading is not None:
            headings_until(control.heading)
        while note is not None and note.before <= index:
            lines.append((("note", at), note_line(note)))
            at, note = next(notes, (0, None))
        lines.append((("control", control.id), control_line(control, in_view)))
    while note is not None:
        enter(note.region)
        lines.append((("note", at), note_line(note)))
        at, note = next(notes, (0, None))
    headings_until(len(model.headings) - 1)
    return lines


def cut_line(model: PageModel) -> str | None:
    cut = [
        f"{n} {what}"
        for what, n in (
            ("controls", model.omitted.get("controls", 0)),
            ("headings", model.omitted.get("headings", 0)),
            ("text chars", model.omitted.get("text", 0)),
            ("cross-origin frames", model.omitted.get("frames", 0)),
            # Under something drawn over them (a modal's own line counts those behind it).
            ("controls under a cover", 0 if model.modal else model.omitted.get("blocked", 0)),
        )
        if n
    ]
    containers = model.omitted.get("containers") or {}
    if cut and containers:  # where the cut controls lie: scroll that area, or raise max_controls
        cut[0] += " (" + ", ".join(f"{n} in {where}" for where, n in containers.items()) + ")"
    covers = [] if model.modal else model.omitted.get("covers") or []
    if covers:  # what lies over what: a popup left open is closed as a person closes it
        cut[-1] += ": " + "; ".join(_cover_text(cover) for cover in covers) + COVER_HINT
    return "(left out: " + ", ".join(cut) + ")" if cut else None


COVER_HINT = " (a popup left open: Escape, Tab out of its field or a press outside closes most)"


def _cover_text(cover: dict[str, Any]) -> str:
    """`button "Save", button "Cancel" under the layer of cl_16…cl_69` (inpage/layers.js names the layer)."""
    over = ", ".join(cover.get("over") or [])
    more = cover.get("covering", 0) - len(cover.get("over") or [])
    if more > 0:
        over += f" and {more} more"
    if cover.get("first"):
        first, last = cover["first"], cover.get("last") or cover["first"]
        layer = f"the layer of {first}" + (f"…{last}" if last != first else "")
    else:
        tag = f" #{cover['dom_id']}" if cover.get("dom_id") else f" .{cover['class']}" if cover.get("class") else ""
        role = cover.get("role") or "generic"
        named = f" {_quote(cover['name'])}" if cover.get("name") else ""
        layer = "a layer" + tag if role == "generic" and not named else f"{role}{named}{tag}"
    return f"{over} under {layer}"


def llm_json(model: PageModel, *, loading: bool = False) -> dict[str, Any]:
    """The JSON an LLM may see: the model without `aimap` (selectors stay out of the LLM path);
    `"loading": true` while the page's load event has not fired."""
    out = model.to_json_dict(aimap=False)
    if loading:
        out["loading"] = True
    return out


def modal_lines(model: PageModel) -> list[str]:
    """An open modal dialog comes first: it is all an agent can act on until it closes."""
    modal = model.modal
    if not modal:
        return []
    name = f" {_quote(modal['name'])}" if modal.get("name") else ""
    blocked = modal.get("blocked") or 0
    lines = [
        f"MODAL {modal.get('role') or 'dialog'}{name} is open; the page behind it is blocked"
        + (f" ({blocked} controls not listed)" if blocked else "")
    ]
    if modal.get("text"):
        lines += ["dialog text:", *("  " + line for line in str(modal["text"]).split("\n"))]
    return lines

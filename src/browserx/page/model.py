"""The page model: what an agent sees of a page (pure data, no CDP).

    model = await DomService.of(tab).snapshot(SnapshotOptions(include_values=False))
    model.controls[0].id          # "te_1"
    model.aimap["te_1"]           # "#email"   (selectors stay out of the LLM path)
    model.to_json_dict()          # the JSON shape, optional keys left out when absent
    llm_json(model)               # the same without `aimap` (render.py)

JSON keys are fixed: `{title, url, headings, regions, controls, notes?, text, aimap, omitted, viewport}`; a
control is `{id, role, name, states, region, placeholder?, value_len?, filled?, value?, href?,
name_from?, options?, option_count?, visible, inViewport, bbox}` with `bbox = [x, y, width, height]`
in CSS pixels of the top viewport.
`omitted` counts what the caps left out: controls and headings exactly, `text` the characters of
the reader text not in this piece (exact), `frames` the cross-origin frames not captured.
`blocked` the controls in view under a cover, and `covers` the layers over them
(inpage/layers.js: each named by the first and last listed controls it holds, with the covered ones).

Paging: the reader text is cut into pieces of `max_text_chars` from `text_offset`; consecutive pieces
concatenate exactly to the whole text. The model then also carries `text_range {offset, end,
total}` and `next_offset` (None at the end); a piece with `text_offset > 0` is text only (no
controls) and says `text_changed` when the page's text is not the one the previous piece came
from. `within` (an element id, a region or "dialog") limits the model to that part of the page.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

# Ids look like "bu_3": a role prefix and a number that is never reused within a document.
ROLE_PREFIXES = {
    "button": "bu",
    "link": "li",
    "textbox": "te",
    "searchbox": "se",
    "spinbutton": "sp",
    "checkbox": "ch",
    "radio": "ra",
    "combobox": "co",
    "listbox": "lb",
    "slider": "sl",
    "switch": "sw",
    "tab": "ta",
    "menuitem": "me",
    "menuitemcheckbox": "mc",
    "menuitemradio": "mr",
    "option": "op",
    "treeitem": "tr",
    "gridcell": "gc",
    "scrollbar": "sb",
    "file": "fi",
    "date": "da",  # a date drawn as segments (inpage/dates.js): one entry, filled with an ISO date
    "clickable": "cl",
    "element": "el",  # any element `find` names for its text: click, hover, drag and screenshots take it
}


class SnapshotOptions(BaseModel):
    """What a snapshot includes; every field has the default an agent should normally use."""

    model_config = ConfigDict(extra="forbid")

    include_values: bool = False  # field values up to 200 chars; passwords always "•••"
    max_controls: int = Field(400, ge=0, le=5000)
    max_headings: int = Field(30, ge=0, le=1000)
    max_iframe_depth: int = Field(1, ge=0, le=5)
    include_file_inputs: bool = True  # file inputs, hidden ones too (with the control that opens them), for uploads
    # Out-of-process (cross-site) iframes through their own targets, up to max_iframe_depth. Off:
    # they are only counted in omitted.frames.
    include_cross_origin_iframes: bool = False
    max_text_chars: int = Field(3000, ge=0, le=200_000)
    text_offset: int = Field(0, ge=0, le=100_000_000)  # where the piece of reader text starts
    within: str | None = Field(None, min_length=1, max_length=200)  # element id, region label or "dialog"
    base_url: str | None = None  # links are made relative to this origin (default: the page's URL)

    def script_options(self, next_number: int) -> dict[str, Any]:
        return {**self.model_dump(exclude={"include_cross_origin_iframes"}), "next_number": next_number}


class Heading(BaseModel):
    level: int
    text: str


class Note(BaseModel):
    """Text a person reads beside the controls (inpage/notes.js): a live region's ("status", "alert",
    "log", "timer", "marquee"), a popup's or panel's ("text"), a grid row's cells ("row"); listed
    before `controls[before]` (== len(controls): after the last)."""

    kind: str
    text: str
    region: str | None = None
    before: int = 0


class Viewport(BaseModel):
    width: int = 0
    height: int = 0
    scroll_x: float = 0
    scroll_y: float = 0
    device_pixel_ratio: float = 1


class Control(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    id: str
    role: str
    name: str = ""
    states: dict[str, bool | str] = Field(default_factory=dict)
    region: str | None = None
    placeholder: str | None = None
    value_len: int | None = None
    filled: bool | None = None
    value: str | None = None
    href: str | None = None
    # Issue 18: a best-effort hint for a control whose accessible name is empty (never its name),
    # and the scrollable box (an element id, or `role "name"`) that keeps it out of view.
    description: str | None = None
    container: str | None = None
    # Issue 31: the grid header cell (`columnheader "room"`) a control sits in when its own name does not
    # say that header's caption (a nameless menu icon beside a column's sort link): the context a person
    # sees, given instead of a made-up name.
    header: str | None = None
    # Issue 31: "seen" when the name is the caption a person reads beside a field the page left without
    # an accessible name, or named only by its value (page/seen.js); `ax_name` is then the accessible name
    # it stands in for (empty, a dropdown's current value, "Choose date, selected date is May 1, 2026"),
    # what Chromium's tree is compared with. Absent: the name is accname's. `ax_name` is also set when the
    # name leaves out an icon font's glyphs (inpage/names.js `readable`) or the control's own value met
    # inside its name (`shownName`: a range's pin, "Nights 2" shown as "Nights").
    name_from: str | None = None
    ax_name: str | None = Field(None, exclude=True)
    # Issue 31: a native select that nothing names is told by what it offers (its choice is a value, kept
    # private): its options in order, never which is chosen (the first 8; `option_count` when more).
    options: list[str] | None = None
    option_count: int | None = None
    visible: bool = True
    in_viewport: bool = Field(False, alias="inViewport")
    bbox: list[int] = Field(default_factory=lambda: [0, 0, 0, 0])
    # Index into PageModel.headings of the heading this control sits under (for the text
    # rendering); not part of the JSON shape.
    heading: int | None = Field(None, exclude=True)

    @property
    def disabled(self) -> bool:
        return bool(self.states.get("disabled"))

    @property
    def accessible_name(self) -> str:
        """The name accname 1.2 gives (what Chromium's tree is judged against), seen caption or not."""
        return self.ax_name if self.ax_name is not None else self.name


OPTIONAL_CONTROL_KEYS = (
    "placeholder",
    "value_len",
    "filled",
    "value",
    "href",
    "description",
    "container",
    "header",
    "name_from",
    "options",
    "option_count",
)


class PageModel(BaseModel):
    title: str = ""
    url: str = ""
    headings: list[Heading] = Field(default_factory=list)
    regions: list[str] = Field(default_factory=list)
    controls: list[Control] = Field(default_factory=list)
    notes: list[Note] = Field(default_factory=list)
    text: str = ""
    aimap: dict[str, str] = Field(default_factory=dict)
    # Counts; `containers` (when caps cut controls in scroll areas) maps each area to its count.
    omitted: dict[str, Any] = Field(default_factory=lambda: {"controls": 0, "headings": 0, "text": 0})
    viewport: Viewport = Field(default_factory=Viewport)
    # Paging and parts (left out of the JSON when unset: max_text_chars=0, a whole page, a first piece).
    text_range: dict[str, int] | None = None
    next_offset: int | None = None
    text_changed: bool | None = None
    within: str | None = None
    # The open modal dialog: {role, name, text, blocked (controls behind it, not listed)}; None if none.
    modal: dict[str, Any] | None = None

    @classmethod
    def from_raw(cls, raw: dict[str, Any]) -> PageModel:
        """Build from capture.js's `snapshot()` result (extra keys such as next_number ignored)."""
        data = {k: raw[k] for k in cls.model_fields if k in raw}
        return cls.model_validate(data)

    def control(self, element_id: str) -> Control | None:
        return next((c for c in self.controls if c.id == element_id), None)

    def to_json_dict(self, *, aimap: bool = True) -> dict[str, Any]:
        out = self.model_dump(by_alias=True)
        for control in out["controls"]:
            for key in OPTIONAL_CONTROL_KEYS:
                if control.get(key) is None:
                    control.pop(key, None)
        if out.get("modal") is None:
            out.pop("modal", None)
        if not out["notes"]:
            out.pop("notes")
        if not aimap:
            out.pop("aimap")
        if out["text_range"] is None:
            out.pop("text_range")
            out.pop("next_offset")
        for key in ("text_changed", "within"):
            if out[key] is None:
                out.pop(key)
        return out

    @property
    def continuation(self) -> bool:
        """A later piece of the reader text (text only, no controls)."""
        return bool(self.text_range and self.text_range.get("offset"))

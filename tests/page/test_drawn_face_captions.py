"""Captions of drawn widgets a person reads above them (issue 31, kinds 3 and 4; page/seen.js, widgets.js).

- A slider drawn as a thumb centred on a thin track overhangs the track's top edge, up into the line of the
  caption above it (a block `<label>` as wide as the form's column): the caption stands over the track, and
  the slider takes it, wherever its thumb has moved to.
- A dropdown drawn as a `role=combobox` span whose aria-label repeats the choice it shows ("Single"), under
  a `<label for>` that points at the span (which no label can label): the label is its name, the choice
  Chromium names it by stays `ax_name`. An aria-label that is not its shown choice stays its name.
- The dropdown's clickable wrapper (the face with its arrow, served by a click handler) shows nothing but
  the dropdown's words: the dropdown is its one entry.
"""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.fidelity.axcheck import compare_with_chromium
from browserx.page import DomService, SnapshotOptions

CSS = """body { font: 16px/1.5 sans-serif } .field { display: flex; flex-direction: column; gap: 4px; width: 600px;
  margin: 16px 0 } .track { position: relative; height: 3px; background: #ccc; margin: 0 10px }
  .thumb { position: absolute; top: -12.5px; width: 28px; height: 28px; margin-left: -14px; border-radius: 50%;
  background: #333 } .face { display: flex; border: 1px solid #999; cursor: pointer } .face [role=combobox]
  { flex: 1; padding: 8px } .arrow { width: 40px }"""

PAGE = f"""<!doctype html><title>Trip</title><style>{CSS}</style>
<main><h1>New trip</h1>
<div class=field><label>Nights</label><div class=track><span class=thumb role=slider tabindex=0 aria-valuemin=1
  aria-valuemax=14 aria-valuenow=2 style="left: 8%"></span></div></div>
<div class=field><label>Guests</label><div class=track><span class=thumb role=slider tabindex=0 aria-valuemin=1
  aria-valuemax=8 aria-valuenow=8 style="left: 100%"></span></div></div>
<div class=field><label for=room>Room</label><div class=face id=room-face><span id=room role=combobox tabindex=0
  aria-label=Single aria-haspopup=listbox aria-expanded=false>Single</span><div class=arrow><svg width=14
  height=14 aria-hidden=true><path d="M0 4l7 7 7-7"/></svg></div></div></div>
<div class=field><label for=wing>Wing</label><div class=face id=wing-face><span id=wing role=combobox tabindex=0
  aria-label="Hotel wing" aria-haspopup=listbox aria-expanded=false>North</span><div class=arrow></div></div></div>
</main>
<script>
for (const face of document.querySelectorAll(".face")) face.addEventListener("click", () => {{
  const box = face.querySelector("[role=combobox]");
  box.setAttribute("aria-expanded", box.getAttribute("aria-expanded") === "true" ? "false" : "true");
}});
</script>"""


async def _named(server, tab) -> dict:
    await navigate(tab, server.route("/faces/trip", PAGE))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    return {c.name: c for c in model.controls}


async def test_a_thumb_overhanging_its_track_takes_the_caption_above_the_track(server, tab):
    named = await _named(server, tab)
    assert (named["Nights"].role, named["Nights"].name_from) == ("slider", "seen")
    # Its thumb moved to the far end of the track, far from the caption's words: the caption is still over it.
    assert (named["Guests"].role, named["Guests"].name_from) == ("slider", "seen")


async def test_a_dropdown_named_by_its_shown_choice_takes_the_label_pointing_at_it(server, tab):
    named = await _named(server, tab)
    room = named["Room"]
    assert (room.role, room.name_from, room.ax_name) == ("combobox", "seen", "Single")
    assert "Single" not in named
    # An aria-label that says what the dropdown is for, not what it shows, stays its name.
    assert named["Hotel wing"].role == "combobox" and named["Hotel wing"].name_from is None


async def test_a_clickable_face_around_one_dropdown_is_that_dropdown(server, tab):
    await navigate(tab, server.route("/faces/trip", PAGE))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert [(c.role, c.name) for c in model.controls] == [
        ("slider", "Nights"),
        ("slider", "Guests"),
        ("combobox", "Room"),
        ("combobox", "Hotel wing"),
    ]
    report = await compare_with_chromium(tab, model)
    assert report["disagreements"] == [], report["disagreements"]


async def test_find_and_the_click_name_the_dropdown_by_its_caption(server, tab, call):
    await navigate(tab, server.route("/faces/find", PAGE))
    result = await call("browser_dom", action="find", query="room")
    assert result.success, result.error
    (found,) = [m for m in result.data["matches"] if m["kind"] == "control"]
    assert (found["role"], found["name"]) == ("combobox", "Room")
    clicked = await call("browser_dom", action="click", element_id=found["element_id"])
    assert clicked.success, clicked.error
    after = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert after.control(found["element_id"]).states.get("expanded") is True


# A list form: each item a row holding a caption and its field, nothing else; the first caption is the form's
# first words, as a title of the form would be.
LIST_FORM = """<!doctype html><title>Trip</title><style>body { font: 16px/1.5 sans-serif } li { list-style: none;
  padding: 8px 16px; border-bottom: 1px solid #ddd } .caption { font-size: 12px; color: #666 } input { border: 0;
  width: 100%; font: inherit }</style>
<form><ul>
<li><div class=row><div class=caption>Traveller</div><div><input name=traveller placeholder="Your name"></div>
</div></li>
<li><div class=row><div class=caption>Email</div><div><input name=email placeholder="you@example.org"></div></div></li>
</ul><button>Save</button></form>
<form><h2>Rename file</h2><input name=file placeholder="New name"><label><input type=checkbox> Keep a copy</label>
<button>Rename</button></form>"""


async def test_a_list_forms_first_caption_names_its_field_not_the_form(server, tab):
    await navigate(tab, server.route("/faces/list-form", LIST_FORM))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    named = {c.name: c for c in model.controls}
    traveller = named["Traveller"]
    assert (traveller.role, traveller.name_from, traveller.placeholder) == ("textbox", "seen", "Your name")
    assert named["Email"].name_from == "seen"
    # A form's title over a field whose hint says what it takes: the hint stays its name.
    assert named["New name"].role == "textbox" and named["New name"].name_from is None


# A dropdown whose frame and the input inside it are both declared comboboxes (the frame nameless, described by
# its floating caption; the input labelled), and a slider whose track, served by a click handler, shows the value
# in the thumb's label.
FRAMES = """<!doctype html><title>Trip</title><style>body { font: 16px/1.5 sans-serif } .frame { display: flex;
  border: 1px solid #999; padding: 8px; width: 400px; margin: 16px 0 } .frame input { flex: 1; border: 0 }
  .track { position: relative; height: 32px; width: 400px; cursor: pointer } .rail { position: absolute; top: 14px;
  left: 0; right: 0; height: 4px; background: #ccc } .thumb { position: absolute; top: 6px; width: 20px; height: 20px;
  border-radius: 50%; background: #333; left: 10% } .bubble { position: absolute; top: -20px; font-size: 12px }</style>
<main><h1>New trip</h1>
<div class=frame role=combobox aria-expanded=false aria-controls=rooms aria-describedby=room-caption>
  <label id=room-caption for=room>Room</label><input id=room role=combobox aria-expanded=false aria-controls=rooms
  readonly value=Single></div>
<div id=rooms role=listbox hidden><div role=option>Single</div><div role=option>Suite</div></div>
<p>Nights</p>
<div class=track onclick="window.trackClicked = true"><div class=rail></div><div class=thumb role=slider tabindex=0
  aria-valuemin=1 aria-valuemax=14 aria-valuenow=2><span class=bubble>2</span></div></div>
</main>"""


async def test_a_nameless_frame_around_a_named_combobox_and_a_sliders_track_are_not_entries_of_their_own(server, tab):
    await navigate(tab, server.route("/faces/frames", FRAMES))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert [(c.role, c.name) for c in model.controls] == [("combobox", "Room"), ("slider", "Nights")]
    report = await compare_with_chromium(tab, model)
    assert report["disagreements"] == [], report["disagreements"]


# An "input slider": a `<label for>` pointing at the box (not labelable) that holds a number field and a slider
# over the same range, the slider's scale of marks drawn beside its thumb. A person reads one caption for the
# widget; a mark ("6") is the scale, not a caption.
_MARKS = "".join(f'<div class=mark style="left: {20 * (n - 1)}%">{n}</div>' for n in range(1, 7))
INPUT_SLIDER = f"""<!doctype html><title>Chart</title><style>{CSS} .root {{ position: relative; display: block;
  height: 40px; margin: 0 10px }} .mark {{ position: absolute; bottom: 0; transform: translateX(-50%) }}
  .at {{ position: absolute; top: 6px }}</style>
<main><h1>Chart</h1>
<label for=window>Smoothing (months)</label>
<div id=window><input type=number min=1 max=6 step=1 value=1 style="width: 3em"><div>
  <span class=root><span class=track></span>{_MARKS}<span class=at style="left: 0%"><span class=thumb role=slider
  tabindex=0 aria-valuemin=1 aria-valuemax=6 aria-valuenow=1></span></span></span></div></div>
</main>"""


async def test_a_slider_and_its_number_box_under_a_label_for_their_box_both_take_that_caption(server, tab):
    await navigate(tab, server.route("/faces/chart", INPUT_SLIDER))
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert sorted((c.role, c.name) for c in model.controls) == [
        ("slider", "Smoothing (months)"),
        ("spinbutton", "Smoothing (months)"),
    ]

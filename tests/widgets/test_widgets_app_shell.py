"""What a person sees in an application, the model shows (issue 22): visibility and clipping as
CSS defines them, visually hidden native controls, nested actionables, shadow-DOM toolbars."""

from __future__ import annotations

# The app's root is absolutely positioned; <body> is 0 px high with overflow: hidden while <html>
# leaves overflow visible: body's overflow belongs to the viewport, so body clips nothing.
APP_SHELL = """<!doctype html><title>Shell</title>
<style>html { overflow: visible } body { margin: 0; height: 0; overflow: hidden }
#root { position: absolute; inset: 0 } .static-clip { overflow: hidden; height: 20px }</style>
<div id=root><nav><button>Files</button><button>Running</button></nav>
<main><div role=tablist><div role=tab tabindex=0 aria-selected=true>Launcher</div></div></main></div>"""

# An overflow: hidden box that is not positioned does not clip an absolutely positioned
# descendant whose containing block lies above it (a menu that pops out of a toolbar).
ESCAPE = """<!doctype html><title>Menu</title>
<style>.bar { position: relative; height: 40px } .clip { overflow: hidden; height: 30px; width: 120px }
.menu { position: absolute; top: 45px; left: 0 } .inner-clip { position: relative; overflow: hidden; height: 30px }
.trapped { position: absolute; top: 60px }</style>
<div class=bar><div class=clip><button>Edit</button><div class=menu><button>Undo</button></div></div></div>
<div style="margin-top: 120px" class=inner-clip><button>Kept</button><div class=trapped><button>Trapped</button></div></div>"""

# Containment clips like overflow; clip-path too.
CONTAIN = """<!doctype html><title>Contain</title>
<div style="contain: paint; height: 30px"><button>Inside</button><div style="height: 200px"></div>
<button>Painted away</button></div>
<div style="clip-path: inset(0 0 100% 0)"><button>Clipped by path</button></div>
<button>After</button>"""


async def test_an_app_shell_whose_body_is_zero_high_with_overflow_hidden_lists_its_controls(open_page, snapshot):
    await open_page(APP_SHELL)
    names = [c["name"] for c in (await snapshot())["controls"]]
    assert names == ["Files", "Running", "Launcher"]


async def test_an_absolutely_positioned_menu_escapes_a_static_clipping_box(open_page, snapshot):
    await open_page(ESCAPE)
    names = [c["name"] for c in (await snapshot())["controls"]]
    assert "Undo" in names and "Edit" in names and "Kept" in names
    # Its containing block is the clipping box itself: clipped away.
    assert "Trapped" not in names


async def test_paint_containment_and_clip_path_clip_what_they_hold(open_page, snapshot):
    await open_page(CONTAIN)
    names = [c["name"] for c in (await snapshot())["controls"]]
    assert names == ["Inside", "After"]


# A custom slider drawn around a visually hidden native range input that carries its own name.
SLIDER = """<!doctype html><title>Trip</title>
<style>.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap }
.slider { display: block; position: relative; width: 200px; height: 20px; background: #ddd; margin: 10px }
.thumb { position: absolute; left: 40px; width: 16px; height: 16px; background: #333 }
.overlay { position: relative; width: 200px; height: 24px } .overlay input { position: absolute; inset: 0; opacity: 0;
  width: 100%; height: 100%; margin: 0 } .fake { background: #eee; height: 24px }</style>
<label class=slider><input class=sr type=range min=1 max=14 value=3 aria-label=Nights
  oninput="window.nights = this.value"><span class=thumb></span></label>
<div class=overlay><div class=fake>Volume</div><input type=range aria-label=Volume min=0 max=10 value=2
  oninput="window.volume = this.value"></div>
<select class=sr tabindex=-1 aria-label=Replaced><option>A</option></select>"""


async def test_a_visually_hidden_named_range_input_is_the_slider_with_the_box_of_its_drawn_ui(
    open_page, snapshot, call, js
):
    await open_page(SLIDER)
    model = await snapshot()
    nights = next(c for c in model["controls"] if c["name"] == "Nights")
    assert nights["role"] == "slider"
    assert nights["bbox"][2] >= 200 and nights["bbox"][3] >= 20  # the label drawn for it
    volume = next(c for c in model["controls"] if c["name"] == "Volume")
    assert volume["bbox"][2] >= 200  # a transparent input laid over its drawing: its own box
    # A native control a custom widget replaces (no keyboard focus of its own) is not the control.
    assert "Replaced" not in [c["name"] for c in model["controls"]]
    found = await call("browser_dom", action="find", query="Nights")
    assert found.success, found.error
    assert any(m.get("element_id") == nights["id"] for m in found.data["matches"])
    typed = await call("browser_dom", action="type", element_id=nights["id"], text="7")
    assert typed.success, typed.error
    assert await js("window.nights") == "7"
    pressed = await call("browser_dom", action="keypress", element_id=nights["id"], key="ArrowRight")
    assert pressed.success, pressed.error
    assert await js("window.nights") == "8"
    clicked = await call("browser_dom", action="click", element_id=volume["id"])
    assert clicked.success, clicked.error
    assert await js("window.volume") == "5"


# A collapsible-section library made the header a role=tab with a click handler; the button
# inside is a control of its own, and a click on it must reach it.
NESTED = """<!doctype html><title>Form</title>
<div role=tab aria-expanded=false tabindex=0 onclick="window.toggled = (window.toggled || 0) + 1">
  <button onclick="window.submitted = true">Submit</button></div>
<a href="#buy"><button onclick="window.bought = true">Buy</button></a>
<div style="cursor: pointer" onclick="window.wrapped = true"><span role=button tabindex=0 aria-label=Close
  onclick="window.closed = true">Close</span></div>"""


async def test_merging_nested_actionables_never_hides_a_native_button(open_page, snapshot, call, js):
    await open_page(NESTED)
    model = await snapshot()
    submit = [c for c in model["controls"] if c["name"] == "Submit"]
    assert [c["role"] for c in submit] == ["tab", "button"]
    clicked = await call("browser_dom", action="click", element_id=submit[1]["id"])
    assert clicked.success, clicked.error
    assert await js("window.submitted") is True
    # A button filling its link: a click on the link's centre reaches it, so the link is its entry.
    buy = [c["role"] for c in model["controls"] if c["name"] == "Buy"]
    assert buy == ["link"]
    # A page-made wrapper whose only action is what it holds still gives way to it.
    assert [c["role"] for c in model["controls"] if c["name"] == "Close"] == ["button"]


# A toolbar of custom elements: the host carries the pointer cursor, its shadow root the button.
SHADOW_TOOLBAR = """<!doctype html><title>Toolbar</title><style>x-tool { cursor: pointer; display: inline-block }</style>
<script>customElements.define('x-tool', class extends HTMLElement { constructor() { super();
  this.attachShadow({mode: 'open'}).innerHTML = '<button><slot></slot></button>'; } });</script>
<div role=toolbar aria-label=Notebook><x-tool>New Launcher</x-tool><x-tool>Save</x-tool></div>"""


async def test_a_custom_element_and_the_button_in_its_shadow_root_are_one_entry(open_page, snapshot):
    await open_page(SHADOW_TOOLBAR)
    model = await snapshot()
    assert [(c["role"], c["name"]) for c in model["controls"]] == [("button", "New Launcher"), ("button", "Save")]


# html-aam: a th whose row holds data cells heads that row; a link or button in a header cell stays
# what it is (Chromium: link), a page-made clickable label takes the cell's role.
ROW_HEADERS = """<!doctype html><title>Runs</title><table>
<thead><tr><th><span style="cursor: pointer">Title</span></th><th>Owner</th></tr></thead>
<tbody><tr><th><a href="#t1">Plan</a></th><td>Ann</td></tr>
<tr><th><span style="cursor: pointer">Build</span></th><td>Bo</td></tr></tbody></table>
<table id=files><tr><th><span style="cursor: pointer" id=by-name>Name</span></th><th>Size</th></tr>
<tr><td>b</td><td>2</td></tr><tr><td>a</td><td>1</td></tr></table>
<script>document.getElementById('by-name').onclick = () => {
  const rows = [...document.querySelectorAll('#files tr')].slice(1).sort((x, y) => x.cells[0].textContent.localeCompare(y.cells[0].textContent));
  for (const row of rows) row.parentElement.appendChild(row);
};</script>"""


async def test_header_cells_of_data_rows_are_rowheaders_and_links_in_them_stay_links(open_page, snapshot):
    await open_page(ROW_HEADERS)
    roles = {c["name"]: c["role"] for c in (await snapshot())["controls"]}
    assert roles == {"Title": "columnheader", "Plan": "link", "Build": "rowheader", "Name": "columnheader"}


async def test_a_table_sorts_by_the_clickable_label_of_its_column_header(open_page, snapshot, named, call, js):
    await open_page(ROW_HEADERS)
    assert (await call("browser_dom", action="click", element_id=named(await snapshot(), "Name")["id"])).success
    assert await js("[...document.querySelectorAll('#files td:first-child')].map(td => td.textContent)") == ["a", "b"]


# What people read beside the controls: a status line, a popup's caption, a row's cells.
READING = """<!doctype html><title>Trips</title>
<style>.cal { position: absolute; left: 300px; top: 40px; border: 1px solid #888; padding: 6px }</style>
<main><button onclick="document.getElementById('s').textContent = 'Trip 2 saved'">Save trip</button>
<div role=status id=s>Trip 1 saved</div>
<div class=cal><div>November 2026</div><button>&lt;</button><button>&gt;</button>
<div><span>Mo</span> <span>Tu</span></div><button>1</button><button>2</button></div>
<table><tr><th>Title</th><th>Owner</th><th></th></tr>
<tr><td>Plan</td><td>Ann</td><td><button>Delete</button></td></tr>
<tr><td>Build</td><td>Bo</td><td><button>Delete</button></td></tr></table></main>"""


async def test_status_lines_popup_captions_and_row_cells_stand_beside_their_controls(open_page, snapshot, call):
    await open_page(READING)
    text = await snapshot("text")
    lines = text.split("\n---\n")[0].splitlines()
    assert lines.index("status: Trip 1 saved") == lines.index("bu_1 Save trip") + 1
    caption = next(i for i, line in enumerate(lines) if "November 2026" in line)
    assert lines[caption + 1].endswith(" <")  # the caption comes right before the month's buttons
    deletes = [i for i, line in enumerate(lines) if line.endswith(" Delete")]
    assert [lines[i - 1] for i in deletes] == ['"Plan | Ann"', '"Build | Bo"']
    model = await snapshot()
    assert {"kind": "status", "text": "Trip 1 saved"}.items() <= model["notes"][0].items()
    save = next(c for c in model["controls"] if c["name"] == "Save trip")
    assert (await call("browser_dom", action="click", element_id=save["id"])).success
    assert "status: Trip 2 saved" in await snapshot("text")
    found = await call("browser_dom", action="find", query="Trip 2 saved")
    assert found.success, found.error
    assert [(m["kind"], m.get("live")) for m in found.data["matches"]][:1] == [("text", "status")]
    assert found.data["matches"][0]["element_id"].startswith("el_")


# A card on a board is text, not a control: find names it with an element id that drag takes.
BOARD = """<!doctype html><title>Board</title>
<style>.col { display: inline-block; vertical-align: top; width: 200px; min-height: 120px; border: 1px solid #999 }
.card { margin: 6px; padding: 6px; background: #eef }</style>
<div class=col id=todo><h2>To do</h2><div class=card>Write report</div><div class=card>Book flights</div></div>
<div class=col id=done><h2>Done</h2></div>
<script>
let dragging = null;
document.addEventListener('pointerdown', e => { dragging = e.target.closest('.card'); });
document.addEventListener('pointerup', e => {
  const col = e.target.closest('.col');
  if (dragging && col) col.appendChild(dragging);
  dragging = null;
});
</script>"""


async def test_find_gives_an_element_id_for_text_and_drag_moves_it(open_page, call, js):
    await open_page(BOARD)
    found = await call("browser_dom", action="find", query="Write report")
    assert found.success, found.error
    card = next(m for m in found.data["matches"] if m["kind"] == "text")
    assert card["element_id"].startswith("el_")
    done = await call("browser_dom", action="find", query="Done")
    column = next(m for m in done.data["matches"] if m["kind"] == "heading")
    assert column["element_id"].startswith("el_")
    dragged = await call("browser_dom", action="drag", element_id=card["element_id"], target_id=column["element_id"])
    assert dragged.success, dragged.error
    assert await js("document.querySelector('#done .card')?.textContent") == "Write report"
    hovered = await call("browser_dom", action="hover", element_id=card["element_id"])
    assert hovered.success, hovered.error
    scrolled = await call("browser_dom", action="scroll", element_id=card["element_id"])
    assert scrolled.success, scrolled.error
    shot = await call("browser_take_screenshot", element_id=card["element_id"])
    assert shot.success, shot.error
    assert shot.images and shot.images[0].data


# A single-page app: its HTML says "Loading..." and its form comes once its API answers.
SPA = """<!doctype html><title>App</title><div id=app>Loading...</div>
<script>fetch('/spa/api/config').then(r => r.json()).then(cfg => {
  document.getElementById('app').innerHTML = '<form><label>' + cfg.label + ' <input name=q></label><button>Search</button></form>';
});</script>"""


async def test_the_first_snapshot_after_navigating_shows_a_single_page_apps_first_render(server, call):
    import threading

    server.route("/spa/api/config", '{"label": "City"}', content_type="application/json")
    _arrived, release = server.hold("/spa/api/config")
    latency = threading.Timer(0.6, release.set)  # the API's own latency, on the server's side
    latency.start()
    try:
        assert (await call("browser_navigate", url=server.route("/spa/", SPA))).success
        result = await call("browser_dom", action="snapshot", format="text")
        assert result.success, result.error
        assert "te_" in result.data and "City" in result.data and "Loading..." not in result.data
        assert "(still loading)" not in result.data.splitlines()[0]
    finally:
        latency.cancel()
        release.set()


async def test_a_first_snapshot_that_stops_waiting_says_still_loading(server, call):
    server.route("/spa2/api/config", '{"label": "City"}', content_type="application/json")
    _arrived, release = server.hold("/spa2/api/config")
    try:
        assert (await call("browser_navigate", url=server.route("/spa2/", SPA.replace("/spa/", "/spa2/")))).success
        result = await call("browser_dom", action="snapshot", format="text")
        assert result.success, result.error
        assert result.data.splitlines()[0].endswith("(still loading)")
    finally:
        release.set()


# A notebook's code cell: a nameless editor inside a labelled cell.
NOTEBOOK = """<!doctype html><title>Notebook</title>
<div class=cell aria-label="Code Cell 1"><div class=prompt>[1]:</div>
<div class=editor><div class=content contenteditable=true role=textbox aria-multiline=true>print(1)</div></div></div>"""


async def test_a_nameless_code_editor_is_named_by_the_cell_it_belongs_to(open_page, snapshot):
    await open_page(NOTEBOOK)
    editor = next(c for c in (await snapshot())["controls"] if c["role"] == "textbox")
    assert editor["name"] == "Code Cell 1"


# Notes are page text, never a field's value (privacy).
PRIVATE = """<!doctype html><title>Chat</title>
<div role=log>Ann: hello <input value="s3cret-typed"> <span contenteditable>draft-secret</span></div>
<div style="position: absolute; top: 80px; left: 0; width: 300px"><p>Reply</p>
<div contenteditable aria-label=Message>my-private-draft</div><button>Send</button></div>"""


async def test_notes_never_carry_a_fields_value(open_page, snapshot, call):
    await open_page(PRIVATE)
    text = await snapshot("text")
    assert "status" not in text and "log: Ann: hello" in text
    assert '"Reply"' in text
    for secret in ("s3cret", "draft-secret", "my-private-draft"):
        assert secret not in text
        found = await call("browser_dom", action="find", query=secret)
        assert found.success and found.data["matches"] == [], (secret, found.data)


# A data browser's rows: each row's link is its number, which says nothing of the row.
NUMBERED = """<!doctype html><title>Rows</title><table>
<tr><th>id</th><th>city</th><th>owner</th></tr>
<tr><td><a href="/r/1">1</a></td><td>Paris</td><td>Ann</td></tr>
<tr><td><a href="/r/2">2</a></td><td>Oslo</td><td>Bo</td></tr></table>
<table><tr><td><label><input type=checkbox> Select order 7</label></td><td>Sierra</td></tr>
<tr><td><label><input type=checkbox> Select order 8</label></td><td>Timber</td></tr></table>"""


async def test_a_rows_cells_are_listed_when_its_controls_say_nothing_of_it(open_page, snapshot):
    await open_page(NUMBERED)
    lines = (await snapshot("text")).split("\n---\n")[0].splitlines()
    assert lines[lines.index("li_2 2 →/r/2") - 1] == '"Oslo | Bo"'
    assert '"Timber"' not in lines  # "Select order 8" says which row it is


# Tab stops the page made without a pointer cursor, and an <a> without href that the page handles.
TAB_STOPS = """<!doctype html><title>Menu</title>
<div tabindex=0 aria-expanded=false aria-controls=m onkeydown="">Sections</div>
<div id=m tabindex=-1>Programmatic focus only</div>
<div tabindex=0 role=region aria-label=Feed style="height: 40px; overflow: auto"><p>a</p><p>b</p><p>c</p><p>d</p></div>
<a onclick="window.opened = true" style="cursor: pointer">Open menu</a>"""


async def test_a_tab_stop_the_page_made_is_a_control_and_a_handled_anchor_a_link(open_page, snapshot):
    await open_page(TAB_STOPS)
    controls = [(c["role"], c["name"]) for c in (await snapshot())["controls"]]
    assert controls == [("clickable", "Sections"), ("link", "Open menu")]


# React Aria's VisuallyHidden: the native input keeps its size inside a 1-px wrapper that clips it.
WRAPPED = """<!doctype html><title>Stay</title>
<style>.vh { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%) }
.track { position: relative; width: 240px; height: 24px; background: #ddd; margin: 20px } .thumb { position: absolute;
  left: 30px; width: 20px; height: 20px; background: #333 } .box { display: inline-block; width: 18px; height: 18px; border: 1px solid }</style>
<div class=track><div class=thumb><div class=vh><input type=range min=1 max=9 value=3 aria-label=Nights
  oninput="window.nights = this.value"></div></div></div>
<label><span class=vh><input type=checkbox onchange="window.breakfast = this.checked"></span><span class=box></span>
  Breakfast included</label>"""


async def test_a_native_input_clipped_away_by_a_visually_hidden_wrapper_is_the_control(open_page, snapshot, call, js):
    await open_page(WRAPPED)
    model = await snapshot()
    nights = next(c for c in model["controls"] if c["name"] == "Nights")
    assert nights["role"] == "slider" and nights["bbox"][2] >= 20
    assert (await call("browser_dom", action="type", element_id=nights["id"], text="5")).success
    assert await js("window.nights") == "5"
    breakfast = next(c for c in model["controls"] if c["name"] == "Breakfast included")
    clicked = await call("browser_dom", action="click", element_id=breakfast["id"])
    assert clicked.success, clicked.error
    assert await js("window.breakfast") is True


# A modal a page drew without saying so: a fixed layer over the whole viewport with its own controls.
UNDECLARED_MODAL = """<!doctype html><title>Files</title><button>Upload</button><a href="/x">Open</a>
<div id=modal style="position: fixed; inset: 0; background: rgba(0,0,0,.5)">
  <div style="background: #fff; width: 300px; margin: 100px auto; padding: 10px">Upload files or a folder?
  <a href="#" onclick="return false">Files</a> <a href="#" onclick="return false">One folder</a></div></div>"""
# An app shell that is one fixed box: nothing lies behind it, nothing is blocked.
FIXED_SHELL = """<!doctype html><title>Shell</title>
<div style="position: fixed; inset: 0"><nav><button>Home</button><button>Files</button></nav></div>"""


async def test_a_fixed_layer_over_the_whole_page_with_controls_is_a_modal_unless_nothing_lies_behind(
    open_page, snapshot
):
    await open_page(UNDECLARED_MODAL)
    model = await snapshot()
    assert [c["name"] for c in model["controls"]] == ["Files", "One folder"]
    assert model["modal"]["blocked"] == 2 and "folder?" in model["modal"]["text"]
    await open_page(FIXED_SHELL, path="/shell")
    model = await snapshot()
    assert "modal" not in model and [c["name"] for c in model["controls"]] == ["Home", "Files"]


# A tray slid over the page with a shade: what the shade covers cannot be clicked by anyone.
SHADE = """<!doctype html><title>Editor</title>
<header style="position: sticky; top: 0; background: #eee"><a href="#deploy">Deploy</a></header>
<main style="height: 2000px"><button>Behind</button></main>
<div style="position: fixed; inset: 0; background: rgba(0,0,0,.3)"></div>
<aside style="position: fixed; right: 0; top: 0; bottom: 0; width: 300px; background: #fff"><button>Done</button></aside>"""


async def test_controls_under_a_shade_are_counted_not_listed(open_page, snapshot):
    await open_page(SHADE)
    model = await snapshot()
    assert [c["name"] for c in model["controls"]] == ["Done"]
    assert model["omitted"]["blocked"] == 2
    # What lies over them is said too: the shade, which holds no listed control (layers.js).
    assert '(left out: 2 controls under a cover: link "Deploy", button "Behind" under a layer (' in await snapshot(
        "text"
    )

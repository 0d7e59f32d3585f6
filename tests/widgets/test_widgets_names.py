"""Names that help an agent (issue 18 item 6): descriptions for nameless controls, empty editors,
and one name for a control everywhere (snapshot, effects, errors)."""

from __future__ import annotations

SEARCHABLE = """<!doctype html><title>Address</title>
<label for=country>Country</label>
<select id=country name=country style="display:none"><option>France</option><option>Spain</option></select>
<div class=picker>
  <input id=search role=combobox aria-expanded=false aria-controls=country-list autocomplete=off
    oninput="filter(this.value)" onfocus="openList()">
  <div id=country-list role=listbox hidden>
    <div role=option onclick="pick(this)">France</div><div role=option onclick="pick(this)">Spain</div>
    <div role=option onclick="pick(this)">Portugal</div></div>
</div>
<script>
function openList() { document.getElementById('country-list').hidden = false; }
function filter(q) { for (const o of document.querySelectorAll('[role=option]'))
  o.hidden = !o.textContent.toLowerCase().includes(q.toLowerCase()); openList(); }
function pick(o) { window.picked = o.textContent; document.getElementById('country-list').hidden = true; }
</script>"""

EDITOR = """<!doctype html><title>Comment</title>
<style>.editor p.empty::before { content: "Write a comment…"; color: #999 }</style>
<div class=editor contenteditable aria-label=Comment><p class=empty><br></p></div>
<div contenteditable data-placeholder="Add a note" style="min-height: 20px"></div>"""

ICONS = """<!doctype html><title>Calendar</title>
<button class="nav nav-prev"><svg width=12 height=12 aria-hidden=true><title>Previous month</title><path d="M0 0"/></svg></button>
<span>November 2026</span>
<button class="chevron-right"><i class="fa fa-chevron-right"></i></button>
<span>Notifications</span><div role=switch aria-checked=false tabindex=0 style="width:30px;height:16px"></div>"""


async def test_a_combobox_replacing_a_hidden_select_is_named_by_the_selects_label_a_person_reads(open_page, snapshot):
    """The label names a select no person sees; the combobox drawn in its place is what a person reads it
    for (issue 31 kind 3, seen labels: inpage/seen.js)."""
    await open_page(SEARCHABLE)
    model = await snapshot()
    combo = next(c for c in model["controls"] if c["role"] == "combobox")
    assert combo["name"] == "Country" and combo.get("name_from") == "seen"


async def test_icons_without_names_get_a_description_kept_apart_from_the_name(open_page, snapshot):
    await open_page(ICONS)
    model = await snapshot()
    described = {c["description"]: c for c in model["controls"] if c.get("description")}
    assert set(described) == {"Previous month", "chevron right", "Notifications"}
    assert all(c["name"] == "" for c in described.values())


async def test_an_empty_editor_shows_as_empty_with_its_placeholder(open_page, snapshot):
    await open_page(EDITOR)
    model = await snapshot()
    comment, note = [c for c in model["controls"] if c["role"] == "textbox"]
    assert comment["name"] == "Comment" and comment["value_len"] == 0
    assert comment["placeholder"] == "Write a comment…"
    assert note["placeholder"] == "Add a note" and note["value_len"] == 0
    text = await snapshot("text")
    assert 'Comment ph:"Write a comment…" empty' in text
    assert "len=1" not in text


async def test_effects_name_a_control_as_the_snapshot_does(open_page, snapshot, call):
    await open_page("""<!doctype html><button id=op><span>GET</span><div>/pets</div><div>List all pets</div></button>
<label>Size <select><option>Small</option><option>Large</option></select></label>""")
    model = await snapshot()
    button, select = model["controls"]
    assert button["name"] == "GET /pets List all pets"
    result = await call("browser_dom", action="click", element_id=button["id"])
    assert result.success, result.error
    assert result.data["effects"]["focus"]["name"] == button["name"]
    result = await call("browser_dom", action="select", element_id=select["id"], option="Medium")
    assert result.code == "VALIDATION_ERROR"
    result = await call("browser_dom", action="click", element_id=select["id"])
    assert result.data["effects"]["focus"]["name"] == select["name"] == "Size"


# Lists only the first five matches: the rest appear once the search box has text.
VIRTUAL = """<!doctype html><title>Country</title>
<input id=q role=combobox aria-label=Country aria-controls=list aria-expanded=false oninput="render(this.value)"
  onclick="render(this.value)">
<div id=list role=listbox hidden></div>
<script>
const ALL = Array.from({length: 60}, (_, i) => 'Country ' + i).concat(['Portugal', 'Spain']);
function render(q) {
  const list = document.getElementById('list'); list.hidden = false; list.innerHTML = '';
  for (const name of ALL.filter(n => n.toLowerCase().includes(q.toLowerCase())).slice(0, 5)) {
    const o = document.createElement('div'); o.setAttribute('role', 'option'); o.textContent = name;
    o.onclick = () => { window.picked = name; list.hidden = true; }; list.appendChild(o);
  }
}
</script>"""


async def test_select_types_into_a_searchable_combobox_to_find_an_option_not_rendered_yet(
    open_page, snapshot, call, js
):
    await open_page(VIRTUAL)
    combo = next(c for c in (await snapshot())["controls"] if c["role"] == "combobox")
    result = await call("browser_dom", action="select", element_id=combo["id"], option="Portugal")
    assert result.success, result.error
    assert await js("window.picked") == "Portugal"


async def test_select_opens_a_searchable_combobox_over_a_hidden_select(open_page, snapshot, call, js):
    await open_page(SEARCHABLE)
    combo = next(c for c in (await snapshot())["controls"] if c["role"] == "combobox")
    result = await call("browser_dom", action="select", element_id=combo["id"], option="Portugal")
    assert result.success, result.error
    assert await js("window.picked") == "Portugal"

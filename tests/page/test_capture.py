"""The page model captured from real pages: the spec's acceptance scenarios and edge cases."""

from __future__ import annotations

import json

from browserx.actions.navigation import navigate
from browserx.page import DomService, SnapshotOptions
from browserx.page.render import llm_json, render_text
from browserx.page.world import PageWorld


async def open_model(server, tab, html: str, path: str = "/page", **options):
    await navigate(tab, server.route(path, html))
    return await DomService.of(tab).snapshot(SnapshotOptions(**options), fresh=True)


async def page_eval(tab, expression: str):
    result = await tab.session.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
    return result["result"].get("value")


async def count_matches(tab, selector: str) -> int:
    """How many elements the aimap selector matches, following ` >> ` hops into frames and shadow roots."""
    return await page_eval(
        tab,
        f"""(() => {{
      let roots = [document];
      for (const part of {json.dumps(selector)}.split(" >> ")) {{
        const found = roots.flatMap(r => [...r.querySelectorAll(part)]);
        roots = found.map(e => e.shadowRoot || (e.contentDocument) || e);
        if (found.length !== 1) return found.length;
      }}
      return 1;
    }})()""",
    )


def by_name(model, name):
    return next(c for c in model.controls if c.name == name)


LOGIN = """<!doctype html><title>Login</title><main><h1>Login</h1>
<form><label for=email>Email</label><input id=email type=email required placeholder="you@example.com">
<label>Password <input type=password required></label>
<button type=submit>Sign In</button></form></main>"""


async def test_login_form_gives_heading_two_textboxes_and_a_button_with_typed_ids(server, tab):
    model = await open_model(server, tab, LOGIN)
    assert [h.text for h in model.headings] == ["Login"]
    assert [(c.id, c.role, c.name) for c in model.controls] == [
        ("te_1", "textbox", "Email"),
        ("te_2", "textbox", "Password"),
        ("bu_3", "button", "Sign In"),
    ]
    email, password, _ = model.controls
    assert email.states == {"required": True} and email.placeholder == "you@example.com" and email.value_len == 0
    assert password.states == {"required": True} and password.filled is False and password.value_len is None
    assert set(model.aimap) == {"te_1", "te_2", "bu_3"} and model.aimap["te_1"] == "#email"
    assert "aimap" not in llm_json(model) and "#email" not in render_text(model)
    assert model.title == "Login" and model.url.endswith("/page")


async def test_a_page_over_the_cap_keeps_in_viewport_enabled_controls_first_and_counts_the_rest(server, tab):
    buttons = "".join(f"<button {'disabled' if i % 2 else ''}>B{i}</button><br>" for i in range(30))
    below = "".join(f"<a href='#l{i}'>L{i}</a><br>" for i in range(250))
    heads = "".join(f"<h2>H{i}</h2>" for i in range(40))
    html = f"<body style='margin:0'><div>{buttons}</div><div style='height:3000px'></div>{below}{heads}</body>"
    model = await open_model(server, tab, html, max_controls=20, max_headings=5)
    assert len(model.controls) == 20 and model.omitted["controls"] == 260
    assert all(c.in_viewport for c in model.controls)
    assert sum(not c.disabled for c in model.controls) == 15  # every enabled one, then disabled ones
    enabled_only = await DomService.of(tab).snapshot(SnapshotOptions(max_controls=15))
    assert all(c.in_viewport and not c.disabled for c in enabled_only.controls)
    assert [h.text for h in model.headings] == ["H0", "H1", "H2", "H3", "H4"] and model.omitted["headings"] == 35
    assert "260 controls" in render_text(model)


PRIVATE = """<input id=pw type=password><input id=nm><textarea id=bio></textarea>
<select id=s><option>Alpha</option><option selected>Bravo</option></select>
<label>Quantity <input id=q value="7"></label>"""


async def test_password_and_field_values_never_appear_unless_asked_and_passwords_never(server, tab):
    await navigate(tab, server.route("/p", PRIVATE))
    await page_eval(tab, "pw.value='secret123'; nm.value='Alice Zed'; bio.value='x'.repeat(300)")
    service = DomService.of(tab)
    model = await service.snapshot(fresh=True)
    pw = model.controls[0]
    assert pw.filled is True and pw.value_len is None and pw.value is None
    everything = json.dumps(model.to_json_dict()) + render_text(model)
    for secret in ("secret123", "Alice Zed", "xxxx", '"7"'):
        assert secret not in everything
    # The unnamed select lists the options it offers ("Alpha", "Bravo"), never which one is chosen: the
    # model is the same whichever it is.
    assert model.controls[3].options == ["Alpha", "Bravo"] and model.controls[3].value is None
    await page_eval(tab, "s.value = 'Alpha'")
    other = await service.snapshot(fresh=True)
    assert render_text(other) == render_text(model) and other.to_json_dict() == model.to_json_dict()
    await page_eval(tab, "s.value = 'Bravo'")
    assert by_name(model, "Quantity").value_len == 1
    shown = await service.snapshot(SnapshotOptions(include_values=True))
    values = {c.id: c.value for c in shown.controls}
    assert values[pw.id] == "•••" and "secret123" not in json.dumps(shown.to_json_dict())
    assert values[shown.controls[1].id] == "Alice Zed"
    assert values[shown.controls[2].id] == "x" * 200
    assert values[shown.controls[3].id] == "Bravo"


STATES = """<input type=checkbox id=a checked><label for=a>A</label>
<input type=checkbox id=b><label for=b>B</label>
<input type=checkbox id=c><label for=c>C</label>
<button aria-expanded=false>Menu</button><details><summary>More</summary>x</details>
<fieldset disabled><button>Inside</button></fieldset><div role=button tabindex=0 aria-disabled=true>Soft</div>
<button aria-pressed=true>Bold</button>
<div role=tablist><div role=tab aria-selected=true>One</div><div role=tab aria-selected=false>Two</div></div>
<input required id=r aria-label=Req>"""


async def test_states_report_checked_mixed_expanded_disabled_pressed_selected_required(server, tab):
    await navigate(tab, server.route("/s", STATES))
    await page_eval(tab, "c.indeterminate = true")
    model = await DomService.of(tab).snapshot(fresh=True)
    states = {c.name: c.states for c in model.controls}
    assert (
        states["A"] == {"checked": True} and states["B"] == {"checked": False} and states["C"] == {"checked": "mixed"}
    )
    assert states["Menu"] == {"expanded": False} and states["More"] == {"expanded": False}
    assert states["Inside"] == {"disabled": True} and states["Soft"] == {"disabled": True}
    assert states["Bold"] == {"pressed": True}
    assert states["One"] == {"selected": True} and states["Two"] == {}
    assert states["Req"] == {"required": True}


async def test_states_change_between_snapshots_when_the_page_changes_them(server, tab):
    await navigate(tab, server.route("/s", STATES))
    service = DomService.of(tab)
    before = await service.snapshot()
    await page_eval(
        tab,
        "document.querySelector('details').open = true;"
        "document.querySelector('[aria-expanded]').setAttribute('aria-expanded', 'true')",
    )
    after = await service.snapshot()  # not fresh: the cache must notice the change itself
    assert by_name(before, "More").states == {"expanded": False}
    assert by_name(after, "More").states == {"expanded": True} and by_name(after, "Menu").states == {"expanded": True}


NESTED = """<header><nav><a href=/a>A</a></nav><a href=/logo>Logo</a></header>
<main><form aria-label="Sign up"><input aria-label=Email></form><section><button>Plain</button></section>
<nav aria-label="Pages"><a href=/2>2</a></nav></main>
<nav><a href=/b>B</a></nav><aside><button>Side</button></aside><footer><a href=/c>C</a></footer>
<article><header><a href=/x>X</a></header></article>
<div role=dialog aria-label=Prefs><button>OK</button></div>"""


async def test_nested_regions_tag_each_control_with_its_nearest_landmark_deduplicated(server, tab):
    model = await open_model(server, tab, NESTED)
    regions = {c.name: c.region for c in model.controls}
    assert regions == {
        "A": "navigation",
        "Logo": "header",
        "Email": 'form "Sign up"',
        "Plain": "main",
        "2": 'navigation "Pages"',
        "B": "navigation",
        "Side": "aside",
        "C": "footer",
        "X": None,
        "OK": 'dialog "Prefs"',
    }
    assert model.regions == [
        "header",
        "navigation",
        "main",
        'form "Sign up"',
        'navigation "Pages"',
        "aside",
        "footer",
        'dialog "Prefs"',
    ]


async def test_a_page_without_controls_gives_headings_regions_text_and_no_controls(server, tab):
    model = await open_model(server, tab, "<main><h1>Hello</h1><p>Just text, nothing to press.</p></main>")
    assert model.controls == [] and model.aimap == {}
    assert [h.text for h in model.headings] == ["Hello"] and model.regions == ["main"]
    assert "(no controls)" in render_text(model)


HIDDEN = """<button>Shown</button><button aria-hidden=true>AriaHidden</button><button hidden>HiddenAttr</button>
<div style="display:none"><button>DisplayNone</button></div><button style="visibility:hidden">VisHidden</button>
<div style="opacity:0"><button>Transparent</button></div><button style="width:0;height:0;padding:0;border:0;overflow:hidden">Zero</button>
<a href=/x style="position:absolute;left:-9999px">Offscreen</a><input type=hidden name=h><input type=file id=f>
<div style="content-visibility:hidden"><button>CVHidden</button></div>
<div style="height:0;overflow:hidden"><button>Clipped</button></div>
<div style="display:none"><input type=file id=g></div>"""


async def test_hidden_zero_size_offscreen_clipped_are_left_out_and_file_inputs_kept_for_uploads(server, tab):
    model = await open_model(server, tab, HIDDEN)
    assert [c.name for c in model.controls if c.role != "file"] == ["Shown"]
    files = [c for c in model.controls if c.role == "file"]  # issue 14: uploads need them, hidden ones too
    assert len(files) == 2 and [c.visible for c in files] == [True, False]
    assert all(c.id.startswith("fi_") for c in files)
    without = await DomService.of(tab).snapshot(SnapshotOptions(include_file_inputs=False))
    assert [c.name for c in without.controls] == ["Shown"]


async def test_viewport_flag_needs_at_least_half_the_area_inside(server, tab):
    height = tab.viewport[1]
    html = f"""<body style="margin:0;height:5000px">
    <button style="position:absolute;top:10px;height:100px">Full</button>
    <button style="position:absolute;top:{height - 40}px;height:100px">Forty</button>
    <button style="position:absolute;top:{height - 60}px;left:200px;height:100px">Sixty</button>
    <button style="position:absolute;top:{height + 200}px;height:100px">Below</button>
    <button style="position:absolute;top:10px;left:-60px;width:100px;height:40px">LeftSixty</button></body>"""
    model = await open_model(server, tab, html)
    assert {c.name: c.in_viewport for c in model.controls} == {
        "Full": True,
        "Forty": False,
        "Sixty": True,
        "Below": False,
        "LeftSixty": False,
    }
    assert by_name(model, "Full").bbox == [0, 10, by_name(model, "Full").bbox[2], 100]
    await page_eval(tab, f"scrollTo(0, {height})")
    scrolled = await DomService.of(tab).snapshot()
    assert by_name(scrolled, "Below").in_viewport and not by_name(scrolled, "Full").in_viewport


IFRAME_CHILD = "<h2>Inside</h2><button id=b>In frame</button><input aria-label=Code>"


async def test_same_origin_iframe_controls_are_included_offset_and_resolvable(server, tab):
    server.route("/child", IFRAME_CHILD)
    html = (
        "<button>Top</button><iframe id=f src=/child style='position:absolute;left:100px;top:200px;border:0'></iframe>"
    )
    await navigate(tab, server.route("/top", html))
    async with tab.session.wait_for(
        "Page.frameStoppedLoading", timeout=5, predicate=lambda p: p["frameId"] != tab.target_id
    ):
        await page_eval(tab, "f.src = '/child?again'")
    service = DomService.of(tab)
    model = await service.snapshot(fresh=True)
    inner = by_name(model, "In frame")
    assert inner.bbox[0] >= 100 and inner.bbox[1] >= 200
    assert model.aimap[inner.id] == "#f >> #b"
    assert await count_matches(tab, model.aimap[inner.id]) == 1
    assert await service.backend_node_id(inner.id) > 0
    assert [c.name for c in (await service.snapshot(SnapshotOptions(max_iframe_depth=0))).controls] == ["Top"]


SHADOW = """<div id=host></div><script>
const root = host.attachShadow({mode: 'open'});
root.innerHTML = '<button>Shadow</button><slot></slot><label>Deep <input></label>';
</script>"""


async def test_open_shadow_root_controls_are_found_with_hop_selectors(server, tab):
    service = DomService.of(tab)
    model = await open_model(server, tab, SHADOW)
    shadow = by_name(model, "Shadow")
    assert model.aimap[shadow.id].startswith("#host >> ")
    assert await count_matches(tab, model.aimap[shadow.id]) == 1
    assert by_name(model, "Deep").role == "textbox"
    assert await service.backend_node_id(shadow.id) > 0


DUPLICATES = """<div><button id=dup>One</button></div><div><button id=dup>Two</button></div>
<ul><li><a href=/1 data-testid=item>x</a></li><li><a href=/2 data-testid=item>x</a></li></ul>
<button data-testid=only>Only</button><svg><a href=/svg><text>svg link</text></a></svg>
<p><button id="we:ird.id">Weird</button></p>"""


async def test_identical_selectors_still_give_unique_ids_and_exact_selectors(server, tab):
    model = await open_model(server, tab, DUPLICATES)
    ids = [c.id for c in model.controls]
    assert len(ids) == len(set(ids)) == 7
    assert model.aimap[by_name(model, "Only").id] == '[data-testid="only"]'
    assert model.aimap[by_name(model, "Weird").id] == "#we\\:ird\\.id"
    for element_id, selector in model.aimap.items():
        assert await count_matches(tab, selector) == 1, (element_id, selector)
    assert len(set(model.aimap.values())) == len(model.aimap)


CONFLICTS = """<a href=/go role=button>Go</a><button role=presentation>Still button</button>
<div role="bogus switch" aria-checked=true tabindex=0>Wifi</div><input type=checkbox role=switch checked aria-label=Native>
<span role=link tabindex=0>Span link</span><h4 role=heading aria-level=2>Role heading</h4><h4>Deep</h4>"""


async def test_conflicting_roles_use_the_explicit_role_unless_it_hides_a_focusable_element(server, tab):
    model = await open_model(server, tab, CONFLICTS)
    roles = {c.name: (c.role, c.states) for c in model.controls}
    assert roles == {
        "Go": ("button", {}),
        "Still button": ("button", {}),
        "Wifi": ("switch", {"checked": True}),
        "Native": ("switch", {"checked": True}),
        "Span link": ("link", {}),
    }
    assert model.controls[0].id.startswith("bu_") and model.controls[0].href == "/go"
    assert [(h.level, h.text) for h in model.headings] == [(2, "Role heading")]


NAMES = """<span id=l1>Labelled</span><span id=l2>by two</span><button aria-labelledby="l1 l2">x</button>
<button aria-label="  Spaced   out  ">y</button><a href=/i><img src=a.png alt="Image alt"></a>
<button title=Tooltip></button><input placeholder="Only placeholder"><input type=submit value=Send><input type=submit>
<input type=image alt=Pic src=a.png><button>Visible <span style=display:none>Secret</span>part</button>
<label>Amount <input value=12345> dollars</label><label for=x1>For-label</label><input id=x1>
<button><svg><title>Svg title</title></svg></button><button>{long}</button>
<span id=hid hidden>Hidden label</span><button aria-labelledby=hid>z</button>""".replace("{long}", "word " * 60)


async def test_accessible_names_follow_accname(server, tab):
    model = await open_model(server, tab, NAMES)
    names = [c.name for c in model.controls]
    assert names[:12] == [
        "Labelled by two",
        "Spaced out",
        "Image alt",
        "Tooltip",
        "Only placeholder",
        "Send",
        "Submit",
        "Pic",
        "Visible part",
        "Amount dollars",
        "For-label",
        "Svg title",
    ]
    assert len(names[12]) == 160 and names[12].endswith("…")
    assert names[13] == "Hidden label"


async def test_links_are_relative_when_same_origin_and_absolute_otherwise(server, tab):
    html = "<a href=/a/b?q=1>Same</a><a href=#frag>Frag</a><a href=https://example.org/x>Other</a><a href=javascript:void(0)>Js</a>"
    model = await open_model(server, tab, html)
    assert {c.name: c.href for c in model.controls} == {
        "Same": "/a/b?q=1",
        "Frag": "#frag",
        "Other": "https://example.org/x",
        "Js": None,
    }
    based = await DomService.of(tab).snapshot(SnapshotOptions(base_url="https://example.org/"))
    assert by_name(based, "Other").href == "/x" and by_name(based, "Same").href.startswith("http://127.0.0.1")


CLICKABLE = """<div style="cursor:pointer" class=card><span>Card</span> <b>title</b><p>more</p></div>
<span onclick="void 0">Onclick</span><label style="cursor:pointer"><input type=checkbox> Check</label>
<button style="cursor:pointer"><span>Inner</span></button>"""


async def test_page_made_clickables_count_once_not_per_child(server, tab):
    model = await open_model(server, tab, CLICKABLE)
    assert [(c.role, c.name) for c in model.controls] == [
        ("clickable", "Card title more"),
        ("clickable", "Onclick"),
        ("checkbox", "Check"),
        ("button", "Inner"),
    ]
    assert model.controls[0].id.startswith("cl_")


async def test_reader_text_is_capped_with_the_cut_counted(server, tab):
    article = (
        "<main><article><h1>T</h1>"
        + "".join(f"<p>Sentence number {i}, with commas, and words.</p>" for i in range(200))
        + "</article></main>"
    )
    model = await open_model(server, tab, article, max_text_chars=500)
    assert 0 < len(model.text) <= 500 and model.omitted["text"] > 0
    assert "Sentence number 0" in model.text


async def test_model_text_is_the_readers_text_and_the_cut_is_counted_close_to_exact(server, tab):
    # The capture feeds the reader its style facts and stops rendering past the cap: neither may
    # change the text, and the count of what was cut stays close to the truth.
    article = (
        "<nav><a href=/a>Home</a></nav><main><article><h1>Title</h1>"
        + "".join(
            f"<p>Paragraph {i} says something, at length, about <b>bold</b> and "
            f"<span style='display:inline-block'>boxes</span>.</p>"
            for i in range(300)
        )
        + "<p style='opacity:0'>Faded away</p><p><span style='position:fixed;top:0'>Pinned</span></p>"
        + "</article></main><footer>Footer words</footer>"
    )
    full_model = await open_model(server, tab, article, max_text_chars=200_000)
    full = await PageWorld.of(tab).call("function () { return globalThis.__browserxReader.extract(document, {}); }")
    assert full_model.text == full.strip() and full_model.omitted["text"] == 0
    assert "Paragraph 299" in full and "Faded away" not in full and "Footer words" not in full
    capped = await DomService.of(tab).snapshot(SnapshotOptions(max_text_chars=1000), fresh=True)
    assert full.startswith(capped.text)
    cut = len(full) - len(capped.text)
    assert 0.75 * cut <= capped.omitted["text"] <= 1.25 * cut


CUSTOM_CHECKBOX = """<style>.vh { position:absolute; width:1px; height:1px; overflow:hidden; clip:rect(0 0 0 0); opacity:0 }</style>
<label for=agree style="display:inline-block;padding:10px">I agree</label><input id=agree type=checkbox class=vh>
<input id=ghost type=checkbox class=vh aria-label=Unlabelled>"""


async def test_visually_hidden_checkbox_behind_a_visible_label_is_reported_with_the_label_box(server, tab):
    model = await open_model(server, tab, CUSTOM_CHECKBOX)
    assert [(c.name, c.visible) for c in model.controls] == [("I agree", True)]
    assert model.controls[0].bbox[2] > 20  # the label's box, not the 1-pixel input


MODAL = """<button>Behind</button><dialog id=d><button>Inside</button></dialog>
<script>document.getElementById('d').showModal()</script>"""


async def test_controls_behind_a_modal_dialog_are_blocked_and_only_counted(server, tab):
    model = await open_model(server, tab, MODAL)
    assert {c.name: c.states for c in model.controls} == {"Inside": {}}
    assert model.omitted["blocked"] == 1 and model.modal["blocked"] == 1
    assert by_name(model, "Inside").region == "dialog"


async def test_contenteditable_host_is_one_textbox_with_its_length_only(server, tab):
    model = await open_model(server, tab, "<div contenteditable aria-label=Note>hello <b>there</b></div>")
    assert [(c.role, c.name, c.value_len) for c in model.controls] == [("textbox", "Note", 11)]
    assert "hello" not in render_text(model).split("---")[0]


async def test_content_visibility_hidden_hides_what_chromium_hides_and_not_a_table_row(server, tab):
    # Table rows cannot be contained, so Chromium draws a hidden-content row's cells; a cell or a div it hides.
    model = await open_model(
        server,
        tab,
        """<table><tr style="content-visibility:hidden"><td><button>In row</button></td></tr>
        <tbody style="content-visibility:hidden"><tr><td><button>In body</button></td></tr></tbody>
        <tr><td style="content-visibility:hidden"><button>In cell</button></td></tr></table>
        <div style="content-visibility:hidden"><button>In div</button></div>""",
    )
    assert [c.name for c in model.controls] == ["In row", "In body"]
    seen = await tab.session.send(
        "Runtime.evaluate",
        {
            "expression": "[...document.querySelectorAll('button')].filter(b => b.checkVisibility()).map(b => b.textContent)",
            "returnByValue": True,
        },
    )
    assert seen["result"]["value"] == ["In row", "In body"]  # what Chromium itself shows

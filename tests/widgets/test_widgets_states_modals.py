"""Readonly fields (issue 18 item 5) and modal dialogs (item 4) on test pages of our own."""

from __future__ import annotations

READONLY_PICKER = """<!doctype html><title>Booking</title>
<label for=start>Start date</label>
<input id=start readonly value="2026-11-24" onclick="document.getElementById('cal').hidden = false">
<div role=textbox aria-readonly=true aria-label="Nights" tabindex=0>3</div>
<div id=cal hidden><button onclick="document.getElementById('start').value = '2026-11-25'">25</button></div>"""


async def test_a_readonly_picker_shows_the_readonly_state(open_page, snapshot, named):
    await open_page(READONLY_PICKER)
    model = await snapshot()
    assert named(model, "Start date")["states"].get("readonly") is True
    assert named(model, "Nights")["states"].get("readonly") is True
    assert "readonly" in (await snapshot("text"))


async def test_typing_into_a_readonly_picker_answers_element_readonly_and_changes_nothing(
    open_page, snapshot, call, js, named
):
    await open_page(READONLY_PICKER)
    field = named(await snapshot(), "Start date")
    result = await call("browser_dom", action="type", element_id=field["id"], text="2027-01-01")
    assert result.code == "ELEMENT_READONLY"
    assert result.error["hint"]
    assert await js("document.getElementById('start').value") == "2026-11-24"
    # The widget's own controls still work: clicking the field opens its calendar.
    result = await call("browser_dom", action="click", element_id=field["id"])
    assert result.success, result.error
    day = named(await snapshot(), "25")
    assert (await call("browser_dom", action="click", element_id=day["id"])).success
    assert await js("document.getElementById('start').value") == "2026-11-25"


async def test_aria_readonly_textbox_refuses_typing_with_element_readonly(open_page, snapshot, call, named):
    await open_page(READONLY_PICKER)
    nights = named(await snapshot(), "Nights")
    result = await call("browser_dom", action="type", element_id=nights["id"], text="5", strategy="script")
    assert result.code == "ELEMENT_READONLY"


# A confirm modal that fades in over 300 ms: an overlay (the backdrop) holding an aria-modal dialog.
FADING_MODAL = """<!doctype html><title>Files</title>
<style>
#overlay { position: fixed; inset: 0; background: rgba(0,0,0,.5); visibility: hidden; opacity: 0;
           transition: opacity 300ms linear, visibility 300ms; }
#overlay.open { visibility: visible; opacity: 1; }
.box { margin: 100px auto; width: 300px; background: white; padding: 16px; }
</style>
<main><h1>Files</h1><p>report.pdf — 2 MB</p>
<button id=del onclick="document.getElementById('overlay').classList.add('open')">Delete report.pdf</button>
<a href="#help">Help</a></main>
<div id=overlay><div class=box role=dialog aria-modal=true aria-labelledby=t>
  <h2 id=t>Delete file?</h2>
  <p>This removes report.pdf for everyone in the team.</p><p>It cannot be undone.</p>
  <button>Cancel</button> <button>Delete</button>
</div></div>"""

BACKDROP_MODAL = """<!doctype html><title>Shop</title>
<style>.backdrop { position: fixed; inset: 0; background: rgba(0,0,0,.4); }
.panel { position: fixed; top: 80px; left: 200px; width: 320px; background: white; padding: 12px; }</style>
<button>Add to cart</button><a href="/cart">Cart</a>
<div class=backdrop></div>
<div class=panel role=dialog aria-label="Newsletter"><p>Get 10% off your first order.</p>
<button>No thanks</button></div>"""


async def test_after_clicking_a_fading_modal_the_action_waits_for_it_and_the_model_leads_with_it(
    open_page, snapshot, call, js, named
):
    await open_page(FADING_MODAL)
    opener = named(await snapshot(), "Delete report.pdf")
    result = await call("browser_dom", action="click", element_id=opener["id"])
    assert result.success, result.error
    # The action settled the 300 ms fade: the dialog is fully shown when the result comes back.
    assert await js("getComputedStyle(document.getElementById('overlay')).opacity") == "1"
    model = await snapshot()
    assert model["modal"]["name"] == "Delete file?"
    assert "for everyone in the team" in model["modal"]["text"]
    assert "It cannot be undone." in model["modal"]["text"]
    assert sorted(c["name"] for c in model["controls"]) == ["Cancel", "Delete"]
    assert model["omitted"]["blocked"] == 2  # "Delete report.pdf" and "Help", behind the dialog
    text = await snapshot("text")
    lines = text.splitlines()
    assert lines[1].startswith("MODAL dialog") and "blocked" in lines[1]
    assert "It cannot be undone." in "\n".join(lines[:8])


async def test_a_dialog_over_a_backdrop_that_covers_the_page_is_modal(open_page, snapshot):
    await open_page(BACKDROP_MODAL)
    model = await snapshot()
    assert model["modal"]["name"] == "Newsletter"
    assert [c["name"] for c in model["controls"]] == ["No thanks"]
    assert model["omitted"]["blocked"] == 2


async def test_a_non_modal_dialog_leaves_the_page_actionable(open_page, snapshot):
    await open_page("""<!doctype html><button>Main action</button>
<div role=dialog aria-label=Chat style="position:fixed;right:0;bottom:0;width:200px;background:#eee">
<p>Hi!</p><button>Send</button></div>""")
    model = await snapshot()
    assert "modal" not in model
    assert sorted(c["name"] for c in model["controls"]) == ["Main action", "Send"]

"""Controls inside scroll areas (issue 18 item 1): a listbox of 40 options in a 300 px box."""

from __future__ import annotations

OPTIONS = "".join(
    f'<div role=option id=o{i} data-value=v{i} onclick="choose(this)">Option {i}</div>' for i in range(1, 41)
)
OPEN_LISTBOX = f"""<!doctype html><title>Pick</title>
<style>#list {{ height: 300px; overflow-y: auto; border: 1px solid #999; width: 200px }}
[role=option] {{ padding: 6px; cursor: pointer }}</style>
<label id=lab>Fruit</label>
<div id=list role=listbox aria-labelledby=lab tabindex=0>{OPTIONS}</div>
<script>function choose(o) {{ window.chosen = o.textContent; o.setAttribute('aria-selected', 'true'); }}</script>"""

# A closed custom combobox: its popup (the same 300 px scroll box) opens on click.
COMBOBOX = f"""<!doctype html><title>Pick</title>
<style>#list {{ position: absolute; top: 40px; height: 300px; overflow-y: auto; width: 200px; background: white }}
[role=option] {{ padding: 6px; cursor: pointer }}</style>
<button id=cb role=combobox aria-label=Fruit aria-expanded=false aria-controls=list
  onclick="document.getElementById('list').hidden = false; this.setAttribute('aria-expanded', 'true')">Choose</button>
<div id=list role=listbox hidden>{OPTIONS}</div>
<script>function choose(o) {{ window.chosen = o.textContent; document.getElementById('list').hidden = true; }}</script>"""


async def test_options_below_the_fold_of_a_scroll_box_are_listed_with_their_container(open_page, snapshot, named):
    await open_page(OPEN_LISTBOX)
    model = await snapshot()
    listbox = next(c for c in model["controls"] if c["role"] == "listbox")
    options = [c for c in model["controls"] if c["role"] == "option"]
    assert [c["name"] for c in options] == [f"Option {i}" for i in range(1, 41)]
    last = named(model, "Option 40")
    assert last["inViewport"] is False and last["visible"] is True
    assert last["container"] == listbox["id"]
    assert named(model, "Option 1")["inViewport"] is True and "container" not in named(model, "Option 1")
    assert model["omitted"]["controls"] == 0
    assert f"Option 40 [in {listbox['id']}]" in await snapshot("text")


async def test_clicking_an_option_below_the_fold_scrolls_it_into_view_inside_its_box(
    open_page, snapshot, call, js, named
):
    await open_page(OPEN_LISTBOX)
    option = named(await snapshot(), "Option 37")
    result = await call("browser_dom", action="click", element_id=option["id"])
    assert result.success, result.error
    assert await js("window.chosen") == "Option 37"
    assert await js("document.getElementById('list').scrollTop") > 0
    assert named(await snapshot(), "Option 37")["inViewport"] is True


async def test_select_finds_an_option_below_the_fold_of_a_listbox(open_page, snapshot, call, js, named):
    await open_page(OPEN_LISTBOX)
    listbox = next(c for c in (await snapshot())["controls"] if c["role"] == "listbox")
    result = await call("browser_dom", action="select", element_id=listbox["id"], option="Option 39")
    assert result.success, result.error
    assert await js("window.chosen") == "Option 39"


async def test_select_opens_a_combobox_and_picks_an_option_below_the_fold(open_page, snapshot, call, js, named):
    await open_page(COMBOBOX)
    combobox = named(await snapshot(), "Fruit")
    result = await call("browser_dom", action="select", element_id=combobox["id"], option="Option 38")
    assert result.success, result.error
    assert await js("window.chosen") == "Option 38"


async def test_options_the_cap_leaves_out_are_counted_with_their_scroll_area(open_page, snapshot):
    await open_page(OPEN_LISTBOX)
    below_fold = sum(1 for c in (await snapshot())["controls"] if c.get("container"))
    model = await snapshot(max_controls=10)
    listbox = next(c for c in model["controls"] if c["role"] == "listbox")
    cut = model["omitted"]["controls"]
    assert cut == 31  # 41 controls (the listbox and its 40 options), 10 listed, all in view
    # The options below the box's fold were all cut: each is counted with the box that holds it.
    assert below_fold >= 25 and model["omitted"]["containers"] == {listbox["id"]: below_fold}
    text = await snapshot("text", max_controls=10)
    assert f"(left out: {cut} controls ({below_fold} in {listbox['id']})" in text

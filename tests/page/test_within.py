"""snapshot within: the model of one part of the page (a dialog, a region, an element), ids unchanged."""

from __future__ import annotations

from browserx.actions.navigation import navigate

PAGE = """<title>Parts</title>
<header><a href="/">Logo</a></header>
<nav aria-label="Primary"><a href="/a">Alpha</a><a href="/b">Beta</a></nav>
<main><h1>Main title</h1><p>Main words of the page.</p><button id=open>Open settings</button>
<section id=box><h2>Box</h2><button>Inside box</button></section></main>
<footer><a href="/legal">Legal</a></footer>
<dialog id=first><h2>First dialog</h2><button>First ok</button></dialog>
<dialog id=settings><h2>Settings</h2><p>Choose your options.</p><label>Name <input></label><button>Save</button></dialog>
<script>
document.getElementById('open').onclick = () => {
  document.getElementById('first').show();
  document.getElementById('settings').showModal();
};
</script>"""


async def snap(call, **extra):
    result = await call("browser_dom", action="snapshot", format="json", **extra)
    assert result.success, result.error
    return result.data


async def test_within_dialog_gives_the_topmost_open_dialog_only_with_the_pages_ids(tab, call, server):
    await navigate(tab, server.route("/within/dialog", PAGE))
    whole = await snap(call)
    opener = next(c["id"] for c in whole["controls"] if c["name"] == "Open settings")
    assert (await call("browser_dom", action="click", element_id=opener)).success
    page = await snap(call)
    ids = {c["name"]: c["id"] for c in page["controls"]}
    part = await snap(call, within="dialog")
    assert [c["name"] for c in part["controls"]] == ["Name", "Save"]
    assert all(ids[c["name"]] == c["id"] for c in part["controls"])
    assert not any(c["states"].get("disabled") for c in part["controls"])  # the modal's own controls work
    assert [h["text"] for h in part["headings"]] == ["Settings"]
    assert "Choose your options." in part["text"] and "Main words" not in part["text"]
    assert part["within"] == "dialog"
    typed = await call("browser_dom", action="type", element_id=part["controls"][0]["id"], text="Ada")
    assert typed.success, typed.error
    text = (await call("browser_dom", action="snapshot", within="dialog")).data
    assert "within: dialog" in text and "Save" in text and "Alpha" not in text


async def test_within_a_region_by_kind_or_label_and_within_an_element(tab, call, server):
    await navigate(tab, server.route("/within/region", PAGE))
    whole = await snap(call)
    ids = {c["name"]: c["id"] for c in whole["controls"]}
    nav = await snap(call, within="navigation")
    assert [c["name"] for c in nav["controls"]] == ["Alpha", "Beta"] and nav["regions"] == ['navigation "Primary"']
    assert all(c["region"] == 'navigation "Primary"' for c in nav["controls"])
    assert (await snap(call, within='navigation "Primary"'))["controls"] == nav["controls"]
    main = await snap(call, within="main")
    assert [c["name"] for c in main["controls"]] == ["Open settings", "Inside box"]
    assert main["text"].startswith("Main title") and "Legal" not in main["text"]
    assert [c["name"] for c in (await snap(call, within="contentinfo"))["controls"]] == ["Legal"]
    inside = next(c for c in whole["controls"] if c["name"] == "Inside box")
    button = await snap(call, within=inside["id"])
    assert [(c["id"], c["name"]) for c in button["controls"]] == [(ids["Inside box"], "Inside box")]


async def test_within_something_absent_is_node_not_found(tab, call, server):
    await navigate(tab, server.route("/within/none", PAGE))
    assert (await call("browser_dom", action="snapshot", within="dialog")).code == "NODE_NOT_FOUND"  # none open
    assert (await call("browser_dom", action="snapshot", within="bu_999")).code == "NODE_NOT_FOUND"
    assert (await call("browser_dom", action="snapshot", within="search")).code == "NODE_NOT_FOUND"


async def test_within_pages_its_own_text(tab, call, server):
    long = "".join(f"<p>Setting {i} explained in a long sentence of words.</p>" for i in range(200))
    await navigate(tab, server.route("/within/long", PAGE.replace("<p>Choose your options.</p>", long)))
    opener = next(c["id"] for c in (await snap(call))["controls"] if c["name"] == "Open settings")
    await call("browser_dom", action="click", element_id=opener)
    whole = await snap(call, within="dialog", max_text_chars=200_000)
    text, offset = "", 0
    while offset is not None:
        piece = await snap(call, within="dialog", max_text_chars=1500, text_offset=offset)
        text += piece["text"]
        offset = piece["next_offset"]
    assert text == whole["text"] and "Setting 199" in text and "Main words" not in text

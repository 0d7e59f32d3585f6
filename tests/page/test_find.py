"""browser_dom action=find: one pass over headings, controls and reader text; found ids act at once."""

from __future__ import annotations

import html

from browserx.actions.navigation import navigate

FRAME = (
    "<button onclick=\"parent.hits.push('frame')\">Pay invoice</button>"
    "<label>Reference <input placeholder='Invoice number'></label>"
)
PAGE = f"""<title>Shop</title>
<nav><a href="/home">Home</a></nav>
<main><h1>Checkout</h1>
<h2>Delivery</h2><p>We deliver parcels within two days. Invoices come by mail.</p>
<label>Country <select id=c><option>France</option><option>Norway</option></select></label>
<h2>Payment</h2><p>Pay by card or by invoice; the invoice is due in thirty days.</p>
<button onclick="hits.push('main')">Pay now</button>
<div id=host></div>
<iframe srcdoc="{html.escape(FRAME)}"></iframe>
<button style="display:none">Pay hidden</button>
</main>
<script>
window.hits = [];
const root = document.getElementById('host').attachShadow({{mode: 'open'}});
root.innerHTML = "<button>Pay later</button>";
root.querySelector('button').onclick = () => hits.push('shadow');
</script>"""


async def open_shop(tab, server):
    await navigate(tab, server.route("/find/shop", PAGE))  # the load event waits for the frame too


async def find(call, query, **extra):
    result = await call("browser_dom", action="find", query=query, **extra)
    assert result.success, result.error
    return result.data


async def test_found_controls_in_the_page_a_frame_and_a_shadow_root_can_be_clicked(tab, call, server):
    await open_shop(tab, server)
    data = await find(call, "pay")
    controls = {m["name"]: m for m in data["matches"] if m["kind"] == "control"}
    assert set(controls) >= {"Pay now", "Pay later", "Pay invoice"} and "Pay hidden" not in controls
    for name, where in (("Pay now", "main"), ("Pay later", "shadow"), ("Pay invoice", "frame")):
        clicked = await call("browser_dom", action="click", element_id=controls[name]["element_id"])
        assert clicked.success, clicked.error
        hits = (await call("browser_eval", expression="hits")).data["result"]
        assert hits[-1] == where
    assert controls["Pay now"]["heading"] == "Payment" and controls["Pay now"]["region"] == "main"


async def test_found_ids_are_the_snapshots_ids(tab, call, server):
    await open_shop(tab, server)
    snapshot = (await call("browser_dom", action="snapshot", format="json")).data
    ids = {c["name"]: c["id"] for c in snapshot["controls"]}
    data = await find(call, "pay")
    for m in data["matches"]:
        if m["kind"] == "control":
            assert ids[m["name"]] == m["element_id"]
    # and a find before any snapshot numbers ids the next snapshot keeps
    await navigate(tab, server.route("/find/fresh", PAGE.replace("Shop", "Fresh")))
    found = {m["name"]: m["element_id"] for m in (await find(call, "pay now"))["matches"] if m["kind"] == "control"}
    snapshot = (await call("browser_dom", action="snapshot", format="json")).data
    assert {c["name"]: c["id"] for c in snapshot["controls"]}["Pay now"] == found["Pay now"]
    assert len({c["id"] for c in snapshot["controls"]}) == len(snapshot["controls"])


async def test_text_matches_carry_heading_snippet_and_an_offset_to_read_on(tab, call, server):
    await open_shop(tab, server)
    data = await find(call, "thirty days")
    (match,) = [m for m in data["matches"] if m["kind"] == "text"]
    assert match["heading"] == "Payment" and "thirty days" in match["snippet"]
    piece = (
        await call(
            "browser_dom", action="snapshot", format="json", text_offset=match["text_offset"], max_text_chars=300
        )
    ).data
    assert piece["text"].startswith("Pay by card") and "thirty days" in piece["text"]


async def test_headings_placeholders_labels_and_options_match(tab, call, server):
    await open_shop(tab, server)
    heading = (await find(call, "delivery"))["matches"][0]
    assert heading["kind"] == "heading" and heading["text"] == "Delivery" and heading["text_offset"] is not None
    placeholder = [m for m in (await find(call, "invoice number"))["matches"] if m["kind"] == "control"]
    assert placeholder and placeholder[0]["field"] == "placeholder" and placeholder[0]["role"] == "textbox"
    option = [m for m in (await find(call, "norway"))["matches"] if m["kind"] == "control"]
    assert option and option[0]["field"] == "option" and option[0]["role"] == "combobox"
    label = [m for m in (await find(call, "country"))["matches"] if m["kind"] == "control"]
    assert label and label[0]["role"] == "combobox"


async def test_regex_queries_and_the_total_past_max_results(tab, call, server):
    await open_shop(tab, server)
    data = await find(call, r"/invoice\w*/i", max_results=2)
    assert len(data["matches"]) == 2 and data["total"] > 2
    every = await find(call, r"/invoice\w*/i", max_results=100)
    assert len(every["matches"]) == every["total"] == data["total"]
    bad = await call("browser_dom", action="find", query="/(unclosed/")
    assert bad.code == "VALIDATION_ERROR"
    none = await find(call, "no such words anywhere")
    assert none["total"] == 0 and none["matches"] == []
    missing = await call("browser_dom", action="find")
    assert missing.code == "VALIDATION_ERROR"


CLOSED = """<h1>Closed</h1><my-widget></my-widget>
<script>
window.clicks = 0;
customElements.define('my-widget', class extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({mode: 'closed'});
    root.innerHTML = '<button>Hidden away</button>';
    root.querySelector('button').addEventListener('click', () => { window.clicks++; });
  }
});
</script>"""


async def test_a_control_in_a_closed_shadow_root_is_found_and_clicked(tab, call, server):
    await navigate(tab, server.route("/find/closed", CLOSED))  # no snapshot first: find adopts the root
    [match] = [m for m in (await find(call, "hidden away"))["matches"] if m["kind"] == "control"]
    clicked = await call("browser_dom", action="click", element_id=match["element_id"])
    assert clicked.success, clicked.error
    assert (await call("browser_eval", expression="clicks")).data["result"] == 1


LIST = (
    "<h1>Cart</h1>"
    + "".join(f"<p>Item {n} <button aria-label='Remove item {n}'>x</button></p>" for n in range(5))
    + "<p><span id=l>Remove all</span> <input aria-labelledby=l></p>"
)


async def test_controls_past_max_results_are_counted_from_their_attributes_and_labels(tab, call, server):
    # The cheap test before a control's name looks at its attributes, labels and text one by one.
    await navigate(tab, server.route("/find/cart", LIST))
    every = await find(call, "remove", max_results=100)
    assert sum(m["kind"] == "control" for m in every["matches"]) == 6
    assert (await find(call, "remove", max_results=1))["total"] == every["total"] == len(every["matches"])
    spaced = await find(call, "item 3", max_results=1)  # a query with a space still joins them
    assert spaced["total"] == (await find(call, "item 3", max_results=100))["total"] >= 2


# Controls found by their labels in each way HTML associates one (a wrapping label, `for`, two labels, a
# label in a shadow root for a field there), and not by a label whose `for` names an id in another tree.
LABELS = """<title>Labels</title><main>
<label>Quartz wrapped <input name=a></label>
<label for=b>Quartz by for</label> <input id=b>
<label for=c>First</label> <label for=c>Quartz second</label> <input id=c>
<label for=inner>Quartz across trees</label>
<div id=host></div></main>
<script>
const root = document.getElementById('host').attachShadow({mode: 'open'});
root.innerHTML = "<label for=s>Quartz in shadow</label><input id=s><input id=inner>";
</script>"""


async def test_controls_past_max_results_are_counted_by_the_labels_html_gives_them(tab, call, server):
    await navigate(tab, server.route("/find/labels", LABELS))
    every = await find(call, "quartz", max_results=100)
    controls = [m for m in every["matches"] if m["kind"] == "control"]
    assert len(controls) == 4, controls  # the field in the shadow root that a light label names by id is not one
    assert (await find(call, "quartz", max_results=1))["total"] == every["total"]


# An app shell drawn in one fixed layer over the whole viewport is guessed modal (modals.js) only while
# something lies behind it; with nothing behind, it is the page: its text is no dialog's text.
SHELL = """<title>Mail</title><body style="margin:0">
<div style="position:fixed;inset:0;background:#fff"><h1>Mail</h1><button>Compose</button>
<p>Your inbox is empty today.</p></div></body>"""


async def test_an_app_shell_in_one_fixed_layer_is_searched_as_the_page_not_as_a_dialog(tab, server, call):
    await navigate(tab, server.route("/find/shell", SHELL))
    data = await find(call, "inbox is empty")
    assert data["matches"] and not any(m.get("dialog") for m in data["matches"]), data["matches"]

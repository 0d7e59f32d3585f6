"""Cross-origin iframes that run out of process (OOPIFs): with include_cross_origin_iframes the page
model takes their controls through their own targets, in top-viewport terms, and actions by id
work on them; without it they are only counted. The top page is served from 127.0.0.1 and its
frames from localhost (same server, another site): Chromium isolates them in processes of their own."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from browserx.actions import element, keyboard, options
from browserx.actions.navigation import navigate
from browserx.browser.children import children_of
from browserx.errors import ElementCoveredError, NodeNotFoundError
from browserx.page import DomService, SnapshotOptions
from browserx.page import capture as capture_module
from browserx.page.render import render_text

FRAME = """<h2>Pay here</h2>
<button id=pay onclick="this.textContent = 'Paid'; window.paid = (window.paid || 0) + 1">Pay</button>
<input id=card aria-label="Card number">
<select id=plan aria-label=Plan onchange="window.plan = this.value"><option value=m>Monthly</option><option value=y>Yearly</option></select>
<span id=tip onmouseover="window.hovered = true">Help</span>
<span role=button tabindex=0 id=hover-target aria-label=Hover onmouseover="window.hovered = true">?</span>"""

TOP_STYLE = "<style>body { margin: 0 } iframe { display: block; border: 4px solid #888; padding: 6px }</style>"


def oopif(server, path: str, body: str) -> str:
    """Serve `body` and return its URL on localhost: another site than the 127.0.0.1 top page."""
    return server.route(path, body).replace("127.0.0.1", "localhost")


async def load(tab, server, path: str, body: str) -> None:
    await navigate(tab, server.route(path, body))  # the load event waits for the iframes' loads
    await children_of(tab).settle()


def frame_child(tab, url_part: str):
    [child] = [c for c in children_of(tab).frames() if url_part in c.url]
    return child


async def frame_eval(child, expression: str):
    """Evaluate in the frame's own page world (where its scripts record what happened)."""
    result = await child.session.send(
        "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, timeout=10
    )
    return result["result"].get("value")


async def top_eval(tab, expression: str):
    result = await tab.session.send(
        "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}, timeout=10
    )
    return result["result"].get("value")


async def snap(tab, **options):
    return await DomService.of(tab).snapshot(SnapshotOptions(include_cross_origin_iframes=True, **options), fresh=True)


def named(model, name: str):
    [control] = [c for c in model.controls if c.name == name]
    return control


async def pay_page(tab, server, frame_style: str = "width: 500px; height: 260px", before: str = "") -> str:
    inner = oopif(server, "/xo/pay.html", FRAME)
    await load(
        tab,
        server,
        "/xo/top.html",
        f"""{TOP_STYLE}<h1>Shop</h1><button id=top>Top button</button>{before}
<main><iframe id=payframe src="{inner}" style="{frame_style}"></iframe></main>""",
    )
    return inner


# -- what the model shows ------------------------------------------------------------------------


async def test_the_localhost_frame_is_a_real_out_of_process_frame(tab, server):
    inner = await pay_page(tab, server)
    assert [c.target_type for c in children_of(tab).frames()] == ["iframe"]
    targets = (await tab.session.connection.send("Target.getTargets"))["targetInfos"]
    assert any(t["type"] == "iframe" and t["url"] == inner for t in targets)


async def test_without_the_option_frames_are_only_counted(tab, server):
    await pay_page(tab, server)
    model = await DomService.of(tab).snapshot(SnapshotOptions(), fresh=True)
    assert [c.name for c in model.controls] == ["Top button"]
    assert model.omitted["frames"] == 1


async def test_with_the_option_frame_controls_have_top_viewport_boxes(tab, server):
    await pay_page(tab, server, before="<div style='height: 100px'></div>")
    model = await snap(tab)
    assert "frames" not in model.omitted
    assert [h.text for h in model.headings] == ["Shop", "Pay here"]
    pay, card = named(model, "Pay"), named(model, "Card number")
    assert (pay.role, card.role) == ("button", "textbox")
    frame_box = await top_eval(
        tab,
        """(() => { const f = document.getElementById('payframe');
        const r = f.getBoundingClientRect(); return [r.left + 4 + 6, r.top + 4 + 6]; })()""",
    )
    child = frame_child(tab, "/xo/pay.html")
    for control, dom_id in ((pay, "pay"), (card, "card")):
        inner = await frame_eval(
            child,
            f"""(() => {{ const r = document.getElementById('{dom_id}').getBoundingClientRect();
            return [r.left, r.top, r.width, r.height]; }})()""",
        )
        expected = [round(frame_box[0] + inner[0]), round(frame_box[1] + inner[1]), round(inner[2]), round(inner[3])]
        assert control.bbox == expected
        assert control.in_viewport and control.visible
        assert control.region == "main"


async def test_frame_selectors_step_through_the_iframe(tab, server):
    await pay_page(tab, server)
    model = await snap(tab)
    assert model.aimap[named(model, "Pay").id] == "#payframe >> #pay"
    assert model.aimap[named(model, "Card number").id] == "#payframe >> #card"


async def test_in_viewport_follows_the_top_viewport_for_a_frame_partly_below_the_fold(tab, server):
    inner = oopif(
        server,
        "/xo/tall.html",
        "<style>body{margin:0}</style><button>Upper</button><div style='height: 300px'></div><button>Lower</button>",
    )
    # The viewport is 720 px tall; the frame starts at 500 and is 400 tall: "Lower" (at ~821) is below.
    await load(
        tab,
        server,
        "/xo/fold.html",
        f"""{TOP_STYLE}<div style="height: 490px"></div>
<iframe src="{inner}" style="width: 400px; height: 400px"></iframe><div style="height: 800px"></div>""",
    )
    model = await snap(tab)
    upper, lower = named(model, "Upper"), named(model, "Lower")
    assert upper.in_viewport and upper.visible
    assert lower.visible and not lower.in_viewport
    assert lower.bbox[1] > 720


async def test_ids_are_stable_and_never_collide_between_the_page_and_its_frame(tab, server):
    await pay_page(tab, server)
    first = await snap(tab)
    second = await snap(tab)
    assert [(c.id, c.name) for c in first.controls] == [(c.id, c.name) for c in second.controls]
    # New elements on both sides get fresh numbers from one counter per top document.
    child = frame_child(tab, "/xo/pay.html")
    await frame_eval(child, "document.body.insertAdjacentHTML('beforeend', '<button>Frame new</button>'), true")
    await top_eval(tab, "document.body.insertAdjacentHTML('beforeend', '<button>Page new</button>'), true")
    third = await snap(tab)
    ids = [c.id for c in third.controls]
    numbers = [int(i.split("_")[1]) for i in ids]
    assert len(set(numbers)) == len(numbers)
    assert {c.id: c.name for c in first.controls}.items() <= {c.id: c.name for c in third.controls}.items()
    assert {"Frame new", "Page new"} <= {c.name for c in third.controls}


async def test_a_hidden_frame_is_left_out_and_counted(tab, server):
    await pay_page(tab, server, frame_style="width: 500px; height: 260px; visibility: hidden")
    model = await snap(tab)
    assert [c.name for c in model.controls] == ["Top button"]
    assert model.omitted["frames"] == 1


async def test_max_iframe_depth_zero_leaves_the_frame_out_and_counts_it(tab, server):
    await pay_page(tab, server)
    model = await snap(tab, max_iframe_depth=0)
    assert [c.name for c in model.controls] == ["Top button"]
    assert model.omitted["frames"] == 1


async def test_a_nested_frame_adds_its_parent_frame_offset(tab, server):
    deep = server.route("/xo/deep.html", "<style>body{margin:0}</style><button>Deep</button>")  # 127.0.0.1 again
    middle = oopif(
        server,
        "/xo/middle.html",
        f"""<style>body{{margin:0}} iframe{{display:block; border:0; margin-left:30px}}</style>
<button>Middle</button><iframe id=inner src="{deep}" style="width: 200px; height: 80px"></iframe>""",
    )
    await load(
        tab,
        server,
        "/xo/nest.html",
        f"""{TOP_STYLE}<div style="height: 50px"></div>
<iframe id=outer src="{middle}" style="width: 400px; height: 200px"></iframe>""",
    )
    assert len(children_of(tab).frames()) == 2
    model = await snap(tab, max_iframe_depth=2)
    deep_button, middle_button = named(model, "Deep"), named(model, "Middle")
    assert model.aimap[deep_button.id] == "#outer >> #inner >> body > button"
    # The outer frame's content box is at (10, 60); the inner iframe where the middle document put it.
    inner = await frame_eval(
        frame_child(tab, "/xo/middle.html"),
        "(() => { const r = document.getElementById('inner').getBoundingClientRect(); return [r.left, r.top]; })()",
    )
    assert inner[0] == 30
    assert deep_button.bbox[:2] == [round(10 + inner[0]), round(60 + inner[1])]
    assert middle_button.bbox[:2] == [10, 60]
    shallow = await snap(tab, max_iframe_depth=1)
    assert "Deep" not in {c.name for c in shallow.controls}
    assert shallow.omitted["frames"] == 1
    clicked = await element.click(tab, deep_button.id)
    assert clicked["effects"]["focus"]["element_id"] == deep_button.id


async def test_a_frame_inside_a_same_origin_frame_counts_both_frames_for_depth(tab, server):
    inner = oopif(server, "/xo/in-same.html", "<button>Held</button>")
    same = server.route("/xo/same.html", f"<iframe id=cross src='{inner}'></iframe>")
    await load(tab, server, "/xo/same-top.html", f"<iframe id=same src='{same}'></iframe>")
    one = await snap(tab, max_iframe_depth=1)
    assert one.controls == [] and one.omitted["frames"] == 1
    two = await snap(tab, max_iframe_depth=2)
    held = named(two, "Held")
    assert two.aimap[held.id] == "#same >> #cross >> body > button"
    assert "frames" not in two.omitted
    assert (await element.click(tab, held.id))["effects"]["focus"]["element_id"] == held.id


async def test_a_cached_model_with_frames_is_retaken_when_the_frame_changes(tab, server):
    await pay_page(tab, server)
    service, options = DomService.of(tab), SnapshotOptions(include_cross_origin_iframes=True)
    first = await service.snapshot(options)
    assert await service.snapshot(options) is first  # nothing changed anywhere: the cache holds
    child = frame_child(tab, "/xo/pay.html")
    await frame_eval(child, "document.getElementById('pay').textContent = 'Pay now', true")
    changed = await service.snapshot(options)
    assert changed is not first
    assert "Pay now" in {c.name for c in changed.controls}


# -- acting by id ---------------------------------------------------------------------------------


async def test_click_by_id_acts_inside_the_frame(tab, server):
    await pay_page(tab, server)
    model = await snap(tab)
    result = await element.click(tab, named(model, "Pay").id)
    assert result["success"] is True
    assert await frame_eval(frame_child(tab, "/xo/pay.html"), "window.paid") == 1
    assert "Paid" in {c.name for c in (await snap(tab)).controls}


async def test_type_into_a_frame_input_never_shows_the_value(tab, server, call):
    await pay_page(tab, server)
    model = await snap(tab)
    card = named(model, "Card number").id
    await keyboard.type_text(tab, card, "4111 1111")
    child = frame_child(tab, "/xo/pay.html")
    assert await frame_eval(child, "document.getElementById('card').value") == "4111 1111"
    again = await snap(tab)
    assert again.control(card).value_len == len("4111 1111")
    assert "4111" not in render_text(again)
    text = (await call("browser_dom", action="snapshot", include_cross_origin_iframes=True)).data
    assert "Card number" in text and "4111" not in text


async def test_a_link_that_navigates_the_frame_is_not_a_navigation_of_the_tab(tab, server):
    server.route("/xo/next.html", "<p>next</p>")
    inner = oopif(
        server,
        "/xo/links.html",
        "<a href='/xo/next.html'>Next</a> <button onclick=\"history.pushState(null, '', '#pushed')\">Push</button>",
    )
    top = server.url("/xo/links-top.html")
    await load(tab, server, "/xo/links-top.html", f"<iframe src='{inner}'></iframe>")
    model = await snap(tab)
    pushed = await element.click(tab, named(model, "Push").id)
    assert "url" not in pushed["effects"]
    child = frame_child(tab, "/xo/links.html")
    async with child.session.wait_for(
        "Runtime.executionContextCreated",
        timeout=10,
        predicate=lambda p: p["context"].get("auxData", {}).get("isDefault"),
    ):
        result = await element.click(tab, named(model, "Next").id)
    assert "url" not in result["effects"] and "navigation" not in result["effects"]
    assert result["duration_ms"] < 5000
    assert tab.url == top


async def test_keypress_with_an_element_id_types_into_the_frame(tab, server):
    await pay_page(tab, server)
    card = named(await snap(tab), "Card number").id
    await keyboard.keypress(tab, "x", element_id=card)
    assert await frame_eval(frame_child(tab, "/xo/pay.html"), "document.getElementById('card').value") == "x"


async def test_select_and_hover_by_id_act_inside_the_frame(tab, server):
    await pay_page(tab, server)
    model = await snap(tab)
    chosen = await options.select(tab, named(model, "Plan").id, "Yearly")
    assert chosen["selected"] == "Yearly"
    await element.hover(tab, named(model, "Hover").id)
    child = frame_child(tab, "/xo/pay.html")
    assert await frame_eval(child, "[window.plan, window.hovered]") == ["y", True]


async def test_click_in_a_frame_below_the_fold_scrolls_it_into_view(tab, server):
    await pay_page(tab, server, before="<div style='height: 1500px'></div>")
    model = await snap(tab)
    pay = named(model, "Pay")
    assert not pay.in_viewport
    result = await element.click(tab, pay.id)
    assert 0 <= result["y"] < 720
    assert await frame_eval(frame_child(tab, "/xo/pay.html"), "window.paid") == 1
    assert await top_eval(tab, "scrollY") > 0


async def test_click_scrolls_inside_the_frame_and_the_page_alike(tab, server):
    # The button straddles the frame's bottom edge: the frame scrolls it into its view first.
    inner = oopif(
        server,
        "/xo/scroller.html",
        "<style>body{margin:0}</style><div style='height: 190px'></div>"
        "<button onclick='window.deep = true'>Far down</button><div style='height: 600px'></div>",
    )
    await load(
        tab,
        server,
        "/xo/scroller-top.html",
        f"""{TOP_STYLE}<div style="height: 1500px"></div>
<iframe src="{inner}" style="width: 400px; height: 200px"></iframe><div style="height: 1500px"></div>""",
    )
    model = await snap(tab)
    far = named(model, "Far down")
    assert far.visible and not far.in_viewport
    await element.click(tab, far.id)
    assert await frame_eval(frame_child(tab, "/xo/scroller.html"), "[window.deep, scrollY > 0]") == [True, True]


async def test_scroll_by_id_brings_a_frame_element_into_the_tab_viewport(tab, server):
    await pay_page(tab, server, before="<div style='height: 1500px'></div>")
    model = await snap(tab)
    result = await element.scroll(tab, named(model, "Pay").id)
    assert result["in_viewport"] is True
    assert result["scroll_y"] == await top_eval(tab, "Math.round(scrollY)") > 0
    assert named(await snap(tab), "Pay").in_viewport


async def test_a_frame_covered_by_the_page_is_not_clicked(tab, server):
    cover = "<div id=banner style='position: fixed; inset: 0; background: rgba(0,0,0,.5)'>Accept cookies</div>"
    await pay_page(tab, server, before=cover)
    model = await snap(tab)
    with pytest.raises(ElementCoveredError) as caught:
        await element.click(tab, named(model, "Pay").id)
    assert caught.value.details["cover"]["dom_id"] == "banner"
    assert await frame_eval(frame_child(tab, "/xo/pay.html"), "window.paid || 0") == 0


@pytest.mark.parametrize("site", ["frame-site", "top-site"])
async def test_ids_of_a_frame_that_navigated_away_are_not_found(tab, server, site):
    await pay_page(tab, server)
    pay = named(await snap(tab), "Pay").id
    child = frame_child(tab, "/xo/pay.html")
    other = server.route("/xo/other.html", "<button>Other</button>")
    if site == "frame-site":  # the frame keeps its target; its document (and browserx's world) goes
        other = other.replace("127.0.0.1", "localhost")
        done = child.session.wait_for(
            "Runtime.executionContextCreated",
            timeout=10,
            predicate=lambda p: p["context"].get("auxData", {}).get("isDefault"),
        )
    else:  # the top page's site: the frame joins the page's process and its own target goes away
        done = tab.session.wait_for(
            "Target.detachedFromTarget", timeout=10, predicate=lambda p: p.get("sessionId") == child.session.session_id
        )
    async with done:
        await top_eval(tab, f"document.getElementById('payframe').src = {other!r}, true")
    with pytest.raises(NodeNotFoundError):
        await element.click(tab, pay)
    with pytest.raises(NodeNotFoundError):
        await DomService.of(tab).element_object_id(pay)


async def test_a_frame_that_hangs_does_not_hang_the_snapshot(tab, server, monkeypatch):
    monkeypatch.setattr(capture_module, "FRAME_TIMEOUT_S", 1.0)
    busy = oopif(server, "/xo/busy.html", "<button>Busy</button><script>onmessage = () => { for (;;) {} };</script>")
    await load(tab, server, "/xo/busy-top.html", f"<button>Top</button><iframe src='{busy}'></iframe>")
    await top_eval(tab, "frames[0].postMessage('spin', '*'), true")
    async with asyncio.timeout(8):  # bounded by the frame timeout, not by the spinning frame
        model = await snap(tab)
    assert [c.name for c in model.controls] == ["Top"]
    assert model.omitted["frames"] == 1
    # The frame stays busy; so does the page model: a second snapshot is as quick and numbers on.
    again = await snap(tab)
    assert again.controls[0].id == model.controls[0].id


async def test_a_frame_that_never_finishes_loading_does_not_hang_the_snapshot(tab, server):
    finished = asyncio.Event()

    async def stall(reader, writer):
        try:
            await reader.readuntil(b"\r\n\r\n")
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<button>Half</button>")
            await writer.drain()
            await finished.wait()  # the body never ends while the test runs
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # a speculative connection Chromium opened and dropped
        finally:
            writer.close()

    stalling = await asyncio.start_server(stall, "127.0.0.1", 0)
    port = stalling.sockets[0].getsockname()[1]
    try:
        url = server.route(
            "/xo/stall-top.html", f"<button>Top</button><iframe src='http://localhost:{port}/'></iframe>"
        )
        async with tab.session.wait_for(
            "Target.attachedToTarget", timeout=10, predicate=lambda p: p["targetInfo"]["type"] == "iframe"
        ):
            await tab.session.send("Page.navigate", {"url": url})
        await children_of(tab).settle()
        async with asyncio.timeout(8):  # the frame's load never ends; the snapshot must
            model = await snap(tab)
        assert "Top" in {c.name for c in model.controls}
    finally:
        finished.set()
        stalling.close()


# -- tools, CLI and the library without devtools ---------------------------------------------------


async def test_the_dom_tool_snapshots_and_clicks_inside_a_frame(tab, server, call):
    await pay_page(tab, server)
    off = (await call("browser_dom", action="snapshot", format="json")).data
    assert off["omitted"]["frames"] == 1
    data = (await call("browser_dom", action="snapshot", format="json", include_cross_origin_iframes=True)).data
    assert "aimap" not in data
    [pay] = [c for c in data["controls"] if c["name"] == "Pay"]
    clicked = await call("browser_dom", action="click", element_id=pay["id"])
    assert clicked.success, clicked.error
    assert await frame_eval(frame_child(tab, "/xo/pay.html"), "window.paid") == 1


def test_the_cli_snapshot_has_a_cross_origin_iframes_flag():
    from browserx.cli import build_parser

    args = build_parser().parse_args(["snapshot", "http://127.0.0.1/", "--cross-origin-iframes"])
    assert args.cross_origin_iframes is True


_LIBRARY_ONLY = """
import asyncio, json, sys
from browserx.actions.navigation import navigate
from browserx.browser import BrowserConfig, BrowserManager
from browserx.page import DomService, SnapshotOptions

async def main(top):
    async with BrowserManager(BrowserConfig()) as manager:
        tab = await (await manager.conversation("c")).tab()
        await navigate(tab, top)
        model = await DomService.of(tab).snapshot(SnapshotOptions(include_cross_origin_iframes=True))
        print(json.dumps({"names": [c.name for c in model.controls], "setups": len(tab.setups)}))

asyncio.run(main(sys.argv[1]))
"""


async def test_frames_are_attached_when_only_the_page_layer_is_loaded(server):
    inner = oopif(server, "/xo/lib-inner.html", "<button>Inner</button>")
    top = server.route("/xo/lib-top.html", f"<button>Outer</button><iframe src='{inner}'></iframe>")
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        _LIBRARY_ONLY,
        top,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(Path(__file__).parent),
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
    assert process.returncode == 0, err.decode()[-2000:]
    result = json.loads(out.decode().strip().splitlines()[-1])
    # A manager given no tab setups runs no devtools collector: the frames come from the page layer.
    assert result == {"names": ["Outer", "Inner"], "setups": 0}

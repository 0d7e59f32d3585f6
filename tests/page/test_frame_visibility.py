"""How frames show in the page model: content a frame can scroll to is listed off-screen (like the
page's own), a frame that cannot scroll hides what lies past its box, and an out-of-process frame
under aria-hidden or inert is treated as the walk treats its own subtrees."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.browser.children import children_of
from browserx.page import DomService, SnapshotOptions

LONG = "<button>Near</button><div style='height:2000px'></div><button>Far below</button>"


async def _model(tab, **options):
    return await DomService.of(tab).snapshot(SnapshotOptions(**options), fresh=True)


def _names(model):
    return {c.name: c for c in model.controls}


async def test_a_scrollable_frames_far_content_is_listed_off_screen(server, tab):
    inner = server.route("/fv/long.html", LONG)
    await navigate(tab, server.route("/fv/top.html", f"<iframe src='{inner}' style='height:200px'></iframe>"))
    controls = _names(await _model(tab))
    assert controls["Near"].in_viewport and controls["Near"].visible
    assert controls["Far below"].visible and not controls["Far below"].in_viewport


async def test_a_frame_that_cannot_scroll_hides_what_lies_past_its_box(server, tab):
    clipped = server.route("/fv/clipped.html", "<style>html{overflow:hidden}</style>" + LONG)
    inner = server.route("/fv/long2.html", LONG)
    await navigate(
        tab,
        server.route(
            "/fv/top2.html",
            f"<iframe src='{clipped}' style='height:200px'></iframe>"
            f"<iframe src='{inner}' scrolling=no style='height:200px'></iframe>",
        ),
    )
    names = [c.name for c in (await _model(tab)).controls]
    assert names.count("Near") == 2 and "Far below" not in names


async def test_cross_origin_frames_under_aria_hidden_or_inert(server, tab):
    frame = server.route("/fv/pay.html", "<button>Pay</button>").replace("127.0.0.1", "localhost")
    await navigate(
        tab,
        server.route(
            "/fv/top3.html",
            f"""<button>Top</button>
<div aria-hidden=true><iframe src="{frame}?hidden"></iframe></div>
<div inert><iframe src="{frame}?inert"></iframe></div>""",
        ),
    )
    await children_of(tab).settle()
    assert len(children_of(tab).frames()) == 2  # both run out of process
    model = await _model(tab, include_cross_origin_iframes=True)
    pays = [c for c in model.controls if c.name == "Pay"]
    assert len(pays) == 1  # the aria-hidden frame is left out, as the walk leaves out its subtree
    assert pays[0].states.get("disabled") is True  # inert: shown, but not operable
    assert model.aimap[pays[0].id] == "body > div:nth-of-type(2) > iframe >> body > button"

"""Auto-attached out-of-process iframes stay under the conversation's allowed origins."""

from __future__ import annotations

import dataclasses

from browserx.actions.navigation import navigate
from browserx.devtools.contexts import contexts_of


async def test_oopif_navigating_itself_off_the_allowed_origins_is_blocked(conversation, server, js):
    inner = server.route("/pol/inner.html", "<script>onmessage = (e) => { location.href = e.data; };</script>")
    inner = inner.replace("127.0.0.1", "localhost")
    conversation.config = dataclasses.replace(conversation.config, allowed_origins=[server.base, inner])
    tab = await conversation.tab()
    await navigate(tab, server.route("/pol/outer.html", f"<iframe src='{inner}'></iframe>"))
    contexts = contexts_of(tab)
    await contexts.settle()
    [child] = [c for c in contexts.children.values() if c.target_type == "iframe"]
    outside = f"http://127.0.0.2:{server.port}/pol/outside.html"
    async with child.session.wait_for(
        "Fetch.requestPaused", timeout=10, predicate=lambda p: p["request"]["url"] == outside
    ):
        await js(tab, f"frames[0].postMessage({outside!r}, '*'), true")
    blocked = [n for n in tab.notices if n["type"] == "navigation_blocked"]
    assert [n["url"] for n in blocked] == [outside]
    assert server.requests.get("/pol/outside.html", 0) == 0

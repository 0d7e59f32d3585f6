"""The requests an action leaves running are named by where they go, not by their query: a page
that sends what is typed (a password strength check, a username lookup) must not put the typed
value into the action's result or a wait's TIMEOUT."""

from __future__ import annotations

import asyncio
import json

SECRET = "hunter2private"
PAGE = """<title>sign up</title><label>Password <input type=password id=pw
  oninput="fetch('/api/strength?pw=' + encodeURIComponent(this.value))"></label>"""


async def test_a_pending_request_carrying_the_typed_value_is_named_without_it(call, server, eid, tab):
    arrived, release = server.hold("/api/strength")
    server.route("/api/strength", "{}", content_type="application/json")
    try:
        assert (await call("browser_navigate", url=server.route("/signup", PAGE))).success
        typed = await call("browser_dom", action="type", element_id=await eid(tab, "#pw"), text=SECRET, settle="300ms")
        assert typed.success and typed.data["settled"] is False
        assert typed.data["pending_requests"] and all(
            u.startswith(server.url("/api/strength")) for u in typed.data["pending_requests"]
        )
        assert SECRET not in json.dumps(typed.data)
        assert await asyncio.to_thread(arrived.wait, 10)
        waited = await call("browser_wait", network_idle=True, timeout="300ms")
        assert waited.code == "TIMEOUT" and waited.error["details"]["last_state"]["pending_requests"]
        assert SECRET not in json.dumps(waited.error)
    finally:
        release.set()

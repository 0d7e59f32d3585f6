"""Load: several conversations at once, each a realistic mix of navigate / snapshot / act /
screenshot calls on local pages. No cross-talk, no unexpected errors, nothing left behind."""

from __future__ import annotations

import asyncio
import os

from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import ToolContext, default_registry
from reliability_counts import COUNTS

CONVERSATIONS = int(os.environ.get("BROWSERX_LOAD_CONVERSATIONS", "8"))
ROUNDS = int(os.environ.get("BROWSERX_LOAD_ROUNDS", "3"))
REGISTRY = default_registry()
PAGE = """<title>shop {n}</title>
<h1>Conversation {n}</h1>
<form onsubmit="event.preventDefault(); document.title = 'sent ' + document.getElementById('q').value.length">
  <label for="q">Query</label><input id="q">
  <button type="submit">Send</button>
</form>
<button id="plus" onclick="window.clicks = (window.clicks || 0) + 1">Add one</button>
<a href="/load/{n}/next">Next page</a>
"""


def _find(model: dict, role: str, name: str) -> str:
    return next(c["id"] for c in model["controls"] if c["role"] == role and name in c["name"])


async def _conversation(manager: BrowserManager, server, n: int, calls: list[int]) -> dict:
    ctx = ToolContext(manager, f"load-{n}")
    errors: list[dict] = []

    async def call(name: str, **arguments):
        result = await REGISTRY.dispatch(name, arguments, ctx)
        calls[0] += 1
        if not result.success:
            errors.append({"tool": name, **result.error})
        return result

    url = server.route(f"/load/{n}", PAGE.format(n=n))
    server.route(f"/load/{n}/next", f"<title>next {n}</title><p>second page of {n}</p>")
    for round_ in range(ROUNDS):
        await call("browser_navigate", url=url)
        await call("browser_eval", expression=f"document.cookie = 'owner={n}; path=/'")
        model = (await call("browser_dom", action="snapshot", format="json")).data
        await call("browser_dom", action="click", element_id=_find(model, "button", "Add one"))
        await call(
            "browser_dom", action="type", element_id=_find(model, "textbox", "Query"), text="x" * (n + 1), submit=True
        )
        await call("page_screenshot", action="screenshot")
        await call("browser_dom", action="click", element_id=_find(model, "link", "Next page"))
        await call("browser_history", action="back")
    final = await call("browser_eval", expression="[document.cookie, document.title]")
    where = await call("browser_eval", expression="location.href")
    assert final.success, (where.data, errors)
    state = final.data["result"]
    screenshots = sorted(os.listdir((await ctx.conversation()).screenshot_dir))
    return {
        "n": n,
        "errors": errors,
        "cookie": state[0],
        "title": state[1],
        "screenshots": screenshots,
        "tabs": (await call("browser_tabs")).data["tabs"],
    }


async def test_many_conversations_at_once_keep_to_themselves(server):
    calls = [0]
    async with BrowserManager(BrowserConfig()) as manager:
        outcomes = await asyncio.wait_for(
            asyncio.gather(*(_conversation(manager, server, n, calls) for n in range(CONVERSATIONS))), 300
        )
        roots = [c.root_dir for c in manager.conversations.values()]
        pid, profile = manager.chrome.pid, manager.chrome.profile_dir
    for outcome in outcomes:
        n = outcome["n"]
        assert outcome["errors"] == [], outcome["errors"]
        assert outcome["cookie"] == f"owner={n}"  # only its own cookie
        assert outcome["title"] in (f"shop {n}", f"sent {n + 1}")  # its own page (back may restore it)
        assert len(outcome["tabs"]) == 1  # only its own tab
        assert len(outcome["screenshots"]) <= 1  # the single-file store, its own
    assert not any(root.exists() for root in roots)  # screenshots and outputs removed
    assert not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z"
    assert not os.path.exists(profile)
    COUNTS["load"] = (
        f"{CONVERSATIONS} conversations at once x {ROUNDS} rounds, {calls[0]} calls, 0 errors, no leftovers"
    )

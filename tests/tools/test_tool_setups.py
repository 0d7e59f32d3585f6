"""The tools' collectors run on the tabs of a manager given them, and a manager without them says so."""

from __future__ import annotations

from browserx.browser import BrowserConfig, BrowserManager
from browserx.devtools import NETWORK
from browserx.devtools.network import NetworkLog
from browserx.tools import ToolContext, default_registry


async def test_the_network_log_is_kept_only_by_tabs_whose_manager_has_its_setup(manager, server):
    url = server.route("/setups/net", "<title>n</title><img src='/setups/pixel.png'>")
    registry = default_registry()
    cdp_url = manager.chrome.ws_url  # the session's browser, attached: no second launch
    async with (
        BrowserManager(BrowserConfig(cdp_url=cdp_url), setups=[NETWORK]) as with_network,
        BrowserManager(BrowserConfig(cdp_url=cdp_url)) as bare,
    ):
        for each in (with_network, bare):
            assert (await registry.dispatch("browser_navigate", {"url": url}, ToolContext(each, "n"))).success
        sources = await registry.dispatch("browser_get_network_sources", {}, ToolContext(with_network, "n"))
        assert sources.success and any(r["url"] == url for r in sources.data["requests"])
        # A wiring bug, not an empty log that looks like a quiet page.
        missing = await registry.dispatch("browser_get_network_sources", {}, ToolContext(bare, "n"))
        assert missing.code == "INTERNAL_ERROR"
        bare_tab = await (await bare.conversation("n")).tab()
        assert bare_tab.state.get(NetworkLog) is None
        # NETWORK alone: the other collectors are not there either.
        logs = await registry.dispatch("browser_get_service_workers", {}, ToolContext(with_network, "n"))
        assert logs.code == "INTERNAL_ERROR"

"""The devtools tools as an LLM or MCP client sees them: declared, schema'd, coded errors."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.tools import default_registry


def test_devtools_tools_are_declared_with_their_parameters():
    declarations = {d["name"]: d for d in default_registry().declarations()}
    offline = declarations["browser_set_offline"]["input_schema"]
    assert offline["required"] == ["offline"]
    assert offline["properties"]["preset"]["enum"] == ["none", "slow_3g", "3g", "4g"]
    sources = declarations["browser_get_network_sources"]["input_schema"]["properties"]
    assert {"tab_id", "limit", "filter", "request_id"} <= set(sources)
    assert "browser_get_service_workers" in declarations


async def test_service_workers_on_a_page_without_service_worker_support_says_so(tab, call):
    await navigate(tab, "data:text/html,<p>opaque origin: no navigator.serviceWorker</p>")
    data = (await call("browser_get_service_workers")).data
    assert data["supported"] is False
    assert data["controlled"] is False


async def test_unknown_tab_is_tab_not_found(tab, call):
    for name, args in (
        ("browser_get_service_workers", {}),
        ("browser_get_network_sources", {}),
        ("browser_set_offline", {"offline": True}),
    ):
        result = await call(name, tab_id=99, **args)
        assert result.code == "TAB_NOT_FOUND", name


async def test_limit_out_of_range_is_a_validation_error(tab, call):
    result = await call("browser_get_network_sources", limit=0)
    assert result.code == "VALIDATION_ERROR"

"""What a tab sets up when it attaches is what its manager was given: nothing global, nothing by import."""

from __future__ import annotations

from browserx.browser import BrowserConfig, BrowserManager, TabSetup

WORKER_PAGE = """<title>w</title><script>
new Worker(URL.createObjectURL(new Blob(["postMessage('up')"], {type: "text/javascript"})));
</script>"""


def recording(name: str, seen: list[tuple[str, str, str]]) -> TabSetup:
    async def attach(tab):
        seen.append((name, "attach", tab.target_id))

    def child_attached(tab, child):
        seen.append((name, "child_attached", child.target_type))

    async def child_setup(tab, child):
        seen.append((name, "child_setup", child.target_type))

    return TabSetup(name, attach=attach, child_attached=child_attached, child_setup=child_setup)


async def open_worker_page(manager: BrowserManager, url: str):
    tab = await (await manager.conversation("setups")).tab()
    async with tab.session.wait_for(
        "Target.attachedToTarget", timeout=10, predicate=lambda p: p["targetInfo"]["type"] == "worker"
    ):
        await tab.session.send("Page.navigate", {"url": url})
    await tab.children.settle()
    return tab


async def test_two_managers_in_one_process_run_only_their_own_setups(manager, server):
    url = server.route("/setups/worker", WORKER_PAGE)
    seen: list[tuple[str, str, str]] = []
    # Two more managers on the session's browser (attached by its WebSocket: no second launch).
    cdp_url = manager.chrome.ws_url
    async with (
        BrowserManager(BrowserConfig(cdp_url=cdp_url), setups=[recording("a", seen)]) as first,
        BrowserManager(BrowserConfig(cdp_url=cdp_url), setups=[recording("b", seen)]) as second,
    ):
        tab_a = await open_worker_page(first, url)
        assert [s for s in seen if s[0] == "b"] == []
        tab_b = await open_worker_page(second, url)
        assert sorted(s for s in seen if s[0] == "a") == [
            ("a", "attach", tab_a.target_id),
            ("a", "child_attached", "worker"),
            ("a", "child_setup", "worker"),
        ]
        assert sorted(s for s in seen if s[0] == "b") == [
            ("b", "attach", tab_b.target_id),
            ("b", "child_attached", "worker"),
            ("b", "child_setup", "worker"),
        ]


async def test_a_manager_without_setups_gives_bare_tabs(manager, server):
    url = server.route("/setups/bare", WORKER_PAGE)
    async with BrowserManager(BrowserConfig(cdp_url=manager.chrome.ws_url)) as bare:
        tab = await open_worker_page(bare, url)
        assert list(tab.state) == [] and tab.setups == ()
        assert [c.target_type for c in tab.children.children.values()] == ["worker"]  # children are followed anyway

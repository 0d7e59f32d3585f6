"""Faults: each gives a coded error on the call in flight (never a hang past its timeout),
and the next call works."""

from __future__ import annotations

import asyncio
import os
import signal

from browserx.browser import BrowserConfig, BrowserManager, launch_chrome
from browserx.tools import ToolContext, default_registry

REGISTRY = default_registry()
HANG = {"expression": "console.log('in flight'); new Promise(() => {})", "timeout": "20s"}


async def _in_flight(ctx: ToolContext, tab):
    """Start a call that never finishes by itself; return once it is running in the page."""
    async with tab.session.wait_for("Runtime.consoleAPICalled", timeout=10):
        pending = asyncio.ensure_future(REGISTRY.dispatch("browser_eval", {**HANG, "tab_id": tab.tab_id}, ctx))
    return pending


async def test_killed_browser(faults, server):
    url = server.route("/f1", "<title>one</title>")
    async with BrowserManager(BrowserConfig()) as manager:
        ctx = ToolContext(manager, "f")
        await REGISTRY.dispatch("browser_navigate", {"url": url}, ctx)
        pending = await _in_flight(ctx, await ctx.tab())
        faults["injected"] += 1
        os.kill(manager.chrome.pid, signal.SIGKILL)
        assert (await asyncio.wait_for(pending, 10)).code == "BROWSER_CLOSED"
        assert (await REGISTRY.dispatch("browser_navigate", {"url": url}, ctx)).success
        faults["survived"] += 1


async def test_crashed_tab(faults, call, ctx, server):
    url = server.route("/f2", "<title>two</title>")
    await call("browser_navigate", url=url)
    tab = await ctx.tab()
    pending = await _in_flight(ctx, tab)
    faults["injected"] += 1
    crash = asyncio.ensure_future(tab.session.send("Page.crash", timeout=5))
    result = await asyncio.wait_for(pending, 10)
    await asyncio.gather(crash, return_exceptions=True)
    assert result.code == "TAB_CRASHED"
    assert (await call("browser_eval", expression="1")).code == "TAB_CRASHED"  # at once, not after a timeout
    reloaded = await call("browser_history", action="reload")
    assert reloaded.success and reloaded.data["title"] == "two"
    assert (await call("browser_eval", expression="document.title")).data["result"] == "two"
    faults["survived"] += 1


async def test_target_closed_during_a_call(faults, call, ctx, conversation, server):
    url = server.route("/f3", "<title>three</title>")
    await call("browser_navigate", url=url)
    await call("browser_tabs", action="open", url=url)
    tab = await ctx.tab(2)
    pending = await _in_flight(ctx, tab)
    faults["injected"] += 1
    await conversation.connection.send("Target.closeTarget", {"targetId": tab.target_id})
    result = await asyncio.wait_for(pending, 10)
    assert result.code == "TAB_NOT_FOUND"
    listed = await call("browser_tabs")
    assert [t["tab_id"] for t in listed.data["tabs"]] == [1]
    assert (await call("browser_eval", expression="document.title")).data["result"] == "three"
    faults["survived"] += 1


async def test_page_that_never_finishes_loading(faults, call, server):
    async def stall(reader, writer):
        await reader.read(1000)
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<title>partial</title><p>loading")
        await writer.drain()  # ...and never finish the body

    stalled = await asyncio.start_server(stall, "127.0.0.1", 0)
    try:
        port = stalled.sockets[0].getsockname()[1]
        faults["injected"] += 1
        result = await call("browser_navigate", url=f"http://127.0.0.1:{port}/", timeout="1s")
        assert result.code == "TIMEOUT"
        assert (await call("browser_eval", expression="document.title")).data["result"] == "partial"
        ok = await call("browser_navigate", url=server.route("/f4", "<title>four</title>"))
        assert ok.success
        faults["survived"] += 1
    finally:
        stalled.close()


async def test_dialog_opened_during_a_call(faults, call):
    faults["injected"] += 1
    result = await call("browser_eval", expression="new Promise(r => setTimeout(() => r(confirm('go?')), 10))")
    assert result.success and result.data["result"] is False
    assert result.metadata["notices"][0]["dialog_type"] == "confirm"
    faults["survived"] += 1


class _Proxy:
    """A TCP relay in front of Chromium's DevTools port, so a test can cut the socket remotely."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> int:
        async def relay(reader, writer):
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writers += [writer, up_writer]

            async def pipe(src, dst):
                try:
                    while data := await src.read(65536):
                        dst.write(data)
                        await dst.drain()
                except (ConnectionError, OSError):
                    pass
                finally:
                    dst.close()

            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

        self.server = await asyncio.start_server(relay, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    def cut(self) -> None:
        for writer in self.writers:
            writer.transport.abort()
        self.writers.clear()

    def close(self) -> None:
        self.cut()
        self.server.close()


async def test_cdp_socket_closed_by_the_remote_end(faults, server):
    url = server.route("/f5", "<title>five</title>")
    chrome = await launch_chrome()
    proxy = _Proxy(int(chrome.ws_url.split(":")[2].split("/")[0]))
    try:
        proxy_port = await proxy.start()
        async with BrowserManager(BrowserConfig(cdp_url=f"http://127.0.0.1:{proxy_port}")) as manager:
            ctx = ToolContext(manager, "remote")
            assert (await REGISTRY.dispatch("browser_navigate", {"url": url}, ctx)).success
            pending = await _in_flight(ctx, await ctx.tab())
            faults["injected"] += 1
            proxy.cut()
            assert (await asyncio.wait_for(pending, 10)).code == "BROWSER_CLOSED"
            again = await REGISTRY.dispatch("browser_navigate", {"url": url}, ctx)  # re-attaches
            assert again.success and manager.launches == 2 and manager.chrome is None
            faults["survived"] += 1
    finally:
        proxy.close()
        await chrome.terminate()


async def test_navigation_in_the_middle_of_a_type(faults, call, server):
    target = server.route("/f6-next", "<title>next page</title>")
    # The page leaves as soon as the first character arrives: the type is cut short by a navigation.
    page = server.route(
        "/f6",
        f"""<title>form</title><label>Name <input id="name"
        oninput="location.href = {target!r}"></label>""",
    )
    await call("browser_navigate", url=page)
    model = (await call("browser_dom", action="snapshot", format="json")).data
    field = next(c["id"] for c in model["controls"] if c["name"] == "Name")
    faults["injected"] += 1
    result = await call("browser_dom", action="type", element_id=field, text="a long name " * 20)
    assert result.success or result.code in {"PAGE_NAVIGATED", "NODE_NOT_FOUND", "TAB_NOT_FOUND"}, result.to_dict()
    follow = await call("browser_dom", action="snapshot")  # the next call works, on the new page
    assert follow.success and "next page" in follow.data
    stale = await call("browser_dom", action="click", element_id=field)  # the old page's id is gone
    assert stale.code == "NODE_NOT_FOUND"
    faults["survived"] += 1

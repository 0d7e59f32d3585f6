"""Logs from every context: page, iframes (in-process and out-of-process), service, dedicated and
shared workers, each tagged with its context and filterable by browser_recent_console_logs."""

from __future__ import annotations

from browserx.actions.navigation import navigate
from browserx.devtools.contexts import contexts_of


def text_is(text):
    return lambda entry: entry["text"] == text


async def test_service_worker_console_log_is_tagged_with_the_worker(tab, call, pwa, server, js, console_entry):
    await pwa(tab)
    async with console_entry(tab, text_is("sw says hello")) as entry:
        assert await js(tab, "window.askWorker('hello')") == "logged hello"
    assert entry.result()["context"] == f"service_worker:{server.url('/pwa/sw.js')}"
    logs = (await call("browser_recent_console_logs", context="service_worker")).data["entries"]
    texts = [e["text"] for e in logs]
    assert "sw install" in texts and "sw says hello" in texts and "page loaded" not in texts
    warnings = (await call("browser_recent_console_logs", context="service_worker", level="warning")).data["entries"]
    assert [e["text"] for e in warnings] == ["sw warns hello"]
    page = (await call("browser_recent_console_logs", context="page")).data["entries"]
    assert {e["text"] for e in page} >= {"page loaded"} and "sw install" not in {e["text"] for e in page}


async def test_same_process_iframe_log_is_tagged_with_the_iframe_url(tab, server, console_entry):
    page = server.route(
        "/ctx/outer.html", "<iframe src='/pwa/frame.html'></iframe><script>console.log('outer')</script>"
    )
    async with console_entry(tab, text_is("iframe loaded")) as entry:
        await navigate(tab, page)
    assert entry.result()["context"] == f"iframe:{server.url('/pwa/frame.html')}"
    outer = next(e for e in tab.console.entries if e["text"] == "outer")
    assert outer["context"] == "page"


async def test_out_of_process_iframe_log_is_tagged_with_the_iframe_url(tab, server, js, console_entry):
    # localhost and 127.0.0.1 are different sites: Chromium puts the iframe in a process of its own.
    inner = server.url("/pwa/frame.html").replace("127.0.0.1", "localhost")
    await navigate(tab, server.route("/ctx/oopif.html", f"<iframe src='{inner}'></iframe>"))
    contexts = contexts_of(tab)
    await contexts.settle()
    assert any(c.target_type == "iframe" for c in contexts.children.values())
    async with console_entry(tab, text_is("iframe got ping")) as entry:
        await js(tab, "frames[0].postMessage('ping', '*'), true")
    assert entry.result()["context"] == f"iframe:{inner}"


async def test_dedicated_worker_log_and_fetch_are_tagged_with_the_worker(tab, call, server, js, console_entry):
    await navigate(tab, server.route("/ctx/worker.html", "<p>worker</p>"))
    async with console_entry(tab, text_is("worker got hi")) as entry:
        answer = await js(
            tab,
            """new Promise((resolve) => {
            const w = new Worker('/pwa/worker.js'); w.onmessage = (e) => resolve(e.data); w.postMessage('hi'); })""",
        )
    assert answer == "fresh from the network"
    assert entry.result()["context"] == f"worker:{server.url('/pwa/worker.js')}"
    fetched = (await call("browser_get_network_sources", filter="from=worker")).data["requests"]
    assert [r.get("context") for r in fetched] == [f"worker:{server.url('/pwa/worker.js')}"]
    only_worker = (await call("browser_recent_console_logs", context="worker:")).data["entries"]
    assert [e["text"] for e in only_worker] == ["worker got hi"]


async def test_shared_worker_log_reaches_tabs_of_its_origin(tab, server, js, console_entry):
    await navigate(tab, server.route("/ctx/shared.html", "<p>shared</p>"))
    async with console_entry(tab, text_is("shared worker got hi")) as entry:
        assert (
            await js(
                tab,
                """new Promise((resolve) => {
            const w = new SharedWorker('/pwa/shared.js'); w.port.onmessage = (e) => resolve(e.data);
            w.port.postMessage('hi'); })""",
            )
            == "ok"
        )
    assert entry.result()["context"] == f"shared_worker:{server.url('/pwa/shared.js')}"


async def test_worker_exception_is_an_error_entry_of_the_worker(tab, server, js, console_entry):
    await navigate(tab, server.route("/ctx/throw.html", "<p>throw</p>"))
    server.route("/ctx/throw.js", "onmessage = () => { throw new Error('worker boom'); };", "application/javascript")
    async with console_entry(tab, lambda e: "worker boom" in e["text"] and e["context"].startswith("worker:")) as entry:
        await js(tab, "new Worker('/ctx/throw.js').postMessage(1), true")
    assert entry.result()["type"] == "error"


async def test_browser_log_entries_are_collected_with_their_context(tab, server, js, console_entry):
    server.route("/ctx/missing.png", "nope", "text/plain", status=404)
    await navigate(tab, server.route("/ctx/log.html", "<p>log</p>"))
    async with console_entry(
        tab, lambda e: e["source"] == "log-network" and "missing.png" in e.get("url", "")
    ) as entry:
        await js(tab, "fetch('/ctx/missing.png').then(r => r.status)")
    assert entry.result()["type"] == "error"
    assert entry.result()["context"] == "page"


async def test_worker_messages_are_not_duplicated_into_the_page(tab, server, js, console_entry):
    await navigate(tab, server.route("/ctx/dup.html", "<p>dup</p>"))
    # Chromium echoes a worker's console message to its page as a Log entry: wait for that echo too.
    echo = tab.session.wait_for(
        "Log.entryAdded", timeout=10, predicate=lambda p: p["entry"].get("text") == "worker got once"
    )
    async with echo, console_entry(tab, text_is("worker got once")):
        await js(
            tab,
            """new Promise((resolve) => {
            const w = new Worker('/pwa/worker.js'); w.onmessage = (e) => resolve(e.data); w.postMessage('once'); })""",
        )
    assert [e["context"] for e in tab.console.entries if e["text"] == "worker got once"] == [
        f"worker:{server.url('/pwa/worker.js')}"
    ]

"""browser_wait: each kind of wait returns what it saw once the page gets there, or TIMEOUT with the
last state seen. The page changes only when the test lets a held response through."""

from __future__ import annotations

import asyncio

import pytest

LATE = """<title>late</title><p id=status>Loading…</p>
<button id=buy disabled>Buy</button><button id=panel>Details</button><button id=spinner>Stop</button>
<button aria-label="Close cart">×</button>
<script>
fetch('/api/late').then(r => r.text()).then(t => {
  document.getElementById('status').textContent = t;
  document.getElementById('buy').disabled = false;
  document.getElementById('panel').hidden = false;
  document.getElementById('spinner').remove();
});
</script>"""


@pytest.fixture
async def late(call, server, tab):
    """The page above, its /api/late response held; `await late.release()` lets it through."""
    arrived, release = server.hold("/api/late")
    server.route("/api/late", "3 results found", content_type="text/plain")
    assert (await call("browser_navigate", url=server.route("/late", LATE))).success
    assert await asyncio.to_thread(arrived.wait, 10)

    class Late:
        async def release(self) -> None:
            release.set()

    yield Late()
    release.set()


async def _waiting(call, late, **args):
    """Start the wait, then let the response through: the wait must see what it renders."""
    task = asyncio.ensure_future(call("browser_wait", **args))
    await late.release()
    return await task


async def test_text_appears(call, late):
    result = await _waiting(call, late, text="3 RESULTS found")
    assert result.success, result.error
    assert result.data["saw"] == "text" and result.data["waited_ms"] >= 0


async def test_text_in_a_controls_name(call, late):
    result = await call("browser_wait", text="close cart")
    assert result.success and result.data["saw"] == "name"


async def test_text_timeout_reports_the_last_state(call, late):
    result = await call("browser_wait", text="3 results found", timeout="300ms")
    assert result.code == "TIMEOUT"
    assert result.error["details"]["last_state"] == "absent"


async def test_text_gone(call, late):
    result = await _waiting(call, late, text_gone="Loading")
    assert result.success and result.data["saw"] == "absent"


async def test_text_gone_timeout(call, late):
    result = await call("browser_wait", text_gone="Loading", timeout="300ms")
    assert result.code == "TIMEOUT" and result.error["details"]["last_state"] == "present in text"


@pytest.mark.parametrize(
    "selector, state, before",
    [
        ("#buy", "enabled", "visible,disabled"),
        ("#panel", "visible", "hidden,enabled"),
        ("#spinner", "gone", "visible,enabled"),
        ("#spinner", "hidden", "visible,enabled"),
    ],
)
async def test_element_states_and_their_timeouts(call, late, eid, tab, js, selector, state, before):
    element_id = await eid(tab, selector)  # ids are given to visible controls: hide the panel afterwards
    await js(tab, "document.getElementById('panel').hidden = true")
    early = await call("browser_wait", element_id=element_id, state=state, timeout="300ms")
    assert early.code == "TIMEOUT" and early.error["details"]["last_state"] == before
    result = await _waiting(call, late, element_id=element_id, state=state)
    assert result.success, result.error


async def test_element_disabled_and_visible_hold_at_once(call, late, eid, tab):
    assert (await call("browser_wait", element_id=await eid(tab, "#buy"), state="disabled")).success
    assert (await call("browser_wait", element_id=await eid(tab, "#spinner"))).data["saw"] == "visible,enabled"


async def test_url_substring_and_glob(call, late):
    moved = await call("browser_eval", expression="setTimeout(() => history.pushState({}, '', '/done/42?x=1'), 50); 1")
    assert moved.success
    result = await call("browser_wait", url="*/done/*")
    assert result.success and result.data["url"].endswith("/done/42?x=1")
    assert (await call("browser_wait", url="done/42")).success


async def test_url_after_a_navigation(call, server, late):
    target = server.route("/arrived", "<title>arrived</title>")
    moved = await call("browser_eval", expression=f"setTimeout(() => location.href = {target!r}, 50); 1")
    assert moved.success
    result = await call("browser_wait", url="/arrived")
    assert result.success and result.data["url"] == target


async def test_url_timeout(call, late, server):
    result = await call("browser_wait", url="/nowhere", timeout="300ms")
    assert result.code == "TIMEOUT" and result.error["details"]["last_state"] == server.url("/late")


async def test_network_idle_and_its_timeout(call, late, server):
    busy = await call("browser_wait", network_idle=True, timeout="700ms")
    assert busy.code == "TIMEOUT"
    assert busy.error["details"]["last_state"]["pending_requests"] == [server.url("/api/late")]
    result = await _waiting(call, late, network_idle=True)
    assert result.success and result.data["network_idle"] is True


async def test_time(call, late):
    result = await call("browser_wait", time="200ms")
    assert result.success and result.data["waited_ms"] >= 200


async def test_text_on_the_next_document(call, server, late):
    target = server.route("/next", "<title>next</title><h1>Welcome back</h1>")
    assert (await call("browser_eval", expression=f"setTimeout(() => location.href = {target!r}, 50); 1")).success
    result = await call("browser_wait", text="welcome back")
    assert result.success, result.error


# What the snapshot reads beyond the document's own text: a component's open shadow root (a chat widget
# drawing its messages there, its send button named there) and a same-origin frame.
COMPONENT = """<title>component</title><x-chat id=chat></x-chat>
<iframe id=frame srcdoc="<p id=line>Frame ready</p>"></iframe>
<script>
const root = document.getElementById('chat').attachShadow({mode: 'open'});
root.innerHTML = '<div id=log><p>Hi! How can we help?</p></div><button aria-label="Send message">&gt;</button>';
fetch('/api/answer').then(r => r.text()).then(t => {
  const p = document.createElement('p');
  p.textContent = t;
  root.getElementById('log').append(p);
  document.getElementById('frame').contentDocument.getElementById('line').textContent = 'Frame says ' + t;
});
</script>"""


@pytest.fixture
async def component(call, server):
    """The page above, its /api/answer response held; `release.set()` lets it through."""
    arrived, release = server.hold("/api/answer")
    server.route("/api/answer", "Noted: hello", content_type="text/plain")
    assert (await call("browser_navigate", url=server.route("/component", COMPONENT))).success
    assert await asyncio.to_thread(arrived.wait, 10)
    yield release
    release.set()


@pytest.mark.parametrize("text", ["noted: HELLO", "frame says noted"])
async def test_text_appearing_in_an_open_shadow_root_or_a_same_origin_frame(call, component, text):
    task = asyncio.ensure_future(call("browser_wait", text=text, timeout="5s"))
    component.set()
    result = await task
    assert result.success, result.error
    assert result.data["saw"] == "text"


async def test_name_in_an_open_shadow_root_and_text_gone_from_it(call, component):
    named = await call("browser_wait", text="send message", timeout="1s")
    assert named.success and named.data["saw"] == "name"
    still = await call("browser_wait", text_gone="how can we help", timeout="300ms")
    assert still.code == "TIMEOUT" and still.error["details"]["last_state"] == "present in text"


@pytest.mark.parametrize(
    "args",
    [
        {},
        {"text": "a", "url": "b"},
        {"state": "visible"},
        {"text": "a", "timeout": "61s"},
        {"time": "2m"},
        {"network_idle": False},
    ],
)
async def test_exactly_one_condition_within_bounds(call, args):
    assert (await call("browser_wait", **args)).code == "VALIDATION_ERROR"

"""browser_wait text looks at what the page shows and at controls' labels, never at what was typed
into a field: a wait cannot be used to probe a password."""

from __future__ import annotations

SECRET = "hunter2-private"
PAGE = """<title>login</title><input id=pw type=password placeholder="" title="">
<input type=button value="Sign in">"""


async def test_a_typed_password_is_not_text_the_wait_sees(call, tab, load, js):
    await load(tab, PAGE)
    await js(tab, f"document.getElementById('pw').value = {SECRET!r}")
    result = await call("browser_wait", text=SECRET, timeout="300ms")
    assert result.code == "TIMEOUT", result
    assert (await call("browser_wait", text="Sign in", timeout="2s")).success  # a button's value is its label

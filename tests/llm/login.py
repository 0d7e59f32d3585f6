"""The scripted login of the agent tests, for either wire format: the model takes a snapshot, types
the user name and the password into the ids it read there, and clicks "Sign in"; then it answers."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from fake_responses import element_id

USER, PASSWORD = "alice-7f3q", "pw-Q9z!x-81"

LOGIN = """<!doctype html><title>Sign in</title>
<main><h1>Sign in</h1>
<form id="f"><label>Username <input name="user" autocomplete="off"></label>
<label>Password <input name="pw" type="password"></label>
<button type="submit">Sign in</button></form><p id="status"></p></main>
<script>
window.__submits = [];
document.getElementById('f').addEventListener('submit', (e) => {
  e.preventDefault();
  window.__submits.push({user: e.target.user.value, pw: e.target.pw.value});
  document.getElementById('status').textContent = 'Welcome back';
});
</script>"""


def script_login(fake: Any, wire: ModuleType) -> None:
    """Queue the five model turns; `wire` is fake_responses or fake_chat (call, calls, message, last_output)."""
    seen: dict[str, str] = {}

    def typed(name: str, text: str):
        def entry(body: dict[str, Any]) -> dict[str, Any]:
            seen.setdefault("snapshot", wire.last_output(body))  # later steps reuse the first snapshot's ids
            return wire.calls(
                (
                    "browser_dom",
                    {"action": "type", "element_id": element_id(seen["snapshot"], name), "text": text},
                    None,
                )
            )

        return entry

    fake.script(
        wire.call("browser_dom", action="snapshot"),
        typed("Username", USER),
        typed("Password", PASSWORD),
        lambda body: wire.calls(
            ("browser_dom", {"action": "click", "element_id": element_id(seen["snapshot"], "Sign in")}, None)
        ),
        wire.message("Signed in."),
    )

"""JavaScript evaluation in the page's main world, with JSON results and big outputs spilled to files."""

from __future__ import annotations

import contextlib
import json
import re
import time
from typing import Any

from ..browser import Tab
from ..errors import BrowserxError, CDPError, EvalDisabledError, JSExceptionError, TimeoutError
from .outputs import OutputStore, max_inline

_AWAIT = re.compile(r"\bawait\b")


async def evaluate(tab: Tab, expression: str, *, timeout: float = 15.0, await_promise: bool = True) -> Any:
    """The JSON value of `expression` (promises awaited when asked)."""
    if not tab.conversation.config.eval_enabled:
        raise EvalDisabledError("JavaScript evaluation is disabled (--no-eval)")
    started = time.monotonic()
    try:
        result = await _send(tab, expression, timeout, await_promise)
    except CDPError as exc:
        # A script stopped by Runtime.evaluate's own timeout comes back as a bare CDP error
        # ("Execution was terminated" or "Internal error", depending on flags): classify by time.
        if time.monotonic() - started >= timeout * 0.9:
            raise TimeoutError(f"the expression ran longer than {timeout:g} s") from exc
        raise
    details = result.get("exceptionDetails")
    if details:
        exception = details.get("exception") or {}
        text = exception.get("description") or details.get("text") or "exception"
        line, column = _position(details, text)
        raise JSExceptionError(
            f"{text.splitlines()[0]} at line {line}", details={"line": line, "column": column, "stack": text[:2000]}
        )
    remote = result.get("result", {})
    if "value" in remote:
        return remote["value"]
    if "unserializableValue" in remote:
        return remote["unserializableValue"]  # NaN, Infinity, -0, 1n
    if remote.get("type") == "undefined":
        return None
    return remote.get("description")  # functions, symbols: their description


async def _send(tab: Tab, expression: str, timeout: float, await_promise: bool) -> dict[str, Any]:
    params = {
        "expression": expression,
        "returnByValue": True,
        "awaitPromise": await_promise,
        "userGesture": True,
        "timeout": int(timeout * 1000),
    }
    if not _AWAIT.search(expression):
        return await tab.session.send("Runtime.evaluate", params, timeout=timeout + 1)
    # replMode allows top-level `await`, but its completion value is not awaited: a promise that
    # the expression ends with (an async IIFE, say) comes back as a promise object. Keep a handle,
    # then await it (or serialise whatever else it is) in a second call.
    result = await tab.session.send(
        "Runtime.evaluate",
        {**params, "replMode": True, "returnByValue": False, "objectGroup": "browserx-eval"},
        timeout=timeout + 1,
    )
    remote = result.get("result", {})
    try:
        if "exceptionDetails" in result or "objectId" not in remote:
            return result
        if remote.get("subtype") == "promise" and await_promise:
            return await tab.session.send(
                "Runtime.awaitPromise",
                {"promiseObjectId": remote["objectId"], "returnByValue": True},
                timeout=timeout + 1,
            )
        return await tab.session.send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": "function() { return this }",
                "objectId": remote["objectId"],
                "returnByValue": True,
            },
            timeout=timeout + 1,
        )
    finally:
        if "objectId" in remote:
            with contextlib.suppress(BrowserxError):  # the document is gone, and its objects with it
                await tab.session.send("Runtime.releaseObjectGroup", {"objectGroup": "browserx-eval"}, timeout=5)


def _position(details: dict[str, Any], text: str) -> tuple[int, int]:
    # replMode wraps the expression, which can shift exceptionDetails.lineNumber; the stack's
    # "<anonymous>:line:col" frame names the user's own line, so prefer it.
    match = re.search(r"<anonymous>:(\d+):(\d+)", text)
    if match:
        return int(match.group(1)), int(match.group(2))
    return details.get("lineNumber", 0) + 1, details.get("columnNumber", 0) + 1


def spill(tab: Tab, value: Any, *, key: str) -> dict[str, Any]:
    """`{key: value}` when its JSON fits inline (`max_inline_output`, 16 KB); otherwise kept in the
    conversation's outputs (devtools/outputs.py) and returned as a reference: output_id, size,
    preview, and the local path as `{key}_file` for clients with a file tool."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text.encode()) <= max_inline(tab.conversation):
        return {key: value}
    ref = OutputStore.of(tab.conversation).keep(text, stem=key, suffix=".json")
    ref[f"{key}_file"] = ref.pop("path")
    return ref

"""Generated arguments, from every tool's JSON schema and beyond it, against a live browser:
every result is a well-formed success or coded error, nothing escapes, no call outlives its bound.

The browser may resolve only 127.0.0.1 and may only navigate to the test server's origin, so
generated URLs never leave the machine.
"""

from __future__ import annotations

import asyncio
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from browserx.browser import BrowserConfig, BrowserManager
from browserx.errors import BrowserxError, _all_subclasses
from browserx.tools import TAB_SETUPS, ToolContext, ToolResult, default_registry, parse_duration
from reliability_counts import COUNTS as SUMMARY

REGISTRY = default_registry()
KNOWN_CODES = {cls.code for cls in _all_subclasses(BrowserxError)} | {BrowserxError.code}
EXAMPLES = int(os.environ.get("BROWSERX_FUZZ_EXAMPLES", "250"))
CALL_BOUND = 25.0  # generated timeouts are capped at 2 s below; dispatch adds its own margin
COUNTS = {"inputs": 0, "successes": 0, "errors": 0}

_text = st.text(st.characters(codec="utf-8"), max_size=40)
_edge_strings = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "é😀",
        "<script>",
        "../../etc/passwd",
        "%s%n",
        "a" * 20_000,
        "\u202e",
        "NaN",
        "-1",
        "1e309",
        "bu_1",
        "li_999999",
        "#id >> b",
    ]
)
_edge_numbers = st.sampled_from([0, -1, 1, 2**31, -(2**63), 2**64, 0.5, -0.0, 1e308, 9_999, 10_001])
_any_value = st.recursive(
    st.none() | st.booleans() | _edge_numbers | _text | _edge_strings,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=6,
)


def _value_for(prop: dict) -> st.SearchStrategy:
    options = prop.get("anyOf") or [prop]
    strategies = []
    for option in options:
        kind = option.get("type")
        if "enum" in option:
            strategies.append(st.sampled_from(option["enum"]))
        elif "const" in option:
            strategies.append(st.just(option["const"]))
        elif kind == "string":
            strategies.append(_text | _edge_strings)
        elif kind == "integer":
            lo, hi = option.get("minimum", -10), option.get("maximum", 5000)
            strategies.append(st.integers(min(lo, 10_000), min(hi, 10_000)) | _edge_numbers)
        elif kind == "number":
            strategies.append(st.floats(allow_nan=True, allow_infinity=True) | _edge_numbers)
        elif kind == "boolean":
            strategies.append(st.booleans())
        elif kind == "null":
            strategies.append(st.none())
        elif kind == "array":
            strategies.append(st.lists(_any_value, max_size=3))
        elif kind == "object" or "$ref" in option:
            strategies.append(st.dictionaries(_text, _any_value, max_size=3))
    return st.one_of(*strategies) if strategies else _any_value


@st.composite
def tool_calls(draw, names=None):
    name = draw(st.sampled_from(names or REGISTRY.names()))
    schema = REGISTRY.tools[name].json_schema()
    properties = schema.get("properties", {})
    arguments = {}
    for field, prop in properties.items():
        if draw(st.booleans()):
            # mostly schema-shaped values, sometimes anything at all
            arguments[field] = draw(_value_for(prop) if draw(st.integers(0, 4)) else _any_value)
    if draw(st.integers(0, 6)) == 0:
        arguments[draw(_text)] = draw(_any_value)  # an unknown key
    if "timeout" in arguments and not isinstance(arguments["timeout"], dict):
        arguments["timeout"] = "2s"  # keep generated calls short; timeouts themselves are tested elsewhere
    if _seconds(arguments.get("time")) > 2:
        arguments["time"] = "2s"  # browser_wait's fixed pause lasts as long as asked
    if draw(st.integers(0, 30)) == 0:
        return name, draw(_any_value)  # not an object at all
    return name, arguments


def _seconds(value) -> float:
    try:
        return parse_duration(value)
    except (ValueError, TypeError):
        return 0.0


@pytest.fixture(scope="module")
async def fuzz_manager(server, tmp_path_factory):
    # file_roots: generated paths of file-writing tools (browser_storage_state save) must not land in the cwd
    config = BrowserConfig(
        allowed_origins=[server.base],
        extra_args=["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
        file_roots=[str(tmp_path_factory.mktemp("fuzz-files"))],
    )
    async with BrowserManager(config, setups=TAB_SETUPS) as manager:
        yield manager
    SUMMARY["fuzz"] = (
        f"{COUNTS['inputs']} generated inputs tried, {COUNTS['successes']} successes, "
        f"{COUNTS['errors']} coded errors, 0 exceptions escaped"
    )


def _check_shape(result: ToolResult) -> None:
    assert isinstance(result, ToolResult)
    body = result.to_dict()
    assert isinstance(body["success"], bool)
    assert ("data" in body) != ("error" in body)
    assert {"duration_ms", "tab_id", "timestamp"} <= set(body["metadata"])
    if not result.success:
        assert result.error["code"] in KNOWN_CODES, result.error
        assert isinstance(result.error["message"], str) and isinstance(result.error["hint"], str)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(call=tool_calls())
async def test_generated_calls_give_a_result_or_a_coded_error(fuzz_manager, server, call):
    name, arguments = call
    ctx = ToolContext(fuzz_manager, "fuzz")
    result = await asyncio.wait_for(REGISTRY.dispatch(name, arguments, ctx), CALL_BOUND + 10)  # never hangs
    _check_shape(result)
    COUNTS["inputs"] += 1
    COUNTS["successes" if result.success else "errors"] += 1


DIALOG_PAGE = "<title>dialog fuzz</title><button onclick=\"window.answer = confirm('Sure?')\">Go</button>"


@settings(max_examples=max(EXAMPLES // 5, 10), deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(call=tool_calls(["browser_dialog", "browser_wait", "browser_dom", "browser_eval"]))
async def test_generated_calls_while_a_dialog_waits_for_an_answer(fuzz_manager, server, call):
    """Policy "ask" with a confirm open: every call answers (DIALOG_OPEN, or browser_dialog's result) at once."""
    name, arguments = call
    ctx = ToolContext(fuzz_manager, "fuzz-dialog")
    previous = fuzz_manager.config.dialog_policy
    fuzz_manager.config.dialog_policy = "ask"
    try:
        tab = await (await fuzz_manager.conversation("fuzz-dialog")).tab()
        if tab.dialogs.pending is None:
            if not tab.url.endswith("/dialog-fuzz"):
                await REGISTRY.dispatch("browser_navigate", {"url": server.route("/dialog-fuzz", DIALOG_PAGE)}, ctx)
            async with tab.session.wait_for("Page.javascriptDialogOpening", timeout=10):
                await tab.session.send("Runtime.evaluate", {"expression": "setTimeout(() => confirm('Sure?')); 1"})
        result = await asyncio.wait_for(REGISTRY.dispatch(name, arguments, ctx), CALL_BOUND + 10)
        _check_shape(result)
        if name != "browser_dialog" or not result.success:
            assert result.code in ("DIALOG_OPEN", "VALIDATION_ERROR", "TAB_NOT_FOUND"), result.to_dict()
    finally:
        fuzz_manager.config.dialog_policy = previous
    COUNTS["inputs"] += 1
    COUNTS["successes" if result.success else "errors"] += 1


async def test_the_browser_still_works_after_the_fuzzing(fuzz_manager, server):
    url = server.route("/after-fuzz", "<title>still fine</title>")
    result = await REGISTRY.dispatch("browser_navigate", {"url": url}, ToolContext(fuzz_manager, "after"))
    assert result.success and result.data["title"] == "still fine"

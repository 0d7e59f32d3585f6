"""Exceptions become codes in two places, tool dispatch and the library API; one code per failure;
a bug (INTERNAL_ERROR) leaves its traceback in the log, never in what the model reads."""

from __future__ import annotations

import ast
import asyncio
import builtins
import json
import logging
import os
import signal
from pathlib import Path

import pytest

import browserx
from browserx import errors
from browserx.browser import BrowserConfig, BrowserManager
from browserx.tools import Params, Tool, ToolContext, ToolRegistry, default_registry

SRC = Path(browserx.__file__).parent


async def _handler_with_a_bug(ctx: ToolContext, params: Params) -> dict:
    await ctx.tab()  # a real tab: the bug happens mid-call, as it would in a real tool
    raise RuntimeError("a bug in a handler")


async def test_an_unexpected_exception_in_a_handler_is_internal_error_with_its_traceback_logged(ctx, caplog):
    registry = ToolRegistry()
    registry.add(Tool("browser_buggy", "A tool with a bug.", Params, _handler_with_a_bug))
    with caplog.at_level(logging.ERROR, logger="browserx"):
        result = await registry.dispatch("browser_buggy", {}, ctx)
    assert result.code == "INTERNAL_ERROR"
    logged = [r for r in caplog.records if r.exc_info and r.exc_info[0] is RuntimeError]
    assert len(logged) == 1 and logged[0].levelno == logging.ERROR
    assert "_handler_with_a_bug" in logging.Formatter().formatException(logged[0].exc_info)
    seen_by_the_model = json.dumps(result.to_dict())
    assert "Traceback" not in seen_by_the_model and "_handler_with_a_bug" not in seen_by_the_model
    assert Path(__file__).name not in seen_by_the_model


async def test_a_coded_error_is_not_logged_as_a_bug(call, caplog):
    with caplog.at_level(logging.DEBUG, logger="browserx.errors"):
        result = await call("browser_tabs", action="select", tab_id=99)
    assert result.code == "TAB_NOT_FOUND"
    assert [r for r in caplog.records if r.name == "browserx.errors"] == []


async def test_a_handler_timeout_keeps_its_own_details_under_the_call_bound(call, server):
    # The handler's TIMEOUT (errors.TimeoutError, also a builtin TimeoutError) passes dispatch as
    # it is; dispatch only names its own bound when that bound expired.
    await call("browser_navigate", url=server.route("/quiet", "<p>nothing comes</p>"))
    result = await call("browser_wait", text="never shown", timeout="0.5s")
    assert result.code == "TIMEOUT"
    assert "waited_ms" in result.error["details"]


async def test_a_dead_browser_during_a_screenshot_is_browser_closed(server):
    # The screenshot's own scroll starts a loop that never ends: the capture waits on the page when
    # Chromium is killed. The page logs before it loops, so the call is known to be in flight.
    url = server.route(
        "/stuck-on-scroll",
        """<!doctype html><body style="margin:0;height:5000px">
        <button>one</button><script>addEventListener('scroll', () => { console.log('busy'); while (true) {} });
        </script></body>""",
    )
    async with BrowserManager(BrowserConfig()) as manager:
        ctx = ToolContext(manager, "dead-during-screenshot")
        registry = default_registry()
        assert (await registry.dispatch("browser_navigate", {"url": url}, ctx)).success
        tab = await ctx.tab()
        async with tab.session.wait_for("Runtime.consoleAPICalled", timeout=10):
            pending = asyncio.ensure_future(
                registry.dispatch(
                    "page_screenshot", {"action": "screenshot", "scroll_offset": {"y": 300}, "marks": True}, ctx
                )
            )
        os.kill(manager.chrome.pid, signal.SIGKILL)
        result = await asyncio.wait_for(pending, 10)
        assert result.code == "BROWSER_CLOSED", result.to_dict()
        assert (await registry.dispatch("page_screenshot", {"action": "screenshot"}, ctx)).success


async def test_the_library_api_raises_typed_errors(server, caplog):
    registry = default_registry()

    class TabsParams(Params):
        action: str

    async def tabs_without_the_list(ctx: ToolContext, params: TabsParams) -> dict:
        return {"count": 0}  # a tool and the API disagree: a bug the API must not leak as KeyError

    registry.tools["browser_tabs"] = Tool("browser_tabs", "Tabs.", TabsParams, tabs_without_the_list)
    async with browserx.Browser(BrowserConfig(), registry=registry) as browser:
        session = await browser.session()
        with pytest.raises(errors.NavigationFailedError):
            await session.navigate("http://127.0.0.1:9/", timeout=5)
        await session.navigate(server.route("/api", "<button>Go</button>"))
        with pytest.raises(errors.JSExceptionError):
            await session.eval("(() => { throw new Error('thrown') })()")
        with pytest.raises(errors.NodeNotFoundError):
            await session.click("bu_999")
        with pytest.raises(errors.ValidationError):
            await session.snapshot(no_such_option=True)
        with pytest.raises(errors.TabNotFoundError):
            await session.snapshot(tab_id=99)
        with caplog.at_level(logging.ERROR, logger="browserx"):
            with pytest.raises(errors.BrowserxError) as raised:
                await session.tabs()
        assert raised.value.code == "INTERNAL_ERROR"
        assert any(r.exc_info and r.exc_info[0] is KeyError for r in caplog.records)
    with pytest.raises(errors.ValidationError):
        browserx.launch(no_such_setting=1)


def test_the_timeout_error_is_a_builtin_timeout_error():
    assert isinstance(errors.TimeoutError("late"), builtins.TimeoutError)
    assert isinstance(errors.TimeoutError("late"), errors.BrowserxError)
    assert errors.TimeoutError("late").code == "TIMEOUT"


async def test_a_builtin_timeout_catches_asyncio_timeouts_and_coded_ones_alike():
    caught = []
    for source in (asyncio.wait_for(asyncio.Event().wait(), 0.01), _raise(errors.TimeoutError("coded"))):
        try:
            await source
        except TimeoutError as exc:
            caught.append(errors.error_from_exception(exc).code)
    assert caught == ["TIMEOUT", "TIMEOUT"]


async def _raise(exc: BaseException) -> None:
    raise exc


def test_in_page_error_codes_map_through_the_one_table():
    error = errors.error_for_code("ELEMENT_COVERED", "covered", details={"cover": "div"})
    assert type(error) is errors.ElementCoveredError and error.details == {"cover": "div"}
    assert "_ERRORS" not in (SRC / "actions" / "element.py").read_text()


def _broad(handler: ast.ExceptHandler) -> bool:
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(n is None or (isinstance(n, ast.Name) and n.id in ("Exception", "BaseException")) for n in names)


def _accounts_for_it(handler: ast.ExceptHandler) -> bool:
    """Re-raises, logs (with the exception or its traceback), or converts at a boundary."""
    for node in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, (ast.Attribute, ast.Name)):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            if name in ("exception", "error_from_exception"):
                return True
            uses_exc = any(isinstance(a, ast.Name) and a.id == handler.name for a in node.args)
            if name in ("debug", "info", "warning", "error") and (
                uses_exc or any(k.arg == "exc_info" for k in node.keywords)
            ):
                return True
    return False


def test_no_broad_except_swallows_without_a_trace():
    silent = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.relative_to(SRC)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.ExceptHandler) and _broad(node) and not _accounts_for_it(node):
                silent.append(where)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "suppress"
                and any(isinstance(a, ast.Name) and a.id in ("Exception", "BaseException") for a in node.args)
            ):
                silent.append(where)
    assert silent == []

"""The Python API for agent builders: the same operations the tools expose, typed and async.

    import browserx

    async with browserx.launch() as browser:              # or browserx.connect("http://127.0.0.1:9222")
                                                          # or browserx.connect(browser_endpoint="ws://…")
        session = await browser.session()                   # one isolated conversation
        await session.navigate("https://example.com/")
        print(await session.snapshot_text())
        await session.click("li_1")

    # hand the tools to any LLM framework
    schemas = browser.tools.declarations()
    result = await browser.call_tool("browser_navigate", {"url": "https://example.com/"}, conversation_id="c1")

Library methods raise the typed errors of `browserx.errors` and nothing else (this module is
the library's error boundary, as tool dispatch is the tools'); `call_tool` returns the tool's
result shape (`ToolResult`) and never raises.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import pydantic

from .browser import BrowserConfig, BrowserManager
from .errors import BrowserxError, ValidationError, error_from_exception
from .tools import TAB_SETUPS, ToolContext, ToolRegistry, ToolResult, data_of, default_registry

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _typed(method: Callable[_P, Awaitable[_R]]) -> Callable[_P, Awaitable[_R]]:
    """The library API's boundary: a failure leaves as a `BrowserxError`; anything else that
    escapes is a bug, raised as INTERNAL_ERROR with its traceback logged (`error_from_exception`)."""

    @functools.wraps(method)
    async def boundary(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return await method(*args, **kwargs)
        except BrowserxError:
            raise
        except Exception as exc:
            raise error_from_exception(exc, f"browserx.{method.__qualname__}") from exc

    return boundary


class Browser:
    """A Chromium (launched or attached) and the tool registry. Use `launch()` or `connect()`."""

    def __init__(self, config: BrowserConfig | None = None, registry: ToolRegistry | None = None) -> None:
        self.config = config or BrowserConfig()
        self.manager = BrowserManager(self.config, setups=TAB_SETUPS)
        self.tools = registry or default_registry()

    @_typed
    async def __aenter__(self) -> Browser:
        await self.manager.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @_typed
    async def close(self) -> None:
        await self.manager.close()

    @_typed
    async def session(self, conversation_id: str | None = None) -> Session:
        """An isolated conversation (own cookies, storage, tabs); a new one unless an id is given."""
        conversation_id = conversation_id or self.manager.new_conversation_id()
        await self.manager.conversation(conversation_id)
        return Session(self, conversation_id)

    async def call_tool(
        self, name: str, arguments: dict[str, Any] | None = None, *, conversation_id: str | None = None
    ) -> ToolResult:
        return await self.tools.dispatch(name, arguments or {}, ToolContext(self.manager, conversation_id))


class Session:
    """One conversation. Every method is the tool of the same name; errors are raised, typed."""

    def __init__(self, browser: Browser, conversation_id: str) -> None:
        self.browser = browser
        self.conversation_id = conversation_id

    async def call(self, name: str, **arguments: Any) -> ToolResult:
        return await self.browser.call_tool(name, _drop_none(arguments), conversation_id=self.conversation_id)

    async def _data(self, name: str, **arguments: Any) -> Any:
        return data_of(await self.call(name, **arguments))

    @_typed
    async def navigate(self, url: str, *, timeout: str | float = 15.0, tab_id: int | None = None) -> dict[str, Any]:
        return await self._data("browser_navigate", url=url, timeout=timeout, tab_id=tab_id)

    @_typed
    async def eval(self, expression: str, *, timeout: str | float = 15.0, tab_id: int | None = None) -> Any:
        return await self._data("browser_eval", expression=expression, timeout=timeout, tab_id=tab_id)

    @_typed
    async def snapshot(self, *, tab_id: int | None = None, **options: Any):
        """The page model (`browserx.page.PageModel`), including the selector map `aimap`."""
        from .page.model import SnapshotOptions
        from .page.service import DomService

        try:
            snapshot_options = SnapshotOptions(**options)
        except pydantic.ValidationError as exc:
            raise ValidationError(
                f"invalid snapshot options: {exc.error_count()} error(s)",
                details={"fields": [".".join(map(str, e["loc"])) for e in exc.errors()]},
            ) from None
        conversation = await self.browser.manager.conversation(self.conversation_id)
        tab = await conversation.tab(tab_id)
        tab.check_open()
        return await DomService.of(tab).snapshot(snapshot_options)

    @_typed
    async def snapshot_text(self, *, tab_id: int | None = None, **options: Any) -> str:
        """The compact text an LLM reads."""
        data = await self._data("browser_dom", action="snapshot", tab_id=tab_id, **options)
        return data if isinstance(data, str) else data.get("text", "")

    @_typed
    async def click(self, element_id: str, **options: Any) -> dict[str, Any]:
        return await self._data("browser_dom", action="click", element_id=element_id, **options)

    @_typed
    async def type(self, element_id: str, text: str, **options: Any) -> dict[str, Any]:
        return await self._data("browser_dom", action="type", element_id=element_id, text=text, **options)

    @_typed
    async def keypress(self, key: str, **options: Any) -> dict[str, Any]:
        return await self._data("browser_dom", action="keypress", key=key, **options)

    @_typed
    async def scroll(self, element_id: str, **options: Any) -> dict[str, Any]:
        return await self._data("browser_dom", action="scroll", element_id=element_id, **options)

    @_typed
    async def select(self, element_id: str, option: str, **options: Any) -> dict[str, Any]:
        return await self._data("browser_dom", action="select", element_id=element_id, option=option, **options)

    @_typed
    async def hover(self, element_id: str, **options: Any) -> dict[str, Any]:
        return await self._data("browser_dom", action="hover", element_id=element_id, **options)

    @_typed
    async def dialog(self, accept: bool = True, *, prompt_text: str | None = None, **options: Any) -> dict[str, Any]:
        """Answer the open dialog (policy "ask"): OK (accept) or Cancel, with a prompt's text."""
        return await self._data("browser_dialog", accept=accept, prompt_text=prompt_text, **options)

    @_typed
    async def tool(self, name: str, **arguments: Any) -> Any:
        """Any tool by name: its data, or its error raised, typed (as the other methods do)."""
        return await self._data(name, **arguments)

    @_typed
    async def locate(
        self,
        role: str,
        name: str,
        *,
        region: str | None = None,
        heading: str | None = None,
        index: int = 0,
        selector: str | None = None,
        frame: str | None = None,
        tab_id: int | None = None,
    ) -> str:
        """The element id of a control on the page now, found as a flow's replay finds it: by role and
        accessible name, then region, heading, index among same-named controls, selector.
        REPLAY_DIVERGED (naming what was seen) when no control has that role and name."""
        from .tools.flows import Target, find_element

        target = Target(
            role=role, name=name, region=region, heading=heading, index=index, selector=selector, frame=frame
        )
        return await find_element(await self._tab(tab_id), target)

    @_typed
    async def save_flow(self, path: str | Path | None = None, *, task: str | None = None, since: int = 0):
        """This conversation's successful steps as a flow (`browserx.tools.flows.Flow`), written to `path`
        if given: typed values are parameters, a password's value is never written."""
        from .tools.flows import FlowLog, save_flow

        conversation = await self.browser.manager.conversation(self.conversation_id)
        flow = FlowLog.of(conversation).flow(task=task, since=since)
        if path is not None:
            save_flow(flow, path)
        return flow

    @_typed
    async def replay(
        self,
        flow: Any,
        *,
        params: dict[str, str] | None = None,
        url: str | None = None,
        on_step: Callable[[Any], Any] | None = None,
    ):
        """Replay a flow (a `Flow` or its file) in this conversation without a model: a `ReplayReport`,
        or REPLAY_DIVERGED at the first step that cannot be matched or whose effect differs."""
        from .tools.flows import Flow, Replay, load_flow

        flow = flow if isinstance(flow, Flow) else load_flow(flow)
        replay = Replay(
            flow,
            self.browser.tools,
            self.browser.manager,
            self.conversation_id,
            values=flow.resolve(params),
            url=url,
            on_step=on_step,
        )
        return await replay.run()

    async def _tab(self, tab_id: int | None):
        conversation = await self.browser.manager.conversation(self.conversation_id)
        tab = await conversation.tab(tab_id)
        tab.check_open()
        return tab

    @_typed
    async def screenshot(self, **options: Any) -> ToolResult:
        """A viewport screenshot: `result.images[0].data` is the PNG, `result.data` its metadata."""
        result = await self.call("page_screenshot", action="screenshot", **options)
        data_of(result)
        return result

    @_typed
    async def tabs(self) -> list[dict[str, Any]]:
        return (await self._data("browser_tabs", action="list"))["tabs"]

    @_typed
    async def console_logs(self, *, limit: int = 100, **filters: Any) -> list[dict[str, Any]]:
        return (await self._data("browser_recent_console_logs", limit=limit, **filters)).get("entries", [])

    @_typed
    async def close(self) -> None:
        await self.browser.manager.close_conversation(self.conversation_id)


def _drop_none(arguments: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in arguments.items() if v is not None}


def launch(config: BrowserConfig | None = None, **settings: Any) -> Browser:
    """A browser that browserx launches (headless by default): `async with browserx.launch() as browser`."""
    return Browser(config or _config(**settings))


def connect(cdp_url: str | None = None, **settings: Any) -> Browser:
    """Attach to a running browser by `http://host:port` or `ws://…` DevTools URL, or, with
    `browser_endpoint="ws://…"` (browserless) or `"http://…"` (Selenium Grid 4) instead, get a
    browser per conversation from that service (`browser_endpoint_token=`, `endpoint_timeout=`)."""
    return Browser(_config(cdp_url=cdp_url, **settings))


def _config(**settings: Any) -> BrowserConfig:
    try:
        return BrowserConfig(**settings)
    except TypeError as exc:  # a setting BrowserConfig does not have, or a value of the wrong type
        raise ValidationError(
            f"invalid browser settings: {exc}", hint="Use the fields of browserx.BrowserConfig."
        ) from None

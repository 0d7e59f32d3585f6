"""Model clients for any OpenAI-compatible endpoint, with our own bounded retries.

    client = ResponsesClient.from_env(model="gpt-4.1-mini")      # OPENAI_API_KEY, OPENAI_BASE_URL
    client = ResponsesClient.from_env(model="…", strict_tools=True)   # strict schemas (default: plain)
    client = ChatClient.from_env(model="qwen3", stream=True)     # /v1/chat/completions (llm/chat_client.py)
    turn = await client.turn(instructions=prompt, items=history.items, declarations=registry.declarations())
    turn.calls        # [FunctionCall(call_id, name, arguments)]; empty → turn.text is the answer

The agent loop sees one small interface, `ModelClient`: `turn(...)` takes the history in its
neutral form (llm/history.py: user, assistant, call, output, image items) and the tool
declarations, and each client writes them in its own wire format. Requests are stateless (the
whole input list each time; Responses: `store=False`, no `previous_response_id`) so any
compatible server works. The SDK's own retries are off (`max_retries=0`): this module retries
408/409/429/5xx, timeouts and connection errors with exponential backoff, so the caller sees one
outcome per request — success, or `ModelRequestFailedError` after the final attempt — and can run
the screenshot lifecycle (Uploading → Uploaded/failed → Deleted) around it. The SDK's exceptions
are translated here and nowhere else.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import openai

from ..errors import ModelRequestFailedError, ValidationError
from .schema import function_tools

log = logging.getLogger("browserx.llm")

_RETRY_STATUS = {408, 409, 429}


def _transport_error() -> type[Exception]:
    """TransportError of the HTTP library openai is built on: httpx, httpx2 from openai 3. A dropped
    connection can surface as one, unwrapped. httpx itself may be absent: mcp 2.x and openai 3 install
    only httpx2."""
    client = next(c for c in openai.DefaultAsyncHttpxClient.__mro__ if c.__name__ == "AsyncClient")
    error: type[Exception] = importlib.import_module(client.__module__.partition(".")[0]).TransportError
    return error


TRANSPORT_ERROR = _transport_error()
T = TypeVar("T")


@dataclass
class FunctionCall:
    call_id: str
    name: str
    arguments: str  # the model's JSON text, parsed by the agent


@dataclass
class ModelTurn:
    response_id: str | None
    text: str
    calls: list[FunctionCall]
    usage: dict[str, int] | None  # input_tokens, cached_tokens, output_tokens, total_tokens
    attempts: int = 1
    replay: list[dict[str, Any]] = field(default_factory=list)  # the turn as history items (assistant, call)


def usage_of(input_tokens: Any, cached: Any, output_tokens: Any, total: Any) -> dict[str, int]:
    """One usage shape for both APIs (Responses: input/output_tokens; Chat: prompt/completion_tokens)."""
    return {
        "input_tokens": int(input_tokens or 0),
        "cached_tokens": int(cached or 0),
        "output_tokens": int(output_tokens or 0),
        "total_tokens": int(total or 0),
    }


def replay_items(text: str, calls: list[FunctionCall]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"kind": "assistant", "text": text}] if text else []
    items += [{"kind": "call", "call_id": c.call_id, "name": c.name, "arguments": c.arguments} for c in calls]
    return items


class ModelClient:
    """What the agent loop uses: `turn()`, `model`, `api`, `close()`; retries live here."""

    api = ""
    strict_tools = True  # which declaration variant the wire carries (for the cost shares)

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        max_retries: int = 4,
        base_delay: float = 0.5,
        max_delay: float = 8.0,
        timeout: float = 120.0,
        sdk: openai.AsyncOpenAI | None = None,
    ) -> None:
        if not model:
            raise ValidationError("no model given", hint="Pass --model (or set BROWSERX_MODEL).")
        self.model = model
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.timeout = timeout
        # A local compatible server often needs no key; the SDK insists on one, so send a placeholder.
        self.sdk = sdk or openai.AsyncOpenAI(
            api_key=api_key or "unused", base_url=base_url, max_retries=0, timeout=timeout
        )
        self.requests = 0  # HTTP attempts made, successful or not
        self._tools: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None

    @classmethod
    def from_env(cls, model: str | None = None, **kwargs: Any) -> Any:
        """Read OPENAI_API_KEY, OPENAI_BASE_URL (and BROWSERX_MODEL if no model is given) now, not at import."""
        return cls(
            model or os.environ.get("BROWSERX_MODEL", ""),
            api_key=os.environ.get("OPENAI_API_KEY"),
            base_url=os.environ.get("OPENAI_BASE_URL") or None,
            **kwargs,
        )

    async def close(self) -> None:
        await self.sdk.close()

    async def turn(
        self,
        *,
        instructions: str,
        items: list[dict[str, Any]],
        declarations: list[dict[str, Any]],
        model: str | None = None,
    ) -> ModelTurn:
        raise NotImplementedError

    def wire_tools(self, declarations: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The declarations in this API's tool form, built once per declaration list (a byte-identical
        tools block on every request is part of the cacheable prefix)."""
        if self._tools is None or self._tools[0] is not declarations:  # held, so its identity is not reused
            self._tools = (declarations, self._tool_form(declarations))
        return self._tools[1]

    def _tool_form(self, declarations: list[dict[str, Any]]) -> list[dict[str, Any]]:
        raise NotImplementedError

    async def _with_retries(self, send: Callable[[], Awaitable[T]]) -> tuple[T, int]:
        attempt = 0
        while True:
            attempt += 1
            self.requests += 1
            try:
                return await send(), attempt
            except (openai.APIStatusError, openai.APIConnectionError, TRANSPORT_ERROR) as exc:
                retryable, delay_hint, what = _classify(exc)
                if not retryable or attempt > self.max_retries:
                    raise ModelRequestFailedError(
                        f"model request failed after {attempt} attempt(s): {what}",
                        details={"attempts": attempt, "status": getattr(exc, "status_code", None)},
                    ) from None
                delay = min(
                    self.max_delay,
                    delay_hint
                    if delay_hint is not None
                    else self.base_delay * 2 ** (attempt - 1) * (1 + random.random() / 4),
                )
                log.info("model request attempt %d failed (%s); retrying in %.2f s", attempt, what, delay)
                await asyncio.sleep(delay)
            except openai.OpenAIError as exc:  # e.g. a body the SDK cannot parse: retrying will not help
                raise ModelRequestFailedError(
                    f"model request failed: {type(exc).__name__}: {exc}", details={"attempts": attempt}
                ) from None


class ResponsesClient(ModelClient):
    """Non-streaming Responses API calls (`/v1/responses`). Tools go out with their plain schema and
    `strict: false` (shorter requests, no null for every optional field in every call: llm/schema.py);
    `strict_tools=True` sends the strict schemas, whose arguments always parse."""

    api = "responses"

    def __init__(self, model: str, *, strict_tools: bool = False, **kwargs: Any) -> None:
        super().__init__(model, **kwargs)
        self.strict_tools = strict_tools

    async def turn(
        self,
        *,
        instructions: str,
        items: list[dict[str, Any]],
        declarations: list[dict[str, Any]],
        model: str | None = None,
    ) -> ModelTurn:
        return await self.respond(
            instructions=instructions, input=to_input(items), tools=self.wire_tools(declarations), model=model
        )

    def _tool_form(self, declarations: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return function_tools(declarations, strict=self.strict_tools)

    async def respond(
        self,
        *,
        instructions: str,
        input: list[dict[str, Any]],  # noqa: A002 - the API's name
        tools: list[dict[str, Any]],
        model: str | None = None,
    ) -> ModelTurn:
        body: dict[str, Any] = {
            "model": model or self.model,
            "instructions": instructions,
            "input": input,
            "store": False,
        }
        if tools:
            body["tools"] = tools
        response, attempts = await self._with_retries(lambda: self.sdk.responses.create(**body))
        return _turn(response, attempts)


def to_input(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """History items → Responses input items."""
    out: list[dict[str, Any]] = []
    for item in items:
        kind = item["kind"]
        if kind == "user":
            out.append({"role": "user", "content": [{"type": "input_text", "text": item["text"]}]})
        elif kind == "assistant":
            out.append({"role": "assistant", "content": item["text"]})
        elif kind == "call":
            out.append(
                {
                    "type": "function_call",
                    "call_id": item["call_id"],
                    "name": item["name"],
                    "arguments": item["arguments"],
                }
            )
        elif kind == "output":
            out.append({"type": "function_call_output", "call_id": item["call_id"], "output": item["output"]})
        elif kind == "image":
            out.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "input_text", "text": item["caption"]},
                        {"type": "input_image", "image_url": item["url"], "detail": "auto"},
                    ],
                }
            )
    return out


def _classify(exc: Exception) -> tuple[bool, float | None, str]:
    if isinstance(exc, openai.APITimeoutError):
        return True, None, "timeout"
    if isinstance(exc, (openai.APIConnectionError, TRANSPORT_ERROR)):
        return True, None, f"connection error: {exc}"
    assert isinstance(exc, openai.APIStatusError)
    status = exc.status_code
    retry_after = None
    header = exc.response.headers.get("retry-after") if exc.response is not None else None
    if header:
        try:
            retry_after = max(0.0, float(header))
        except ValueError:
            retry_after = None
    return status in _RETRY_STATUS or status >= 500, retry_after, f"HTTP {status}"


def _turn(response: Any, attempts: int) -> ModelTurn:
    calls: list[FunctionCall] = []
    texts: list[str] = []
    for item in response.output or []:
        kind = getattr(item, "type", None)
        if kind == "function_call":
            calls.append(FunctionCall(item.call_id, item.name, item.arguments or "{}"))
        elif kind == "message":
            text = "".join(
                getattr(part, "text", "") or ""
                for part in item.content or []
                if getattr(part, "type", None) == "output_text"
            )
            if text:
                texts.append(text)
        # reasoning items are dropped: without `store` they cannot be referenced again anyway
    usage = None
    if getattr(response, "usage", None) is not None:
        u = response.usage
        details = getattr(u, "input_tokens_details", None)
        usage = usage_of(
            getattr(u, "input_tokens", 0),
            getattr(details, "cached_tokens", 0),
            getattr(u, "output_tokens", 0),
            getattr(u, "total_tokens", 0),
        )
    text = "\n".join(texts).strip()
    return ModelTurn(getattr(response, "id", None), text, calls, usage, attempts, replay_items(text, calls))

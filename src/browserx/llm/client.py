"""A Responses API client for any OpenAI-compatible endpoint, with our own bounded retries.

    client = ResponsesClient.from_env(model="gpt-4.1-mini")      # OPENAI_API_KEY, OPENAI_BASE_URL
    turn = await client.respond(instructions=prompt, input=items, tools=function_tools(decls))
    turn.calls        # [FunctionCall(call_id, name, arguments)]; empty → turn.text is the answer

Requests are stateless (the whole input list each time, `store=False`, no `previous_response_id`)
so any compatible server works. The SDK's own retries are off (`max_retries=0`): this client
retries 408/409/429/5xx, timeouts and connection errors with exponential backoff, so the caller
sees one outcome per request — success, or `ModelRequestFailedError` after the final attempt —
and can run the screenshot lifecycle (Uploading → Uploaded/failed → Deleted) around it.
The SDK's exceptions are translated here and nowhere else.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
from dataclasses import dataclass, field
from typing import Any

import openai

from ..errors import ModelRequestFailedError, ValidationError

log = logging.getLogger("browserx.llm")

_RETRY_STATUS = {408, 409, 429}


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
    usage: dict[str, int] | None
    attempts: int = 1
    replay: list[dict[str, Any]] = field(default_factory=list)  # output items as input items for the next request


class ResponsesClient:
    """Non-streaming Responses API calls with bounded exponential backoff."""

    def __init__(self, model: str, *, api_key: str | None = None, base_url: str | None = None,
                 max_retries: int = 4, base_delay: float = 0.5, max_delay: float = 8.0,
                 timeout: float = 120.0, sdk: openai.AsyncOpenAI | None = None) -> None:
        if not model:
            raise ValidationError("no model given", hint="Pass --model (or set BROWSERX_MODEL).")
        self.model = model
        self.max_retries = max_retries
        self.base_delay = base_delay
        self.max_delay = max_delay
        self.timeout = timeout
        # A local compatible server often needs no key; the SDK insists on one, so send a placeholder.
        self.sdk = sdk or openai.AsyncOpenAI(api_key=api_key or "unused", base_url=base_url,
                                             max_retries=0, timeout=timeout)
        self.requests = 0  # HTTP attempts made, successful or not

    @classmethod
    def from_env(cls, model: str | None = None, **kwargs: Any) -> ResponsesClient:
        """Read OPENAI_API_KEY, OPENAI_BASE_URL (and BROWSERX_MODEL if no model is given) now, not at import."""
        return cls(model or os.environ.get("BROWSERX_MODEL", ""), api_key=os.environ.get("OPENAI_API_KEY"),
                   base_url=os.environ.get("OPENAI_BASE_URL") or None, **kwargs)

    async def close(self) -> None:
        await self.sdk.close()

    async def respond(self, *, instructions: str, input: list[dict[str, Any]],  # noqa: A002 - the API's name
                      tools: list[dict[str, Any]], model: str | None = None) -> ModelTurn:
        body: dict[str, Any] = {"model": model or self.model, "instructions": instructions, "input": input,
                                "store": False}
        if tools:
            body["tools"] = tools
        attempt = 0
        while True:
            attempt += 1
            self.requests += 1
            try:
                response = await self.sdk.responses.create(**body)
            except (openai.APIStatusError, openai.APIConnectionError) as exc:
                retryable, delay_hint, what = _classify(exc)
                if not retryable or attempt > self.max_retries:
                    raise ModelRequestFailedError(
                        f"model request failed after {attempt} attempt(s): {what}",
                        details={"attempts": attempt, "status": getattr(exc, "status_code", None)}) from None
                delay = min(self.max_delay, delay_hint if delay_hint is not None
                            else self.base_delay * 2 ** (attempt - 1) * (1 + random.random() / 4))
                log.info("model request attempt %d failed (%s); retrying in %.2f s", attempt, what, delay)
                await asyncio.sleep(delay)
                continue
            except openai.OpenAIError as exc:  # e.g. a body the SDK cannot parse: retrying will not help
                raise ModelRequestFailedError(f"model request failed: {type(exc).__name__}: {exc}",
                                              details={"attempts": attempt}) from None
            return _turn(response, attempt)


def _classify(exc: openai.APIStatusError | openai.APIConnectionError) -> tuple[bool, float | None, str]:
    if isinstance(exc, openai.APITimeoutError):
        return True, None, "timeout"
    if isinstance(exc, openai.APIConnectionError):
        return True, None, f"connection error: {exc}"
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
    replay: list[dict[str, Any]] = []
    for item in response.output or []:
        kind = getattr(item, "type", None)
        if kind == "function_call":
            calls.append(FunctionCall(item.call_id, item.name, item.arguments or "{}"))
            replay.append({"type": "function_call", "call_id": item.call_id, "name": item.name,
                           "arguments": item.arguments or "{}"})
        elif kind == "message":
            text = "".join(getattr(part, "text", "") or "" for part in item.content or []
                           if getattr(part, "type", None) == "output_text")
            if text:
                texts.append(text)
                replay.append({"role": "assistant", "content": text})
        # reasoning items are dropped: without `store` they cannot be referenced again anyway
    usage = None
    if getattr(response, "usage", None) is not None:
        u = response.usage
        usage = {"input_tokens": int(getattr(u, "input_tokens", 0) or 0),
                 "output_tokens": int(getattr(u, "output_tokens", 0) or 0),
                 "total_tokens": int(getattr(u, "total_tokens", 0) or 0)}
    return ModelTurn(getattr(response, "id", None), "\n".join(texts).strip(), calls, usage, attempts, replay)

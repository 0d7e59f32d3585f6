"""A Chat Completions client (`/v1/chat/completions`): the agent on llama.cpp, Ollama, vLLM, LM Studio…

    client = ChatClient.from_env(model="qwen3:8b")               # OPENAI_BASE_URL=http://127.0.0.1:11434/v1
    client = ChatClient("m", base_url=url, stream=True)          # tokens arrive as server-sent events
    turn = await client.turn(instructions=prompt, items=history.items, declarations=declarations)

The same history as the Responses client, written as messages: the instructions as the system
message, each model turn as one assistant message with its `tool_calls`, each tool result as a
`tool` message, and each screenshot as an `image_url` part of a user message placed after the
tool messages of its turn (Chat Completions wants a turn's tool messages right after its call).
Tools go out as plain function tools (the registry's JSON schema, not strict: many local servers
refuse or ignore strict mode, and the plain schema is what their grammar converters know). Retries
and error translation are the shared ones of `ModelClient`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from .client import FunctionCall, ModelClient, ModelTurn, replay_items, usage_of

_call_ids = itertools.count(1)


class ChatClient(ModelClient):
    api = "chat"
    strict_tools = False

    def __init__(self, model: str, *, stream: bool = False, **kwargs: Any) -> None:
        super().__init__(model, **kwargs)
        self.stream = stream

    async def turn(
        self,
        *,
        instructions: str,
        items: list[dict[str, Any]],
        declarations: list[dict[str, Any]],
        model: str | None = None,
    ) -> ModelTurn:
        return await self.complete(to_messages(instructions, items), self.wire_tools(declarations), model=model)

    def _tool_form(self, declarations: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            {
                "type": "function",
                "function": {"name": d["name"], "description": d["description"], "parameters": d["input_schema"]},
            }
            for d in declarations
        ]

    async def complete(
        self, messages: list[dict[str, Any]], tools: list[dict[str, Any]], model: str | None = None
    ) -> ModelTurn:
        body: dict[str, Any] = {"model": model or self.model, "messages": messages}
        if tools:
            body["tools"] = tools
        if self.stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
            got, attempts = await self._with_retries(lambda: self._streamed(body))
            return _turn_from(
                got.id,
                got.text,
                [FunctionCall(c["id"], c["name"], c["arguments"] or "{}") for c in got.calls],
                got.usage,
                attempts,
            )
        response, attempts = await self._with_retries(lambda: self.sdk.chat.completions.create(**body))
        return _turn(response, attempts)

    async def _streamed(self, body: dict[str, Any]) -> Any:
        """Read the whole stream inside the retried call: a stream cut halfway is retried as a whole."""
        text: list[str] = []
        calls: dict[int, dict[str, str]] = {}
        usage = None
        response_id = None
        async with await self.sdk.chat.completions.create(**body) as stream:  # closed even when cut off
            async for chunk in stream:
                response_id = response_id or getattr(chunk, "id", None)
                if getattr(chunk, "usage", None) is not None:
                    usage = chunk.usage
                for choice in chunk.choices or []:
                    delta = choice.delta
                    if delta is None:
                        continue
                    if delta.content:
                        text.append(delta.content)
                    for part in delta.tool_calls or []:
                        slot = calls.setdefault(part.index, {"id": "", "name": "", "arguments": ""})
                        slot["id"] = part.id or slot["id"]
                        if part.function is not None:
                            slot["name"] += part.function.name or ""
                            slot["arguments"] += part.function.arguments or ""
        return _Collected(response_id, "".join(text), [calls[i] for i in sorted(calls)], usage)


@dataclass
class _Collected:
    """A streamed answer, put together."""

    id: str | None
    text: str
    calls: list[dict[str, str]]
    usage: Any


def to_messages(instructions: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """System message + history items → Chat Completions messages."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": instructions}]
    images: list[dict[str, Any]] = []  # held until the tool messages of their turn are written

    def flush() -> None:
        for image in images:
            messages.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": image["caption"]},
                        {"type": "image_url", "image_url": {"url": image["url"]}},
                    ],
                }
            )
        images.clear()

    open_turn = False  # the last message is an assistant message that may take more tool calls
    for item in items:
        kind = item["kind"]
        if kind == "image":
            images.append(item)
            continue
        if kind != "output":
            flush()
        if kind == "user":
            messages.append({"role": "user", "content": item["text"]})
            open_turn = False
        elif kind == "assistant":
            messages.append({"role": "assistant", "content": item["text"]})
            open_turn = True
        elif kind == "call":
            call = {
                "id": item["call_id"],
                "type": "function",
                "function": {"name": item["name"], "arguments": item["arguments"]},
            }
            if open_turn:
                messages[-1].setdefault("tool_calls", []).append(call)
            else:
                messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
                open_turn = True
        elif kind == "output":
            messages.append({"role": "tool", "tool_call_id": item["call_id"], "content": item["output"]})
            open_turn = False
    flush()
    return messages


def _turn(response: Any, attempts: int) -> ModelTurn:
    choice = (response.choices or [None])[0]
    message = getattr(choice, "message", None)
    text = (getattr(message, "content", None) or "") if message is not None else ""
    calls = [
        FunctionCall(c.id, c.function.name, c.function.arguments or "{}")
        for c in (getattr(message, "tool_calls", None) or [])
        if getattr(c, "function", None) is not None
    ]
    return _turn_from(getattr(response, "id", None), text, calls, getattr(response, "usage", None), attempts)


def _turn_from(response_id: str | None, text: str, calls: list[FunctionCall], usage: Any, attempts: int) -> ModelTurn:
    text = text.strip()
    for call in calls:  # some local servers leave the id empty; tool messages need one to point at
        call.call_id = call.call_id or f"call_bx{next(_call_ids)}"
    normalized = None
    if usage is not None:
        details = getattr(usage, "prompt_tokens_details", None)
        normalized = usage_of(
            getattr(usage, "prompt_tokens", 0),
            getattr(details, "cached_tokens", 0),
            getattr(usage, "completion_tokens", 0),
            getattr(usage, "total_tokens", 0),
        )
    return ModelTurn(response_id, text, calls, normalized, attempts, replay_items(text, calls))

"""A scripted model endpoint speaking the OpenAI Chat Completions wire format (streaming or not).

    fake = FakeChat()                      # threaded HTTP server on 127.0.0.1, port 0
    fake.script(call("browser_dom", action="snapshot"), 500, message("Done."))
    client = fake.client(stream=True)      # a ChatClient on it, driven by the real openai SDK
    ...
    fake.requests                          # every POST /v1/chat/completions body, parsed

Script entries work as in fake_responses.py: a ChatCompletion dict, an HTTP status (answered
with an error body), or a function `(request_body) -> entry`. A request with `stream: true` gets
the same completion as server-sent events: the text and each tool call's arguments in pieces,
then a usage chunk, then `[DONE]`. `usage` (optional) computes each answer's usage from the
request, e.g. `prefix_cache.usage` to report the cached tokens a prompt cache would give.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from typing import Any

from fake_responses import FakeResponses

from browserx.llm import ChatClient

_ids = itertools.count(1)


def call(name: str, call_id: str | None = None, **arguments: Any) -> dict[str, Any]:
    """A completion whose message is one tool call."""
    return calls((name, arguments, call_id))


def calls(*items: tuple[str, dict[str, Any], str | None], text: str | None = None) -> dict[str, Any]:
    tool_calls = []
    for name, arguments, call_id in items:
        tool_calls.append(
            {
                "id": call_id or f"call_{next(_ids)}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(arguments)},
            }
        )
    return _completion({"role": "assistant", "content": text, "tool_calls": tool_calls}, "tool_calls")


def message(text: str) -> dict[str, Any]:
    """A completion whose message is a final answer."""
    return _completion({"role": "assistant", "content": text}, "stop")


def _completion(msg: dict[str, Any], finish: str) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-{next(_ids)}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": "test-model",
        "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
        "usage": {
            "prompt_tokens": 100,
            "completion_tokens": 10,
            "total_tokens": 110,
            "prompt_tokens_details": {"cached_tokens": 0},
        },
    }


def sse_chunks(completion: dict[str, Any]) -> list[dict[str, Any]]:
    """A completion as the chunks a streaming server sends (pieces of text and arguments, usage last)."""
    base = {
        "id": completion["id"],
        "object": "chat.completion.chunk",
        "created": completion["created"],
        "model": completion["model"],
    }
    msg = completion["choices"][0]["message"]
    chunks = [{**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]}]
    text = msg.get("content") or ""
    for i in range(0, len(text), 4):
        chunks.append({**base, "choices": [{"index": 0, "delta": {"content": text[i : i + 4]}, "finish_reason": None}]})
    for index, tool_call in enumerate(msg.get("tool_calls") or []):
        arguments = tool_call["function"]["arguments"]
        chunks.append(
            {
                **base,
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": None,
                        "delta": {
                            "tool_calls": [
                                {
                                    "index": index,
                                    "id": tool_call["id"],
                                    "type": "function",
                                    "function": {"name": tool_call["function"]["name"], "arguments": ""},
                                }
                            ]
                        },
                    }
                ],
            }
        )
        for i in range(0, len(arguments), 7):
            chunks.append(
                {
                    **base,
                    "choices": [
                        {
                            "index": 0,
                            "finish_reason": None,
                            "delta": {
                                "tool_calls": [{"index": index, "function": {"arguments": arguments[i : i + 7]}}]
                            },
                        }
                    ],
                }
            )
    chunks.append(
        {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": completion["choices"][0]["finish_reason"]}]}
    )
    chunks.append({**base, "choices": [], "usage": completion.get("usage")})
    return chunks


class FakeChat(FakeResponses):
    path = "/v1/chat/completions"

    def __init__(self, usage: Callable[[list[dict[str, Any]], dict[str, Any]], dict[str, Any]] | None = None) -> None:
        super().__init__(usage=usage)

    def _usage_fields(self, input_tokens: int, cached: int) -> dict[str, Any]:
        return {
            "prompt_tokens": input_tokens,
            "completion_tokens": 10,
            "total_tokens": input_tokens + 10,
            "prompt_tokens_details": {"cached_tokens": cached},
        }

    def _stream(self, body: dict[str, Any], payload: dict[str, Any]) -> bytes | None:
        if not body.get("stream"):
            return None
        return (
            b"".join(b"data: " + json.dumps(chunk).encode() + b"\n\n" for chunk in sse_chunks(payload))
            + b"data: [DONE]\n\n"
        )

    def client(self, **kwargs: Any) -> ChatClient:
        kwargs.setdefault("max_retries", 2)
        kwargs.setdefault("base_delay", 0.001)
        return ChatClient("test-model", base_url=self.base_url, api_key="test", **kwargs)


# -- reading requests ---------------------------------------------------------------------------


def images_in(body: dict[str, Any]) -> list[str]:
    """The URLs of every image_url part in a request body."""
    return [
        part["image_url"]["url"]
        for msg in body.get("messages", [])
        if isinstance(msg.get("content"), list)
        for part in msg["content"]
        if part.get("type") == "image_url"
    ]


def tool_output(body: dict[str, Any], call_id: str) -> dict[str, Any]:
    for msg in body.get("messages", []):
        if msg.get("role") == "tool" and msg.get("tool_call_id") == call_id:
            return json.loads(msg["content"])
    raise AssertionError(f"no tool message for {call_id}")


def last_output(body: dict[str, Any]) -> str:
    outputs = [msg["content"] for msg in body.get("messages", []) if msg.get("role") == "tool"]
    assert outputs, "the request carries no tool message"
    return outputs[-1]


def text_outside_calls(body: dict[str, Any]) -> str:
    """Everything the request sends except the model's own tool calls."""
    kept = [{k: v for k, v in msg.items() if k != "tool_calls"} for msg in body.get("messages", [])]
    return json.dumps({**body, "messages": kept}, ensure_ascii=False)

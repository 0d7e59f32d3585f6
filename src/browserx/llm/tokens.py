"""Token counting in one place: tool declarations, requests, images (o200k, as OpenAI's models count).

    count("some text")                    # o200k tokens (bpe-openai), or ≈ len/4 when it is not installed
    declaration_cost(declaration)         # {"name", "plain", "strict"}: what one tool costs in every request
    image_tokens(png_bytes)               # what one screenshot costs (OpenAI's tile rule, detail "auto"/"high")

A declaration is counted as the model reads it: its JSON (name, description, JSON schema), once
as the plain schema (MCP clients, Chat Completions) and once as the strict schema the Responses
client sends. The CLI (`browserx tools --tokens`), the agent's cost shares and the budget test
all use these functions, so their numbers agree.
"""

from __future__ import annotations

import functools
import io
import json
import math
import struct
from typing import Any

from PIL import Image as PILImage

from .schema import strict_schema

_CHUNK = 100_000  # characters per encode call: bpe-openai refuses inputs over 200k tokens


@functools.cache
def _encoding() -> Any:
    try:
        import bpe_openai  # noqa: PLC0415 - optional (test/bench extra), loaded on first use
    except ImportError:
        return None
    return bpe_openai.get_encoding("o200k_base")


def exact() -> bool:
    """Whether counts are o200k tokens (True) or the ≈ 4-characters-per-token estimate."""
    return _encoding() is not None


def count(text: str) -> int:
    if not text:
        return 0
    encoding = _encoding()
    if encoding is None:
        return math.ceil(len(text) / 4)
    return sum(len(encoding.encode(text[i : i + _CHUNK])) for i in range(0, len(text), _CHUNK))


def count_json(value: Any) -> int:
    return count(json.dumps(value, ensure_ascii=False))


def declaration_cost(declaration: dict[str, Any]) -> dict[str, Any]:
    """Tokens of one registry declaration (name, description, input_schema), plain and strict."""
    plain = {
        "name": declaration["name"],
        "description": declaration["description"],
        "input_schema": declaration["input_schema"],
    }
    strict = {**plain, "input_schema": strict_schema(declaration["input_schema"])}
    return {"name": declaration["name"], "plain": count_json(plain), "strict": count_json(strict)}


def declarations_cost(declarations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [declaration_cost(d) for d in declarations]


def image_tokens(data: bytes, detail: str = "auto") -> int:
    """OpenAI's rule for a vision input: 85 base + 170 per 512-px tile after fitting the image in
    2048×2048 and its short side to 768 ("low": 85 flat). Unknown formats count as one tile."""
    if detail == "low":
        return 85
    size = _png_size(data)
    if size is None:
        return 85 + 170
    width, height = float(size[0]), float(size[1])
    scale = min(1.0, 2048 / max(width, height))
    width, height = width * scale, height * scale
    scale = min(1.0, 768 / min(width, height))
    width, height = width * scale, height * scale
    return 85 + 170 * math.ceil(width / 512) * math.ceil(height / 512)


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:  # the common case, without decoding
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    try:
        with PILImage.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError):
        return None


ITEM_OVERHEAD = 4  # role / item-type markers around each input item or message (as for chat messages)


def request_tokens(body: dict[str, Any]) -> dict[str, int]:
    """The input of one wire request (Responses or Chat Completions body) as the model reads it:
    {"declarations", "instructions", "history"}: the tools block, the instructions (or system
    message), and every other item — texts, call arguments and outputs as text, images by their
    tile cost, ITEM_OVERHEAD per item. Used to compare requests, e.g. before and after a change."""
    declarations = sum(count_json(tool) for tool in body.get("tools") or [])
    instructions = count(body.get("instructions") or "")
    history = 0
    for item in body.get("input") or body.get("messages") or []:
        if item.get("role") == "system":
            instructions += count(_text(item.get("content")))
            continue
        history += ITEM_OVERHEAD + count(_text(item.get("content"))) + count(item.get("output") or "")
        if item.get("type") == "function_call":
            history += count(item.get("name", "")) + count(item.get("arguments", ""))
        for call in item.get("tool_calls") or []:
            history += count(call["function"]["name"]) + count(call["function"]["arguments"])
        for url in _image_urls(item.get("content")):
            history += image_tokens(_decoded(url))
    return {"declarations": declarations, "instructions": instructions, "history": history}


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    parts = content if isinstance(content, list) else []
    return "".join(
        p.get("text", "")
        for p in parts
        if isinstance(p, dict) and p.get("type") in ("input_text", "text", "output_text")
    )


def _image_urls(content: Any) -> list[str]:
    urls = []
    for part in content if isinstance(content, list) else []:
        if part.get("type") == "input_image":
            urls.append(part["image_url"])
        elif part.get("type") == "image_url":
            urls.append(part["image_url"]["url"])
    return urls


def _decoded(url: str) -> bytes:
    import base64  # noqa: PLC0415

    return base64.b64decode(url.split(",", 1)[1]) if url.startswith("data:") and "," in url else b""

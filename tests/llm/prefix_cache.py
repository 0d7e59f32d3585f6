"""A prompt cache as OpenAI-compatible servers run one, for the scripted endpoints' usage numbers.

    FakeResponses(usage=prefix_cache.usage)     # each answer reports input and cached tokens

The input is counted as the model reads it (browserx.llm.tokens.request_tokens). The cached part is
the longest run of leading segments — tools, instructions, then each item or message — equal to
the previous request's, counted the same way, in whole blocks of 128 tokens from 1,024 on
(OpenAI's rule; shorter prefixes are not cached).
"""

from __future__ import annotations

import json
from typing import Any

from browserx.llm.tokens import request_tokens

MIN_CACHED, BLOCK = 1024, 128


def segments(body: dict[str, Any]) -> list[str]:
    items = body.get("input") or body.get("messages") or []
    return [json.dumps(body.get("tools")), json.dumps(body.get("instructions")), *map(json.dumps, items)]


def usage(earlier: list[dict[str, Any]], body: dict[str, Any]) -> dict[str, int]:
    total = sum(request_tokens(body).values())
    if not earlier:
        return {"input": total, "cached": 0}
    previous, current = segments(earlier[-1]), segments(body)
    same = 0
    while same < min(len(previous), len(current)) and previous[same] == current[same]:
        same += 1
    key = "input" if "input" in body else "messages"
    common = {
        "tools": body.get("tools") if same >= 1 else None,
        "instructions": body.get("instructions") if same >= 2 else None,
        key: (body.get(key) or [])[: max(0, same - 2)],
    }
    prefix = sum(request_tokens(common).values())
    cached = 0 if prefix < MIN_CACHED else prefix // BLOCK * BLOCK
    return {"input": total, "cached": min(cached, total)}

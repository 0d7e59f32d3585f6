"""The agent loop reads a 50 KB eval result through browser_read_output (scripted model, real browser)."""

from __future__ import annotations

import json

from agent_run import run_scripted
from fake_responses import call as fn_call, calls, last_output, message

BIG = "Array.from({length: 2500}, (_, i) => 'item-' + String(i).padStart(5, '0') + '-' + 'q'.repeat(8))"


async def test_scripted_agent_reads_a_50kb_eval_result_by_output_id(fake, manager, conversation, registry, server):
    url = server.route("/agent/big", "<title>Big</title><p>big result</p>")
    pieces: list[str] = []
    seen: dict[str, str] = {}

    def step(body):
        output = json.loads(last_output(body))
        assert output["success"] is True, output
        data = output["data"]
        if "output_id" in data and "text" not in data:  # the eval's reference
            seen["id"] = data["output_id"]
            return calls(("browser_read_output", {"output_id": data["output_id"], "offset": 0, "length": 16384}, None))
        pieces.append(data["text"])
        if data["next_offset"] is None:
            return message(f"Read {len(json.loads(''.join(pieces)))} items.")
        return calls(
            ("browser_read_output", {"output_id": seen["id"], "offset": data["next_offset"], "length": 16384}, None)
        )

    fake.script(fn_call("browser_eval", expression=BIG), *[step] * 10)
    result = await run_scripted(fake, manager, conversation, registry, "Count the items.", url=url)
    assert result.status == "completed" and result.answer == "Read 2500 items."
    text = "".join(pieces)
    assert len(text.encode()) >= 50_000 and len(pieces) >= 4
    assert json.loads(text) == [f"item-{i:05d}-{'q' * 8}" for i in range(2500)]

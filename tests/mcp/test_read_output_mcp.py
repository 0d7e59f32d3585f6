"""browser_read_output over the real MCP transports: a big eval result is read back by id."""

from __future__ import annotations

import json

from mcp_client import McpHttpProcess, call, http_session, stdio_session

BIG = "Array.from({length: 3000}, (_, i) => 'row ' + i)"  # about 40 KB of JSON
EXPECTED = [f"row {i}" for i in range(3000)]


async def read_back(session, output_id: str) -> str:
    text, offset = "", 0
    while offset is not None:
        result, body = await call(session, "browser_read_output", output_id=output_id, offset=offset, length=16384)
        assert result.isError is False, body
        text += body["data"]["text"]
        offset = body["data"]["next_offset"]
    return text


async def test_stdio_client_reads_a_big_eval_result_by_output_id():
    async with stdio_session() as session:
        _, body = await call(session, "browser_eval", expression=BIG)
        output_id = body["data"]["output_id"]
        text = await read_back(session, output_id)
        refused, error = await call(session, "browser_read_output", output_id=body["data"]["result_file"])
    assert json.loads(text) == EXPECTED
    assert refused.isError is True and error["error"]["code"] == "NOT_FOUND"


async def test_http_client_reads_its_own_output_and_another_session_cannot():
    async with McpHttpProcess() as proc:
        async with http_session(proc.url) as one, http_session(proc.url) as two:
            _, body = await call(one, "browser_eval", expression=BIG)
            output_id = body["data"]["output_id"]
            text = await read_back(one, output_id)
            refused, error = await call(two, "browser_read_output", output_id=output_id)
    assert json.loads(text) == EXPECTED
    assert refused.isError is True and error["error"]["code"] == "NOT_FOUND"

"""The only fake in browserx's tests: a model endpoint speaking the OpenAI Responses wire format.

    fake = FakeResponses()                 # threaded HTTP server on 127.0.0.1, port 0
    fake.script(call("browser_dom", action="snapshot"), 500, message("Done."))
    client = ResponsesClient("test-model", base_url=fake.base_url, api_key="test", base_delay=0.001)
    ...
    fake.requests                          # every POST /v1/responses body, parsed

A script entry is a Response dict, an HTTP status (int: answered with an error body), or a
function `(request_body) -> entry` for steps that depend on what the model was shown (e.g. an
element id read from the snapshot). The real `openai` SDK does the talking.
`cut(entry)` answers with only the first half of the entry's bytes, then closes the connection.
"""

from __future__ import annotations

import http.server
import itertools
import json
import re
import socketserver
import threading
import time
from collections.abc import Callable
from typing import Any

from browserx.llm import ResponsesClient
from browserx.tools import ToolContext, ToolRegistry, ToolResult

Entry = dict[str, Any] | int | Callable[[dict[str, Any]], Any]
_ids = itertools.count(1)


def call(name: str, call_id: str | None = None, **arguments: Any) -> dict[str, Any]:
    """A Response whose output is one function call."""
    return calls((name, arguments, call_id))


def calls(*items: tuple[str, dict[str, Any], str | None]) -> dict[str, Any]:
    output = []
    for name, arguments, call_id in items:
        n = next(_ids)
        output.append(
            {
                "type": "function_call",
                "id": f"fc_{n}",
                "call_id": call_id or f"call_{n}",
                "name": name,
                "arguments": json.dumps(arguments),
                "status": "completed",
            }
        )
    return _response(output)


def cut(entry: dict[str, Any]) -> dict[str, Any]:
    """The entry, cut off halfway by a dropped connection."""
    return {**entry, "_cut": True}


def message(text: str) -> dict[str, Any]:
    """A Response whose output is a final assistant message."""
    n = next(_ids)
    return _response(
        [
            {
                "type": "message",
                "id": f"msg_{n}",
                "role": "assistant",
                "status": "completed",
                "content": [{"type": "output_text", "text": text, "annotations": []}],
            }
        ]
    )


def _response(output: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": f"resp_{next(_ids)}",
        "object": "response",
        "created_at": int(time.time()),
        "status": "completed",
        "model": "test-model",
        "output": output,
        "parallel_tool_calls": True,
        "tool_choice": "auto",
        "tools": [],
        "error": None,
        "incomplete_details": None,
        "instructions": None,
        "metadata": {},
        "temperature": 1.0,
        "top_p": 1.0,
        "text": {"format": {"type": "text"}},
        "usage": {
            "input_tokens": 100,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 10,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 110,
        },
    }


class FakeResponses:
    path = "/v1/responses"

    def __init__(self, usage: Callable[[list[dict[str, Any]], dict[str, Any]], dict[str, Any]] | None = None) -> None:
        """`usage(earlier_bodies, body) -> {"input", "cached"}` replaces each answer's token counts."""
        self.usage = usage
        self.queue: list[Entry] = []
        self.requests: list[dict[str, Any]] = []
        self.statuses: list[int] = []
        self.lock = threading.Lock()
        fake = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                with fake.lock:
                    earlier = list(fake.requests)
                    if self.path.rstrip("/") != fake.path:
                        entry: Any = 404
                    else:
                        fake.requests.append(body)
                        entry = fake.queue.pop(0) if fake.queue else 400
                while callable(entry):
                    entry = entry(body)
                status, payload = (
                    (
                        entry,
                        {
                            "error": {
                                "message": f"scripted {entry}",
                                "type": "server_error",
                                "code": None,
                                "param": None,
                            }
                        },
                    )
                    if isinstance(entry, int)
                    else (200, entry)
                )
                if status == 200 and fake.usage is not None:
                    counted = fake.usage(earlier, body)
                    payload = {**payload, "usage": fake._usage_fields(counted["input"], counted["cached"])}
                with fake.lock:
                    fake.statuses.append(status)
                cut = isinstance(payload, dict) and payload.pop("_cut", False)
                stream = fake._stream(body, payload) if status == 200 else None
                data = stream if stream is not None else json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "text/event-stream" if stream is not None else "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    if cut:  # the connection drops halfway through the answer
                        self.wfile.write(data[: len(data) // 2])
                        self.close_connection = True
                        return
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (cancelled run): nothing to answer

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.httpd = Server(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def _usage_fields(self, input_tokens: int, cached: int) -> dict[str, Any]:
        return {
            "input_tokens": input_tokens,
            "input_tokens_details": {"cached_tokens": cached},
            "output_tokens": 10,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": input_tokens + 10,
        }

    def _stream(self, body: dict[str, Any], payload: dict[str, Any]) -> bytes | None:
        return None  # the Responses client does not stream

    def script(self, *entries: Entry) -> None:
        with self.lock:
            self.queue.extend(entries)

    def client(self, **kwargs: Any) -> ResponsesClient:
        kwargs.setdefault("max_retries", 2)
        kwargs.setdefault("base_delay", 0.001)
        return ResponsesClient("test-model", base_url=self.base_url, api_key="test", **kwargs)

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# -- reading requests ---------------------------------------------------------------------------


def images_in(body: dict[str, Any]) -> list[str]:
    """The data URLs of every input_image in a request body."""
    found = []
    for item in body.get("input", []):
        content = item.get("content") if isinstance(item, dict) else None
        for part in content if isinstance(content, list) else []:
            if part.get("type") == "input_image":
                found.append(part["image_url"])
        output = item.get("output") if isinstance(item, dict) else None
        for part in output if isinstance(output, list) else []:
            if part.get("type") == "input_image":
                found.append(part["image_url"])
    return found


def tool_output(body: dict[str, Any], call_id: str) -> dict[str, Any]:
    for item in body.get("input", []):
        if item.get("type") == "function_call_output" and item.get("call_id") == call_id:
            return json.loads(item["output"])
    raise AssertionError(f"no function_call_output for {call_id}")


def last_output(body: dict[str, Any]) -> str:
    outputs = [item["output"] for item in body.get("input", []) if item.get("type") == "function_call_output"]
    assert outputs, "the request carries no tool output"
    return outputs[-1]


def text_outside_calls(body: dict[str, Any]) -> str:
    """Everything the request sends except the model's own function_call items."""
    kept = [item for item in body.get("input", []) if item.get("type") != "function_call"]
    return json.dumps({**body, "input": kept}, ensure_ascii=False)


def element_id(snapshot_output: str, name: str) -> str:
    """The element id the page model gives to the control named `name` (structured or text form)."""

    def walk(node: Any) -> str | None:
        if isinstance(node, dict):
            if node.get("name") == name and isinstance(node.get("id"), str):
                return node["id"]
            return next((found for v in node.values() if (found := walk(v))), None)
        if isinstance(node, list):
            return next((found for v in node if (found := walk(v))), None)
        if isinstance(node, str):
            for line in node.splitlines():
                # "bu_3 Sign in", "te_1 Username empty", or with a role word and quotes: 'bu_3 button "Sign in"'
                match = re.match(r'\s*([a-z]{2,4}_\d+)\s+(?:[a-z]+\s+)?"?' + re.escape(name) + r'"?(?:\s|$)', line)
                if match:
                    return match.group(1)
        return None

    found = walk(json.loads(snapshot_output))
    assert found, f"no element named {name!r} in the snapshot"
    return found


# -- observing tool calls ---------------------------------------------------------------------------


class RecordingRegistry(ToolRegistry):
    """The given tools, dispatched as usual; remembers every result and every image path a call produced."""

    def __init__(self, base: ToolRegistry) -> None:
        super().__init__()
        self.tools, self.observers = dict(base.tools), list(base.observers)  # the flow recorder too
        self.image_paths: list[str] = []
        self.results: list[ToolResult] = []

    async def dispatch(self, name: str, arguments: Any, ctx: ToolContext) -> ToolResult:
        result = await super().dispatch(name, arguments, ctx)
        self.image_paths += [image.path for image in result.images if image.path]
        self.results.append(result)
        return result

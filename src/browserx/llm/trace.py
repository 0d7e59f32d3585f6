"""A run's trace on disk, and one static HTML page to read it.

    DIR/trace.jsonl       one JSON object per line: start, model (per step: usage in/cached/out as the
                          server counted it, `sent`: the request's tokens by part, `compacted`), tool
                          (per call), upload, end (summary with tokens per step and the input's shares)
    DIR/images/*.png      every screenshot, copied from memory before the store deletes its file
    DIR/index.html        written by `render_html(DIR)` (`browserx trace show DIR`): self-contained
                          CSS, images referenced relatively, one <section class="step"> per step

Arguments are stored redacted exactly as they are logged (typed text never lands on disk).
"""

from __future__ import annotations

import html
import json
import logging
import time
from pathlib import Path
from typing import Any

from ..tools import Image, ToolResult

log = logging.getLogger("browserx.llm")

MAX_RESULT_CHARS = 20_000
_EXT = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif"}


class TraceWriter:
    def __init__(self, directory: str | Path) -> None:
        self.dir = Path(directory)
        (self.dir / "images").mkdir(parents=True, exist_ok=True)
        self.file = (self.dir / "trace.jsonl").open("w", encoding="utf-8")

    def write(self, kind: str, **data: Any) -> None:
        try:
            self.file.write(
                json.dumps({"type": kind, "time": round(time.time(), 3), **data}, ensure_ascii=False, default=str)
                + "\n"
            )
            self.file.flush()
        except OSError as exc:  # a full disk loses the trace, not the run
            log.warning("trace write failed: %s", exc)

    def tool(self, index: int, record: dict[str, Any], result: ToolResult) -> list[str]:
        step = int(record["step"])
        images = []
        for n, image in enumerate(result.images):
            images.append(self._save(image, f"step-{step:03d}-{index}-{n}"))
        payload = result.to_dict()
        text = json.dumps(payload, ensure_ascii=False, default=str)
        if len(text) > MAX_RESULT_CHARS:
            payload = {"truncated": text[:MAX_RESULT_CHARS]}
        self.write("tool", index=index, **record, result=payload, images=images)
        return images

    def _save(self, image: Image, stem: str) -> str:
        name = f"images/{stem}.{_EXT.get(image.mime_type, 'bin')}"
        try:
            (self.dir / name).write_bytes(image.data)
        except OSError as exc:
            log.warning("trace image write failed: %s", exc)
        return name

    def close(self) -> None:
        if not self.file.closed:
            self.file.close()


def read_events(directory: str | Path) -> list[dict[str, Any]]:
    path = Path(directory) / "trace.jsonl"
    events = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a run killed mid-write leaves a partial last line
    return events


_CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2430}
header,footer{background:#fff;border-bottom:1px solid #dde1e6;padding:16px 24px}
footer{border-top:1px solid #dde1e6;border-bottom:0}
h1{font-size:18px;margin:0 0 6px} h2{font-size:15px;margin:0 0 8px}
main{padding:16px 24px;max-width:1100px}
.step{background:#fff;border:1px solid #dde1e6;border-radius:6px;padding:12px 16px;margin:0 0 12px}
.say{white-space:pre-wrap;background:#eef4ff;border-radius:4px;padding:6px 10px;margin:0 0 8px}
.call{border-top:1px dashed #dde1e6;padding:8px 0}
.tool{font-weight:600;font-family:ui-monospace,monospace}
.ok{color:#1a7f37} .err{color:#cf222e}
pre{background:#f6f8fa;padding:6px 8px;border-radius:4px;overflow:auto;max-height:320px;margin:4px 0}
.shot{max-width:100%;border:1px solid #c9d1d9;margin-top:6px;display:block}
.meta{color:#57606a;font-size:12px}
"""


def _parts(sent: dict[str, int]) -> str:
    return ", ".join(f"{part.replace('_', ' ')} {n}" for part, n in sent.items()) + f" (total {sum(sent.values())})"


def render_html(directory: str | Path) -> Path:
    """Write DIR/index.html from DIR/trace.jsonl and return its path."""
    directory = Path(directory)
    events = read_events(directory)
    start = next((e for e in events if e["type"] == "start"), {})
    end = next((e for e in reversed(events) if e["type"] == "end"), None)
    steps: dict[int, dict[str, Any]] = {}
    for event in events:
        if event["type"] in ("model", "tool", "upload"):
            step = steps.setdefault(int(event.get("step", 0)), {"model": None, "tools": [], "uploads": []})
            if event["type"] == "model":
                step["model"] = event
            else:
                step["tools" if event["type"] == "tool" else "uploads"].append(event)
    e = html.escape
    parts = [
        (
            f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>browserx trace</title>"
            f"<style>{_CSS}</style></head><body><header><h1>browserx trace</h1>"
            f"<div class='task'><b>Task:</b> {e(str(start.get('task', '')))}</div>"
            f"<div class='meta'>model {e(str(start.get('model', '')))}"
            f"{' · start URL ' + e(str(start['url'])) if start.get('url') else ''}</div></header><main>"
        )
    ]
    for number in sorted(steps):
        step = steps[number]
        title = "Start" if number == 0 else f"Step {number}"
        parts.append(f"<section class='step' data-step='{number}'><h2>{title}</h2>")
        model = step["model"]
        if model and model.get("text"):
            parts.append(f"<p class='say'>{e(model['text'])}</p>")
        for tool in step["tools"]:
            code = tool.get("code")
            status = "<span class='ok'>ok</span>" if tool.get("success") else f"<span class='err'>{e(str(code))}</span>"
            parts.append(
                f"<div class='call' data-tool='{e(str(tool.get('tool')))}'>"
                f"<span class='tool'>{e(str(tool.get('tool')))}</span> {status} "
                f"<span class='meta'>{tool.get('duration_ms', '')} ms</span>"
                f"<pre class='args'>{e(json.dumps(tool.get('arguments', {}), ensure_ascii=False))}</pre>"
                f"<details><summary>result</summary><pre class='result'>"
                f"{e(json.dumps(tool.get('result'), ensure_ascii=False, indent=1, default=str))}"
                "</pre></details>"
            )
            for image in tool.get("images", []):
                parts.append(f"<img class='shot' src='{e(image)}' alt='screenshot from {e(str(tool.get('tool')))}'>")
            parts.append("</div>")
        for upload in step["uploads"]:
            parts.append(
                f"<div class='meta upload'>screenshot of call {e(str(upload.get('call_id')))}: "
                f"{e(str(upload.get('state')))}</div>"
            )
        if model and model.get("usage"):
            usage = model["usage"]
            parts.append(
                f"<div class='meta tokens'>{usage.get('input_tokens', 0)} tokens in · "
                f"{usage.get('cached_tokens', 0)} cached · {usage.get('output_tokens', 0)} out"
                f"{' · ' + str(model['attempts']) + ' attempts' if model.get('attempts', 1) > 1 else ''}"
                f"{' · history compacted' if model.get('compacted') else ''}</div>"
            )
        if model and model.get("sent"):
            parts.append(f"<div class='meta sent'>sent: {e(_parts(model['sent']))}</div>")
        parts.append("</section>")
    parts.append("</main><footer>")
    if end:
        summary = end.get("summary", {})
        parts.append(
            f"<div class='summary'><b>{e(str(end.get('status')))}</b> — {e(str(end.get('answer') or ''))}"
            f"<div class='meta'>{e(json.dumps(summary))}</div>"
        )
        if summary.get("input_shares"):
            parts.append(
                "<div class='meta shares'>input spent on: "
                + e(
                    ", ".join(
                        f"{part.replace('_', ' ')} {share:.0%}" for part, share in summary["input_shares"].items()
                    )
                )
                + "</div>"
            )
        parts.append("</div>")
    else:
        parts.append("<div class='summary'>run did not finish</div>")
    parts.append("</footer></body></html>")
    out = directory / "index.html"
    out.write_text("".join(parts), encoding="utf-8")
    return out

"""A flow file: the successful steps of a run, to replay without a model (JSON, version 1).

    flow = load_flow("order.json")              # VALIDATION_ERROR for a file that is not a flow
    values = flow.resolve({"password": "…"})    # every parameter's value, or VALIDATION_ERROR
    save_flow(flow, "order.json")

A step is one tool call as it was made, less what changes from day to day: each element it acted
on is a `Target` (found again by role and name, then region, heading, index among same-named
controls, selector; locate.py), each value typed is a parameter (`{{name}}` in the arguments), and
what the step changed is kept (`changed`, for the reader) with the part a replay checks (`expect`).
A secret parameter (a password field's value) has no default: its value is never written.

`FLOW_SCHEMA` is the JSON Schema of the file (docs/flow.schema.json is generated from it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

import pydantic
from pydantic import BaseModel, ConfigDict, Field

from ...errors import ValidationError

FLOW_FORMAT = "browserx-flow"
FLOW_VERSION = 1
PARAM = re.compile(r"\{\{([a-z][a-z0-9_]{0,39})\}\}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Target(_Strict):
    """How to find an element again on another day (its element id renumbers; this does not)."""

    role: str
    name: str
    region: str | None = None  # the page region it stands in: main, navigation "Promotions", …
    heading: str | None = None  # the text of the heading it stands under
    index: int = 0  # among the controls of the same role and name, in page order
    selector: str | None = None  # the page model's CSS selector (" >> " hops into frames and shadow roots)
    frame: str | None = None  # URL of the out-of-process frame it lives in; None: the page itself
    id: str | None = None  # the element id it had when recorded, for the reader

    def label(self) -> str:
        where = f" ({self.region})" if self.region else ""
        return f'{self.role} "{self.name}"{where}'


class Expect(_Strict):
    """What a replay checks of a step's effects."""

    navigates_to: str | None = None  # the URL path the step leads to (a new document or a same-document URL)
    new_document: bool = False
    dialog: str | None = None  # the type of the dialog it opens: alert, confirm, prompt, beforeunload
    new_tab: bool = False
    download: bool = False


class Step(_Strict):
    tool: str
    action: str | None = None
    arguments: dict[str, Any] = Field(default_factory=dict)  # as called, element ids left out
    target: Target | None = None  # element_id's element
    drop_target: Target | None = None  # target_id's element (drag)
    fields: list[Target] | None = None  # fill: the element of each of arguments.fields, in order
    expect: Expect | None = None  # None: nothing checked (browser_navigate checks its own outcome)
    changed: dict[str, Any] | None = None  # the step's effect summary as recorded

    def describe(self) -> str:
        what = f"{self.tool} {self.action}" if self.action else self.tool
        if self.target is not None:
            what += " " + self.target.label()
        elif self.tool == "browser_navigate":
            what += " " + str(self.arguments.get("url"))
        return what


class Param(_Strict):
    secret: bool = False  # typed into a password field: never written, always given at replay
    default: str | None = None
    field: str | None = None  # the field it was typed into, for the reader


class Flow(_Strict):
    format: Literal["browserx-flow"] = "browserx-flow"
    version: Literal[1] = 1
    task: str | None = None
    start_url: str | None = None
    recorded_at: str | None = None
    recorded_with: str | None = None  # browserx version
    params: dict[str, Param] = Field(default_factory=dict)
    steps: list[Step] = Field(default_factory=list)

    def resolve(self, given: dict[str, str] | None = None) -> dict[str, str]:
        """The value of every parameter: given, else its default. VALIDATION_ERROR naming what is
        missing or unknown (before any browser starts)."""
        given = dict(given or {})
        unknown = sorted(set(given) - set(self.params))
        if unknown:
            raise ValidationError(
                f"unknown flow parameter(s): {', '.join(unknown)}",
                hint=f"This flow takes: {', '.join(self.params) or 'no parameters'}.",
                details={"fields": unknown},
            )
        values, missing = {}, []
        for name, param in self.params.items():
            value = given.get(name, param.default)
            if value is None:
                missing.append(name)
            else:
                values[name] = value
        if missing:
            raise ValidationError(
                f"missing flow parameter(s): {', '.join(missing)}",
                hint="Give each as --param " + " --param ".join(f"{n}=..." for n in missing),
                details={"fields": missing},
            )
        return values

    def to_json(self) -> str:
        data = self.model_dump(exclude_none=True)
        for step in data["steps"]:
            if "expect" in step:  # only what the step does: false flags left out
                step["expect"] = {k: v for k, v in step["expect"].items() if v is not False}
        return json.dumps(data, indent=2, ensure_ascii=False)


FLOW_SCHEMA: dict[str, Any] = Flow.model_json_schema()


def parse_params(pairs: list[str] | None) -> dict[str, str]:
    """["name=value", …] → {name: value}; VALIDATION_ERROR for a pair without "="."""
    out: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValidationError(
                f"a parameter is name=value, got {pair!r}", hint="Write --param password=…", details={"fields": [pair]}
            )
        out[name.strip()] = value
    return out


def substitute(value: Any, values: dict[str, str]) -> Any:
    """`{{name}}` in every string of `value` (dicts and lists walked) replaced by its value."""
    if isinstance(value, str):
        return PARAM.sub(lambda m: values.get(m.group(1), m.group(0)), value)
    if isinstance(value, dict):
        return {k: substitute(v, values) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, values) for v in value]
    return value


_NOT_A_FLOW = "Give a flow file written by `browserx run --record`, Session.save_flow or save_flow."


def load_flow(path: str | Path) -> Flow:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValidationError(f"{path} is not UTF-8 text", hint=_NOT_A_FLOW, details={"path": str(path)}) from None
    except OSError as exc:
        raise ValidationError(
            f"cannot read the flow {path}: {exc.strerror or exc}", hint=_NOT_A_FLOW, details={"path": str(path)}
        ) from None
    return parse_flow(text, str(path))


def parse_flow(text: str, where: str = "flow") -> Flow:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{where} is not JSON: {exc.msg} (line {exc.lineno})", hint=_NOT_A_FLOW) from None
    if not isinstance(raw, dict) or raw.get("format") != FLOW_FORMAT:
        raise ValidationError(f'{where} is not a browserx flow (no "format": "{FLOW_FORMAT}")', hint=_NOT_A_FLOW)
    if raw.get("version") != FLOW_VERSION:
        raise ValidationError(
            f"{where} is a version {raw.get('version')} flow; this browserx reads version {FLOW_VERSION}",
            hint="Record the flow again with this browserx.",
        )
    try:
        return Flow.model_validate(raw)
    except pydantic.ValidationError as exc:
        problems = [f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors(include_url=False)[:8]]
        raise ValidationError(
            f"{where} does not match the flow schema: " + "; ".join(problems),
            hint="Fix the file (its schema: docs/flow.schema.json), or record the flow again.",
            details={"fields": [".".join(map(str, e["loc"])) for e in exc.errors()]},
        ) from None


def save_flow(flow: Flow, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(flow.to_json() + "\n", encoding="utf-8")
    return path

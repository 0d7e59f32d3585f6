"""A flow as a Python script on browserx's API: `browserx replay FLOW.json --to-python OUT.py`.

    source = to_python(flow, flow_name="order.json")

The script takes the flow's parameters (`--param name=value`, defaults as recorded, secrets
required) and `--url`, finds each element as the replay does (`Session.locate`: role and name,
then region, heading, index, selector) and checks each step's effects (`check_effects`), so it
does what `browserx replay` does, in code a person can read and change.
"""

from __future__ import annotations

from typing import Any

from .model import PARAM, Flow, Step, Target

# browser_dom actions with a Session method of their own: method(element_id, positional, **rest)
_SESSION_METHODS = {"click": (), "type": ("text",), "scroll": (), "select": ("option",), "hover": ()}


def to_python(flow: Flow, *, flow_name: str = "flow.json") -> str:
    title = (flow.task or f"Replay of {flow_name}").strip().splitlines()[0]
    lines = [
        "#!/usr/bin/env python3",
        f'"""{_doc(title)}',
        "",
        f"A browserx flow ({flow_name}, recorded {flow.recorded_at or 'earlier'}),",
        "as a script on browserx's Python API (exported by `browserx replay --to-python`):",
        "",
        "    python this_script.py "
        + " ".join(f"--param {n}=…" for n, p in flow.params.items() if p.default is None)
        + " [--param name=value …] [--url URL]",
        "",
        "Each element is found as `browserx replay` finds it (Session.locate: role and accessible name, then",
        "region, heading, index among same-named controls, selector); each step's effects are checked as the",
        "replay checks them (REPLAY_DIVERGED when they differ).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "import argparse",
        "import asyncio",
        "import sys",
        "",
        "import browserx",
        "from browserx.tools.flows import check_effects, rebase_url",
        "",
        f"START_URL = {flow.start_url!r}",
        "PARAMS = {  # name: default (None: give it with --param)",
    ]
    for name, param in flow.params.items():
        comment = "  # secret: never written" if param.secret else ""
        lines.append(f"    {name!r}: {param.default!r},{comment}")
    lines += [
        "}",
        "",
        "",
        "async def replay(p: dict[str, str], url: str | None) -> None:",
        '    async with browserx.launch(dialog_policy="ask") as browser:',
        "        session = await browser.session()",
    ]
    for number, step in enumerate(flow.steps, start=1):
        lines += [f"        # step {number}: {_comment(step.describe())}", *_step(number, step)]
    lines += [
        '        print("done:", (await session.tabs())[0]["url"])',
        "",
        "",
        "def main(argv: list[str] | None = None) -> int:",
        '    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])',
        '    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE")',
        '    parser.add_argument("--url", help="start here instead of START_URL (recorded paths on its origin)")',
        "    args = parser.parse_args(argv)",
        "    values = dict(PARAMS)",
        "    for pair in args.param:",
        '        name, sep, value = pair.partition("=")',
        "        if not sep or name not in PARAMS:",
        "            parser.error(f\"unknown parameter {pair!r}; this script takes: {', '.join(PARAMS)}\")",
        "        values[name] = value",
        "    missing = [name for name, value in values.items() if value is None]",
        "    if missing:",
        '        parser.error("missing " + ", ".join(f"--param {name}=..." for name in missing))',
        "    asyncio.run(replay({k: v for k, v in values.items() if v is not None}, args.url))",
        "    return 0",
        "",
        "",
        'if __name__ == "__main__":',
        "    sys.exit(main())",
        "",
    ]
    return "\n".join(lines)


def _step(number: int, step: Step) -> list[str]:
    pad = "        "
    args = dict(step.arguments)
    out: list[str] = []
    if step.target is not None:
        out += _locate("element_id", step.target)
    if step.drop_target is not None:
        out += _locate("target_id", step.drop_target)
    if step.fields is not None:
        for n, target in enumerate(step.fields):
            out += _locate(f"field_{n}", target)
        args["fields"] = [
            {"element_id": _Code(f"field_{n}"), **given} for n, given in enumerate(args.get("fields") or [])
        ]
    if step.target is not None:
        args["element_id"] = _Code("element_id")
    if step.drop_target is not None:
        args["target_id"] = _Code("target_id")
    if "url" in args and step.tool in ("browser_navigate", "browser_tabs"):
        args["url"] = _Code(f"rebase_url({_expr(args['url'])}, START_URL, url)")
    if step.tool == "browser_navigate":
        call = f"session.navigate({_expr(args.pop('url'))}{_kwargs(args)})"
    elif step.tool == "browser_dialog":
        call = f"session.dialog({_kwargs(args, first=True)})"
    elif step.tool == "browser_dom" and step.action in _SESSION_METHODS and step.target is not None:
        positional = [_expr(args.pop("element_id"))] + [_expr(args.pop(k)) for k in _SESSION_METHODS[step.action]]
        call = f"session.{step.action}({', '.join(positional)}{_kwargs(args)})"
    else:
        if step.action is not None:
            args = {"action": step.action, **args}
        call = f"session.tool({step.tool!r}{_kwargs(args)})"
    if step.expect is None:
        return [*out, f"{pad}await {call}"]
    expected = step.expect.model_dump(exclude_defaults=True)
    check = ", ".join([str(number), "done", *(f"{k}={v!r}" for k, v in expected.items())])
    return [*out, f"{pad}done = await {call}", f"{pad}check_effects({check})"]


def _locate(variable: str, target: Target) -> list[str]:
    """`variable = await session.locate(role, name, region=…, …)`, one argument a line when long."""
    keys = target.model_dump(exclude_none=True, exclude={"role", "name", "id"})
    args = [repr(target.role), repr(target.name), *(f"{k}={v!r}" for k, v in keys.items())]
    line = f"        {variable} = await session.locate({', '.join(args)})"
    if len(line) <= 110:
        return [line]
    return [f"        {variable} = await session.locate(", *(f"            {a}," for a in args), "        )"]


class _Code(str):
    """Python source to write as it is (a variable, a call), not as a string literal."""


def _expr(value: Any) -> str:
    """A recorded value as Python source: `{{name}}` parameters read from `p`."""
    if isinstance(value, _Code):
        return str(value)
    if isinstance(value, str):
        parts, last = [], 0
        for match in PARAM.finditer(value):
            if match.start() > last:
                parts.append(repr(value[last : match.start()]))
            parts.append(f"p[{match.group(1)!r}]")
            last = match.end()
        if last < len(value) or not parts:
            parts.append(repr(value[last:]))
        return " + ".join(parts)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_expr(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_expr(v) for v in value) + "]"
    return repr(value)


def _kwargs(args: dict[str, Any], *, first: bool = False) -> str:
    text = ", ".join(f"{k}={_expr(v)}" for k, v in args.items())
    return text if first or not text else ", " + text


def _doc(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')


def _comment(text: str) -> str:
    return " ".join(text.split())

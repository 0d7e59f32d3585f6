"""What the built-in agent is told when a replay diverges and it takes over (--agent-on-divergence).

    task = handoff_task(flow, report, error, values)

The task, what the replay did (the steps that went through), why it stopped, and the recorded steps
still to do, as a person would hand over a half-done job. Parameter values are given except
secrets: for those the agent types `{{name}}`, which the tools it is given fill in (its model never
sees the value).
"""

from __future__ import annotations

from typing import Any

from ..base import ToolContext, ToolRegistry, ToolResult
from .model import Flow, substitute
from .replay import ReplayReport

MAX_LISTED = 40


def handoff_task(flow: Flow, report: ReplayReport, error: dict[str, Any], values: dict[str, str]) -> str:
    lines = [flow.task or "Finish the task this recorded browser flow performs."]
    lines.append(
        f"A recording of this task was replayed without you; {report.replayed} of {report.total} steps went "
        f"through and the browser is where they left it. It stopped: {error.get('message')}"
    )
    if report.outcomes:
        lines.append("Done:")
        lines += [f"  {o.number}. {o.step.describe()}" for o in report.outcomes[-MAX_LISTED:]]
    rest = flow.steps[report.replayed :]
    if rest:
        lines.append("The recording went on with (the page may differ now):")
        lines += [f"  {n}. {s.describe()}" for n, s in enumerate(rest[:MAX_LISTED], start=report.replayed + 1)]
    shown = {name: value for name, value in values.items() if not flow.params[name].secret}
    secret = [name for name in values if flow.params[name].secret]
    if shown:
        lines.append("Values: " + "; ".join(f"{name} = {value!r}" for name, value in shown.items()))
    if secret:
        lines.append(
            "Secret values (never shown to you): type "
            + ", ".join("{{" + name + "}}" for name in secret)
            + " as the text and it is filled in."
        )
    lines.append("Take a snapshot first, finish the task, then answer in one sentence.")
    return "\n".join(lines)


class SecretFilling(ToolRegistry):
    """The tools of `base` (and its observers), with `{{name}}` in what is typed (browser_dom type's
    text, fill's values, a prompt's text) filled in from `values`: nowhere else, so a page cannot talk
    the agent into sending a secret anywhere but into a field."""

    def __init__(self, base: ToolRegistry, values: dict[str, str]) -> None:
        super().__init__()
        self.tools, self.observers, self.values = dict(base.tools), list(base.observers), values

    async def dispatch(self, name: str, arguments: Any, ctx: ToolContext, *, nested: bool = False) -> ToolResult:
        if isinstance(arguments, dict):
            arguments = dict(arguments)
            for key in ("text", "prompt_text"):
                if isinstance(arguments.get(key), str):
                    arguments[key] = substitute(arguments[key], self.values)
            if isinstance(arguments.get("fields"), list):
                arguments["fields"] = [
                    {**f, "value": substitute(f.get("value"), self.values)} if isinstance(f, dict) else f
                    for f in arguments["fields"]
                ]
        return await super().dispatch(name, arguments, ctx, nested=nested)

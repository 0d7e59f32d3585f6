"""Flows: record the successful steps of a run, replay them without a model, export them as Python.

    flow = FlowLog.of(conversation).flow(task="Order a mug")     # what a conversation did (record.py)
    save_flow(flow, "order.json"); flow = load_flow("order.json")  # the file (model.py)
    report = await Replay(flow, registry, manager, conversation_id, values=flow.resolve(given)).run()
    source = to_python(flow)                                       # a script on the Python API (export.py)

The edges use it: `browserx run --record`, `browserx replay`, `Session.save_flow` / `Session.replay`,
and the tool `browser_storage_state` (actions save_flow, run_flow) for MCP clients.
"""

from .check import check_effects, effect_problems, rebase_url
from .export import to_python
from .handoff import SecretFilling, handoff_task
from .locate import Located, describe, locate
from .model import (
    FLOW_FORMAT,
    FLOW_SCHEMA,
    FLOW_VERSION,
    Expect,
    Flow,
    Param,
    Step,
    Target,
    load_flow,
    parse_flow,
    parse_params,
    save_flow,
    substitute,
)
from .record import RECORDED, FlowLog, FlowRecorder, write_flow
from .replay import Replay, ReplayReport, StepOutcome, find_element

__all__ = [
    "FLOW_FORMAT",
    "FLOW_SCHEMA",
    "FLOW_VERSION",
    "RECORDED",
    "Expect",
    "Flow",
    "FlowLog",
    "FlowRecorder",
    "Located",
    "Param",
    "Replay",
    "SecretFilling",
    "ReplayReport",
    "Step",
    "StepOutcome",
    "Target",
    "check_effects",
    "describe",
    "effect_problems",
    "find_element",
    "handoff_task",
    "load_flow",
    "locate",
    "parse_flow",
    "parse_params",
    "rebase_url",
    "save_flow",
    "substitute",
    "to_python",
    "write_flow",
]

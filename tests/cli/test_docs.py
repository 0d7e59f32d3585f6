"""docs/clients.md lists exactly the registry's tools (regenerate with scripts/gen_tool_docs.py --write)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from browserx.tools import Params, Tool, default_registry

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "gen_tool_docs.py"


def load_script():
    spec = importlib.util.spec_from_file_location("gen_tool_docs", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_generated_list_has_one_line_per_registry_tool_including_new_ones():
    gen = load_script()
    registry = default_registry()

    async def noop(ctx, params):
        return None

    registry.add(Tool("test_new_tool", "Do a new thing. Second sentence is left out.", Params, noop))
    lines = gen.tool_list(registry).splitlines()
    assert [line.split("`")[1] for line in lines] == registry.names()
    assert lines[-1] == "- `test_new_tool`: Do a new thing."


def test_docs_clients_md_lists_the_current_registry():
    gen = load_script()
    assert gen.main(["--check"]) == 0, "run: python scripts/gen_tool_docs.py --write"

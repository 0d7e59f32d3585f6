"""`browserx tools`: every tool in the registry with its description and JSON schema."""

from __future__ import annotations

import argparse
import json

from ..tools import default_registry


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("tools", help="list every tool with its JSON schema",
                                   description="Print each tool's name, description and input schema "
                                               "(the same declarations MCP clients and LLMs see).")
    parser.add_argument("--json", action="store_true", help="print the declarations as one JSON array")
    parser.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    declarations = default_registry().declarations()
    if args.json:
        print(json.dumps(declarations, ensure_ascii=False, indent=2))
        return 0
    for declaration in declarations:
        print(f"{declaration['name']}\n  {declaration['description']}")
        print("  schema: " + json.dumps(declaration["input_schema"], ensure_ascii=False))
        print()
    return 0

"""`browserx tools`: every tool in the registry with its description and JSON schema;
`--tokens`: what each declaration costs in every request (o200k, plain and strict schema)."""

from __future__ import annotations

import argparse
import json

from ..llm import tokens
from ..tools import CAPS, default_registry
from .options import Caps


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "tools",
        help="list every tool with its JSON schema",
        description="Print each tool's name, description and input schema "
        "(the same declarations MCP clients and LLMs see).",
    )
    parser.add_argument("--json", action="store_true", help="print the declarations as one JSON array")
    parser.add_argument(
        "--tokens",
        action="store_true",
        help="print each tool's declaration cost in tokens (o200k): plain schema (MCP, "
        "Chat Completions, Responses) and strict schema (Responses with strict tools)",
    )
    parser.add_argument(
        "--caps",
        type=Caps(),
        default=[],
        help="tool groups to include besides the default set: perf, emulation, network, pdf, or all",
    )
    parser.set_defaults(func=run)


async def run(args: argparse.Namespace) -> int:
    caps = getattr(args, "caps", None) or []
    declarations = default_registry(caps=caps).declarations()
    if getattr(args, "tokens", False):
        costs = tokens.declarations_cost(declarations)
        # What a client pays with every group on (--caps all), beside the set asked for.
        every = tokens.declarations_cost(default_registry(caps=list(CAPS)).declarations())
        if args.json:
            print(
                json.dumps(
                    {
                        "encoding": "o200k_base" if tokens.exact() else "estimate (chars/4)",
                        "caps": caps,
                        "tools": costs,
                        "total": _total(costs),
                        "total_all_caps": _total(every),
                    },
                    indent=2,
                )
            )
            return 0
        print_costs(costs)
        print(f"{'with --caps all':{_width(costs)}s} {_total(every)['plain']:6d} {_total(every)['strict']:6d}")
        return 0
    if args.json:
        print(json.dumps(declarations, ensure_ascii=False, indent=2))
        return 0
    for declaration in declarations:
        print(f"{declaration['name']}\n  {declaration['description']}")
        print("  schema: " + json.dumps(declaration["input_schema"], ensure_ascii=False))
        print()
    return 0


def _total(costs: list[dict]) -> dict[str, int]:
    return {"plain": sum(c["plain"] for c in costs), "strict": sum(c["strict"] for c in costs)}


def _width(costs: list[dict]) -> int:
    return max([len(c["name"]) for c in costs] + [len("with --caps all")])


def print_costs(costs: list[dict], print_fn=print) -> None:
    unit = "tokens (o200k)" if tokens.exact() else "tokens (estimated: bpe-openai is not installed)"
    width = _width(costs)
    print_fn(f"{'tool':{width}s} {'plain':>6s} {'strict':>6s}   {unit}")
    for c in costs:
        print_fn(f"{c['name']:{width}s} {c['plain']:6d} {c['strict']:6d}")
    print_fn(f"{'total':{width}s} {sum(c['plain'] for c in costs):6d} {sum(c['strict'] for c in costs):6d}")

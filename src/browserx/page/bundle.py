"""The in-page program, bundled from its ES-module-style parts at load time.

Each part (a `.js` file under the `browserx` package) names what it uses from other parts and what
it offers, as an ES module would:

    import { roleOf, LANDMARK } from "./roles.js";      // named imports, one statement per part
    import "./capture.js";                              // a part run for its effect (publishing)
    ...
    export { accName, facts };                          // one list of the part's own names

`bundle(entry)` follows the imports from `entry` and concatenates the parts, each after those it
imports (depth first), into ONE function scope with the import and export statements removed. So the
parts run as one program; the statements are its checked interface: `bundle` fails with `BundleError`
when a part imports a name its source does not export, exports a name it does not declare, or declares
at top level a name another part declares too (in one scope the later would silently replace the
earlier). Only named lists are understood (no `export function`, no `as`, no default export).

The parts stand in layers, each part's first line naming its own (`// layer: widgets`), and a part
imports only from its own layer or those below it, with no circle anywhere: so each part can be read
with only what it imports, and a newcomer starts at the base. `collect` fails on a part without a
layer, on an import from a higher layer and on a circle (naming it). The layers, lowest first (the
in-page program's folder, `src/browserx/inpage/README.md`, says which part holds what):

- base: DOM walking, geometry, roles, names, element ids (roles, observer, clips, dom, geometry,
  selectors, facts, generated, names, ids);
- widgets: what reads widgets (grids, standin, widgets, details, describe, notes);
- capture: the capture and reading (frames, reader_analyse, reader, locate, recheck, walk, reading,
  capture);
- actions: the actions' parts (reach, waiting, element);
- entry: main.js, which imports the parts that publish.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources

_IMPORT = re.compile(r'^import\s*(?:\{([^}]*)\}\s*from\s*)?"([^"]+)";?[ \t]*$', re.M)
_EXPORT = re.compile(r"^export\s*\{([^}]*)\};?[ \t]*$", re.M)
# Top-level declarations start at column 0 (the parts are written that way; ESLint sees the rest).
_DECLARED = re.compile(r"^(?:async\s+)?(?:function\s*\*?\s*|class\s+|const\s+|let\s+|var\s+)([A-Za-z_$][\w$]*)", re.M)
_NAME = re.compile(r"^[A-Za-z_$][\w$]*$")
_LAYER = re.compile(r"^// layer: ([a-z]+)[ \t]*$", re.M)
LAYERS = ("base", "widgets", "capture", "actions", "entry")  # lowest first: a part imports from its own or lower


class BundleError(ValueError):
    """The parts' imports and exports do not fit together (a defect of the source, found at load).
    `kind` says which rule failed, for the layering rules: "no_layer", "higher_layer", "circle"."""

    def __init__(self, message: str, kind: str = "interface") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class Part:
    path: str  # "inpage/roles.js", relative to the package
    body: str  # the source without import/export statements
    imports: dict[str, list[str]] = field(default_factory=dict)  # part path -> names
    exports: list[str] = field(default_factory=list)
    declared: list[str] = field(default_factory=list)
    layer: str = ""


def _names(text: str, where: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if not _NAME.match(name):
            raise BundleError(f"{where}: only plain names are supported in import/export lists, not {name!r}")
    return names


def parse(path: str, source: str) -> Part:
    part = Part(path, "")
    layer = _LAYER.match(source)
    if layer is None or layer.group(1) not in LAYERS:
        raise BundleError(
            f"{path}: its first line must name its layer, '// layer: X' with X one of {', '.join(LAYERS)}", "no_layer"
        )
    part.layer = layer.group(1)
    for match in _IMPORT.finditer(source):
        target = posixpath.normpath(posixpath.join(posixpath.dirname(path), match.group(2)))
        part.imports.setdefault(target, []).extend(_names(match.group(1) or "", path))
    for match in _EXPORT.finditer(source):
        part.exports.extend(_names(match.group(1), path))
    body = _EXPORT.sub("", _IMPORT.sub("", source))
    if re.search(r"^\s*(?:import|export)\b", body, re.M):
        raise BundleError(f"{path}: an import or export statement not of the supported forms")
    part.body = body
    part.declared = _DECLARED.findall(body)
    for name in part.exports:
        if name not in part.declared:
            raise BundleError(f"{path} exports {name}, which it does not declare at top level")
    return part


def _read(path: str) -> str:
    return resources.files("browserx").joinpath(path).read_text(encoding="utf-8")


def collect(entry: str, read: Callable[[str], str] = _read) -> list[Part]:
    """The parts reachable from `entry`, each after the parts it imports; checked."""
    parts: dict[str, Part] = {}
    order: list[Part] = []

    stack: list[str] = []  # the parts being visited: an import of one of them closes a circle

    def visit(path: str) -> None:
        if path in stack:
            raise BundleError(
                "the parts import each other in a circle: " + " -> ".join([*stack[stack.index(path) :], path]), "circle"
            )
        if path in parts:
            return
        try:
            source = read(path)
        except FileNotFoundError as exc:
            raise BundleError(f"no part {path}") from exc
        part = parts[path] = parse(path, source)
        stack.append(path)
        for target in part.imports:
            visit(target)
            if LAYERS.index(parts[target].layer) > LAYERS.index(part.layer):
                raise BundleError(
                    f"{path} (layer {part.layer}) imports from {target}, of the higher layer {parts[target].layer}",
                    "higher_layer",
                )
        stack.pop()
        order.append(part)

    visit(entry)
    owner: dict[str, str] = {}
    for part in order:
        for target, names in part.imports.items():
            missing = [n for n in names if n not in parts[target].exports]
            if missing:
                raise BundleError(f"{part.path} imports {', '.join(missing)} from {target}, which does not export it")
        for name in part.declared:
            if name in owner:
                raise BundleError(f"{name} is declared at top level by both {owner[name]} and {part.path}")
            owner[name] = part.path
    return order


def bundle(entry: str, prologue: str = "", read: Callable[[str], str] = _read) -> str:
    """One script: the parts reachable from `entry` in one strict function scope (after `prologue`)."""
    body = "\n".join(f"// ---- {part.path}\n{part.body}" for part in collect(entry, read))
    return "(() => {\n'use strict';\n" + prologue + body + "\n})();\ntrue"

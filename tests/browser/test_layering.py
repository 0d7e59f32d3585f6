"""The browser layer depends one way: each module imports only modules listed before it here,
type-checking imports included (no back-pointers such as tab -> conversation -> manager)."""

from __future__ import annotations

import ast
from pathlib import Path

BROWSER = Path(__file__).resolve().parents[2] / "src" / "browserx" / "browser"
ORDER = [
    "files",
    "credentials",
    "config",
    "resources",
    "profile",
    "console",
    "policy",
    "children",
    "loading",
    "dialogs",
    "state",
    "tab",
    "conversation",
    "storage",
    "launcher",
    "pool",
    "endpoints",
    "manager",
    "__init__",
]


def browser_imports(module: str) -> set[str]:
    path = BROWSER / f"{module}.py"
    tree = ast.parse(path.read_text()) if path.exists() else ast.Module(body=[], type_ignores=[])
    found = set()
    for node in ast.walk(tree):  # every import, wherever it is (TYPE_CHECKING blocks, functions)
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def test_each_browser_module_imports_only_those_before_it():
    # A module not listed yet (a new one) is not checked, nor counted against others: place it here.
    backwards = {
        module: sorted((imported & set(ORDER)) - set(ORDER[:i]))
        for i, module in enumerate(ORDER)
        for imported in [browser_imports(module)]
        if (imported & set(ORDER)) - set(ORDER[:i])
    }
    assert backwards == {}

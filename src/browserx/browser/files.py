"""Which files browserx may read or write for a caller: only those under the file roots.

    roots = file_roots(config, extra=[conversation.output_dir])
    path = allowed_path("report.pdf", roots)          # resolved Path, or FileNotAllowedError

Roots are `BrowserConfig.file_roots` when set (`--file-roots DIR[,DIR]`), else the working
directory and browserx's output directory. The filesystem root `/` is never a root by default:
a server started with cwd `/` (common for MCP clients that spawn it) gets no working-directory
root, only the output directory, unless `/` is configured explicitly.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ..errors import FileNotAllowedError


def default_roots(output_dir: str | None) -> list[Path]:
    roots = []
    cwd = Path(os.getcwd()).resolve()
    if cwd != Path(cwd.anchor):  # cwd "/" is how many clients spawn servers, never a root by accident
        roots.append(cwd)
    if output_dir:
        roots.append(Path(output_dir).expanduser().resolve())
    return roots


def file_roots(
    configured: Iterable[str] | None, output_dir: str | None = None, extra: Iterable[str | Path] = ()
) -> list[Path]:
    """The roots in force: the configured ones (or the defaults) plus `extra` (e.g. a conversation's
    own output directory, or the roots an MCP client offers)."""
    roots = [Path(r).expanduser().resolve() for r in configured] if configured else default_roots(output_dir)
    roots += [Path(r).expanduser().resolve() for r in extra]
    unique: list[Path] = []
    for root in roots:
        if root not in unique:
            unique.append(root)
    return unique


def allowed_path(path: str | Path, roots: Iterable[Path], *, must_exist: bool = True) -> Path:
    """`path` resolved (symlinks followed, relative to the working directory) when it lies under
    one of `roots`; FileNotAllowedError otherwise, or when it must exist and does not."""
    roots = list(roots)
    resolved = Path(path).expanduser().resolve()
    if not any(resolved == root or resolved.is_relative_to(root) for root in roots):
        shown = ", ".join(str(r) for r in roots) or "none"
        raise FileNotAllowedError(
            f"{path} is outside the allowed file roots ({shown})",
            details={"path": str(path), "roots": [str(r) for r in roots]},
        )
    if must_exist and not resolved.is_file():
        raise FileNotAllowedError(
            f"{path} is not a readable file", hint="Give the path of an existing file.", details={"path": str(path)}
        )
    return resolved

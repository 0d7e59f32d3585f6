"""Uploading files: a file input (visible, or hidden behind the button or label that opens it)
gets files from disk, as if the user had picked them in the file chooser.

    await upload(tab, "fi_3", ["report.pdf"])    # DOM.setFileInputFiles; the page sees input + change
    await upload(tab, "bu_2", ["a.png"])         # a button that opens a chooser: clicked, chooser answered

Files are read only under the conversation's file roots (browser/files.py; FILE_NOT_ALLOWED).
Every tab set up with `FILE_CHOOSERS` intercepts file choosers (`Page.setInterceptFileChooserDialog`):
a click that opens one never hangs on a native dialog; the click's result names the input
(`effects.file_chooser`, actions/effects.py). An upload through a button intercepts them on its tab
in any case.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..browser import Tab, TabSetup
from ..browser.files import allowed_path
from ..errors import NodeNotFoundError, ValidationError
from ..page.service import DomService
from .element import _act, _mouse, _Run
from .settle import DEFAULT_SETTLE

CHOOSER_WAIT = 2.0  # after clicking a control that is not itself a file input
MAX_FILES = 100
_FILE_INPUT = "function(id) { return globalThis.__bxact.fileInput(id); }"  # inpage/files.js


@dataclass
class FileChoosers:
    """Whether the tab intercepts its file choosers; each action's effect watch records those it opens."""

    intercepted: bool = False


async def intercept_choosers(tab: Tab) -> None:
    """File choosers of the tab are reported as events (Page.fileChooserOpened), never opened as dialogs."""
    choosers = tab.state.setdefault(FileChoosers, FileChoosers)
    if choosers.intercepted:
        return
    choosers.intercepted = True
    await tab.session.send("Page.setInterceptFileChooserDialog", {"enabled": True})


FILE_CHOOSERS = TabSetup("file_choosers", attach=intercept_choosers)


def checked_paths(tab: Tab, paths: list[str]) -> list[str]:
    """Every path resolved under the file roots (FILE_NOT_ALLOWED otherwise), before anything happens."""
    if not paths:
        raise ValidationError("upload needs at least one path", hint="Give paths: a list of files to upload.")
    if len(paths) > MAX_FILES:
        raise ValidationError(f"at most {MAX_FILES} files at once")
    roots = tab.conversation.file_roots()
    return [str(allowed_path(p, roots)) for p in paths]


async def set_files(run: _Run, element_id: str, files: list[str]) -> dict[str, Any]:
    """Inside an action: give `files` to the file input `element_id` names, or to the chooser it opens."""
    world = run.frame.world
    found = await world.call(_FILE_INPUT, element_id)
    if found.get("error") == "NODE_NOT_FOUND":
        raise NodeNotFoundError(
            f"no element {element_id} on the current page; take a new snapshot", details={"element_id": element_id}
        )
    if found.get("error") == "NOT_FILE":
        raise ValidationError(
            f"{element_id} is not a file input nor a control that opens one",
            hint="Take a snapshot and upload to the fi_ control (or the button that opens it).",
        )
    if found.get("error"):
        from ..errors import ElementDisabledError

        raise ElementDisabledError(f"the file input of {element_id} is disabled")
    if found.get("opens"):  # a styled button: press it like a user and answer the chooser it opens
        node = await _open_chooser(run, element_id)
        multiple = node["multiple"]
        params: dict[str, Any] = {"files": files, "backendNodeId": node["backend_node_id"]}
    else:
        multiple = found.get("multiple", False)
        object_id = await DomService.of(run.tab).element_object_id(found.get("id") or element_id)
        params = {"files": files, "objectId": object_id}
    if len(files) > 1 and not multiple:
        raise ValidationError(f"{element_id} takes one file; {len(files)} given", hint="Upload one file.")
    # Chromium fires input and change on the input, as after a user's choice.
    await world.session.send("DOM.setFileInputFiles", params)
    run.watch.choosers.clear()  # answered: no longer an effect to report
    return {"files": [Path(f).name for f in files]}


async def _open_chooser(run: _Run, element_id: str) -> dict[str, Any]:
    """Click `element_id` like a user; the chooser it opened (the action's effect watch records it)."""
    tab = run.tab
    await intercept_choosers(tab)
    where = await run.page("click", element_id, True)
    choosers = run.watch.choosers
    arrived = asyncio.get_running_loop().create_future()

    def opened(_params: dict[str, Any]) -> None:
        if not arrived.done():
            arrived.set_result(None)

    off = tab.session.on("Page.fileChooserOpened", opened)
    try:
        await _mouse(tab, *await run.point(where))
        if not choosers:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(CHOOSER_WAIT):
                    await arrived
    finally:
        off()
    if not choosers:
        # A control may ask first (copyparty's drop zone: "Files" or "One folder"?): say what it showed.
        effects = await run.effects_now()
        if effects.get("focus") and effects["focus"].get("element_id") == element_id:
            del effects["focus"]  # the control itself took focus: that is no answer
        if effects:
            raise ValidationError(
                f"clicking {element_id} opened no file chooser; it changed the page instead (details.effects)",
                hint="Take a snapshot: upload to the control it showed that opens the chooser (a 'Files' button).",
                details={"effects": effects},
            )
        raise ValidationError(
            f"{element_id} is not a file input and clicking it opened no file chooser",
            hint="Take a snapshot and upload to the fi_ control (or the button that opens it).",
        )
    return {
        "backend_node_id": choosers[-1].get("backendNodeId"),
        "multiple": choosers[-1].get("mode") == "selectMultiple",
    }


async def upload(
    tab: Tab, element_id: str, paths: list[str], *, detail: bool = False, settle: float = DEFAULT_SETTLE
) -> dict[str, Any]:
    """Set the files of a file input (or answer the chooser the control opens); input/change fire."""
    files = checked_paths(tab, paths)

    async def body(run: _Run) -> dict[str, Any]:
        await run.first("none")  # the effects baseline
        out = await set_files(run, element_id, files)
        return await run.done(**out)

    return await _act(tab, detail, body, element_id, settle=settle)

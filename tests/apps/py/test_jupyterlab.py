"""JupyterLab (a notebook, and a code editor and file manager in one): create a notebook from the
launcher, type code into its cell, run it, save it under a name; judged from the .ipynb on disk.

The server runs with a token, its config, data, runtime, settings and workspace folders in the test's
temporary folder, no build check (dash ships a source-only lab extension that would ask for a build),
no news toast and a read-only extension manager (nothing reaches for PyPI).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from app_corpus import VENV_BIN, AppProcess, Timings, control, controls, free_port, need

JUPYTER_LAB = VENV_BIN / "jupyter-lab"
TOKEN = "corpus-token-1"
CODE = "total = sum(range(1, 11))\nprint('total is', total)"


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppProcess, Path]]:
    need(JUPYTER_LAB.is_file(), "JupyterLab")
    home = tmp_path_factory.mktemp("jupyterlab")
    notebooks = home / "notebooks"
    notebooks.mkdir()
    (home / "config" / "labconfig").mkdir(parents=True)
    (home / "config" / "labconfig" / "page_config.json").write_text(
        json.dumps({"buildCheck": False, "buildAvailable": False})
    )
    news = home / "settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    port = free_port()
    argv = [
        str(JUPYTER_LAB),
        "--no-browser",
        "--allow-root",  # CI runs as root
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={notebooks}",
        f"--LabApp.user_settings_dir={home / 'settings'}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
        "--LabApp.extension_manager=readonly",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    env = {
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "IPYTHONDIR": str(home / "ipython"),
    }
    ready = r"http://127\.0\.0\.1:\d+/lab\?token="
    with AppProcess("jupyterlab", argv, cwd=home, env=env, ready=ready, port=port) as app:
        Timings("jupyterlab").record("start", app.started_in)
        yield app, notebooks


# What the launcher shows once drawn: JupyterLab draws its shell first and its launcher's cards a moment later
# (on a loaded machine, after the first look: awaited and recorded, as `McpBrowser.open` says).
LAUNCHED = "Python 3 (ipykernel)"


def launcher_cards(model: dict) -> list[str]:
    """The launcher's kernel cards, in reading order: Notebook's first, then Console's."""
    return [c["id"] for c in controls(model, "button", re.compile(r"^Python 3 \(ipykernel\)"))]


async def test_the_launcher_shows_menus_cards_and_each_toolbar_button_once(jupyterlab, mcp):
    app, _ = jupyterlab
    async with mcp() as browser:
        launcher = await browser.open(app.url(f"/lab?token={TOKEN}"), LAUNCHED)
        await browser.checkpoint("launcher", launcher)
        assert control(launcher, "menuitem", "File")
        assert len(launcher_cards(launcher)) == 2  # Notebook and Console, each a Python 3 card
        # The file browser's toolbar: one entry per button (issue 22 kind 7: each was listed twice,
        # as a clickable wrapper and as its button).
        assert control(launcher, "button", "New Folder")
        toolbar = [c["name"] for c in launcher["controls"] if c["region"] == 'region "File Browser Section"']
        assert len(toolbar) == len(set(toolbar)), toolbar
        assert await browser.external_requests() == []


async def test_a_cell_typed_run_and_saved_is_in_the_notebook_on_disk(jupyterlab, app_timings, mcp):
    app, notebooks = jupyterlab
    with app_timings.measure("task: run a cell, save"):
        async with mcp() as browser:
            launcher = await browser.open(app.url(f"/lab?token={TOKEN}"), LAUNCHED)
            await browser.act("click", launcher_cards(launcher)[0])
            notebook = await browser.snapshot()
            await browser.checkpoint("new notebook", notebook)
            # The code cell's editor: a textbox in the notebook panel. It should be named for its cell
            # (issue 22 kind 7: unnamed code editors); role and place are enough to choose it here.
            editors = [c for c in notebook["controls"] if c["role"] == "textbox" and "main area" in c["region"]]
            assert editors, "the new notebook's code cell editor is not in the model"
            await browser.act("type", editors[0]["id"], text=CODE)
            await browser.act("keypress", key="Shift+Enter")
            # The kernel answers over a WebSocket; a person watches for the output as well.
            await browser.call("browser_wait", text="total is 55", timeout="30s")
            await browser.act("keypress", key="Control+S")
            rename = await browser.snapshot()
            await browser.checkpoint("rename on first save", rename)
            await browser.act("type", control(rename, "textbox", "File name"), text="sums.ipynb")
            await browser.act("click", control(rename, "button", "Rename and Save"))
            saved = await browser.snapshot("text")
            assert "sums.ipynb" in saved
    notebook_file = json.loads((notebooks / "sums.ipynb").read_text())
    code_cells = [cell for cell in notebook_file["cells"] if cell["cell_type"] == "code"]
    assert "".join(code_cells[0]["source"]) == CODE
    outputs = [o for o in code_cells[0]["outputs"] if o.get("name") == "stdout"]
    assert "".join(outputs[0]["text"]) == "total is 55\n"


async def test_the_code_cell_editor_is_named_for_its_cell(jupyterlab, mcp):
    app, _ = jupyterlab
    async with mcp() as browser:
        launcher = await browser.open(app.url(f"/lab?token={TOKEN}"), LAUNCHED)
        await browser.act("click", launcher_cards(launcher)[0])
        notebook = await browser.snapshot()
        editors = [c for c in notebook["controls"] if c["role"] == "textbox" and "main area" in c["region"]]
        assert editors and all(e["name"] for e in editors), editors

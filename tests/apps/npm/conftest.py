"""Fixtures of the npm app corpus: each app started on 127.0.0.1 with its own temporary data, stopped
(its whole process group) when the test ends. Their start and task times are summed up at the end of
the run ("npm apps: ..."), the numbers the corpus table reports."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
from npm_apps import BIN, FIDELITY, MODULES, NOT_READY, AppProcess, backend, backend_url, free_port, need

TIMES: dict[str, dict[str, float]] = {}  # test name -> {"start": s, "task": s}


@pytest.fixture
def timing(request):
    """`timing.app(process)` records its start time; the test's own time (the task) is recorded too."""

    class Timing:
        def __init__(self) -> None:
            self.entry = TIMES.setdefault(request.node.name, {})

        def app(self, process: AppProcess, seeding: float = 0.0) -> AppProcess:
            """Count the app's start (and the seconds spent seeding its data) as start time."""
            self.entry["start"] = self.entry.get("start", 0.0) + process.started_in + seeding
            return process

    began = time.monotonic()
    record = Timing()
    yield record
    record.entry["task"] = time.monotonic() - began - record.entry.get("start", 0.0)  # the task alone


def pytest_terminal_summary(terminalreporter):
    if TIMES:
        terminalreporter.write_sep("-", "npm apps: start and task times")
        for name, t in TIMES.items():
            terminalreporter.write_line(f"{name}: start {t.get('start', 0):.1f} s, task {t.get('task', 0):.1f} s")
    if FIDELITY:
        terminalreporter.write_sep("-", "npm apps: fidelity of each app state (browserx.fidelity.report)")
        for test, state, report in FIDELITY:
            misses = ", ".join(f"{m['role']} {m['name']!r} ({m['why']})" for m in report.misses[:6])
            extras = ", ".join(f"{e['role']} {e['name']!r} ({e['why']})" for e in report.extras[:4])
            terminalreporter.write_line(
                f"{test} / {state}: recall {report.recall:.2f} precision {report.precision:.2f} "
                f"(expected {report.expected}){'; misses: ' + misses if misses else ''}"
                f"{'; extras: ' + extras if extras else ''}"
            )
    if NOT_READY:
        terminalreporter.write_sep("-", "npm apps: snapshots taken before the app showed what a person waits for")
        for line in NOT_READY:
            terminalreporter.write_line(line)


# ---- the apps that are servers themselves ------------------------------------------------------------------


BACKLOG_CONFIG = """project_name: "Demo"
default_status: "To Do"
statuses: ["To Do", "In Progress", "Done"]
labels: []
date_format: yyyy-mm-dd
max_column_width: 20
auto_open_browser: false
default_port: 6420
remote_operations: false
auto_commit: false
filesystem_only: true
bypass_git_hooks: false
check_active_branches: false
active_branch_days: 30
task_prefix: "task"
"""

BACKLOG_TASK = """---
id: TASK-{number}
title: {title}
status: To Do
assignee: []
created_date: '2026-11-01 09:00'
labels: []
dependencies: []
ordinal: {number}000
---
"""


@pytest.fixture
def backlog(tmp_path, timing):
    """Backlog.md's web UI (its kanban board) over a project of three tasks in `To Do`: (url, tasks dir).

    The project is written as `backlog init --defaults --no-git` and `backlog task create` write it
    (its config and one Markdown file per task): each run of the CLI, a 100 MB Bun binary, costs seconds."""
    need("backlog.md-linux-x64/backlog")
    project = tmp_path / "project"
    tasks = project / "backlog" / "tasks"
    tasks.mkdir(parents=True)
    (project / "backlog" / "config.yml").write_text(BACKLOG_CONFIG)
    for number, title in enumerate(("Write report", "Fix login bug", "Plan sprint"), start=1):
        slug = title.replace(" ", "-")
        (tasks / f"task-{number} - {slug}.md").write_text(BACKLOG_TASK.format(number=number, title=title))
    port = free_port()
    # The platform package's binary itself: the `backlog.md` wrapper package lists every platform's binary as
    # an optional dependency, and the registry here serves only linux-x64's, which `npm ci` refuses.
    argv = [str(MODULES / "backlog.md-linux-x64" / "backlog"), "browser", "--port", str(port), "--no-open"]
    app = AppProcess("backlog", argv, ready=r"running at", cwd=project)
    with timing.app(app.start()):
        yield f"http://127.0.0.1:{port}/", tasks


NODE_RED_SETTINGS = """module.exports = {
  uiHost: "127.0.0.1",
  flowFile: "flows.json",
  credentialSecret: false,
  telemetry: { enabled: false },
  externalModules: { palette: { allowInstall: false } },
  // The first-run tour is off: the task is the editor, not the release notes.
  editorTheme: { tours: false, projects: { enabled: false } },
};
"""

NODE_RED_FLOWS = [
    {"id": "f1", "type": "tab", "label": "Flow 1", "disabled": False, "info": ""},
    {"id": "n1", "type": "inject", "z": "f1", "name": "tick", "props": [{"p": "payload"}], "repeat": "",
     "crontab": "", "once": False, "onceDelay": 0.1, "topic": "", "payload": "", "payloadType": "date",
     "x": 160, "y": 120, "wires": [["n2"]]},
    {"id": "n2", "type": "debug", "z": "f1", "name": "log", "active": True, "tosidebar": True, "console": False,
     "tostatus": False, "complete": "false", "statusVal": "", "statusType": "auto", "x": 380, "y": 120, "wires": []},
]  # fmt: skip


@pytest.fixture
def node_red(tmp_path, timing):
    """Node-RED's editor over a user dir holding one flow (inject "tick" → debug "log"): (url, app, flows.json)."""
    need("node-red", ".bin/node-red")
    user_dir = tmp_path / "node-red"
    user_dir.mkdir()
    (user_dir / "settings.js").write_text(NODE_RED_SETTINGS)
    (user_dir / "flows.json").write_text(json.dumps(NODE_RED_FLOWS, indent=1))
    port = free_port()
    argv = [str(BIN / "node-red"), "-u", str(user_dir), "-s", str(user_dir / "settings.js"), "-p", str(port)]
    app = AppProcess("node-red", argv, ready=r"Started flows", cwd=user_dir)
    with timing.app(app.start()):
        yield f"http://127.0.0.1:{port}/", app, user_dir / "flows.json"


@pytest.fixture
def tiddlywiki(tmp_path, timing):
    """TiddlyWiki on Node.js (its `server` edition): (url, app, tiddlers dir)."""
    need("tiddlywiki", ".bin/tiddlywiki")
    began = time.monotonic()
    wiki = tmp_path / "wiki"
    cli = str(BIN / "tiddlywiki")
    subprocess.run([cli, str(wiki), "--init", "server"], check=True, capture_output=True, timeout=60)
    seeding = time.monotonic() - began
    port = free_port()
    app = AppProcess("tiddlywiki", [cli, str(wiki), "--listen", f"port={port}", "host=127.0.0.1"], ready=r"Serving on")
    with timing.app(app.start(), seeding):
        yield f"http://127.0.0.1:{port}/", app, wiki / "tiddlers"


# ---- libraries in the smallest real app: a page of ours and backend.py --------------------------------------


def _backend_app(app: str, data: Path, timing, seed: dict[str, list] | None = None):
    data.mkdir()
    for collection, items in (seed or {}).items():
        (data / f"{collection}.json").write_text(json.dumps(items, indent=1))
    return timing.app(backend(app, data).start())


@pytest.fixture
def calendar(tmp_path, timing):
    """A team calendar: FullCalendar's month view over /api/events: (url, data dir)."""
    need("fullcalendar/all/global.js", "temporal-polyfill/global.js")
    process = _backend_app("calendar", tmp_path / "data", timing)
    with process:
        yield backend_url(process) + "/", tmp_path / "data"


CONTACT_FORM = {
    "id": "contact",
    "title": "Contact form",
    "schema": {
        "display": "form",
        "components": [{"type": "textfield", "key": "name", "label": "Name", "input": True, "tableView": True}],
    },
}


@pytest.fixture
def form_builder(tmp_path, timing, request):
    """A form designer: Form.io's builder, saving the schema to /api/forms/contact: (url, data dir).
    Parametrize indirectly with "empty" for a form with no fields yet."""
    need("@formio/js/dist/formio.full.min.js", "bootstrap/dist/css/bootstrap.min.css", "ace-builds")
    empty = getattr(request, "param", None) == "empty"
    form = {**CONTACT_FORM, "schema": {"display": "form", "components": []}} if empty else CONTACT_FORM
    process = _backend_app("formbuilder", tmp_path / "data", timing, {"forms": [form]})
    with process:
        yield backend_url(process) + "/", tmp_path / "data"


SCRATCH_FILES = [
    {"id": "greet.py", "content": 'def greet(name):\n    return "Hello, " + name\n'},
    {"id": "notes.txt", "content": "buy milk\n"},
]


@pytest.fixture
def code_editor(tmp_path, timing):
    """A scratchpad: Monaco over /api/files (greet.py, notes.txt): (url, data dir)."""
    need("monaco-editor/min/vs/loader.js")
    process = _backend_app("editor", tmp_path / "data", timing, {"files": SCRATCH_FILES})
    with process:
        yield backend_url(process) + "/", tmp_path / "data"


@pytest.fixture
def chat(tmp_path, timing):
    """A support chat: Deep Chat talking to /api/chat, which records every message: (url, data dir)."""
    need("deep-chat/dist/deepChat.bundle.js")
    process = _backend_app("chat", tmp_path / "data", timing)
    with process:
        yield backend_url(process) + "/", tmp_path / "data"

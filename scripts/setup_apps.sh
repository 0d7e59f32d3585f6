#!/usr/bin/env bash
# Install the app corpus's PyPI apps (tests/apps/requirements.txt, pinned) into the project's .venv,
# after scripts/setup.sh. Without them the tests in tests/apps/py skip, saying so (CI=true: they fail).
# Only PyPI is reached, at install time; the apps run offline on 127.0.0.1. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
[ -x .venv/bin/python ] || { echo "setup_apps: run scripts/setup.sh first (no .venv)" >&2; exit 1; }
.venv/bin/python -m pip install -q -r tests/apps/requirements.txt
# Apps whose pins conflict with the project's venv (`pip check` would fail there) get a venv of their own under
# .services/ (git-ignored); each runs as a process of its own anyway (tests/apps/requirements-<app>.txt says why).
# Both at once: each is mostly download and unpacking, and CI's budget is wall time.
install_own_venv() {
  local venv=".services/$1-venv"
  [ -x "$venv/bin/python" ] || .venv/bin/python -m venv "$venv"
  "$venv/bin/python" -m pip install -q -r "tests/apps/requirements-$1.txt"
}
pids=()
for app in taipy writer; do install_own_venv "$app" & pids+=("$!"); done
for pid in "${pids[@]}"; do wait "$pid"; done  # set -e: a failed install fails the setup
echo "setup_apps: done in $(( $(date +%s) - start )) s" >&2

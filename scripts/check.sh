#!/usr/bin/env bash
# Static checks, all configured in the repository (pyproject.toml, eslint.config.js):
#   ruff       lint of src/                                        [tool.ruff]
#   format     ruff format --check of src/ and tests/              [tool.ruff]
#   mypy       types of src/                                       [tool.mypy]
#   imports    the layer contract and no cycles (import-linter)    [tool.importlinter]
#   eslint     the in-page JavaScript (inpage/*.js, fidelity/*.js)    eslint.config.js, tools/eslint/package-lock.json
#   layers     the in-page program's layers, no circle (page/bundle.py)  src/browserx/inpage/README.md
# Runs every check (or those named: scripts/check.sh ruff eslint), prints what failed with the command to rerun it,
# and exits non-zero if any failed. Needs the dev extra (pip install -e ".[dev]") and, for ESLint, Node.js >= 18.18
# with npm (ESLint itself is installed from the lock file into tools/eslint/node_modules on first use).
# PYTHON=/path/to/venv/bin/python picks another virtualenv (default .venv).
set -uo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-.venv/bin/python}"
BIN="$(dirname "$PYTHON")"
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"  # check this tree, whatever the venv has installed

run_ruff() { "$BIN/ruff" check src; }
run_format() { "$BIN/ruff" format --check src tests; }
run_mypy() { "$BIN/mypy"; }
run_imports() { "$BIN/lint-imports" --no-cache --no-logo; }
run_eslint() {
  if ! command -v npm >/dev/null 2>&1; then
    echo "check: ESLint needs Node.js (>= 18.18) and npm: apt-get install nodejs npm" >&2
    return 1
  fi
  local stamp=tools/eslint/node_modules/.package-lock.json
  if [ ! -f "$stamp" ] || [ tools/eslint/package-lock.json -nt "$stamp" ]; then
    npm ci --prefix tools/eslint --no-audit --no-fund --loglevel=error >&2 || return 1
  fi
  tools/eslint/node_modules/.bin/eslint src/browserx/inpage src/browserx/fidelity
}

run_layers() {
  "$PYTHON" -c 'from browserx.page.bundle import collect; from browserx.page.world import ENTRY; collect(ENTRY)'
}

declare -A HOW=(
  [ruff]="$BIN/ruff check src   (import order: add --fix; rules and per-file ignores: [tool.ruff] in pyproject.toml)"
  [format]="$BIN/ruff format src tests   (rewrites the files)"
  [mypy]="PYTHONPATH=src $BIN/mypy   ([tool.mypy] in pyproject.toml)"
  [imports]="PYTHONPATH=src $BIN/lint-imports   (contracts: [tool.importlinter] in pyproject.toml; 'No matches for ignored import': delete that ignore_imports line)"
  [eslint]="tools/eslint/node_modules/.bin/eslint src/browserx/inpage src/browserx/fidelity   (eslint.config.js)"
  [layers]="scripts/check.sh layers   (each part's first line names its layer: page/bundle.py, src/browserx/inpage/README.md)"
)

checks=("$@")
[ ${#checks[@]} -eq 0 ] && checks=(ruff format mypy imports eslint layers)
failed=()
summary=()
for name in "${checks[@]}"; do
  if [ -z "${HOW[$name]+x}" ]; then
    echo "check: unknown check '$name' (ruff, format, mypy, imports, eslint, layers)" >&2
    exit 2
  fi
  echo "==== $name"
  start=$SECONDS
  if "run_$name"; then
    summary+=("ok      $name ($((SECONDS - start)) s)")
  else
    summary+=("FAILED  $name ($((SECONDS - start)) s): ${HOW[$name]}")
    failed+=("$name")
  fi
done

echo "==== static checks"
printf "  %s\n" "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "check: ${#failed[@]} failed (${failed[*]}); rerun one with: scripts/check.sh ${failed[0]}" >&2
  exit 1
fi

#!/usr/bin/env bash
# Set up browserx on a fresh Debian/Ubuntu machine: Chromium (only when no Chrome/Chromium is
# found), a virtualenv in .venv, and the package with its test extras. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

have_chrome() {
  [ -n "${BROWSERX_CHROME:-}" ] && [ -x "${BROWSERX_CHROME}" ] && return 0
  for c in chromium chromium-browser google-chrome google-chrome-stable; do
    command -v "$c" >/dev/null 2>&1 && return 0
  done
  return 1
}

if ! have_chrome; then
  echo "setup: installing Debian's chromium" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi

PYTHON="${PYTHON:-python3}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[dev]"  # the static checks: scripts/check.sh
.venv/bin/python -m pip install -q -e ".[test]"
# Real widget libraries the tests in tests/widgets operate (issue 18); those tests skip without npm.
if command -v npm >/dev/null 2>&1; then
  npm ci --prefix tests/widgets/npm --no-audit --no-fund >/dev/null 2>&1 || echo "setup: widget test libraries not installed" >&2
fi
echo "setup: done ($(.venv/bin/python -c 'import browserx; print("browserx", browserx.__version__)'))" >&2

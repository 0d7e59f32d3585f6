#!/usr/bin/env bash
# Install the npm app corpus the issue-22 app tests drive (tests/apps/npm, APPS_npm.md): Backlog.md,
# Node-RED, TiddlyWiki, and the libraries our small apps wrap (FullCalendar, Form.io, Monaco, Deep Chat).
# Exact versions from tests/apps/npm/package-lock.json (`npm ci`), nothing fetched at run time; no
# postinstall downloads a browser. Safe to run again: skipped when node_modules matches the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."

DIR=tests/apps/npm
start=$(date +%s)
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || {
  echo "setup_apps_npm: apt-get install nodejs npm" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
}
# The stamp is the lock file a whole `npm ci` installed (written after it succeeded).
STAMP="$DIR/node_modules/.browserx-installed-lock.json"
if cmp -s "$DIR/package-lock.json" "$STAMP"; then
  echo "setup_apps_npm: up to date ($DIR/node_modules)" >&2
  exit 0
fi
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 \
  npm ci --prefix "$DIR" --no-audit --no-fund --loglevel=error >/dev/null
cp "$DIR/package-lock.json" "$STAMP"
echo "setup_apps_npm: done in $(( $(date +%s) - start )) s ($DIR/node_modules)" >&2

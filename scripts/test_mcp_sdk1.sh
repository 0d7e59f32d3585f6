#!/usr/bin/env bash
# The MCP tests against the older major of the MCP SDK (mcp 1.x), which pyproject still allows beside the
# current 2.x that scripts/setup.sh installs (src/browserx/mcp_server/sdk.py says what differs). A second
# virtualenv, .venv-mcp1, with the oldest 1.x browserx supports unless MCP_SDK1 names another; safe to run again.
# Run by .ci/run after the main test run.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
SDK="${MCP_SDK1:-mcp==1.30.0}"
[ -x .venv-mcp1/bin/python ] || "$PYTHON" -m venv .venv-mcp1
.venv-mcp1/bin/python -m pip install -q --upgrade pip >/dev/null
.venv-mcp1/bin/python -m pip install -q -e ".[test]" "$SDK"
echo "test_mcp_sdk1: $(.venv-mcp1/bin/python -c 'import importlib.metadata as m; print("mcp", m.version("mcp"))')" >&2
# Everything that imports the SDK: the MCP tests, the tool surface as tools/list answers it, the token budget.
# Not again: the browser-process kill test (about a minute; it tests the pool, which no SDK part touches).
.venv-mcp1/bin/python -m pytest -q -n 2 --dist loadfile tests/mcp tests/tools/test_schema_golden.py tests/llm/test_token_budget.py \
  --ignore=tests/mcp/test_browser_processes.py "$@"

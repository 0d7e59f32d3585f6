"""What the MCP server tells the client's model once per session (`initialize` instructions).

What every tool shares is said once here rather than in each declaration (issue 19: the tool list
is sent with every request). The agent's prompt (llm/prompts/agent_prompt.md) says the same.
"""

from __future__ import annotations

TOOL_CONVENTIONS = """\
Conventions of the tools:
- element_id (e.g. "bu_3"): from the latest browser_dom snapshot (or find, or page_screenshot \
marks). Actions change the page: snapshot again before using ids you have not seen since; a gone \
id gives NODE_NOT_FOUND.
- tab_id: omit it for the active tab; browser_tabs lists the tabs (popups too).
- An omitted (or null) field takes its default. Durations are strings like "2s" or "500ms"; \
timeouts default to 15s.
- page_screenshot coordinates {x, y} are pixels of the latest screenshot.
- A navigation answers once the page is usable (load "pending": use it anyway).
- Actions report effects (url, new_tabs, dialog, downloads, dom_changed, controls added/removed) \
and wait up to settle (2s) for the requests they started; settled=false: use browser_wait. A \
dialog left open blocks other calls (DIALOG_OPEN) until browser_dialog answers it.
- A click refuses with ELEMENT_COVERED naming what covers the element: deal with that first.
- Results over 16 KB come back as an output_id: read them with browser_read_output.
"""

INSTRUCTIONS = (
    """\
browserx drives a real Chromium for you. Your browser state (cookies, tabs, pages) lives as long \
as this session and is private to it. Start with browser_navigate, then read the page with \
browser_dom action=snapshot and act by element id (click, type, select). Take a screenshot only \
when the page model is not enough (canvas, maps, visual layout). Every result is JSON: \
{"success": true, "data": ...} or {"success": false, "error": {"code", "message", "hint"}}; follow the hint.
"""
    + TOOL_CONVENTIONS
)

__all__ = ["INSTRUCTIONS", "TOOL_CONVENTIONS"]

"""Node-RED (npm node-red 4.1.15, Apache-2.0): a flow editor, a heavy app shell. The flow is edited in the
browser and deployed to the runtime, which writes flows.json in its user dir; the test reads that file.

The canvas node is not a control: the agent reaches it through `find`, which gives its label "tick" an
element id. The label has `pointer-events: none` (the node's `rect` under it takes the press), and a click
on it goes through to the node as a person's does (actions/page.js; was an xfail, ELEMENT_COVERED by the
node's own rect). Then Enter opens the edit tray, "Name", "Done", "Deploy".
"""

from __future__ import annotations

from npm_apps import agent_session, pick, read_json


async def test_node_red_inject_node_renamed_in_its_edit_tray_is_deployed_to_flows_json(manager, node_red):
    url, app, flows = node_red
    async with agent_session(manager) as agent:
        await agent.navigate(url)
        editor = await agent.snapshot("editor", expect="Deploy")
        pick(editor, "link", "Deploy")
        pick(editor, "textbox", "filter nodes")
        # The node a person double-clicks (or selects, then presses Enter) is the one labelled "tick".
        node = [m for m in await agent.find("tick") if m.get("element_id")]
        assert node, "the canvas node labelled 'tick' must be found with an element id"
        await agent.click(node[0]["element_id"])  # its label: the press goes through it to the node
        await agent.act("keypress", key="Enter")  # Node-RED: edit the selected node
        tray = await agent.snapshot("edit tray")
        await agent.type(pick(tray, "textbox", "Name"), "every minute")
        await agent.click(pick(tray, "button", "Done"))
        edited = await agent.snapshot("edited flow")
        deployed_from = len(app.lines)
        await agent.click(pick(edited, "link", "Deploy"))
        app.wait_for_line(r"Started flows", after=deployed_from)
    names = {node["id"]: node.get("name") for node in read_json(flows)}
    assert names["n1"] == "every minute" and names["n2"] == "log"

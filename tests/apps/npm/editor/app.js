// A scratchpad: a list of files from our backend (/api/files), each opened in Monaco; Save (or Ctrl+S) writes it back.
const status = document.getElementById("status");
const saveButton = document.getElementById("save");
let editor = null;
let current = null;

require.config({ paths: { vs: "/node_modules/monaco-editor/min/vs" } });
require(["vs/editor/editor.main"], async () => {
  editor = monaco.editor.create(document.getElementById("editor"), {
    value: "", language: "plaintext", automaticLayout: true, minimap: { enabled: false },
  });
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, save);
  editor.onDidChangeModelContent(() => { if (current) status.textContent = "Edited"; });
  const files = await fetch("/api/files").then((r) => r.json());
  const list = document.getElementById("files");
  for (const file of files) {
    const item = document.createElement("li");
    const open = document.createElement("button");
    open.textContent = file.id;
    open.addEventListener("click", () => openFile(file.id));
    item.append(open);
    list.append(item);
  }
});

async function openFile(name) {
  const file = await fetch(`/api/files/${encodeURIComponent(name)}`).then((r) => r.json());
  current = name;
  document.getElementById("current").textContent = name;
  const language = name.endsWith(".py") ? "python" : name.endsWith(".js") ? "javascript" : "plaintext";
  editor.setModel(monaco.editor.createModel(file.content, language));
  saveButton.disabled = false;
  status.textContent = "Opened " + name;
  editor.focus();
}

async function save() {
  if (!current) return;
  const response = await fetch(`/api/files/${encodeURIComponent(current)}`, {
    method: "PUT", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ content: editor.getValue() }),
  });
  status.textContent = response.ok ? "Saved " + current : "Save failed";
}
saveButton.addEventListener("click", save);

// A form designer: Form.io's builder; "Save form" stores the form's JSON schema in our backend (/api/forms/contact).
const status = document.getElementById("status");
const initial = { display: "form", components: [] };

// Offline: the code editors of the component settings (ace) come from npm ace-builds, not from cdn.form.io.
Formio.cdn.setOverrideUrl("ace", { cdn: "/node_modules/ace-builds/src-min-noconflict", lib: "", version: "" });

async function start() {
  const saved = await fetch("/api/forms/contact").then((r) => (r.ok ? r.json() : null));
  const builder = await Formio.builder(document.getElementById("builder"), saved ? saved.schema : initial, {
    noDefaultSubmitButton: true,
  });
  builder.on("change", () => { status.textContent = "Unsaved changes"; });
  document.getElementById("save").addEventListener("click", async () => {
    const response = await fetch("/api/forms/contact", {
      method: "PUT", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title: "Contact form", schema: builder.schema }),
    });
    status.textContent = response.ok ? "Saved" : "Save failed";
  });
}
start();

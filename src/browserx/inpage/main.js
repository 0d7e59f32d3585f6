// layer: entry
// The in-page program's entry point (page/world.py bundles from here; page/bundle.py explains how).
// Evaluated once per document in browserx's isolated world; page scripts cannot see or patch it. It publishes:
//   globalThis.__browserx         the page model: snapshot, element(id), state, readText, find (capture.js)
//   globalThis.__browserxReader   the reader text (reader.js)
//   globalThis.__browserxWidgets  animation settling (widgets.js)
//   globalThis.__bxact            the actions: click, type, select, ... (element.js)
import "./capture.js";
import "./reader.js";
import "./widgets.js";
import "./element.js";

// ESLint for browserx's in-page JavaScript (src/browserx/inpage/*.js, src/browserx/fidelity/*.js).
// Run by scripts/check.sh, which installs ESLint from tools/eslint/package-lock.json into tools/eslint/node_modules.
//
// The parts are ES-module-style files of ONE in-page program: each imports by name what it uses from the other
// parts and exports its own list (page/bundle.py bundles them, from inpage/main.js, into one function scope evaluated
// once per document and world). So each part is linted as a module on its own: a name it neither declares nor
// imports is `no-undef`, an import it does not use is `no-unused-vars`, an assignment to an imported binding is
// `no-import-assign`. That every imported name is exported by its part is checked by the bundler
// (tests/page/test_bundle.py). A browser global that a part also declares (`find`, `close`, `status`) is left
// out of the globals, so using the part's name without importing it is `no-undef` too.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");

const requireTool = createRequire(path.join(__dirname, "tools", "eslint", "package.json"));
const js = requireTool("@eslint/js");
const globals = requireTool("globals");

const PART_DIRS = ["src/browserx/inpage", "src/browserx/fidelity"];
// Top-level declarations start at column 0 (as page/bundle.py reads them).
const DECLARED = /^(?:async\s+)?(?:function\s*\*?\s*|class\s+|const\s+|let\s+|var\s+)([A-Za-z_$][\w$]*)/gm;
const declared = new Set();
for (const dir of PART_DIRS) {
  for (const name of fs.readdirSync(path.join(__dirname, dir)).filter((n) => n.endsWith(".js"))) {
    const source = fs.readFileSync(path.join(__dirname, dir, name), "utf8");
    for (const m of source.matchAll(DECLARED)) declared.add(m[1]);
  }
}
const browserGlobals = Object.fromEntries(Object.entries(globals.browser).filter(([name]) => !declared.has(name)));

module.exports = [
  {
    // inpage/page_world/*.js: the scripts that run in the page's own world, not browserx's (not parts).
    files: ["src/browserx/inpage/**/*.js", "src/browserx/fidelity/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: browserGlobals,
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-empty": ["error", { allowEmptyCatch: true }], // in-page probes that may throw (cross-origin, input types)
      eqeqeq: ["error", "smart"], // `== null` (null or undefined) stays allowed
      "no-useless-assignment": "error",
      "no-shadow-restricted-names": "error",
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
    },
  },
];

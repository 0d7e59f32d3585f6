// ESLint for browserx's in-page JavaScript (src/browserx/page/*.js, src/browserx/actions/*.js).
// Run by scripts/check.sh, which installs ESLint from tools/eslint/package-lock.json into tools/eslint/node_modules.
//
// The parts are not scripts of their own: each in-page program concatenates its parts, in a fixed order, into ONE
// function scope (page/world.py BOOTSTRAP_FILES; actions/element.py `_lib`), so a function of roles.js is simply
// in scope in capture.js. To check them as they run, each part is linted inside its whole program (the processor
// below) and only the messages on the part's own lines are kept: a name no part defines is `no-undef`, a function
// no part calls is `no-unused-vars`. A new part is picked up from the Python list that loads it.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");

const requireTool = createRequire(path.join(__dirname, "tools", "eslint", "package.json"));
const js = requireTool("@eslint/js");
const globals = requireTool("globals");

// Each program: its folder, and where its Python loader names its parts in order.
const PROGRAMS = [
  { dir: "src/browserx/page", loader: "src/browserx/page/world.py", list: /BOOTSTRAP_FILES\s*=\s*\[([^\]]*)\]/ },
  { dir: "src/browserx/actions", loader: "src/browserx/actions/element.py", list: /for name in \(([^)]*)\)/ },
];
const HEADER = "(function () {\n'use strict';\n";
const FOOTER = "\n})();\n";

function partsOf(program) {
  const source = fs.readFileSync(path.join(__dirname, program.loader), "utf8");
  const match = program.list.exec(source);
  if (!match) {
    throw new Error(`eslint.config.js: cannot find the list of in-page parts in ${program.loader}; update PROGRAMS`);
  }
  return [...match[1].matchAll(/"([^"]+\.js)"/g)].map((m) => m[1]);
}

function programOf(filename) {
  for (const program of PROGRAMS) {
    if (path.dirname(filename) !== path.join(__dirname, program.dir)) continue;
    const parts = partsOf(program);
    if (parts.includes(path.basename(filename))) return { program, parts };
  }
  return null;
}

// filename -> where its own text sits in the program linted for it
const placed = new Map();

const inPageProgram = {
  meta: { name: "browserx-in-page-program" },
  supportsAutofix: true,
  preprocess(text, filename) {
    const found = programOf(filename);
    if (!found) {
      placed.delete(filename);
      return [text]; // not one of the loaded parts: linted on its own
    }
    let prefix = HEADER;
    let program = "";
    let start = 0;
    let end = 0;
    for (const name of found.parts) {
      const own = name === path.basename(filename);
      const body = own ? text : fs.readFileSync(path.join(__dirname, found.program.dir, name), "utf8");
      const head = `${program ? "\n" : ""}// ---- ${name}\n`;
      if (own) {
        prefix = HEADER + program + head;
        start = prefix.length;
        end = start + body.length;
      }
      program += head + body;
    }
    placed.set(filename, { lineOffset: prefix.split("\n").length - 1, lineCount: text.split("\n").length, start, end });
    return [{ text: HEADER + program + FOOTER, filename: "program.js" }];
  },
  postprocess(messages, filename) {
    const where = placed.get(filename);
    if (!where) return messages.flat();
    const own = (m) => m.line !== undefined && m.line > where.lineOffset && m.line <= where.lineOffset + where.lineCount;
    const inside = (range) => range[0] >= where.start && range[1] <= where.end;
    const shiftFix = (fix) => ({ ...fix, range: [fix.range[0] - where.start, fix.range[1] - where.start] });
    return messages[0]
      .filter(own)
      .map((m) => {
        const out = { ...m, line: m.line - where.lineOffset };
        if (m.endLine !== undefined) out.endLine = m.endLine - where.lineOffset;
        if (m.fix) {
          if (inside(m.fix.range)) out.fix = shiftFix(m.fix);
          else delete out.fix;
        }
        if (m.suggestions) {
          out.suggestions = m.suggestions.filter((s) => inside(s.fix.range)).map((s) => ({ ...s, fix: shiftFix(s.fix) }));
        }
        return out;
      });
  },
};

module.exports = [
  {
    files: ["src/browserx/page/*.js", "src/browserx/actions/*.js"],
    plugins: { browserx: { processors: { "in-page-program": inPageProgram } } },
    processor: "browserx/in-page-program",
  },
  {
    // the parts (and the program built for each: `<part>.js/0_program.js`)
    files: ["src/browserx/page/**/*.js", "src/browserx/actions/**/*.js"],
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "script",
      globals: { ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...js.configs.recommended.rules,
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-empty": ["error", { allowEmptyCatch: true }], // in-page probes that may throw (cross-origin, input types)
      eqeqeq: ["error", "smart"], // `== null` (null or undefined) stays allowed
      "no-implicit-globals": "error",
      "no-useless-assignment": "error",
      "no-shadow-restricted-names": "error",
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
    },
  },
];

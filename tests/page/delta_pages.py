"""Generated pages and random DOM mutations for the delta property test (tests/page/test_delta_property.py).

    html = generated_page(seed)                 # regions, headings, forms, lists, text, a dialog
    await tab.session.send("Runtime.evaluate", {"expression": mutate_call(seed, count)})

The mutations run in the page (a seeded generator, so a failing case replays): insert, remove,
move, rename, state changes (checked, disabled, expanded, pressed, values, selections), text edits,
hiding and showing, scrolling, a modal or non-modal dialog opening and closing, a live region's
text, the title, region labels and a same-document URL change.
"""

from __future__ import annotations

import random

WORDS = (
    "alpha bravo cedar delta ember fjord glacier harbor island jasper kelp lagoon meadow nectar orchid "
    "pebble quartz river summit timber umber valley willow yarrow zephyr"
).split()


def _words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def _control(rng: random.Random, n: int) -> str:
    kind = rng.choice(["button", "link", "text", "checkbox", "select", "radio", "number", "expand"])
    name = _words(rng, rng.randint(1, 3)).capitalize()
    if kind == "button":
        return f"<button>{name}</button>"
    if kind == "link":
        return f'<a href="#{name.split()[0].lower()}{n}">{name}</a>'
    if kind == "text":
        value = f' value="{_words(rng, 1)}"' if rng.random() < 0.3 else ""
        return f'<label>{name} <input type="text"{value} placeholder="{_words(rng, 1)}"></label>'
    if kind == "checkbox":
        return f'<label><input type="checkbox"{" checked" if rng.random() < 0.3 else ""}> {name}</label>'
    if kind == "select":
        options = "".join(f"<option>{_words(rng, 1)}</option>" for _ in range(3))
        return f"<label>{name} <select>{options}</select></label>"
    if kind == "radio":
        group = f"g{n}"
        return "".join(f'<label><input type="radio" name="{group}"> {_words(rng, 1)}</label>' for _ in range(2))
    if kind == "number":
        return f'<label>{name} <input type="number" value="{rng.randint(0, 9)}"></label>'
    return f'<button aria-expanded="false">{name}</button>'


def generated_page(seed: int) -> str:
    rng = random.Random(seed)
    parts = [f"<!doctype html><title>{_words(rng, 2).title()}</title>"]
    parts.append(
        '<header><nav aria-label="Primary">'
        + " ".join(f'<a href="#n{i}">{_words(rng, 1).title()}</a>' for i in range(rng.randint(3, 7)))
        + "</nav></header><main>"
    )
    parts.append(f"<h1>{_words(rng, 3).title()}</h1><p>{_words(rng, 12)}</p>")
    parts.append('<p role="status" id="live">' + _words(rng, 3) + "</p>")
    n = 0
    for section in range(rng.randint(3, 6)):
        label = f' aria-label="{_words(rng, 1).title()} {section}"' if rng.random() < 0.5 else ""
        parts.append(f"<section{label}><h{rng.choice([2, 3])}>{_words(rng, 2).title()}</h{rng.choice([2, 3])}>")
        for _ in range(rng.randint(1, 3)):
            parts.append(f"<p>{_words(rng, rng.randint(4, 20))}</p>")
        parts.append("<ul>")
        for _ in range(rng.randint(2, 7)):
            n += 1
            parts.append(f"<li>{_control(rng, n)}</li>")
        parts.append("</ul></section>")
    parts.append("</main>")
    parts.append(
        f'<aside aria-label="Side"><h2>{_words(rng, 2).title()}</h2>'
        + "".join(_control(rng, 1000 + i) for i in range(rng.randint(1, 4)))
        + "</aside>"
    )
    parts.append(
        f'<dialog id="dlg"><h2>{_words(rng, 2).title()}</h2><p>{_words(rng, 8)}</p>'
        f"<button>{_words(rng, 1).title()}</button> <button>Close</button></dialog>"
    )
    parts.append(
        '<footer><nav aria-label="Footer">'
        + " ".join(f'<a href="#f{i}">{_words(rng, 1).title()}</a>' for i in range(rng.randint(2, 5)))
        + f"</nav><p>{_words(rng, 10)}</p></footer>"
    )
    parts.append(f"<div style='height:{rng.randint(200, 1500)}px'></div>")
    return "".join(parts)


# The in-page half: window.__mutate(seed, count) applies `count` random mutations.
MUTATOR = r"""
(() => {
  const WORDS = %WORDS%;
  function rng(seed) {  // mulberry32
    return () => { seed |= 0; seed = seed + 0x6D2B79F5 | 0; let t = Math.imul(seed ^ seed >>> 15, 1 | seed);
      t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t; return ((t ^ t >>> 14) >>> 0) / 4294967296; };
  }
  window.__mutate = (seed, count) => {
    const r = rng(seed);
    const pick = (list) => list[Math.floor(r() * list.length)];
    const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(" ");
    const all = (sel) => [...document.querySelectorAll(sel)];
    const open = () => document.getElementById("dlg") && document.getElementById("dlg").open;
    const parts = () => all("body *").filter(el => !el.closest("dialog") && !["HTML", "BODY", "MAIN", "SCRIPT"].includes(el.tagName));
    const containers = () => all("main, section, ul, li, aside, nav, footer, header, label");
    function fresh() {
      const kind = pick(["button", "a", "input", "checkbox", "h2", "h3", "p", "li", "select"]);
      let el;
      if (kind === "a") { el = document.createElement("a"); el.href = "#x" + Math.floor(r() * 100); el.textContent = words(2); }
      else if (kind === "input") { el = document.createElement("label"); el.innerHTML = words(1) + " <input>"; }
      else if (kind === "checkbox") { el = document.createElement("label"); el.innerHTML = "<input type=checkbox> " + words(1); }
      else if (kind === "li") { el = document.createElement("li"); el.innerHTML = "<button>" + words(2) + "</button>"; }
      else if (kind === "select") { el = document.createElement("select"); el.setAttribute("aria-label", words(1));
        el.innerHTML = "<option>" + words(1) + "</option><option>" + words(1) + "</option>"; }
      else { el = document.createElement(kind); el.textContent = kind === "p" ? words(8) : words(2); }
      return el;
    }
    const done = [];
    for (let i = 0; i < count; i++) {
      const op = pick(["insert", "insert", "remove", "move", "rename", "rename", "state", "state", "state", "text",
        "text", "hide", "scroll", "dialog", "live", "title", "region", "url"]);
      done.push(op);
      if (op === "insert") {
        const parent = pick(containers());
        const before = r() < 0.5 ? null : pick([...parent.children, null]);
        parent.insertBefore(fresh(), before);
      } else if (op === "remove") {
        const el = pick(parts());
        if (el && !el.querySelector("main")) el.remove();
      } else if (op === "move") {
        const el = pick(parts()), target = pick(containers());
        if (el && target && !el.contains(target) && !el.querySelector("main")) target.insertBefore(el, pick([...target.children, null]));
      } else if (op === "rename") {
        const el = pick(all("button, a, h1, h2, h3, label, summary"));
        if (el && r() < 0.3) el.setAttribute("aria-label", words(2));
        else if (el && !el.querySelector("input, select")) el.textContent = words(1 + Math.floor(r() * 3));
      } else if (op === "state") {
        const kind = Math.floor(r() * 6);
        if (kind === 0) { const c = pick(all("input[type=checkbox], input[type=radio]")); if (c) c.checked = !c.checked; }
        else if (kind === 1) { const c = pick(all("button, input, select")); if (c) c.disabled = !c.disabled; }
        else if (kind === 2) { const b = pick(all("button")); if (b) b.setAttribute("aria-expanded", r() < 0.5 ? "true" : "false"); }
        else if (kind === 3) { const b = pick(all("button")); if (b) b.setAttribute("aria-pressed", r() < 0.5 ? "true" : "false"); }
        else if (kind === 4) { const t = pick(all("input:not([type=checkbox]):not([type=radio])")); if (t) t.value = words(Math.floor(r() * 3)); }
        else { const s = pick(all("select")); if (s && s.options.length) s.selectedIndex = Math.floor(r() * s.options.length); }
      } else if (op === "text") {
        const p = pick(all("p"));
        if (p && !p.closest("dialog")) { if (r() < 0.5) p.textContent = words(3 + Math.floor(r() * 15)); else p.textContent += " " + words(4); }
      } else if (op === "hide") {
        const el = pick(parts());
        if (el) { if (r() < 0.5) el.style.display = el.style.display === "none" ? "" : "none";
                  else el.style.visibility = el.style.visibility === "hidden" ? "" : "hidden"; }
      } else if (op === "scroll") {
        scrollTo(0, Math.floor(r() * Math.max(0, document.documentElement.scrollHeight - innerHeight)));
      } else if (op === "dialog") {
        const d = document.getElementById("dlg");
        if (d) { if (d.open) d.close(); else if (r() < 0.6) d.showModal(); else d.show(); }
      } else if (op === "live") {
        const s = document.getElementById("live"); if (s) s.textContent = words(1 + Math.floor(r() * 4));
      } else if (op === "title") {
        document.title = words(2);
      } else if (op === "region") {
        const s = pick(all("section, aside, nav")); if (s) s.setAttribute("aria-label", words(1));
      } else if (op === "url") {
        history.pushState(null, "", "?step=" + Math.floor(r() * 1000));
      }
    }
    return done;
  };
})();
"""


def mutator_script() -> str:
    import json

    return MUTATOR.replace("%WORDS%", json.dumps(WORDS))


def mutate_call(seed: int, count: int) -> str:
    return f"window.__mutate({seed}, {count})"

// layer: base
// Roles (html-aam, ARIA conflict resolution) and the vocabulary the other capture files share.
// Part of browserx's isolated-world bootstrap (world.py concatenates the files into one scope).

const PREFIX = { button: "bu", link: "li", textbox: "te", searchbox: "se", spinbutton: "sp", checkbox: "ch",
  radio: "ra", combobox: "co", listbox: "lb", slider: "sl", switch: "sw", tab: "ta", menuitem: "me",
  menuitemcheckbox: "mc", menuitemradio: "mr", option: "op", treeitem: "tr", gridcell: "gc", scrollbar: "sb",
  file: "fi", date: "da", clickable: "cl", element: "el" };  // element: any element find names (not a control)
const ARIA_ROLES = new Set(["alert", "alertdialog", "application", "article", "banner", "blockquote", "button",
  "caption", "cell", "checkbox", "code", "columnheader", "combobox", "complementary", "contentinfo", "definition",
  "deletion", "dialog", "directory", "document", "emphasis", "feed", "figure", "form", "generic", "grid",
  "gridcell", "group", "heading", "img", "insertion", "link", "list", "listbox", "listitem", "log", "main",
  "marquee", "math", "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "meter", "navigation",
  "none", "note", "option", "paragraph", "presentation", "progressbar", "radio", "radiogroup", "region", "row",
  "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "separator", "slider", "spinbutton", "status",
  "strong", "subscript", "superscript", "switch", "tab", "table", "tablist", "tabpanel", "term", "textbox",
  "time", "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem"]);
const FROM_CONTENT = new Set(["button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link",
  "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch", "tab",
  "tooltip", "treeitem", "clickable"]);
const CHECKABLE = new Set(["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"]);
const TEXTISH = new Set(["textbox", "searchbox", "spinbutton", "combobox"]);
const LANDMARK = { main: "main", navigation: "navigation", banner: "header", contentinfo: "footer",
  complementary: "aside", dialog: "dialog", alertdialog: "dialog", search: "search", form: "form", region: "region" };
const SKIP = new Set(["script", "style", "noscript", "template", "head", "meta", "link", "title", "base"]);
const SPACED = new Set(["br", "img", "svg", "input", "select", "textarea", "button", "video", "canvas", "iframe",
  "picture", "object", "embed"]);
const LABELABLE = new Set(["input", "textarea", "select", "meter", "progress", "output", "button"]);
const TEST_ATTRS = ["data-testid", "data-test", "data-qa", "data-cy"];
const SECTIONING = "article, aside, main, nav, section";
const TEXT_INPUT = new Set(["", "text", "email", "tel", "url", "password", "search", "date", "time",
  "datetime-local", "month", "week"]);

function explicitRole(el) {
  const attr = el.getAttribute("role");
  if (!attr) return null;
  for (const token of attr.trim().toLowerCase().split(/\s+/)) if (ARIA_ROLES.has(token)) return token;
  return null;
}
function inputRole(el) {
  const type = (el.getAttribute("type") || "").toLowerCase();
  switch (type) {
    case "button": case "submit": case "reset": case "image": case "color": return "button";
    case "checkbox": return "checkbox";
    case "radio": return "radio";
    case "range": return "slider";
    case "number": return "spinbutton";
    case "file": return "file";
    case "hidden": return null;
    case "search": return el.hasAttribute("list") ? "combobox" : "searchbox";
    default: return el.hasAttribute("list") ? "combobox" : "textbox";
  }
}
// `tag`, `bare` (no attribute at all) when the caller knows them: the walk asks this of every element.
function implicitRole(el, tag = el.localName, bare = false) {
  switch (tag) {
    case "a": case "area": return el.hasAttribute("href") ? "link" : null;
    case "button": return "button";
    case "input": return inputRole(el);
    case "textarea": return "textbox";
    case "select": return (el.multiple || el.size > 1) ? "listbox" : "combobox";
    case "option": return "option";
    case "summary": return el.parentElement && el.parentElement.localName === "details" &&
      el.parentElement.querySelector(":scope > summary") === el ? "button" : null;
    case "dialog": return "dialog";
    case "main": return "main";
    case "nav": return "navigation";
    case "aside": return "complementary";
    case "search": return "search";
    case "form": return "form";
    case "section": return "region";
    case "header": return el.parentElement && el.parentElement.closest(SECTIONING) ? null : "banner";
    case "footer": return el.parentElement && el.parentElement.closest(SECTIONING) ? null : "contentinfo";
    case "h1": case "h2": case "h3": case "h4": case "h5": case "h6": return "heading";
    case "img": return el.getAttribute("alt") === "" ? "presentation" : "img";
  }
  // Only an element carrying the attribute can be an editing host (isContentEditable is not free).
  if (!bare && el.hasAttribute("contenteditable") && el.isContentEditable &&
      !(el.parentElement && el.parentElement.isContentEditable)) return "textbox";
  return null;
}
function focusable(el) {
  return el.hasAttribute("tabindex") || (LABELABLE.has(el.localName) && el.localName !== "output") ||
    ((el.localName === "a" || el.localName === "area") && el.hasAttribute("href"));
}
// Explicit role first (first recognised token), then the element's own semantics; a
// presentational role is ignored on focusable elements (ARIA conflict resolution).
function roleOf(el) {
  const role = explicitRole(el);
  if (role && !((role === "none" || role === "presentation") && focusable(el))) return role;
  return implicitRole(el);
}
// Roles whose element is acted on by a click (widgets.js: nested clickables; grids.js: sortable headers).
const ACTION_ROLES = new Set(["button", "link", "clickable", "menuitem", "tab", "treeitem"]);

export { PREFIX, FROM_CONTENT, CHECKABLE, TEXTISH, LANDMARK, SKIP, SPACED, LABELABLE, TEST_ATTRS, TEXT_INPUT, implicitRole, roleOf, ACTION_ROLES };

// layer: actions
// What an upload's element_id names (actions/upload.py): a file input, a label of one, or an element holding
// exactly one; or a plain control whose click may open a chooser.
import { idOf, element } from "./ids.js";

function fileInput(id) {
  const el = element(id);
  if (!el) return {error: 'NODE_NOT_FOUND'};
  const isFile = (e) => e && e.localName === 'input' && e.type === 'file';
  let input = isFile(el) ? el : el.localName === 'label' && isFile(el.control) ? el.control : null;
  if (!input && el.querySelectorAll) {
    const inner = el.querySelectorAll('input[type=file]');
    if (inner.length === 1) input = inner[0];
  }
  // Only a plain control may open a chooser when clicked: never submit, follow or type to find out. A
  // link that follows nothing (href "#…" or "javascript:", as a dialog's "Files" link) is a plain control.
  const href = (el.getAttribute('href') || '').trim();
  const stays = el.localName === 'a' && (href.startsWith('#') || /^javascript:/i.test(href)) &&
    !el.hasAttribute('download') && (!el.target || el.target === '_self');
  const acts = !stays && el.matches('a[href], input, select, textarea, [contenteditable=true], [contenteditable=""]') ||
    (el.localName === 'button' && el.type === 'submit' && el.form);
  if (!input) return acts ? {error: 'NOT_FILE'} : {opens: true};
  if (input.disabled) return {error: 'ELEMENT_DISABLED'};
  return {multiple: input.multiple, id: idOf.get(input) || null};
}

export { fileInput };

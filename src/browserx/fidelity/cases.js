// The names conformance cases of a page (fidelity/axcheck.py): the elements carrying data-expected, in
// document order, open shadow roots included. Without an index: each case's facts and the model's element
// id; with one: that case's element. The whole file is the one function declaration axcheck.py sends.
// eslint-disable-next-line no-unused-vars
function conformanceCases(index) {
  const found = [];
  const visit = root => {
    for (const el of root.querySelectorAll("*")) {
      if (el.hasAttribute("data-expected")) found.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  if (index !== undefined && index !== null) return found[index];
  return found.map(el => ({ case: el.dataset.case || "", expected: el.dataset.expected,
    category: document.body.dataset.category || "", element_id: globalThis.__browserx.idOf(el) }));
}

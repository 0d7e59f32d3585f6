"""The fidelity checker: a development tool that compares the page model with Chromium's own
accessibility tree. Bench and tests import it; the page model, the actions and the tools never do
(an import-linter contract in pyproject.toml).

- `report.py`: `fidelity_report(tab, model)`, recall and precision of the model against Chromium's
  actionable, on-screen nodes (`bench/fidelity.py`, `tests/page/test_fidelity_corpus.py`);
- `chromium.py`: Chromium's side (the AX tree of the main frame and its same-origin frames);
- `probe.py` + `probe.js`: the in-page half (where a person can see an element, what a pointer reaches);
- `axcheck.py`: roles and names compared with Chromium's, control by control, and the names
  conformance cases.
"""

from .axcheck import compare_with_chromium, conformance_cases
from .report import FidelityReport, fidelity_report

__all__ = ["FidelityReport", "compare_with_chromium", "conformance_cases", "fidelity_report"]

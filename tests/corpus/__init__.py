"""The pages the tests and benches read, kept in the repository so that a clone passes on its own.

- `READABILITY`: 65 real-world pages from Mozilla Readability's tests (Apache-2.0, see its README.md,
  LICENSE.md and NOTICE), each a folder with `source.html` (the saved page) and `expected.html` (the
  article Readability extracts from it).
- `PAGES`: synthetic pages written by `pages/make_pages.py` from a fixed seed (`small.html`,
  `medium.html` with its `medium_frame.html`, `large.html` of ~20,000 elements) and their element
  counts in `manifest.json`. Committed rather than generated at test time so that benches and tests
  share byte-identical inputs; tests/test_self_contained.py checks the generator still writes them.

Serve them over HTTP with `charset=utf-8`: they are UTF-8 whatever charset they declare.

    from corpus import PAGES, readability_pages          # tests/ is on sys.path (its conftest.py)
"""

from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).resolve().parent
READABILITY = CORPUS / "readability"
PAGES = CORPUS / "pages"


def readability_pages() -> list[Path]:
    """Each page's folder (holding source.html and expected.html), sorted by name."""
    return sorted(p.parent for p in READABILITY.glob("*/source.html") if (p.parent / "expected.html").is_file())

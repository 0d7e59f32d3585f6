"""Test modules are collected by basename (no packages): two files with one name break a full run."""

from collections import Counter
from pathlib import Path


def test_every_test_module_has_a_unique_basename():
    names = Counter(
        p.name for p in Path(__file__).parent.rglob("*.py") if p.name != "conftest.py" and "__pycache__" not in p.parts
    )
    assert [name for name, count in names.items() if count > 1] == []

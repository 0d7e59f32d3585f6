"""The in-page program: ES-module-style parts bundled into one scope (page/bundle.py), checked at load."""

from __future__ import annotations

from importlib import resources

import pytest

from browserx.page.bundle import BundleError, bundle, collect
from browserx.page.world import ENTRY


def _parts(**files: str):
    def read(path: str) -> str:
        if path not in files:
            raise FileNotFoundError(path)
        return files[path]

    return read


def test_the_program_bundles_every_part_with_every_import_exported():
    parts = collect(ENTRY)
    assert parts[-1].path == ENTRY
    package = resources.files("browserx")
    on_disk = {
        f"{folder}/{f.name}"
        for folder in ("inpage",)
        for f in package.joinpath(folder).iterdir()
        if f.name.endswith(".js")
    }
    assert {p.path for p in parts} == on_disk  # no part left out of the program


def test_every_part_stays_under_400_lines():
    long = {
        p.path: n
        for p in collect(ENTRY)
        if (n := resources.files("browserx").joinpath(p.path).read_text().count("\n")) >= 400
    }
    assert long == {}


def test_parts_come_after_what_they_import_and_lose_their_import_lines():
    source = bundle(
        "a.js",
        read=_parts(
            **{
                "a.js": 'import { twice } from "./lib/b.js";\nconst four = twice(2);\nexport { four };\n',
                "lib/b.js": "function twice(n) { return 2 * n; }\nexport { twice };\n",
            }
        ),
    )
    assert source.index("function twice") < source.index("const four")
    assert "import" not in source and "export" not in source


def test_an_import_its_part_does_not_export_fails_the_bundle():
    read = _parts(
        **{
            "a.js": 'import { twice, thrice } from "./b.js";\n',
            "b.js": "function twice(n) { return 2 * n; }\nfunction thrice(n) { return 3 * n; }\nexport { twice };\n",
        }
    )
    with pytest.raises(BundleError, match="thrice"):
        bundle("a.js", read=read)


def test_an_export_its_part_does_not_declare_fails_the_bundle():
    with pytest.raises(BundleError, match="twice"):
        bundle("a.js", read=_parts(**{"a.js": "export { twice };\n"}))


def test_a_name_two_parts_declare_fails_the_bundle():
    read = _parts(
        **{
            "a.js": 'import "./b.js";\nfunction roleOf(el) { return el.role; }\n',
            "b.js": "function roleOf(el) { return null; }\n",
        }
    )
    with pytest.raises(BundleError, match="roleOf"):
        bundle("a.js", read=read)


def test_a_missing_part_fails_the_bundle():
    with pytest.raises(BundleError, match="nowhere.js"):
        bundle("a.js", read=_parts(**{"a.js": 'import { x } from "./nowhere.js";\n'}))


def test_renamed_imports_are_refused_rather_than_misread():
    with pytest.raises(BundleError):
        bundle(
            "a.js",
            read=_parts(**{"a.js": 'import { x as y } from "./b.js";\n', "b.js": "const x = 1;\nexport { x };\n"}),
        )

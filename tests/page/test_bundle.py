"""The in-page program: ES-module-style parts bundled into one scope (page/bundle.py), checked at load."""

from __future__ import annotations

from importlib import resources

import pytest

from browserx.page.bundle import LAYERS, BundleError, bundle, collect
from browserx.page.world import ENTRY


def _parts(**files: str):
    """Parts from strings; one without a layer line stands in the base layer."""

    def read(path: str) -> str:
        if path not in files:
            raise FileNotFoundError(path)
        source = files[path]
        return source if source.startswith("// layer:") else "// layer: base\n" + source

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


def test_parts_that_import_each_other_in_a_circle_fail_the_bundle():
    read = _parts(
        **{
            "a.js": 'import { b } from "./b.js";\nconst a = 1;\nexport { a };\n',
            "b.js": 'import { c } from "./c.js";\nconst b = 2;\nexport { b };\n',
            "c.js": 'import { a } from "./a.js";\nconst c = 3;\nexport { c };\n',
        }
    )
    with pytest.raises(BundleError) as failure:
        collect("a.js", read=read)
    assert failure.value.kind == "circle"


def test_the_program_fails_when_one_of_its_parts_closes_a_circle():
    """The real program with one import added that closes a circle: names.js (base) importing walk.js."""
    package = resources.files("browserx")

    def read(path: str) -> str:
        source = package.joinpath(path).read_text(encoding="utf-8")
        if path == "inpage/names.js":  # names -> walk -> names
            source = source.replace("\nimport ", '\nimport { walk } from "./walk.js";\nimport ', 1)
        return source

    with pytest.raises(BundleError) as failure:
        collect(ENTRY, read=read)
    assert failure.value.kind in ("circle", "higher_layer")
    names_to_walk = read("inpage/names.js")
    assert 'import { walk } from "./walk.js";' in names_to_walk


def test_an_import_from_a_higher_layer_fails_the_bundle():
    read = _parts(
        **{
            "a.js": '// layer: capture\nimport { b } from "./b.js";\nconst a = b;\nexport { a };\n',
            "b.js": '// layer: base\nimport { c } from "./c.js";\nconst b = c;\nexport { b };\n',
            "c.js": "// layer: widgets\nconst c = 3;\nexport { c };\n",
        }
    )
    with pytest.raises(BundleError) as failure:
        collect("a.js", read=read)
    assert failure.value.kind == "higher_layer"


def test_a_part_without_its_layer_fails_the_bundle():
    with pytest.raises(BundleError) as failure:
        collect("a.js", read=lambda path: "const a = 1;\nexport { a };\n")
    assert failure.value.kind == "no_layer"


def test_the_folder_readme_lists_every_part_under_the_layer_its_first_line_names():
    """inpage/README.md is where a newcomer starts: its table must be the parts' own layers."""
    package = resources.files("browserx")
    readme = package.joinpath("inpage/README.md").read_text(encoding="utf-8")
    listed = {}
    for line in readme.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0] in LAYERS:
            for name in cells[1].replace("`", "").split(","):
                listed[name.strip()] = cells[0]
    declared = {p.path.rsplit("/", 1)[-1]: p.layer for p in collect(ENTRY)}
    assert listed == declared

"""The README's and docs/' checkable claims, and the generated docs being current."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from seforge import docgen
from tests.docs.claims import (
    ROOT,
    broken_link,
    code_spans,
    command_claims,
    doc_files,
    links,
    module_claim,
    path_claim,
    slug,
)

DOCS = doc_files()
IDS = [str(p.relative_to(ROOT)) for p in DOCS]


def test_generated_docs_are_current() -> None:
    """cli.md, the schemas and the guide's copy match the parsers, models and pages."""
    stale = docgen.stale_files()
    assert stale == [], f"out of date: {stale}; regenerate with: python -m seforge.docgen"


def test_the_check_sees_a_changed_page(tmp_path: Path) -> None:
    (tmp_path / "docs" / "user-guide").mkdir(parents=True)
    (tmp_path / "docs" / "user-guide" / "a.md").write_text("# A\n", encoding="utf-8")
    assert "resources/guide/a.md" in docgen.stale_files(tmp_path)
    docgen.write_files(tmp_path)
    assert docgen.stale_files(tmp_path) == []
    (tmp_path / "docs" / "schemas" / "gone.json").write_text("{}", encoding="utf-8")
    (tmp_path / "docs" / "cli.md").write_text("old\n", encoding="utf-8")
    assert docgen.stale_files(tmp_path) == ["docs/cli.md", "docs/schemas/gone.json"]


def test_every_document_kind_has_a_schema() -> None:
    names = set(docgen.schema_files())
    for format_id in ("swords-edge.character", "swords-edge.nc", "2d20.character",
                      "blades.character", "blades.crew", "sword-of-life.character",
                      "seforge.campaign"):
        assert f"{format_id}.json" in names


def test_a_schema_reads_a_real_file() -> None:
    """The character schema names the fields a book character's file holds."""
    import json

    schema = json.loads(docgen.schema_files()["swords-edge.character.json"])
    sample = json.loads((ROOT / "resources/systems/swords_edge/library/pcs/crag.json")
                        .read_text(encoding="utf-8"))
    assert schema["properties"]["format"]["enum"][0] == "swords-edge.character"
    assert set(sample) - {"format", "version"} <= set(schema["properties"])
    assert "format" in schema["required"] and "version" in schema["required"]


def test_readme_is_short_and_keeps_the_quick_start() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 250
    # .ci/run reads the Debian packages from this exact line
    assert any(line.startswith("if command -v apt-get >/dev/null; then $sudo apt-get update -qq "
                               "&& $sudo apt-get install -y ")
               and line.endswith("; fi") for line in text.splitlines())
    assert "pip install -e \".[test]\"\nQT_QPA_PLATFORM=offscreen python -m pytest\n" in text
    assert "](docs/images/window.png)" in text


@pytest.mark.parametrize("path", DOCS, ids=IDS)
def test_every_link_resolves(path: Path) -> None:
    problems = [p for p in (broken_link(path, t) for t in links(path)) if p]
    assert problems == []


@pytest.mark.parametrize("path", DOCS, ids=IDS)
def test_every_command_option_exists(path: Path) -> None:
    options = docgen.command_options()
    problems = []
    for span in code_spans(path):
        for verb, option in command_claims(span):
            if verb not in options:
                problems.append(f"{span}: no command {verb!r}")
            elif option not in options[verb] and option not in options[""]:
                problems.append(f"{span}: seforge {verb} has no {option}")
    assert problems == []


@pytest.mark.parametrize("path", DOCS, ids=IDS)
def test_every_module_and_path_exists(path: Path) -> None:
    problems = [p for span in code_spans(path) for p in (module_claim(span), path_claim(span))
                if p]
    assert problems == []


def test_the_checks_can_fail(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n[a](missing.md) [b](#title) [c](#nope)\n", encoding="utf-8")
    assert [broken_link(page, t) for t in links(page)] == [
        "missing.md: no such file", None, "#nope: no heading #nope in page.md"]
    assert list(command_claims("seforge check --jsn")) == [("check", "--jsn")]
    assert module_claim("seforge.core.nothing") is not None
    assert module_claim("nothing.at_all") is None  # not one of ours: not a claim
    assert module_claim("seforge.campaign") is None  # a format id
    assert module_claim("seforge.core.documents.DocumentKind") is None
    assert module_claim("seforge.core.documents.Nope") is not None
    assert path_claim("seforge/core/nothing.py") is not None
    assert slug("The plug-in contract (today)") == "the-plug-in-contract-today"


def test_every_guide_page_is_shown_and_names_its_source() -> None:
    from seforge.systems import registry
    from ui.shell.help.guide import GENERAL_FILES, sections

    class Installed:  # what the guide needs of a system's UI part
        def __init__(self, system_id: str, title: str) -> None:
            self.system_id, self.title = system_id, title

    systems = [Installed(i, registry().get(i).title) for i in registry().ids()]
    found = sections(systems)
    listed = sorted(page.file for section in found for page in section.pages)
    written = sorted(p.name for p in (ROOT / "docs" / "user-guide").glob("*.md"))
    assert listed == written  # every page is under General or its game's heading
    for section in found[1:]:  # the games' pages
        assert section.pages[0].key == section.system_id
        for page in section.pages:
            assert "Source" in page.markdown[:400], page.file
    assert [page.file for page in found[0].pages] == [file for _key, file in GENERAL_FILES]


def test_rules_readings_name_every_switch() -> None:
    from seforge.systems.blades.facts import HouseDefaults
    from seforge.systems.sword_of_life.character import SolSettings
    from seforge.systems.sword_of_life.settings import TableSettings as SolTable
    from seforge.systems.swords_edge.table_rules import TABLE_RULES
    from seforge.systems.twod20.settings import TableSettings as TwoD20Table

    text = (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")
    missing = [rule.title for rule in TABLE_RULES if rule.title not in text]
    missing += [f"{rule.title} ({rule.lines})" for rule in TABLE_RULES
                if rule.lines.split(" ")[0].rstrip(",").replace("-", "–") not in text
                and rule.lines.split(" ")[0].rstrip(",") not in text]
    for model in (TwoD20Table, SolTable, SolSettings, HouseDefaults):
        missing += [f"{model.__module__}.{model.__name__}.{name}"
                    for name in model.model_fields if f"`{name}`" not in text]
    assert missing == [], "add these to docs/rules-readings.md"


def test_license_metadata_and_pins() -> None:
    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    meta = project["project"]
    assert meta["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")
    for name in ("Sword's Edge", "2d20", "Blades in the Dark", "Sword of Life"):
        assert name in meta["description"]
    every = meta["dependencies"] + [r for extra in meta["optional-dependencies"].values()
                                    for r in extra]
    assert sum(Requirement(r).name == "pypdf" for r in every) == 1

    def norm(name: str) -> str:
        return name.lower().replace("_", "-").replace(".", "-")

    pins = {}
    for line in (ROOT / "packaging" / "constraints.txt").read_text().splitlines():
        line = line.partition("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            assert version, f"{line}: not an exact pin"
            pins[norm(name)] = version
    build = [line for line in (ROOT / "packaging" / "requirements-build.txt").read_text()
             .splitlines() if line.strip() and not line.startswith("#")]
    for text in meta["dependencies"] + build:
        requirement = Requirement(text)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        assert norm(requirement.name) in pins, f"{requirement.name} is not pinned"
        assert requirement.specifier.contains(pins[norm(requirement.name)]), text
    for reader in (".github/workflows/build.yml", "packaging/ci_build.sh"):
        assert "-c packaging/constraints.txt" in (ROOT / reader).read_text(), reader
    spec = (ROOT / "packaging" / "seforge.spec").read_text()
    assert '"THIRD-PARTY-NOTICES.md"' in spec and '"LICENSE"' in spec

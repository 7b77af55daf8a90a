"""Reference tables (data with sources, searchable) and the system object."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.core.documents import DocumentFileError
from seforge.core.systems import GameSystem
from seforge.systems import registry
from seforge.systems.blades import reference
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.facts import SRD
from seforge.systems.blades.models import Crew, Scoundrel
from seforge.systems.blades.system import SYSTEM

_ROOT = Path(__file__).resolve().parents[4]
SOURCE = next(
    (p / "shared" / "reference" / "blades-in-the-dark-srd.tex.txt"
     for p in (_ROOT.parent, _ROOT.parent.parent)
     if (p / "shared" / "reference" / "blades-in-the-dark-srd.tex.txt").is_file()),
    None,
)
"""The SRD text beside the checkout (the developers' layout), if it is there."""
HEADING = re.compile(r"\\(?:chapter|(?:sub)*section)\*?\{(.*)\}")


def _plain(title: str) -> str:
    return re.sub(r"\\textbf|\\gameterm|[{}]", "", title).replace("\\&", "&")


def test_every_table_names_a_real_section_and_line() -> None:
    tables = reference.tables()
    ids = [t.id for t in tables]
    assert len(set(ids)) == len(ids) == 16
    for wanted in ("results", "actions", "position", "effect", "consequences", "harm",
                   "trauma", "clocks", "coin", "tier", "status", "xp", "load"):
        assert wanted in ids
    for t in tables:
        assert t.source is not None and t.source.document == SRD
        assert t.source.label.startswith(f"SRD: {t.source.section}")
        assert SRD not in t.source.label and SRD in t.source.text
        assert all(len(row) == len(t.columns) for row in t.rows)


def test_every_table_line_is_under_its_section_in_the_srd() -> None:
    if SOURCE is None:
        pytest.skip("the Blades SRD text is not beside this checkout")
    lines = SOURCE.read_text(encoding="utf-8").splitlines()
    heads = [(number + 1, _plain(match.group(1))) for number, line in enumerate(lines)
             if (match := HEADING.match(line))]
    assert heads
    for t in reference.tables():
        assert t.source is not None
        line = reference.line_of(t.source)
        if line is not None:
            before = [title for number, title in heads if number <= line]
            assert before and before[-1].casefold() == t.source.section.casefold(), (
                t.id, t.source, before[-1:])


def test_external_rows_are_labelled_and_search_finds_rows() -> None:
    actions = reference.table("actions")
    hunt = next(i for i, row in enumerate(actions.rows) if row[0] == "Hunt")
    study = next(i for i, row in enumerate(actions.rows) if row[0] == "Study")
    hunt_source, study_source = actions.source_of(hunt), actions.source_of(study)
    assert hunt_source is not None and hunt_source.origin == "text"
    assert study_source is not None and study_source.origin == "external"
    assert "not in the text" in study_source.label
    found = dict((t.id, rows) for t, rows in reference.search("war"))
    assert "status" in found and len(found["status"]) == 2  # -3 war and the war effects
    assert reference.search("nothing-like-this") == []
    assert dict((t.id, rows) for t, rows in reference.search("harm"))["harm"] == list(range(5))
    with pytest.raises(KeyError):
        reference.table("nope")


def test_system_is_registered_and_checks_crews(tmp_path: Path) -> None:
    assert isinstance(SYSTEM, GameSystem)
    system = registry().get("blades")
    assert system.title == "Blades in the Dark"
    assert [f.suffix for f in system.formats] == [".blades", ".bladescrew"]
    assert registry().for_suffix(".bladescrew")[1].id == "blades.crew"
    crew = Crew(name="Lanterns", coin=4)
    CREW.save(crew, tmp_path / "c.bladescrew")
    report = system.check(tmp_path / "c.bladescrew")
    assert report.legal and report.figures["tier"] == 0
    bad = Crew(coin=9, heat=9)
    CREW.save(bad, tmp_path / "bad.bladescrew")
    rules = {p.rule for p in system.check(tmp_path / "bad.bladescrew").problems}
    assert rules == {"blades.crew.coin", "blades.crew.heat"}
    SCOUNDREL.save(Scoundrel(), tmp_path / "s.blades")
    assert system.check(tmp_path / "s.blades").figures == {"spent": 0, "budget": 7}
    out = tmp_path / "x.pdf"
    pages = system.export_sheets([tmp_path / "s.blades", tmp_path / "c.bladescrew"], out)
    assert out.read_bytes().startswith(b"%PDF")
    assert pages == len(PdfReader(out).pages) >= 2  # the pages, not the documents
    (tmp_path / "other.json").write_text('{"format": "swords-edge.character", "version": 1}')
    with pytest.raises(DocumentFileError, match="not a Blades document"):
        system.export_sheets([tmp_path / "other.json"], tmp_path / "y.pdf")
    assert not (tmp_path / "y.pdf").exists()


def test_the_library_sample_hound_is_legal() -> None:
    items = SYSTEM.library()
    assert [item.id for item in items] == ["nadja-hound"]
    report = SYSTEM.check(items[0].path)
    assert report.legal and not report.problems
    assert report.figures == {"spent": 7, "budget": 7}
    assert SCOUNDREL.load(items[0].path).playbook == "Hound"

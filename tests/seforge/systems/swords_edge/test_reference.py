"""The reference tables match the core's numbers, and search finds rows."""

from __future__ import annotations

import pytest

from seforge.systems.swords_edge.dice import LEVELS
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.reference import TABLES, search, table
from seforge.systems.swords_edge.resolution.ranges import RANGES, range_penalty_ranks
from seforge.systems.swords_edge.resolution.recovery import recovery_removed
from seforge.systems.swords_edge.resolution.sfx import SFX_RANKS, sfx_modifier, sfx_rounds
from seforge.systems.swords_edge.resolution.stress import stress_result


def test_every_table_is_well_formed() -> None:
    ids = [t.id for t in TABLES]
    assert len(set(ids)) == len(ids)
    for entry in TABLES:
        assert entry.rows and entry.title
        assert all(len(row) == len(entry.columns) for row in entry.rows)
    assert set(ids) >= {"ranks", "levels", "stress", "nc_types", "recovery", "range", "sfx",
                        "luck", "advancement", "test"}


def test_ranks_table_numbers() -> None:
    rows = table("ranks").rows
    assert [r[0] for r in rows] == [r.label for r in Rank]
    for rank, row in zip(Rank, rows, strict=True):
        assert row[2] == str(rank.target_number)
        if rank is not Rank.MYTHIC:
            assert row[1] == format_modifier(rank.modifier)
        assert row[3] and row[4]


def test_stress_recovery_range_sfx_numbers() -> None:
    for level, row in zip(LEVELS, table("stress").rows, strict=True):
        assert row[1] == str(stress_result(level).penalty_ranks)
    for level, row in zip(LEVELS, table("recovery").rows, strict=True):
        assert row[1:] == (str(recovery_removed(level, False)),
                           str(recovery_removed(level, True)))
    for band, row in zip(RANGES, table("range").rows, strict=True):
        assert row[1] == str(range_penalty_ranks(band))
    for rank, row in zip(SFX_RANKS, table("sfx").rows, strict=True):
        assert row[-1] == str(sfx_rounds(rank))
        assert row[-2] in ("—", format_modifier(sfx_modifier(rank)))
    assert [r[1] for r in table("levels").rows] == ["0–6", "7–13", "14–20", "21–27", "28+"]


def test_nc_types_table() -> None:
    rows = {r[0]: r for r in table("nc_types").rows}
    assert "+2" in rows["Minion"][1]
    assert "+2, +0 and -2" in rows["Regular"][1]
    assert "+4" in rows["Hero"][1] and "+6" in rows["Hero"][1]


def test_search() -> None:
    assert len(search(TABLES, "")) == len(TABLES)
    found = dict((t.id, rows) for t, rows in search(TABLES, "UNDEFENDED"))
    assert "test" in found and "ranks" not in found
    assert all("ndefended" in " ".join(table("test").rows[i]) for i in found["test"])
    by_title = dict((t.id, rows) for t, rows in search(TABLES, "sfx components"))
    assert by_title["sfx"] == list(range(len(table("sfx").rows)))
    assert search(TABLES, "qwertyuiop") == []
    with pytest.raises(KeyError):
        table("nope")


def test_every_table_names_the_rulebook_section_it_summarises() -> None:
    from seforge.core.reference import ReferenceTable as CoreTable

    for entry in TABLES:
        assert isinstance(entry, CoreTable)
        assert entry.source is not None and entry.source.document == "swords-edge-rules.txt"
        first, _, last = entry.source.lines.removeprefix("L").partition("-")
        assert 0 < int(first) < int(last)


def _rulebook_lines() -> list[str]:
    """The rulebook's text beside the checkout (the developers' layout); skip without it."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[4]
    found = [p / "shared" / "reference" / "swords-edge-rules.txt"
             for p in (root.parent, root.parent.parent)]
    rules = next((p for p in found if p.is_file()), None)
    if rules is None:
        pytest.skip("the rulebook text is not beside this checkout")
    return rules.read_text(encoding="utf-8").splitlines()


def test_each_source_starts_at_its_sections_heading() -> None:
    lines = _rulebook_lines()
    for entry in TABLES:
        assert entry.source is not None
        first = int(entry.source.lines.removeprefix("L").partition("-")[0])
        assert lines[first - 1].strip() == entry.source.section, entry.id


def test_each_page_is_the_contents_page_of_its_section() -> None:
    contents: dict[str, str] = {}
    for line in _rulebook_lines()[:120]:
        name, tab, page = line.strip().rpartition("\t")
        if tab and page.strip().isdigit():
            contents.setdefault(name.strip(), page.strip())
    paged = [entry for entry in TABLES if entry.source is not None and entry.source.page]
    assert len(paged) >= 9
    for entry in paged:
        assert entry.source is not None
        assert contents[entry.source.section] == entry.source.page, entry.id
        assert entry.source.label == f"{entry.source.section} (p. {entry.source.page})"

"""Generic reference tables: their shape, their source, and the search over them."""

from __future__ import annotations

import pytest

from seforge.core.reference import ReferenceSource, ReferenceTable, find_table, search

HARM = ReferenceTable(
    "harm", "Harm", ("Level", "Effect"),
    (("1", "Lesser: less effect"), ("2", "Moderate: -1d"), ("3", "Severe: need help")),
    "Armor can cancel one harm.",
    ReferenceSource("blades-in-the-dark-srd.tex.txt", "Harm", "L100-120"),
)
CLOCKS = ReferenceTable(
    "clocks", "Progress clocks", ("Size", "Use"),
    (("4", "A simple obstacle"), ("8", "A daunting obstacle")),
    source=ReferenceSource("conan-2d20-gm-screen.txt", panel="Panel 3"),
)


def test_a_row_must_fit_the_columns_and_a_table_needs_an_id() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        ReferenceTable("x", "X", ("A", "B"), (("only one",),))
    with pytest.raises(ValueError, match="needs an id"):
        ReferenceTable("", "X", ("A",), ())


def test_the_source_reads_as_one_line() -> None:
    assert HARM.source is not None and CLOCKS.source is not None
    assert HARM.source.text == "blades-in-the-dark-srd.tex.txt, Harm, L100-120"
    assert CLOCKS.source.text == "conan-2d20-gm-screen.txt, Panel 3"
    assert HARM.note == HARM.notes == "Armor can cancel one harm."


def test_search_keeps_rows_holding_every_word_in_any_case() -> None:
    tables = (HARM, CLOCKS)
    assert [(t.id, rows) for t, rows in search(tables, "")] == [
        ("harm", [0, 1, 2]), ("clocks", [0, 1])]
    assert [(t.id, rows) for t, rows in search(tables, "SEVERE help")] == [("harm", [2])]
    assert [(t.id, rows) for t, rows in search(tables, "obstacle daunting")] == [
        ("clocks", [1])]
    # the words of the title and the headings bring the whole table
    assert [(t.id, rows) for t, rows in search(tables, "harm effect")] == [("harm", [0, 1, 2])]
    # words spread over two rows match neither
    assert search(tables, "lesser severe") == []
    assert search(tables, "qwertyuiop") == []


def test_find_table_names_the_known_ids() -> None:
    assert find_table((HARM, CLOCKS), "clocks") is CLOCKS
    with pytest.raises(KeyError, match="known: harm, clocks"):
        find_table((HARM, CLOCKS), "nope")


def test_a_reader_sees_the_section_and_page_the_checker_the_file_and_lines() -> None:
    levels = ReferenceSource("rules.txt", "Levels of Success", "L584-603", page="30")
    assert levels.label == "Levels of Success (p. 30)"
    assert levels.text == "rules.txt, Levels of Success, L584-603"
    screen = ReferenceSource("screen.txt", panel="Doom", book="Conan GM screen")
    both = ReferenceSource("srd.txt", "Harm", "L9", book="SRD", also=(
        ReferenceSource("srd.txt", "Stress", book="SRD"), screen))
    # a book is named once for its sections in a row
    assert both.label == "SRD: Harm; Stress; Conan GM screen: Doom"
    assert both.text == "srd.txt, Harm, L9; srd.txt, Stress; screen.txt, Doom"
    guess = ReferenceSource("srd.txt", "Action Roll", origin="inferred")
    assert guess.label == "Action Roll (inferred from the text)"
    assert guess.text == "srd.txt, Action Roll (inferred)"
    with pytest.raises(ValueError, match="unknown source origin"):
        ReferenceSource("x", origin="rumour")


def test_a_row_may_name_its_own_source() -> None:
    own = ReferenceSource("notes.md", "Harm penalties", origin="external")
    table = ReferenceTable("harm", "Harm", HARM.columns, HARM.rows, source=HARM.source,
                           row_sources=(None, own))
    assert table.source_of(0) is HARM.source and table.source_of(1) is own
    assert table.source_of(2) is HARM.source and table.source_of(9) is HARM.source
    with pytest.raises(ValueError, match="more row sources"):
        ReferenceTable("x", "X", ("A",), (("a",),), row_sources=(None, None))


def test_search_keeps_the_tables_of_one_tag() -> None:
    srd = ReferenceTable("threat", "Threat", ("Use",), (("Keep the initiative",),),
                         tags=("srd",))
    conan = ReferenceTable("doom", "Doom", ("Use",), (("Seize the initiative",),),
                           tags=("conan",))
    tables = (srd, conan, HARM)  # an untagged table belongs to every tag
    assert [t.id for t, _ in search(tables, "", tag="srd")] == ["threat", "harm"]
    assert [t.id for t, _ in search(tables, "initiative", tag="conan")] == ["doom"]
    assert [t.id for t, _ in search(tables, "initiative")] == ["threat", "doom"]

"""The 2d20 reference tables: per profile, searchable, each with a source, numbers as the notes."""

from __future__ import annotations

from seforge.core.reference import ReferenceTable
from seforge.core.reference import search as core_search
from seforge.systems.twod20.damage import CHALLENGE_DIE_FACES, hazard_doom_cost
from seforge.systems.twod20.profiles import Profile
from seforge.systems.twod20.records import attribute_bonus
from seforge.systems.twod20.system import SYSTEM
from seforge.systems.twod20.tables import TABLES, profiles_of, tables_for


def search(profile: Profile, text: str) -> list[tuple[ReferenceTable, list[tuple[str, ...]]]]:
    """The core's search over the profile's tables, with the rows themselves."""
    return [(t, [t.rows[i] for i in rows])
            for t, rows in core_search(TABLES, text, tag=profile.value)]


def test_every_table_has_a_source_and_square_rows() -> None:
    assert len({t.id for t in TABLES}) == len(TABLES)
    for table in TABLES:
        assert table.source and table.rows and profiles_of(table)
        assert ".txt" not in table.source.label
        assert table.source.origin == "external" or ".txt" in table.source.text
        assert all(len(row) == len(table.columns) for row in table.rows), table.id
    assert SYSTEM.reference_tables() == TABLES


def test_each_profile_gets_its_own_tables() -> None:
    srd = {t.id for t in tables_for(Profile.SRD2022)}
    conan = {t.id for t in tables_for("conan")}
    assert {"srd-momentum", "threat", "pursuit", "stealth", "social", "range-matrix"} <= srd
    assert {"conan-momentum", "doom", "hazards", "hit-location", "renown"} <= conan
    assert not {"doom", "hazards"} & srd and not {"threat", "srd-momentum"} & conan
    assert {"difficulty", "damage-effects", "fortune", "harm", "open-rules"} <= srd & conan


def test_search_finds_rows_and_whole_tables() -> None:
    found = {t.id: rows for t, rows in search(Profile.CONAN, "called shot")}
    assert list(found) == ["conan-momentum"] and found["conan-momentum"][0][0] == "Called Shot"
    whole = {t.id: rows for t, rows in search(Profile.SRD2022, "pursuit track")}
    assert len(whole["pursuit"]) == 7
    assert search(Profile.SRD2022, "doom") == []
    assert len(search(Profile.SRD2022, "")) == len(tables_for(Profile.SRD2022))


def test_table_numbers_agree_with_the_engine() -> None:
    die = next(t for t in TABLES if t.id == "combat-die")
    reads = {"0": (0, 0), "1": (1, 0), "2": (2, 0), "1 and an Effect": (1, 1)}
    assert tuple(reads[row[1]] for row in die.rows) == CHALLENGE_DIE_FACES
    bonus = next(t for t in TABLES if t.id == "bonus-damage")
    scores = (8, 9, 10, 12, 14, 16)
    assert [row[1] for row in bonus.rows[:6]] == [
        "0" if attribute_bonus(s) == 0 else f"+{attribute_bonus(s)}" for s in scores]
    hazards = next(t for t in TABLES if t.id == "hazards")
    assert "= 5 Doom" in hazards.notes
    assert hazard_doom_cost(4, {"Piercing": 2, "Knockdown": 0}, 2) == 5


def test_range_difficulty_uses_the_table_and_the_setting() -> None:
    from seforge.systems.twod20.attacks import ranged_difficulty
    from seforge.systems.twod20.settings import TableSettings

    assert ranged_difficulty("Medium", "Medium") == 2
    assert ranged_difficulty("Close", "Extreme") == 5
    assert ranged_difficulty("Long", "Close", TableSettings(ranged_base_difficulty=1)) == 3
    matrix = next(t for t in TABLES if t.id == "range-matrix")
    assert matrix.rows[0] == ("Close", "+0", "+1", "+2", "+3")


def test_bonus_die_prices_parse() -> None:
    import pytest

    from seforge.systems.twod20.settings import TableSettings, bonus_die_cost, parse_prices

    assert parse_prices("1, 2, 3") == (1, 2, 3)
    assert bonus_die_cost(TableSettings(bonus_die_prices=(2,)), 3) == 6
    assert bonus_die_cost(TableSettings(), 3) == 6
    for bad in ("", "a", "-1", "1 2 3 4 5 6 7 8 9"):
        with pytest.raises(ValueError):
            parse_prices(bad)

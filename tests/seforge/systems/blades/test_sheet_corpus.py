"""The corpus test (issue 27) on the Blades scoundrel and crew sheets: every script's
names and notes in the text layer in logical order, no two words drawn over each
other, nothing off the page, every font embedded, nothing below 7 pt, and long
lists continued rather than cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.blades import creation, play
from seforge.systems.blades import crew as crew_rules
from seforge.systems.blades.models import Crew, Faction, Item, Scoundrel
from seforge.systems.blades.sheet import render
from seforge.systems.blades.sheet_form import item_entries, read_sheets, upgrade_pool
from tests.seforge.core.pdf.corpus import (
    CORPUS,
    Sample,
    assert_sample_printed,
    assert_tokens_in_order,
    assert_typed_values_show,
    fill_fields,
    needs_poppler,
    set_checks,
    text_layer,
)

pytestmark = needs_poppler
IDS = [sample.script for sample in CORPUS]


def scoundrel(sample: Sample) -> Scoundrel:
    sc = Scoundrel(name=sample.name, alias=sample.name, look=sample.name,
                   heritage="Skovlan", heritage_detail=sample.name, vice="Stupor",
                   vice_purveyor=sample.name, notes=sample.note)
    creation.set_playbook(sc, "Cutter")
    creation.add_ability(sc, "Battleborn")
    play.set_load(sc, 5)
    play.carry(sc, "Fine hand weapon")
    sc.items.append(Item(name=sample.name, boxes=1))
    play.add_harm(sc, 2, sample.name)
    return sc


def crew(sample: Sample) -> Crew:
    gang = Crew(name=sample.name, lair=sample.name, contact=sample.name, notes=sample.note)
    crew_rules.set_crew_type(gang, "Shadows")
    crew_rules.add_crew_ability(gang, "Everyone Steals")
    crew_rules.add_cohort(gang, "gang", "Thugs", sample.name)
    gang.factions.append(Faction(name=sample.name, tier=2, status=1, notes=sample.name))
    crew_rules.add_clock(gang, "Alarm " + sample.name, 6)
    return gang


def _pdf(tmp_path: Path, *documents: Scoundrel | Crew) -> Path:
    path = tmp_path / "sheets.pdf"
    path.write_bytes(render(list(documents))[0])
    return path


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_scoundrel_sheet_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    document = scoundrel(sample)
    pdf = _pdf(tmp_path, document)
    assert_sample_printed(pdf, sample, margin=20)
    assert read_sheets(pdf) == [document]


@pytest.mark.parametrize("sample", CORPUS, ids=IDS)
def test_crew_sheet_prints_every_script(sample: Sample, tmp_path: Path) -> None:
    document = crew(sample)
    pdf = _pdf(tmp_path, document)
    assert_sample_printed(pdf, sample, margin=20)
    assert read_sheets(pdf) == [document]


def test_a_long_crew_loses_no_faction_claim_or_clock(tmp_path: Path) -> None:
    gang = crew(CORPUS[0])
    for n in range(70):
        gang.factions.append(Faction(name=f"Faction{n:02d}", tier=n % 5, status=0))
    for n in range(30):
        crew_rules.add_clock(gang, f"Clock{n:02d} of the long and winding road", 4)
    gang.claims[3].name = "A claim whose name is far too long for its little square"
    pdf = _pdf(tmp_path, gang)
    layer = " ".join(text_layer(pdf).split())
    for n in range(70):
        assert f"Faction{n:02d}" in layer
    for n in range(30):
        assert f"Clock{n:02d} of the long and winding road" in layer
    assert "A claim whose name is far too long for its little square" in layer
    assert_sample_printed(pdf, CORPUS[0], margin=20)


def test_a_long_scoundrel_loses_no_item_ability_or_note(tmp_path: Path) -> None:
    sc = scoundrel(CORPUS[1])
    sc.items += [Item(name=f"Gadget{n:02d} with a long descriptive name", boxes=1)
                 for n in range(30)]
    sc.notes = " ".join(f"word{n}" for n in range(700))
    pdf = _pdf(tmp_path, sc)
    layer = " ".join(text_layer(pdf).split())
    for n in range(30):
        assert f"Gadget{n:02d} with a long descriptive name" in layer
    assert_tokens_in_order(pdf, sc.notes.split())
    assert_sample_printed(pdf, CORPUS[1], note=False, margin=20)


def test_hebrew_and_arabic_typed_in_a_reader_show_and_import(tmp_path: Path) -> None:
    document = scoundrel(CORPUS[6])
    pdf = _pdf(tmp_path, document, crew(CORPUS[6]))
    typed = {"b1_name": "עבד אל-לה", "b1_look": "عبد الله مُحَمَّدٌ", "b2_name": "שומר"}
    filled = assert_typed_values_show(pdf, typed, tmp_path)
    back = read_sheets(filled)
    assert back[0].name == typed["b1_name"] and back[0].look == typed["b1_look"]
    assert back[1].name == typed["b2_name"]


def test_every_box_and_harm_cell_changed_on_paper_reads_back(tmp_path: Path) -> None:
    sc = scoundrel(CORPUS[0])
    sc.coin, sc.xp["insight"], sc.xp["playbook"] = 6, 2, 1
    sc.armor_used = ["standard"]
    pdf = _pdf(tmp_path, sc)
    assert read_sheets(pdf) == [sc]  # untouched: exactly what was printed
    names = [name for name, _load, _on in item_entries(sc)]
    carried = names.index("Fine hand weapon") + 1
    other = names.index("Burglary gear") + 1
    ticked = set_checks(pdf, {"b1_coin_4": False, "b1_xp_insight_3": True,
                              "b1_xp_playbook_1": False, "b1_armor_standard": False,
                              "b1_armor_heavy": True, f"b1_item_{carried}": False,
                              f"b1_item_{other}": True, "b1_stress_2": True},
                        tmp_path / "ticked.pdf")
    filled = fill_fields(ticked, {"b1_harm_2_2": "Broken arm", "b1_harm_1_1": "Bruised"},
                         tmp_path / "filled.pdf", regenerate=False)
    back = read_sheets(filled)[0]
    assert back.coin == 5  # 6 printed as 4 ticked boxes: one unticked takes one away
    assert back.xp["insight"] == 3 and back.xp["playbook"] == 0
    assert back.armor_used == ["heavy"]
    names_back = [item.name for item in back.items]
    assert "Fine hand weapon" not in names_back and "Burglary gear" in names_back
    assert sc.items[-1].name in names_back  # the scoundrel's own item is kept
    assert back.harm[1] == [sc.name, "Broken arm"] and back.harm[0] == ["Bruised"]
    assert back.stress == 1


def test_every_crew_box_changed_on_paper_reads_back(tmp_path: Path) -> None:
    gang = crew(CORPUS[2])
    gang.rep, gang.heat, gang.coin, gang.xp = 2, 3, 1, 4
    crew_rules.hold_claim(gang, 1, True)
    pdf = _pdf(tmp_path, gang)
    assert read_sheets(pdf) == [gang]
    pool = [u.name for u in upgrade_pool(gang)]
    n = pool.index("Thief Rigging") + 1
    held = next(i for i, c in enumerate(gang.claims, start=1) if c.held)
    free = next(i for i, c in enumerate(gang.claims[:14], start=1) if not c.held)
    ticked = set_checks(pdf, {"b1_rep_3": True, "b1_heat_3": False, "b1_wanted_1": True,
                              "b1_coin_1": False, "b1_xp_5": True, f"b1_upgrade_{n}_1": True,
                              f"b1_claim_{held}": False, f"b1_claim_{free}": True},
                        tmp_path / "ticked.pdf")
    back = read_sheets(ticked)[0]
    assert (back.rep, back.heat, back.wanted, back.coin, back.xp) == (3, 2, 1, 0, 5)
    assert back.upgrades.get("Thief Rigging", 0) == gang.upgrades.get("Thief Rigging", 0) + 1
    assert not back.claims[held - 1].held and back.claims[free - 1].held

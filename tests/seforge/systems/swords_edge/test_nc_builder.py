"""NC editor rules: templates, TNs per Quality, deviations, search, user files."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_nc, save_nc
from seforge.systems.swords_edge.models import TRAITS, NarrativeCharacter, NCQuality, NCType, Trait
from seforge.systems.swords_edge.nc_builder import (
    TEMPLATES,
    list_user_ncs,
    nc_quality_keys,
    nc_quality_label,
    nc_quality_modifier,
    new_nc,
    quality_rows,
    quality_tns,
    search_ncs,
    suggest_nc_path,
    template_deviations,
    user_nc_folder,
)
from seforge.systems.swords_edge.ranks import Rank


def _library() -> list[NarrativeCharacter]:
    return [library.load_nc(e.id) for e in library.list_entries("nc")]


def test_templates_per_type() -> None:
    minion = new_nc("minion", "Poor", "Shock Trooper")
    assert minion.concept is not None and minion.concept.rank is Rank.GOOD
    assert minion.traits == {} and minion.elements == [] and minion.base_tn == 5
    regular = new_nc(NCType.REGULAR, Rank.AVERAGE, trait_order=(
        Trait.CUNNING, Trait.PHYSIQUE, Trait.CHARISMA))
    assert regular.traits == {Trait.CUNNING: Rank.GOOD, Trait.PHYSIQUE: Rank.AVERAGE,
                              Trait.CHARISMA: Rank.BASIC}
    hero = new_nc("hero", "Great", "Villain")
    assert hero.concept is not None and hero.concept.rank is Rank.GREAT
    assert [hero.traits[t].modifier for t in TRAITS] == [2, 4, 6]
    assert [e.rank.modifier for e in hero.elements] == [4, 2]
    for nc in (minion, regular, hero):
        assert template_deviations(nc) == []
    with pytest.raises(ValueError, match="trait_order"):
        new_nc("regular", "Good", trait_order=(Trait.CUNNING, Trait.CUNNING, Trait.PHYSIQUE))
    assert all(t.stress_rule for t in TEMPLATES.values())


def test_quality_tns_of_the_gorgon() -> None:
    gorgon = library.load_nc("gorgon")
    tns = dict(quality_tns(gorgon))
    assert gorgon.base_tn == 23
    assert tns["Charisma +6"] == 29
    assert tns["Stone Gaze +4"] == 27
    assert tns["Supernatural Guardian +4"] == 27
    assert tns["Physique -2"] == 21
    # A worn-down hero: the same Qualities on a Good base.
    assert dict(quality_tns(gorgon, rank=Rank.GOOD))["Stone Gaze +4"] == 21
    keys = nc_quality_keys(gorgon)
    assert keys[:4] == ["concept", "trait:Physique", "trait:Charisma", "trait:Cunning"]
    assert nc_quality_modifier(gorgon, "element:1") == 2
    assert nc_quality_label(gorgon, "element:1") == "Create Fear +2"
    with pytest.raises(KeyError):
        nc_quality_modifier(gorgon, "element:9")


def test_quality_tns_of_the_troll_flaw_and_silent_takedown() -> None:
    troll = library.load_nc("troll")
    rows = {r.key: r for r in quality_rows(troll)}
    assert rows["flaw:0"].tn == 12 - 4 and rows["flaw:0"].kind == "flaw"
    takedown = library.load_nc("silent-takedown")
    assert quality_tns(takedown) == [("Hard Target +8", 25)]


def test_book_ncs_that_follow_their_template() -> None:
    for nc_id in ("goblin", "goblin-group", "shock-troopers", "black-hat", "gambler"):
        assert template_deviations(library.load_nc(nc_id)) == [], nc_id


def test_book_ncs_that_deviate() -> None:
    robot = template_deviations(library.load_nc("robot-assassin"))
    assert len(robot) == 1 and robot[0].startswith("Traits are Physique +4, Charisma -2")
    troll = template_deviations(library.load_nc("troll"))
    assert any("Concept at Great +4" in n for n in troll)
    assert any("Sensitive to Light" in n for n in troll)
    takedown = template_deviations(library.load_nc("silent-takedown"))
    assert takedown == ["Concept at Legendary +8; a minion's template has it at Good +2."]
    code = template_deviations(library.load_nc("cracking-the-code"))
    assert len(code) == 1 and "Cunning +4" in code[0]
    leader = template_deviations(library.load_nc("desert-acolytes-leader"))
    assert leader == ["Physique and Cunning not given; the template has all three Traits."]
    mage = template_deviations(library.load_nc("mage-of-the-guard"))
    assert any("Elements are +2 / +2 / +2" in n for n in mage)
    # L946, L1140: "Cave Signal Diffusion +2" is the obstacle's Concept, not an Element.
    scan = template_deviations(library.load_nc("scanning-for-weapons"))
    assert scan == ["Physique and Charisma not given; the template has all three Traits."]
    demon = template_deviations(library.load_nc("demon"))
    assert not any("Element" in n for n in demon)  # +4, +2, +2: extra Elements are fine


def test_monster_regular_with_extra_qualities() -> None:
    wolf = new_nc("regular", "Average", "Wolf")
    wolf.elements = [NCQuality(name="Pack Hunter", rank=Rank.GOOD, trait=Trait.CUNNING)]
    notes = template_deviations(wolf)
    assert len(notes) == 1 and "built like a monster" in notes[0]
    wolf.elements = [NCQuality(name="", rank=Rank.GOOD, trait=Trait.CUNNING)]
    assert template_deviations(wolf)[0].startswith("1 extra Quality (unnamed +2): ")


def test_search() -> None:
    ncs = _library()
    assert [n.name for n in search_ncs(ncs, "gorgon")] == ["Gorgon"]
    assert {n.name for n in search_ncs(ncs, genre="fantasy")} >= {"Dire Wolf", "Dragon"}
    assert len(search_ncs(ncs, genre="Fantasy")) == 8
    heroes = search_ncs(ncs, type="hero", rank="Legendary")
    assert {n.name for n in heroes} == {"Dragon", "The Cardinal", "The Conqueror"}
    # every word must match, in name, Concept, Elements or notes
    assert [n.name for n in search_ncs(ncs, "stone GAZE")] == ["Gorgon"]
    assert [n.name for n in search_ncs(ncs, "light troll")] == ["Troll"]
    assert search_ncs(ncs) == ncs
    assert search_ncs(ncs, "nothing-like-this") == []
    assert {n.name for n in search_ncs(ncs, type=NCType.MINION, genre="Western")} == {
        "Frontier Muscle", "Frontier Scout", "Frontier Thug"}


def test_user_folder(tmp_path: Path) -> None:
    folder = user_nc_folder(tmp_path / "data")
    assert folder.is_dir() and folder.parent == tmp_path / "data"
    assert list_user_ncs(folder) == []
    assert list_user_ncs(tmp_path / "missing") == []
    gorgon = library.load_nc("gorgon")
    path = suggest_nc_path(folder, gorgon)
    assert path.name == "Gorgon.senc"
    save_nc(gorgon, path)
    assert suggest_nc_path(folder, gorgon).name == "Gorgon (2).senc"
    (folder / "broken.senc").write_text("{not json", encoding="utf-8")
    (folder / "empty.SENC").write_bytes(b"")
    (folder / "notes.txt").write_text("ignored", encoding="utf-8")
    entries = list_user_ncs(folder)
    assert [p.name for p, _ in entries] == ["broken.senc", "empty.SENC", "Gorgon.senc"]
    broken, empty, good = (value for _, value in entries)
    assert isinstance(broken, str) and broken.startswith("broken.senc: ") and "\n" not in broken
    assert isinstance(empty, str) and "empty" in empty
    assert not isinstance(good, str) and good == gorgon
    assert load_nc(path) == gorgon

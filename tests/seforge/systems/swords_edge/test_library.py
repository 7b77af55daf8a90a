"""The book library: the JSON files, the loader and ``seforge library``.

The module-level tables ``EXPECTED_SPENT``, ``EXPECTED_BUDGET`` and
``BELOW_AVERAGE_TRAITS`` give, per library id, the creation Ranks each book PC
spends, worked out by hand from the rules (the arithmetic is in the comments).
The budget engine's tests import them, so keep their names and shapes.

Cost rules used by hand:
- Concept, Background, Faculty: 1 per step above Good.
- Traits: 1 per step above Average; a Trait below Average counts 0 here (no refund)
  and the character is listed in ``BELOW_AVERAGE_TRAITS``.
- Element: 1 at Good, plus 1 per step above Good.
- SFX Element: 1 at Basic, plus 1 per step above Basic. The ladder runs
  Basic, Average, Good, so a Good SFX costs 1 + 2 = 3.
- Weakness: costs 0 and adds 1 to the budget (7 instead of 6).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from seforge import cli
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import (
    TRAITS,
    Character,
    ElementKind,
    NarrativeCharacter,
    NCType,
    Trait,
)
from seforge.systems.swords_edge.ranks import Rank

# ---------------------------------------------------------------------------
# Hand-computed creation costs (library id -> Ranks spent)
# ---------------------------------------------------------------------------

EXPECTED_SPENT: dict[str, int] = {
    # Sarah X: Concept Exceptional 2 + Cunning Exceptional 3 + Sharp Eyes Good 1 = 6
    "sarah-x": 6,
    # Jyrell: Concept Great 1 + Physique Great 2 + Charisma Good 1
    #   + Blades 1 + Fist and Feet 1 + Cat's Eyes 1 = 7 (one over, as printed)
    "jyrell": 7,
    # Kyle Devos: Concept Great 1 + Physique Good 1 + Cunning Great 2
    #   + Wrist-Laser 1 + PED 1 = 6
    "kyle-devos": 6,
    # Tella of Jost: Concept Great 1 + Charisma Great 2 + Cunning Good 1
    #   + Voice of Command SFX Good 1 (the simple way, L665) + Jovial Connection 1 = 6
    #   (under the SFX Qualities subsystem, L677, the SFX costs 3: total 8)
    "tella-of-jost": 6,
    # Crag: Physique Great 2 + Battleaxe Great 2 + Wrestling 1 + Tracking 1 = 6
    "crag": 6,
    # Sir Vonnegut: Physique Good 1 + Charisma Good 1 + Swordplay Great 2
    #   + Lance 1 + Leadership 1 = 6
    "sir-vonnegut": 6,
    # Robin Hode: Concept Great 1 + Physique Good 1 + Cunning Good 1
    #   + Fencing 1 + Bow 1 + Survivalist 1 = 6
    "robin-hode": 6,
    # Myrrdin: Concept Great 1 + Physique Basic 0 (below Average) + Cunning Great 2
    #   + Charm of the Flame Great 2 + Hypnotism 1 + Ancient Tongues 1 = 7
    #   (spells not marked SFX in the book: priced as plain Elements)
    "myrrdin": 7,
    # Masked Avenger: Physique Good 1 + Charisma Good 1 + Flexible 1
    #   + Sword of Justice Great 2 + Icon of Justice 1 = 6
    "masked-avenger": 6,
    # Musketeer: Physique Good 1 + Charisma Good 1 + Fancy Footwork 1
    #   + Flashing Blades Great 2 + Come Here Often? 1 = 6
    "musketeer": 6,
    # The Pirate: Concept Great 1 + Charisma Good 1 + Cunning Good 1
    #   + Swordsmanship 1 + The Pistol 1 + Do As I Say 1 = 6
    "the-pirate": 6,
    # The Leader: Background Great 1 + Charisma Good 1 + Cunning Good 1
    #   + Straight Shooting 1 + See It In Your Eyes Great 2 = 6
    "the-leader": 6,
    # The Rogue: Faculty Great 1 + Charisma Good 1 + Cunning Good 1
    #   + Six-gun God Exceptional 3 + "Lunger" Weakness 0 + Cardsharp 1 = 7 (budget 7)
    "the-rogue": 7,
    # Gunfighter: Concept Great 1 + Physique Good 1 + Charisma Good 1
    #   + Gunfighter Great 2 + Shadow of Fear 1 = 6
    "gunfighter": 6,
    # Scout: Background Great 1 + Physique Good 1 + Cunning Good 1 + Hawkeye Great 2
    #   + Shadow of the Wolf 1 + Outsider Weakness 0 + Live off the Land 1 = 7 (budget 7)
    "scout": 7,
    # The Boss: Concept Great 1 + Charisma Good 1 + Cunning Good 1
    #   + Pathfinder 1 + Hard Man 1 + I Know What You're Thinking 1 = 6
    "the-boss": 6,
    # Doc: Background Great 1 + Cunning Good 1 + Weapons Qualification 1
    #   + Medical Training Great 2 + Science 1 = 6
    "doc": 6,
    # Hardware: Background Great 1 + Cunning Good 1 + Fast Talker 1
    #   + "Hacker" Life Great 2 + Electronic Surveillance 1 = 6
    "hardware": 6,
    # Shooter: Concept Great 1 + Physique Good 1 + Precision Great 2
    #   + Stealth 1 + Outdoorsman 1 = 6
    "shooter": 6,
    # Captain: Concept Great 1 + Charisma Good 1 + Cunning Good 1
    #   + Hand Weapons 1 + Follow me! Great 2 = 6
    "captain": 6,
    # The First Officer: Charisma Great 2 + Cunning Good 1
    #   + Sidearm 1 + Trustworthy 1 + Starcraft Systems 1 = 6
    "the-first-officer": 6,
    # Ship's Doctor: Background Great 1 + Cunning Good 1 + Bedside Manner Great 2
    #   + Battlefield Medicine 1 + Surgery 1 = 6
    "ships-doctor": 6,
    # Chief Engineer: Faculty Great 1 + Cunning Good 1
    #   + Jury-rig Great 2 + Find the Problem Great 2 = 6
    "chief-engineer": 6,
}

EXPECTED_BUDGET: dict[str, int] = {
    pc_id: 7 if pc_id in ("the-rogue", "scout") else 6 for pc_id in EXPECTED_SPENT
}
"""6 Ranks, plus 1 for a Weakness taken at creation (The Rogue, Scout)."""

BELOW_AVERAGE_TRAITS: dict[str, dict[str, str]] = {
    "myrrdin": {"Physique": "Basic"},
}
"""PCs printed with a Trait below Average (counted 0 in ``EXPECTED_SPENT``)."""

EXPECTED_SPENT_SFX_SUBSYSTEM: dict[str, int] = {
    # Tella: as above, but Voice of Command counted from Basic costs 3: 1+2+1+3+1 = 8
    "tella-of-jost": 8,
}
"""The PCs whose cost changes under the "SFX Qualities subsystem" table rule."""

# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

PC_KEYS = {
    "format",
    "version",
    "name",
    "player",
    "campaign",
    "genre",
    "source",
    "concept",
    "background",
    "faculty",
    "traits",
    "elements",
    "pivots",
    "notes",
}
NC_KEYS = {
    "format",
    "version",
    "name",
    "type",
    "rank",
    "concept",
    "traits",
    "elements",
    "flaws",
    "notes",
    "genre",
    "source",
}
GENRES = {"General", "Fantasy", "Swashbuckling", "Western", "Spec Ops", "Science Fiction"}
RANK_NAMES = {r.label for r in Rank if r.is_quality_rank}
TRAIT_NAMES = {t.value for t in TRAITS}


def _folder(kind: library.Kind) -> Path:
    return library.library_folder(kind)


def _files(kind: library.Kind) -> list[Path]:
    return sorted(_folder(kind).glob("*.json"))


def _raw(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _slug(name: str) -> str:
    plain = name.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def _element(character: Character, name: str) -> Any:
    for element in character.elements:
        if element.name.strip('"') == name:
            return element
    raise AssertionError(f"{character.name} has no Element {name!r}")


@pytest.fixture(autouse=True)
def _fresh_index() -> Any:
    library.clear_cache()
    yield
    library.clear_cache()


# ---------------------------------------------------------------------------
# The files
# ---------------------------------------------------------------------------


def test_counts() -> None:
    assert len(_files("pc")) == 23
    assert len(_files("nc")) >= 45
    assert len(library.list_entries("pc")) == 23
    assert len(library.list_entries("nc")) == len(_files("nc"))


def test_ids_are_unique_across_kinds_and_match_names() -> None:
    ids = [e.id for e in library.list_entries()]
    assert len(ids) == len(set(ids))
    for entry in library.list_entries():
        slug = _slug(entry.name)
        # an NC may carry a short genre prefix when two NCs share a name
        assert entry.id == slug or entry.id.endswith("-" + slug), entry.id


@pytest.mark.parametrize("path", _files("pc"), ids=lambda p: p.stem)
def test_pc_file_shape_and_validation(path: Path) -> None:
    data = _raw(path)
    assert set(data) == PC_KEYS
    assert data["format"] == "seforge.character"
    assert data["version"] == 1
    assert data["genre"] in GENRES - {"General"}
    assert data["source"]
    assert set(data["traits"]) == TRAIT_NAMES
    assert set(data["traits"].values()) <= RANK_NAMES
    for part in ("concept", "background", "faculty"):
        assert data[part]["rank"] in RANK_NAMES
    assert data["faculty"]["trait"] in TRAIT_NAMES
    assert data["elements"]
    for element in data["elements"]:
        assert set(element) == {"name", "rank", "trait", "kind"}
        assert element["trait"] in TRAIT_NAMES, element
        assert element["rank"] in RANK_NAMES
        assert element["kind"] in {k.value for k in ElementKind}
    assert set(data["pivots"]) == {"goal", "quirk", "style"}
    assert any(data["pivots"].values())

    model = Character.model_validate(
        {k: v for k, v in data.items() if k not in ("format", "version")}
    )
    assert model == library.load_pc(path.stem)
    assert all(e.trait is not None for e in model.elements)
    assert set(model.traits) == set(TRAITS)


@pytest.mark.parametrize("path", _files("nc"), ids=lambda p: p.stem)
def test_nc_file_shape_and_validation(path: Path) -> None:
    data = _raw(path)
    assert set(data) == NC_KEYS
    assert data["format"] == "seforge.nc"
    assert data["version"] == 1
    assert data["genre"] in GENRES
    assert data["source"]
    assert data["type"] in {t.value for t in NCType}
    assert data["rank"] in RANK_NAMES
    if data["concept"] is not None:
        assert set(data["concept"]) == {"name", "rank"}
        assert data["concept"]["rank"] in RANK_NAMES
    assert set(data["traits"]) <= TRAIT_NAMES
    assert set(data["traits"].values()) <= RANK_NAMES
    for quality in data["elements"] + data["flaws"]:
        assert set(quality) == {"name", "rank", "trait"}
        assert quality["rank"] in RANK_NAMES
        assert quality["trait"] is None or quality["trait"] in TRAIT_NAMES

    model = library.load_nc(path.stem)
    assert isinstance(model, NarrativeCharacter)
    assert model.name == data["name"]
    # heroes have Elements; minions have none of them and no Traits
    if model.type is NCType.HERO:
        assert model.elements and len(model.traits) == 3
    if model.type is NCType.MINION and model.name != "Uncover the Cavern's Secrets":
        assert not model.elements and not model.traits


def test_every_book_pc_has_a_cost_row() -> None:
    assert set(EXPECTED_SPENT) == {p.stem for p in _files("pc")}
    assert set(EXPECTED_BUDGET) == set(EXPECTED_SPENT)
    assert set(EXPECTED_BUDGET.values()) <= {6, 7}
    assert set(BELOW_AVERAGE_TRAITS) <= set(EXPECTED_SPENT)
    assert set(EXPECTED_SPENT_SFX_SUBSYSTEM) <= set(EXPECTED_SPENT)


def _steps(rank: Rank, base: Rank) -> int:
    return max(0, int(rank) - int(base))


@pytest.mark.parametrize("pc_id", sorted(EXPECTED_SPENT))
def test_hand_tables_agree_with_the_transcription(pc_id: str) -> None:
    """A tiny independent recount: it checks the files against the hand tables."""
    pc = library.load_pc(pc_id)
    spent = _steps(pc.concept.rank, Rank.GOOD)
    spent += _steps(pc.background.rank, Rank.GOOD)
    spent += _steps(pc.faculty.rank, Rank.GOOD)
    spent += sum(_steps(rank, Rank.AVERAGE) for rank in pc.traits.values())
    budget = 6
    sfx_from_basic = 0
    for element in pc.elements:
        if element.kind is ElementKind.WEAKNESS:
            assert element.rank < Rank.AVERAGE
            budget += 1
        elif element.kind is ElementKind.SFX:
            spent += 1 + _steps(element.rank, Rank.GOOD)
            sfx_from_basic += _steps(element.rank, Rank.BASIC) - _steps(element.rank, Rank.GOOD)
        else:
            spent += 1 + _steps(element.rank, Rank.GOOD)
    assert spent == EXPECTED_SPENT[pc_id]
    assert budget == EXPECTED_BUDGET[pc_id]
    below = {t.value: r.label for t, r in pc.traits.items() if r < Rank.AVERAGE}
    assert below == BELOW_AVERAGE_TRAITS.get(pc_id, {})
    if sfx_from_basic:
        assert spent + sfx_from_basic == EXPECTED_SPENT_SFX_SUBSYSTEM[pc_id]
    else:
        assert pc_id not in EXPECTED_SPENT_SFX_SUBSYSTEM


def test_pcs_off_budget_as_printed() -> None:
    over = {k for k, v in EXPECTED_SPENT.items() if v != EXPECTED_BUDGET[k]}
    assert over == {"jyrell", "myrrdin"}


# ---------------------------------------------------------------------------
# Spot checks against the book
# ---------------------------------------------------------------------------


def test_sarah_x_exactly() -> None:
    assert json.loads(library.raw_json("sarah-x")) == {
        "format": "seforge.character",
        "version": 1,
        "name": "Sarah X",
        "player": "",
        "campaign": "Western",
        "genre": "Western",
        "source": "Character Creation Example",
        "concept": {"name": "Bounty Hunter", "rank": "Exceptional"},
        "background": {"name": "Military", "rank": "Good"},
        "faculty": {"name": "Hunting", "rank": "Good", "trait": "Cunning"},
        "traits": {"Physique": "Average", "Charisma": "Average", "Cunning": "Exceptional"},
        "elements": [
            {"name": "Sharp Eyes", "rank": "Good", "trait": "Cunning", "kind": "quality"},
        ],
        "pivots": {
            "goal": "Make amends for her father's actions.",
            "quirk": "That's some fine dirt.",
            "style": "Stoic",
        },
        "notes": "",
    }
    sarah = library.load_pc("sarah-x")
    assert sarah.concept.rank is Rank.EXCEPTIONAL
    assert sarah.faculty.trait is Trait.CUNNING


def test_jyrell() -> None:
    jyrell = library.load_pc("jyrell")
    assert (jyrell.concept.name, jyrell.concept.rank) == ("Warrior Saint", Rank.GREAT)
    assert jyrell.traits[Trait.PHYSIQUE] is Rank.GREAT
    assert jyrell.traits[Trait.CHARISMA] is Rank.GOOD
    assert jyrell.traits[Trait.CUNNING] is Rank.AVERAGE
    assert [(e.name, e.rank, e.trait) for e in jyrell.elements] == [
        ("Blades", Rank.GOOD, Trait.PHYSIQUE),
        ("Fist and Feet", Rank.GOOD, Trait.PHYSIQUE),
        ("Cat's Eyes", Rank.GOOD, Trait.CUNNING),
    ]


def test_the_rogue_lunger_is_a_weakness() -> None:
    lunger = _element(library.load_pc("the-rogue"), "Lunger")
    assert lunger.kind is ElementKind.WEAKNESS
    assert lunger.rank is Rank.BASIC
    assert lunger.trait is Trait.PHYSIQUE


def test_scout_outsider_is_a_weakness_on_charisma() -> None:
    outsider = _element(library.load_pc("scout"), "Outsider")
    assert (outsider.kind, outsider.rank, outsider.trait) == (
        ElementKind.WEAKNESS,
        Rank.BASIC,
        Trait.CHARISMA,
    )


def test_tella_and_kyle_kinds() -> None:
    voice = _element(library.load_pc("tella-of-jost"), "Voice of Command")
    assert (voice.kind, voice.rank, voice.trait) == (ElementKind.SFX, Rank.GOOD, Trait.CHARISMA)
    kyle = library.load_pc("kyle-devos")
    assert _element(kyle, "Personal Electronic Device (PED)").kind is ElementKind.ITEM
    assert _element(kyle, "Wrist-Laser").kind is ElementKind.ITEM


def test_crag_links() -> None:
    crag = library.load_pc("crag")
    assert [(e.name, e.rank, e.trait) for e in crag.elements] == [
        ("Battleaxe", Rank.GREAT, Trait.PHYSIQUE),
        ("Wrestling", Rank.GOOD, Trait.PHYSIQUE),
        ("Tracking", Rank.GOOD, Trait.CUNNING),
    ]


@pytest.mark.parametrize(
    ("pc_id", "links"),
    [
        (
            "the-boss",
            {
                "Pathfinder": Trait.PHYSIQUE,
                "Hard Man": Trait.CHARISMA,
                "I Know What You're Thinking": Trait.CUNNING,
            },
        ),
        (
            "the-first-officer",
            {
                "Sidearm": Trait.PHYSIQUE,
                "Trustworthy": Trait.CHARISMA,
                "Starcraft Systems": Trait.CUNNING,
            },
        ),
        (
            "ships-doctor",
            {
                "Bedside Manner": Trait.CHARISMA,
                "Battlefield Medicine": Trait.CUNNING,
                "Surgery": Trait.CUNNING,
            },
        ),
        ("chief-engineer", {"Jury-rig": Trait.CUNNING, "Find the Problem": Trait.CUNNING}),
    ],
)
def test_split_layout_links(pc_id: str, links: dict[str, Trait]) -> None:
    pc = library.load_pc(pc_id)
    assert {e.name: e.trait for e in pc.elements} == links


def test_myrrdin_keeps_his_printed_physique() -> None:
    assert library.load_pc("myrrdin").traits[Trait.PHYSIQUE] is Rank.BASIC


def test_troll() -> None:
    troll = library.load_nc("troll")
    assert (troll.type, troll.rank) == (NCType.REGULAR, Rank.AVERAGE)
    assert troll.traits == {
        Trait.PHYSIQUE: Rank.EXCEPTIONAL,
        Trait.CHARISMA: Rank.BASIC,
        Trait.CUNNING: Rank.POOR,
    }
    assert [(f.name, f.rank, f.trait) for f in troll.flaws] == [
        ("Sensitive to Light", Rank.POOR, None)
    ]
    assert troll.notes


def test_dragon_and_silent_takedown() -> None:
    dragon = library.load_nc("dragon")
    assert (dragon.type, dragon.rank) == (NCType.HERO, Rank.LEGENDARY)
    assert len(dragon.elements) == 5
    takedown = library.load_nc("silent-takedown")
    assert takedown.concept is not None
    assert takedown.concept.rank is Rank.LEGENDARY
    assert takedown.base_tn == 17


def test_partial_ncs_omit_unknown_traits() -> None:
    assert set(library.load_nc("tracking-the-beast").traits) == {Trait.PHYSIQUE, Trait.CUNNING}
    assert library.load_nc("scanning-for-weapons").traits == {Trait.CUNNING: Rank.GOOD}
    leader = library.load_nc("desert-acolytes-leader")
    assert leader.traits == {Trait.CHARISMA: Rank.GOOD}
    cavern = library.load_nc("uncover-the-caverns-secrets")
    assert cavern.concept is not None and cavern.concept.rank is Rank.LEGENDARY
    assert (cavern.type, cavern.rank) == (NCType.MINION, Rank.WEAK)


def test_dirty_bomb_traits_mapped_by_name() -> None:
    # printed as "Phy +0 Cun +2 Cha +4"
    abbas = library.load_nc("abbas")
    assert abbas.traits == {
        Trait.PHYSIQUE: Rank.AVERAGE,
        Trait.CUNNING: Rank.GOOD,
        Trait.CHARISMA: Rank.GREAT,
    }


def test_nc_base_tns_match_the_book() -> None:
    printed_tn = {
        "cracking-the-code": 17,
        "goblin": 8,
        "giant": 17,
        "gorgon": 23,
        "demon": 31,
        "dragon": 40,
        "the-cardinal": 40,
        "the-spider": 31,
        "third-world-military": 3,
        "trained-military": 5,
        "kushayb": 12,
        "abbas": 23,
        "dire-wolf": 12,
        "the-conqueror": 40,
        "first-of-many": 23,
    }
    for nc_id, tn in printed_tn.items():
        assert library.load_nc(nc_id).base_tn == tn, nc_id


# ---------------------------------------------------------------------------
# The loader
# ---------------------------------------------------------------------------


def test_list_order_and_filter() -> None:
    entries = library.list_entries()
    kinds = [e.kind for e in entries]
    assert kinds == sorted(kinds, key=library.KINDS.index)
    for kind in library.KINDS:
        part = [e for e in entries if e.kind == kind]
        keys = [(e.genre.casefold(), e.name.casefold()) for e in part]
        assert keys == sorted(keys)
        assert library.list_entries(kind) == part
    assert all(e.path.is_file() for e in entries)


def test_unknown_ids_and_wrong_kind() -> None:
    with pytest.raises(KeyError, match="no-such-hero"):
        library.load_pc("no-such-hero")
    with pytest.raises(KeyError, match="no-such-hero"):
        library.load_nc("no-such-hero")
    with pytest.raises(KeyError, match="no-such-hero"):
        library.raw_json("no-such-hero")
    with pytest.raises(KeyError, match="an NC"):
        library.load_pc("troll")
    with pytest.raises(KeyError, match="a PC"):
        library.load_nc("sarah-x")


def test_raw_json_is_the_file_text() -> None:
    path = _folder("nc") / "gorgon.json"
    assert library.raw_json("gorgon") == path.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------
# The CLI
# ---------------------------------------------------------------------------


def test_cli_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["library", "list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert all(set(r) == {"id", "name", "kind", "genre", "source"} for r in rows)
    assert len([r for r in rows if r["kind"] == "pc"]) == 23
    assert {
        "id": "sarah-x",
        "name": "Sarah X",
        "kind": "pc",
        "genre": "Western",
        "source": "Character Creation Example",
    } in rows


def test_cli_list_filters(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["library", "list", "--kind", "pc", "--genre", "fantasy", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted(r["id"] for r in rows) == ["crag", "myrrdin", "robin-hode", "sir-vonnegut"]


def test_cli_list_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["library", "list", "--kind", "nc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["ID", "NAME", "KIND", "GENRE", "SOURCE"]
    assert len(lines) == 1 + len(library.list_entries("nc"))
    name_column = lines[0].index("NAME")
    assert all(line[name_column - 2 : name_column] == "  " for line in lines[1:])


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_cli_show(capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    assert cli.main(["library", "show", "sarah-x", *extra]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["name"] == "Sarah X"
    assert out == library.raw_json("sarah-x")


def test_cli_show_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["library", "show", "nobody-at-all"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "nobody-at-all" in captured.err


def test_cli_library_without_verb(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["library"]) == 2
    assert "list" in capsys.readouterr().err

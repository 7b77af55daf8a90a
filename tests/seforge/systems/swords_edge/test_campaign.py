"""The .secampaign file, progress clocks and the party view."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.campaign import (
    Campaign,
    ProgressClock,
    campaign_to_data,
    load_campaign,
    load_party,
    party_rows,
    resolve_paths,
    save_campaign,
    store_path,
)
from seforge.systems.swords_edge.fileformat import CharacterFileError, save_character, save_nc
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.play.stress import take_stress


def test_clock() -> None:
    clock = ProgressClock(name="Legions close in", segments=6)
    assert clock.advance(2) == 2 and clock.filled == 2 and not clock.is_full
    assert clock.advance(10) == 4 and clock.is_full
    assert clock.advance(-1) == -1 and clock.filled == 5
    assert clock.advance(-9) == -5 and clock.filled == 0
    with pytest.raises(ValidationError):
        ProgressClock(name="x", segments=5)
    with pytest.raises(ValidationError):
        ProgressClock(name="x", segments=4, filled=5)


def _campaign(tmp_path: Path) -> tuple[Campaign, Path]:
    pcs = tmp_path / "pcs"
    ncs = tmp_path / "ncs"
    pcs.mkdir()
    ncs.mkdir()
    for pc_id in ("jyrell", "tella-of-jost"):
        save_character(library.load_pc(pc_id), pcs / f"{pc_id}.sechar")
    save_nc(library.load_nc("shock-troopers"), ncs / "troopers.senc")
    campaign = Campaign(
        name="The Infernum Wastes",
        characters=[str(pcs / "jyrell.sechar"), str(pcs / "tella-of-jost.sechar")],
        opponents=[str(ncs / "troopers.senc")],
        notes="Crash-landed; the Baron's legions follow.",
        clocks=[ProgressClock(name="Legions close in", segments=8, filled=3)],
    )
    return campaign, tmp_path / "camp" / "wastes.secampaign"


def test_round_trip_with_relative_paths(tmp_path: Path) -> None:
    campaign, path = _campaign(tmp_path)
    path.parent.mkdir()
    save_campaign(campaign, path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert list(raw)[:2] == ["format", "version"]
    assert raw["format"] == "seforge.campaign" and raw["version"] == 1
    assert raw["characters"] == ["../pcs/jyrell.sechar", "../pcs/tella-of-jost.sechar"]
    assert raw["opponents"] == ["../ncs/troopers.senc"]
    assert raw["clocks"] == [{"name": "Legions close in", "segments": 8, "filled": 3}]
    back = load_campaign(path)
    assert back.name == campaign.name and back.clocks == campaign.clocks
    resolved = resolve_paths(back, path)
    assert [p.resolve() for p in resolved.characters] == [
        Path(p).resolve() for p in campaign.characters]
    assert resolved.opponents[0].resolve() == Path(campaign.opponents[0]).resolve()
    # moving the whole tree keeps the links
    moved = tmp_path / "moved"
    moved.mkdir()
    for sub in ("pcs", "ncs", "camp"):
        shutil.copytree(tmp_path / sub, moved / sub)
    shutil.rmtree(tmp_path / "pcs")
    pcs, ncs = load_party(load_campaign(moved / "camp" / "wastes.secampaign"),
                          moved / "camp" / "wastes.secampaign")
    assert [c.name for _, c in pcs if not isinstance(c, str)] == ["Jyrell", "Tella of Jost"]
    assert not isinstance(ncs[0][1], str) and ncs[0][1].name == "Shock Troopers"


def test_store_path_keeps_relative_and_data_without_base(tmp_path: Path) -> None:
    assert store_path("pcs/a.sechar", tmp_path / "c.secampaign") == "pcs/a.sechar"
    assert store_path(tmp_path / "x" / "a.sechar", tmp_path / "c.secampaign") == "x/a.sechar"
    data = campaign_to_data(Campaign(characters=["/abs/a.sechar"]))
    assert data["characters"] == ["/abs/a.sechar"]


def test_load_party_reports_broken_files(tmp_path: Path) -> None:
    (tmp_path / "bad.sechar").write_text("[]", encoding="utf-8")
    campaign = Campaign(characters=["bad.sechar", "missing.sechar"])
    path = tmp_path / "c.secampaign"
    pcs, ncs = load_party(campaign, path)
    assert ncs == []
    assert [m for _, m in pcs] == [
        "bad.sechar: expected a JSON object, found list",
        "missing.sechar: no such file",
    ]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "c.secampaign: is empty"),
        ("{", "c.secampaign: is cut short (truncated JSON)"),
        ('{"format": "seforge.character", "version": 1}',
         "c.secampaign: field 'format': expected 'seforge.campaign', found 'seforge.character'"),
        ('{"format": "seforge.campaign", "version": 2}',
         "c.secampaign: field 'version': the file is version 2, written by a newer SEForge"),
        ('{"format": "seforge.campaign", "version": 0}',
         "c.secampaign: field 'version': version 0 does not exist"),
        ('{"format": "seforge.campaign", "version": 1, "clocks": [{"segments": 5}]}',
         "c.secampaign: field 'clocks[0].segments': "),
        ('{"format": "seforge.campaign", "version": "1"}',
         "c.secampaign: field 'version': must be a whole number"),
    ],
)
def test_bad_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "c.secampaign"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CharacterFileError) as info:
        load_campaign(path)
    text = str(info.value)
    assert text.startswith(message) and "\n" not in text


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(CharacterFileError, match="no such file"):
        load_campaign(tmp_path / "nope.secampaign")
    with pytest.raises(CharacterFileError, match="folder"):
        load_campaign(tmp_path)


def test_party_rows() -> None:
    jyrell = library.load_pc("jyrell")
    tella = library.load_pc("tella-of-jost")
    start_session(jyrell)
    take_stress(jyrell, Trait.PHYSIQUE, 2)
    rows = party_rows([jyrell, tella])
    row = rows[0]
    assert row.name == "Jyrell" and row.luck == 3 and row.advancements == 0
    assert [q.label for q in row.general] == ["Warrior Saint +4", "Gladiator +2"]
    physique = row.traits[0]
    assert physique.trait is Trait.PHYSIQUE and physique.penalty_ranks == 2
    assert physique.working.label == "Average"
    assert physique.label == "Physique +4 (2 PR: +0)"
    assert [q.label for q in physique.qualities] == [
        "Sword-Staff +2", "Blades +2", "Fist and Feet +2"]
    assert [q.label for q in row.traits[2].qualities] == ["Cat's Eyes +2"]
    assert row.penalty_ranks == {Trait.PHYSIQUE: 2, Trait.CHARISMA: 0, Trait.CUNNING: 0}
    assert row.pivots[0] == ("Goal", "Make amends for a life of sin.")
    tella_row = rows[1]
    assert [q.label for q in tella_row.traits[1].qualities] == [
        "Persuasion +2", "Voice of Command +2 (SFX)", "Jovial Connection +2"]
    assert [slot for slot, _ in tella_row.pivots] == ["Goal", "Style"]
    assert tella_row.alerts == []

"""The generic campaign document (any system): its fields, clocks, paths and legacy files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.core.campaign import (
    CAMPAIGN_KIND,
    Campaign,
    CampaignClock,
    document_paths,
    peek_system,
    store_path,
)
from seforge.core.documents import DocumentFileError
from seforge.core.trackers import Clock


def test_a_campaign_of_another_system_round_trips(tmp_path: Path) -> None:
    campaign = Campaign(
        system="blades", name="Doskvol", documents=["crew.blcrew", "pcs/whisper.blchar"],
        clocks=[CampaignClock(name="Bluecoats", segments=8, filled=3, kind="faction")],
        notes="Heat 2", table_rules={"deep_cuts": True},
    )
    path = tmp_path / "doskvol.secampaign"
    CAMPAIGN_KIND.save(campaign, path)
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert list(raw)[:3] == ["format", "version", "system"]
    assert (raw["format"], raw["system"], raw["table_rules"]) == (
        "seforge.campaign", "blades", {"deep_cuts": True})
    assert raw["clocks"] == [{"name": "Bluecoats", "segments": 8, "filled": 3,
                              "kind": "faction"}]
    assert CAMPAIGN_KIND.load(path) == campaign
    assert peek_system(path) == "blades"
    assert document_paths(campaign, path) == [tmp_path / "crew.blcrew",
                                              tmp_path / "pcs" / "whisper.blchar"]


def test_the_core_leaves_a_file_without_a_system_to_its_reader(tmp_path: Path) -> None:
    path = tmp_path / "old.secampaign"
    path.write_text('{"format": "seforge.campaign", "version": 1, "name": "Old",'
                    ' "characters": ["a.sechar"]}', encoding="utf-8")
    campaign = CAMPAIGN_KIND.load(path)
    assert (campaign.system, campaign.name) == ("", "Old")  # the core names no game
    assert campaign.model_dump()["characters"] == ["a.sechar"]  # kept for its system
    assert peek_system(path) == "" and peek_system(path, legacy="dice-pool") == "dice-pool"
    # Sword's Edge's own campaign model reads it as its own, as before game systems
    from seforge.systems.swords_edge.campaign import CAMPAIGN_KIND as SE_CAMPAIGN

    assert SE_CAMPAIGN.load(path).system == "swords-edge"


def test_a_clock_converts_to_the_cores_clock_and_is_checked() -> None:
    clock = CampaignClock(name="Storm", segments=6, filled=2)
    assert clock.to_clock() == Clock("Storm", 6, 2)
    assert CampaignClock.from_clock(Clock("Storm", 6, 6)).is_full
    assert clock.advance(9) == 4 and clock.is_full
    assert "kind" not in clock.model_dump()
    with pytest.raises(ValueError, match="cannot have 7 filled"):
        CampaignClock(name="x", segments=6, filled=7)
    with pytest.raises(ValueError):
        CampaignClock(name="x", segments=1)


def test_a_newer_campaign_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.secampaign"
    path.write_text('{"format": "seforge.campaign", "version": 9}', encoding="utf-8")
    with pytest.raises(DocumentFileError, match="newer SEForge"):
        CAMPAIGN_KIND.load(path)


def test_paths_are_stored_relative_to_the_campaign(tmp_path: Path) -> None:
    assert store_path(tmp_path / "pcs" / "a.sechar", tmp_path / "c" / "x.secampaign") == (
        "../pcs/a.sechar")
    assert store_path("already/relative.sechar", tmp_path / "x.secampaign") == (
        "already/relative.sechar")


def test_campaign_mutators_refuse_with_a_reason() -> None:
    from seforge.core import campaign as cp

    c = cp.Campaign(system="blades")
    cp.add_document(c, "crew.bladescrew")
    with pytest.raises(ValueError, match="already"):
        cp.add_document(c, "crew.bladescrew")
    cp.add_clock(c, " Heat ", 4, "danger")
    assert c.clocks[0].name == "Heat"
    with pytest.raises(ValueError, match="already"):
        cp.add_clock(c, "Heat", 6)
    with pytest.raises(ValueError, match="a clock needs a name"):
        cp.add_clock(c, "  ", 6)
    with pytest.raises(ValueError):
        cp.add_clock(c, "Too big", 1000)
    cp.advance_clock(c, 0, 9)
    assert c.clocks[0].filled == 4 and c.clocks[0].is_full
    cp.advance_clock(c, 0, -1)
    assert c.clocks[0].filled == 3
    with pytest.raises(ValueError, match="no such clock"):
        cp.advance_clock(c, 3)
    cp.remove_clock(c, 0)
    cp.remove_document(c, 0)
    assert c.clocks == [] and c.documents == []
    with pytest.raises(ValueError, match="no such document"):
        cp.remove_document(c, 0)

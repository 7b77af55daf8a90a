"""Issue 12: table rules for a whole table live in the campaign."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.campaign import (
    Campaign,
    align_table_rules,
    load_campaign,
    new_character_for,
    party_row,
    rules_differing,
    save_campaign,
)
from seforge.systems.swords_edge.models import RuleOptions


def test_campaign_rules_round_trip_and_old_files(tmp_path: Path) -> None:
    campaign = Campaign(name="Wastes", table_rules=RuleOptions(sfx_subsystem=True, fetish=True))
    path = tmp_path / "w.secampaign"
    save_campaign(campaign, path)
    assert load_campaign(path).table_rules == campaign.table_rules
    old = tmp_path / "old.secampaign"
    old.write_text('{"format": "seforge.campaign", "version": 1, "name": "Old"}')
    assert load_campaign(old).table_rules == RuleOptions()


def test_new_character_starts_with_the_campaigns_rules() -> None:
    campaign = Campaign(name="Wastes", table_rules=RuleOptions(weakness_bonus_each=True))
    character = new_character_for(campaign)
    assert character.campaign == "Wastes"
    assert character.options == campaign.table_rules
    assert character.options is not campaign.table_rules  # the file keeps its own copy


def test_party_flags_and_aligns_a_differing_character() -> None:
    campaign = Campaign(table_rules=RuleOptions(sfx_subsystem=True))
    tella = library.load_pc("tella-of-jost")
    assert [r.field for r in rules_differing(tella, campaign)] == ["sfx_subsystem"]
    alerts = party_row(tella, campaign.table_rules).alerts
    assert any("SFX Qualities subsystem" in a for a in alerts)
    changed = align_table_rules(tella, campaign)
    assert [r.field for r in changed] == ["sfx_subsystem"]
    assert not rules_differing(tella, campaign)
    assert not party_row(tella, campaign.table_rules).alerts

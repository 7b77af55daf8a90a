"""Every table rule is described once, in our words, and listed in the README."""

from __future__ import annotations

from pathlib import Path

from seforge.systems.swords_edge.models import RuleOptions
from seforge.systems.swords_edge.table_rules import (
    TABLE_RULES,
    differing_rules,
    rules_on,
    table_rule,
)

READINGS = Path(__file__).resolve().parents[4] / "docs" / "rules-readings.md"


def test_every_option_is_a_described_table_rule() -> None:
    assert {r.field for r in TABLE_RULES} == set(RuleOptions.model_fields)
    for rule in TABLE_RULES:
        assert rule.title and rule.explanation and rule.default_text and rule.lines
        assert rule.needs is None or rule.needs in RuleOptions.model_fields
        assert getattr(RuleOptions(), rule.field) is False  # every default is "off"


def test_readme_lists_every_table_rule_with_its_default() -> None:
    section = READINGS.read_text(encoding="utf-8").split("## Sword's Edge")[1]
    section = section.split("\n## ")[0]
    for rule in TABLE_RULES:
        assert f"*{rule.title}*" in section, rule.title


def test_differing_and_on() -> None:
    options = RuleOptions(sfx_subsystem=True, fetish=True)
    assert [r.field for r in rules_on(options)] == ["sfx_subsystem", "fetish"]
    assert [r.field for r in differing_rules(options, RuleOptions(fetish=True))] == [
        "sfx_subsystem"]
    assert table_rule("fetish").needs == "sfx_subsystem"
    assert options.fetish_rule and not RuleOptions(fetish=True).fetish_rule


def test_readings_follow_the_characters_rules() -> None:
    from seforge.systems.swords_edge.table_rules import (
        criticals_reading,
        sfx_target_reading,
        undefended_bands,
    )

    assert (criticals_reading(None), undefended_bands(None), sfx_target_reading(None)) == (
        "first", "seven", "table")
    on = RuleOptions(criticals_on_final_dice=True, undefended_printed_bands=True,
                     sfx_trait_ladder=True)
    assert (criticals_reading(on), undefended_bands(on), sfx_target_reading(on)) == (
        "final", "printed", "ladder")

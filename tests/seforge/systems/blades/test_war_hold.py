"""Hold at war (SRD lines 476 and 491-494): one core rule, :func:`crew.war_hold`, read by
everything that counts the crew's Tier or hold, and the crew sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.systems.blades import crew as rules
from seforge.systems.blades.models import Cohort, Crew, Faction
from seforge.systems.blades.sheet import render


def _at_war(hold: str, tier: int, *abilities: str) -> Crew:
    crew = Crew(hold=hold, tier=tier, special_abilities=list(abilities))
    rules.add_faction(crew, "Red Sashes", 2, -3)
    return crew


@pytest.mark.parametrize(("hold", "tier", "war", "dogs", "now"), [
    ("strong", 2, False, False, ("strong", 2)),
    ("weak", 2, False, False, ("weak", 2)),
    ("strong", 2, True, False, ("weak", 2)),   # a step of hold: strong counts as weak
    ("weak", 2, True, False, ("weak", 1)),     # weak drops: a Tier, and stays weak
    ("weak", 0, True, False, ("weak", 0)),     # no Tier below 0
    ("weak", 2, True, True, ("weak", 2)),      # War Dogs keeps the hold
    ("strong", 3, True, True, ("strong", 3)),
])
def test_war_hold(hold: str, tier: int, war: bool, dogs: bool, now: tuple[str, int]) -> None:
    crew = Crew(hold=hold, tier=tier, special_abilities=["War Dogs"] if dogs else [])
    if war:
        rules.add_faction(crew, "Red Sashes", 2, -3)
    held = rules.war_hold(crew)
    assert (held.hold, held.tier) == now
    assert (held.kept_hold, held.kept_tier) == (hold, tier)
    assert held.at_war is war and held.war_dogs is (war and dogs)
    assert rules.tier_now(crew) == now[1]
    assert (crew.hold, crew.tier) == (hold, tier)  # the sheet keeps its own: it comes back


def test_war_hold_words() -> None:
    strong = rules.war_hold(_at_war("strong", 2))
    assert strong.hold_text() == "weak (strong once the war ends)"
    assert strong.tier_text() == "2"
    assert "weak hold for the war (strong once it ends)" in strong.summary()
    weak = rules.war_hold(_at_war("weak", 2))
    assert weak.tier_text() == "1 (2 once the war ends)" and weak.hold_text() == "weak"
    assert weak.summary().startswith("Tier 1 for the war (2 once it ends)")
    assert rules.war_hold(Crew(tier=2)).summary() == "Tier 2, strong hold"
    assert "War Dogs" in rules.war_hold(_at_war("strong", 2, "War Dogs")).summary()
    effects = rules.war_effects(_at_war("strong", 2))
    assert "hold drops a step for the war (counts as weak)" in effects


def test_a_faction_at_war_loses_a_step_of_hold_by_the_same_rule() -> None:
    faction = Faction(name="Red Sashes", tier=2, hold="strong", status=-3)
    assert (rules.faction_war_hold(faction).hold, rules.faction_war_hold(faction).tier) == (
        "weak", 2)
    faction.hold = "weak"
    assert rules.faction_war_hold(faction).tier == 1
    faction.status = -2
    assert not rules.faction_war_hold(faction).lowered


def test_what_counts_the_crews_tier_takes_the_war_tier() -> None:
    """Cohort quality (rolled), rep from a score and a crew advance's profit read the Tier
    the war leaves; the coin for the next Tier is reckoned from the Tier the war gives
    back."""
    crew = _at_war("weak", 2)
    gang = Cohort(name="Thugs", kind="gang", type="Thugs")
    expert = Cohort(name="Doc", kind="expert", type="Doctor")
    assert rules.cohort_quality(crew, gang) == 1 and rules.cohort_quality(crew, expert) == 2
    assert rules.rep_for_score(crew, 2) == 3  # the target is a Tier above the crew now
    assert rules.profit(crew) == 3
    assert rules.tier_cost(crew) == 24
    peace = Crew(hold="weak", tier=2)
    assert rules.cohort_quality(peace, gang) == 2 and rules.profit(peace) == 4


def test_the_crew_sheet_shows_the_hold_the_war_leaves(tmp_path: Path) -> None:
    crew = _at_war("strong", 2)
    crew.name = "The Lampblacks"
    path = tmp_path / "crew.pdf"
    path.write_bytes(render([crew])[0])
    text = " ".join(PdfReader(str(path)).pages[0].extract_text().split())
    assert "weak (strong once the war ends)" in text, text[:600]
    ladder = " ".join(PdfReader(str(path)).pages[1].extract_text().split())
    assert "Tier 2, weak (strong once the war ends) hold: Red Sashes" in ladder


def test_check_reports_the_hold_that_counts_at_war(tmp_path: Path) -> None:
    """`seforge check` of a crew at war says the hold the war leaves (it said "strong")."""
    from seforge.systems.blades.documents import CREW
    from seforge.systems.blades.system import SYSTEM

    path = tmp_path / "war.bladescrew"
    CREW.save(_at_war("strong", 2), path)
    line = SYSTEM.check(path).lines[0]
    assert line.startswith("Tier 2, weak hold for the war (strong once it ends); rep 0"), line

"""The crew and the faction game, and the GM's clocks on the core's board."""

from __future__ import annotations

import pytest

from seforge.core.trackers import RefusedError
from seforge.systems.blades import crew as rules
from seforge.systems.blades.models import Crew


def test_rep_turf_hold_and_tier() -> None:
    crew = Crew(name="Lanterns")
    assert rules.rep_for_score(crew, 2) == 4 and rules.rep_for_score(Crew(tier=3), 0) == 0
    rules.add_claim(crew, "Docks", turf_claim=True)
    rules.hold_claim(crew, 0, True)
    assert rules.rep_to_fill(crew) == 11
    rules.gain_rep(crew, 20)
    assert crew.rep == 11
    assert "track is full" in (rules.why_not_gain_rep(crew, 1) or "")
    assert "costs 8 coin" in (rules.why_not_develop(crew) or "")
    rules.gain_coin(crew, 4)
    assert "vault upgrade" in (rules.why_not_gain_coin(crew, 1) or "")
    crew.vault = 1
    rules.gain_coin(crew, 4)
    rules.develop(crew)
    assert (crew.tier, crew.hold, crew.rep, crew.coin) == (1, "weak", 0, 0)
    rules.lose_hold(crew)
    assert crew.tier == 0 and crew.hold == "weak"


def test_heat_rolls_into_wanted() -> None:
    crew = Crew()
    rules.gain_heat(crew, 11)
    assert (crew.heat, crew.wanted) == (2, 1)
    crew.wanted = 4
    assert "highest" in (rules.why_not_gain_heat(crew, 9) or "")


def test_faction_status_range_and_war() -> None:
    crew = Crew()
    rules.add_faction(crew, "Bluecoats", tier=3)
    assert "already" in (rules.why_not_add_faction(crew, "bluecoats") or "")
    assert "-3 (war)" in (rules.why_not_set_status(crew, 0, -4) or "")
    rules.set_status(crew, 0, -3)
    assert rules.at_war(crew) and rules.STATUS_NAMES[-3] == "war"


def test_clocks_use_the_core_board_with_links() -> None:
    crew = Crew()
    rules.add_clock(crew, "Escape", 6, "racing")
    rules.add_clock(crew, "Cornered", 4, "racing")
    rules.link(crew, "racing", "Escape", "Cornered")
    rules.tick(crew, "Cornered", 4)
    assert "race is over" in (rules.why_not_tick(crew, "Escape") or "")
    assert "already a clock" in (rules.why_not_add_clock(crew, "Escape", 4, "danger") or "")
    assert "2 to 24" in (rules.why_not_add_clock(crew, "Big", 30, "danger") or "")
    assert "one of" in (rules.why_not_add_clock(crew, "X", 4, "weird") or "")
    rules.add_clock(crew, "Plan", 4, "linked")
    rules.add_clock(crew, "Heist", 8, "linked")
    rules.link(crew, "linked", "Plan", "Heist")
    with pytest.raises(RefusedError, match="waits for Plan"):
        rules.tick(crew, "Heist")
    rules.tick(crew, "Plan", 4)
    rules.tick(crew, "Heist", 2)
    rules.untick(crew, "Heist")
    assert crew.clocks[3].filled == 1
    rules.remove_clock(crew, "Plan")
    assert [link.first for link in crew.links] == ["Escape"]


def test_two_clocks_are_linked_once() -> None:
    """Linking a pair again (or the other way round, which would leave each clock waiting
    for the other) is refused with the link there is."""
    crew = Crew()
    rules.add_clock(crew, "Patrol", 6)
    rules.add_clock(crew, "Vault", 8)
    rules.link(crew, "linked", "Patrol", "Vault")
    for kind, first, second in (("linked", "Patrol", "Vault"), ("linked", "Vault", "Patrol"),
                                ("racing", "Vault", "Patrol")):
        assert rules.why_not_link(crew, kind, first, second) == (
            "Patrol and Vault are linked already (linked)")
        with pytest.raises(RefusedError, match="linked already"):
            rules.link(crew, kind, first, second)
    assert len(crew.links) == 1
    assert "itself" in (rules.why_not_link(crew, "linked", "Vault", "Vault") or "")


def test_a_crew_file_with_clashing_clocks_is_refused_in_one_line() -> None:
    from seforge.core.documents import DocumentFileError
    from seforge.systems.blades.documents import CREW

    data = {"format": "blades.crew", "version": 1,
            "clocks": [{"name": "A"}, {"name": "A"}]}
    with pytest.raises(DocumentFileError, match="two clocks cannot share a name"):
        CREW.from_data(data, "x.bladescrew")
    data = {"format": "blades.crew", "version": 1, "clocks": [{"name": "A"}],
            "links": [{"kind": "linked", "first": "A", "second": "B"}]}
    with pytest.raises(DocumentFileError, match="not on the board"):
        CREW.from_data(data, "x.bladescrew")


@pytest.mark.parametrize("new_tier", [1, 2, 3, 4, 5, 6])
def test_each_tier_is_paid_from_the_lair_and_the_scoundrels(new_tier: int) -> None:
    """Issue 31: Tier N costs N x 8 (SRD line 466); the lair holds at most 4/8/16, so the
    scoundrels' coin makes up the rest (SRD line 430)."""
    cost = new_tier * 8
    crew = Crew(tier=new_tier - 1, hold="strong", rep=12, vault=2, coin=4)
    assert rules.tier_cost(crew) == cost
    reason = rules.why_not_develop(crew)
    assert reason is not None and f"costs {cost} coin" in reason and "holds 4" in reason
    assert "leaves" in (rules.why_not_develop(crew, cost - 5) or "")
    assert "offer" in (rules.why_not_develop(crew, cost + 1) or "")
    rules.develop(crew, from_pcs=cost - 4)
    assert (crew.tier, crew.hold, crew.rep, crew.coin) == (new_tier, "weak", 0, 0)


def test_tier_one_without_a_vault_and_tier_three_ever() -> None:
    crew = Crew(tier=0, rep=12, coin=4)
    rules.develop(crew, from_pcs=4)
    assert crew.tier == 1 and crew.coin == 0
    crew = Crew(tier=2, rep=12, coin=16, vault=2)
    assert rules.why_not_develop(crew, 8) is None
    rules.develop(crew, 8)
    assert crew.tier == 3


def test_weak_hold_strengthens_for_free() -> None:
    crew = Crew(tier=1, hold="weak", rep=12)
    assert "for free" in (rules.why_not_develop(crew, 2) or "")
    assert "put in" in (rules.why_not_develop(crew, -1) or "")
    rules.develop(crew)
    assert crew.hold == "strong" and crew.tier == 1 and crew.rep == 0
    assert rules.why_not_develop(Crew(tier=6, rep=12)) == "the crew is at the highest Tier"


def test_a_shadows_crew_from_its_type() -> None:
    crew = Crew(name="Lampblacks")
    rules.set_crew_type(crew, "shadows")
    assert crew.crew_type == "Shadows" and crew.coin == 2
    assert crew.upgrades == {"Hidden Lair": 1, "Training: Prowess": 1}
    assert len(crew.claims) == 14 and sum(c.turf for c in crew.claims) == 3
    rules.add_crew_ability(crew, "everyone steals")
    assert crew.special_abilities == ["Everyone Steals"]
    assert "one special ability" in (rules.why_not_add_crew_ability(crew, "Slippery") or "")
    rules.mark_upgrade(crew, "Thief Rigging")
    rules.mark_upgrade(crew, "Quarters")
    assert rules.upgrade_boxes_used(crew) == 2
    assert "all 2 upgrade boxes" in (rules.why_not_mark_upgrade(crew, "Workshop") or "")
    assert "costs 2 upgrade boxes" in (rules.why_not_add_cohort(crew, "gang", "Skulks") or "")
    assert "comes with the crew type" in _refusal(rules.clear_upgrade, crew, "Hidden Lair")
    crew.xp = 8
    assert rules.take_crew_advance(crew, "upgrades") == 2
    rules.add_cohort(crew, "gang", "Skulks")
    assert rules.cohort_quality(crew, crew.cohorts[0]) == 0
    assert "not full" in (rules.why_not_crew_advance(crew, "ability") or "")


def test_bravos_start_with_thugs_and_patron_halves_the_tier() -> None:
    crew = Crew()
    rules.set_crew_type(crew, "Bravos")
    assert crew.cohorts[0].type == "Thugs" and crew.cohorts[0].starting
    assert rules.upgrade_boxes_used(crew) == 0
    rules.add_crew_ability(crew, "Patron")
    assert rules.tier_cost(crew) == 4
    crew.rep, crew.coin = 12, 4
    rules.develop(crew)
    assert crew.tier == 1 and crew.coin == 0


def test_war_effects_and_score_heat() -> None:
    crew = Crew(hold="weak", tier=2)
    assert rules.war_effects(crew) == [] and rules.score_heat(crew, 2) == 2
    rules.add_faction(crew, "Red Sashes", 2, -3)
    effects = rules.war_effects(crew)
    assert "+1 heat" in effects[0] and "Tier counts as 1" in effects[1]
    assert rules.score_heat(crew, 2) == 3


def _refusal(mutate: object, *args: object) -> str:
    try:
        mutate(*args)  # type: ignore[operator]
    except RefusedError as refused:
        return refused.reason
    return ""


def test_a_crew_advance_pays_tier_plus_two_once_for_both_sheets() -> None:
    """The profit of a crew advance (SRD, Profits: the crew's Tier plus 2 in each
    scoundrel's stash) is reckoned in one place: the crew's number, the scoundrel's
    stash and the short text that explains it all come from it."""
    from seforge.systems.blades import play
    from seforge.systems.blades.models import Scoundrel

    assert [rules.profit_for_tier(tier) for tier in range(5)] == [2, 3, 4, 5, 6]
    assert rules.profit(Crew(tier=3)) == 5
    assert rules.take_crew_advance(Crew(tier=1, xp=8), "ability") == 3
    assert rules.profit_note(2) == "each scoundrel gains 4 stash (Tier 2, plus 2)"
    assert rules.profit_note(0).startswith("each scoundrel gains 2 stash")
    scoundrel = Scoundrel(stash=10)
    assert play.take_profit(scoundrel, 3) == 5 and scoundrel.stash == 15
    assert play.why_not_take_profit(scoundrel, 7) == "the crew's Tier runs from 0 to 6, not 7"

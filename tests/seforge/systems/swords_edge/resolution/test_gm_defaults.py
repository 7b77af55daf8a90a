"""Issue 12's GM-screen defaults against the book's worked numbers
(line numbers of shared/reference/swords-edge-rules.txt)."""

from __future__ import annotations

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.models import NarrativeCharacter, NCQuality, NCType, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.breakdown import joint_action_tn, momentum_tn
from seforge.systems.swords_edge.resolution.opponents import (
    Opponent,
    default_applied,
    regrouped_momentum,
)

P, CH, CU = Trait.PHYSIQUE, Trait.CHARISMA, Trait.CUNNING


def _regular(name: str, traits: dict[Trait, Rank]) -> NarrativeCharacter:
    return NarrativeCharacter(name=name, type=NCType.REGULAR, rank=Rank.AVERAGE,
                              concept=NCQuality(name="Warrior", rank=Rank.GOOD), traits=traits,
                              source="book")


def _minion(name: str) -> NarrativeCharacter:
    return NarrativeCharacter(name=name, type=NCType.MINION, rank=Rank.BASIC,
                              concept=NCQuality(name="Villager", rank=Rank.GOOD), source="book")


def test_group_momentum_adds_no_trait_by_default() -> None:
    # L469: an Average regular with two Basic minions: 12 + 2 + 2 = 16 (the PC's 17 keeps it).
    group = [_regular("Warrior", {P: Rank.GOOD}), _minion("Villager 1"), _minion("Villager 2")]
    opponents = [Opponent(nc, frozenset(default_applied(nc, "momentum", P, len(group))))
                 for nc in group]
    assert momentum_tn(opponents).total == 16
    # L459/L461: alone, the regular brings its Trait: 12 + 2 = 14.
    warrior = group[0]
    assert momentum_tn([Opponent(warrior, frozenset(default_applied(warrior, "momentum", P)))]
                       ).total == 14


def test_regrouping_keeps_the_gms_choice() -> None:
    warrior = _regular("Warrior", {P: Rank.GOOD})
    solo = default_applied(warrior, "momentum", P)
    assert regrouped_momentum(warrior, P, solo, 1, 3) == set()
    assert regrouped_momentum(warrior, P, set(), 3, 1) == solo
    assert regrouped_momentum(warrior, P, {"concept"}, 1, 3) == {"concept"}


def _action_tn(nc: NarrativeCharacter, trait: Trait) -> int:
    return joint_action_tn([Opponent(nc, frozenset(default_applied(nc, "action", trait)))]).total


def test_default_nc_action_tn_follows_the_book() -> None:
    # L946-952: "Scanning for Weapons", a Basic regular: 8 + Concept 2 + Cunning 2 = 12.
    assert _action_tn(library.load_nc("scanning-for-weapons"), CU) == 12
    # L1004-1008: the Desert Acolytes' Leader: 12 + "Assassin Monk +2" + Charisma 2 = 16.
    assert _action_tn(library.load_nc("desert-acolytes-leader"), CH) == 16
    # L1036: a Good hero with Concept, Trait and Element at +4 each: 17 + 12 = 29.
    hero = NarrativeCharacter(
        name="Hero", type=NCType.HERO, rank=Rank.GOOD, source="book",
        concept=NCQuality(name="Duelist", rank=Rank.GREAT), traits={P: Rank.GREAT},
        elements=[NCQuality(name="Rapier", rank=Rank.GREAT, trait=P),
                  NCQuality(name="Parry", rank=Rank.GOOD, trait=P),
                  NCQuality(name="Schemes", rank=Rank.EXCEPTIONAL, trait=CU)],
    )
    assert _action_tn(hero, P) == 29


def test_scanning_for_weapons_concept_is_its_diffusion() -> None:
    # L946, L1140: a regular has a Concept and Traits only.
    scan = library.load_nc("scanning-for-weapons")
    assert scan.concept is not None and scan.concept.name == "Cave Signal Diffusion"
    assert scan.concept.rank is Rank.GOOD and scan.elements == []


def test_recovery_luck_only_reaches_this_scenes_penalties() -> None:
    from seforge.systems.swords_edge.resolution.recovery import judge_recovery

    # L365, L640: Luck removes only Penalty Ranks from the scene that just ended.
    scene = judge_recovery(10, 9, 0, daily=False, luck=3, scene_penalties=2)
    assert (scene.by_test, scene.by_luck, scene.removed) == (1, 1, 2)
    # The daily Test (19: Average, one Rank) reaches older ones; the Luck still does not.
    daily = judge_recovery(10, 9, 0, daily=True, luck=3, scene_penalties=1)
    assert (daily.by_test, daily.by_luck, daily.removed) == (1, 1, 2)
    assert any("keep it" in line for line in daily.verdict.lines)


def test_a_faculty_or_element_brings_its_trait() -> None:
    from seforge.systems.swords_edge.resolution.qualities import linked_trait_keys, pc_choices

    # L301, L429: using a Quality linked to a Trait uses that Trait as well.
    sarah = library.load_pc("sarah-x")
    choices = pc_choices(sarah, CU)
    assert linked_trait_keys(choices, {"faculty"}) == {"trait:Cunning"}
    assert linked_trait_keys(choices, {"element:0", "trait:Cunning"}) == set()
    assert linked_trait_keys(choices, {"concept"}) == set()  # Concept has no Trait


def test_articles_follow_the_word() -> None:
    from seforge.systems.swords_edge.resolution.verdicts import judge
    from seforge.systems.swords_edge.wording import with_article

    assert with_article("Exceptional") == "an Exceptional"
    assert with_article("Good") == "a Good"
    assert with_article("item") == "an item"
    # A failed Seize against TN 27: an Exceptional hit (read against TN 5).
    verdict = judge("seize", 1, 2, 0, 27)
    text = " ".join(verdict.lines)
    assert "an Exceptional hit" in text and "a Exceptional" not in text


def test_the_test_in_progress_follows_the_group_and_linked_trait_rules() -> None:
    from seforge.systems.swords_edge import pending as pt

    test = pt.PendingTest()
    pt.set_trait(test, CH)
    pt.add_opponent(test, library.load_nc("desert-acolytes-leader"))
    tn = pt.tn(test)
    assert tn is not None and tn.total == 14  # alone: 12 + Charisma 2
    for name in ("Villager 1", "Villager 2"):
        pt.add_opponent(test, _minion(name))
    tn = pt.tn(test)
    assert tn is not None and tn.total == 16  # L469: a group adds no Trait
    pt.remove_opponent(test, test.opponents[-1].uid)
    pt.remove_opponent(test, test.opponents[-1].uid)
    tn = pt.tn(test)
    assert tn is not None and tn.total == 14
    # L301, L429: a Faculty brings its Trait.
    sarah = library.load_pc("sarah-x")
    pt.set_trait(test, CU)
    pt.toggle_quality(test, sarah, "trait:Cunning", False)
    pt.toggle_quality(test, sarah, "faculty", True)
    assert "trait:Cunning" in test.selected()

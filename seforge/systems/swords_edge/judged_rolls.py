"""Reading a judged roll of a Test in progress: its line in the roll log, and what a
critical roll offers the PC (:mod:`seforge.systems.swords_edge.pending` re-exports both)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from seforge.systems.swords_edge.dice import DIE_FACES
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.pending_models import JudgedRoll, PendingTest
from seforge.systems.swords_edge.play.keys import describe_key
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES


def roll_line(entry: JudgedRoll) -> str:
    """One line of the roll log: who, which step, the dice and the verdict."""
    how = {"entered": "entered", "rolled": "rolled", "reroll": "Luck reroll"}[entry.kind]
    who = entry.actor or "Plain modifier"
    return (f"{who} · {STEP_TITLES[entry.step]} · {how} {entry.dice[0]} and "
            f"{entry.dice[1]} · {entry.headline}")


@dataclass(frozen=True)
class Consequence:
    """What a critical roll offers the PC (book: *Critical Failure*, *Critical Success*).

    ``kind`` is ``"advancement"`` (a natural 2: an Advancement limited to
    ``qualities``, the keys used, or to ``trait`` when it was used alone) or
    ``"stunt"`` (a natural 20: a Good Stunt linked to ``trait``).
    """

    kind: Literal["advancement", "stunt"]
    text: str
    qualities: tuple[str, ...] = ()
    trait: Trait | None = None


def consequences(test: PendingTest, character: Character | None = None) -> list[Consequence]:
    """What the last roll offers: nothing unless it was a first roll of a PC showing
    a natural 2 or a natural 20 (criticals belong to the first roll). With the PC's
    ``character`` the offer names the Qualities."""
    judged = test.verdict
    if judged is None or judged.rerolled or judged.actor is None or judged.trait is None \
            or judged.offer_taken:
        return []
    d1, d2 = judged.dice
    trait_k = QualityKey.of_trait(judged.trait)
    if d1 == d2 == 1:
        others = tuple(k for k in judged.used if not QualityKey.parse(k).is_trait)
        if others:
            names = ", ".join(describe_key(character, k) for k in others) \
                if character is not None else "the Qualities used in this Test"
            return [Consequence("advancement", "Critical Failure: an Advancement to raise "
                                f"one of {names}.", others, None)]
        if trait_k in judged.used:
            return [Consequence("advancement", f"Critical Failure: an Advancement to raise "
                                f"{judged.trait.value}, the only Quality used.", (),
                                judged.trait)]
        return []
    if d1 == d2 == DIE_FACES:
        return [Consequence("stunt", f"Critical Success: a Good Stunt linked to "
                            f"{judged.trait.value}, fitting what just happened.", (),
                            judged.trait)]
    return []

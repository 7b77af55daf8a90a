"""Stress and Doom: Penalty Ranks on a Trait, failed Arcane Tests, settling a Doom
and coming back into play (book: *Damage*, *Doom*, *SFX Qualities*)."""

from __future__ import annotations

from typing import Literal

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import (
    Acquired,
    Character,
    Element,
    ElementKind,
    Trait,
)
from seforge.systems.swords_edge.play.guards import (
    cannot,
    check_level,
    pick_free_advancement,
    require_in_scene,
    require_no_doom,
    require_playing,
    require_session,
)
from seforge.systems.swords_edge.play.history import record
from seforge.systems.swords_edge.play.state import effective_sfx, effective_trait, penalty_room
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.resolution.stress import (
    DOOM_WEAKNESS_RANK,
    LEGENDARY_WEAKNESS_RANK,
    doom_from_penalty,
    stress_for_level,
)
from seforge.systems.swords_edge.wording import plural

DoomOutcome = Literal["averted", "survived", "out"]


DOOM_OUTCOMES: tuple[DoomOutcome, ...] = ("averted", "survived", "out")


def stress_from_level(level: Level | str) -> tuple[int, bool]:
    """Penalty Ranks and the Legendary flag for a successful attack at ``level``."""
    check_level(level)
    return stress_for_level(level), Level.parse(level) is Level.LEGENDARY


def _add_trait_penalties(character: Character, trait: Trait, amount: int) -> tuple[int, bool]:
    """Add up to ``amount`` Penalty Ranks; returns (recorded, doom)."""
    play = character.play
    working = effective_trait(character, trait)
    doom = doom_from_penalty(working, amount)
    recorded = min(amount, penalty_room(character, trait))
    if recorded:
        totals = dict(play.penalty_ranks)
        totals[trait] = totals.get(trait, 0) + recorded
        play.penalty_ranks = totals
        scene = dict(play.scene_penalty_ranks)
        scene[trait] = scene.get(trait, 0) + recorded
        play.scene_penalty_ranks = scene
    return recorded, doom


def _stress_checks(character: Character, doing: str) -> None:
    require_session(character, doing)
    require_no_doom(character, doing)
    require_in_scene(character, doing)


def take_stress(
    character: Character,
    trait: Trait,
    penalty_ranks: int,
    legendary: bool = False,
    why: str = "",
) -> bool:
    """Put ``penalty_ranks`` Penalty Ranks on ``trait``; returns True on a Doom.

    A Penalty Rank landing on a Weak Trait is a Doom (and is not recorded: the
    Trait cannot go lower); ``legendary`` Stress is always a Doom.
    """
    _stress_checks(character, "take Stress")
    if penalty_ranks < 1:
        raise RefusedError("Stress puts at least one Penalty Rank on the Trait")
    recorded, doom = _add_trait_penalties(character, trait, penalty_ranks)
    doom = doom or legendary
    what = f"Took {plural(penalty_ranks, 'Penalty Rank')} on {trait.value}"
    if legendary:
        what = "Legendary Stress: " + what
    if recorded < penalty_ranks:
        what += f" ({recorded} fit before Weak)"
    if doom:
        character.play.doom_trait = trait
        character.play.doom_legendary = legendary
        what += f"; Doom on {trait.value}"
    record(character, "take_stress", what, why)
    return doom


def arcane_failure(character: Character, element_index: int, why: str = "") -> bool:
    """A failed Arcane Test: one Penalty Rank on the SFX Quality and one on its Trait.
    Returns True when the Trait's Penalty Rank brought a Doom."""
    _stress_checks(character, "record a failed Arcane Test")
    if not 0 <= element_index < len(character.elements):
        raise RefusedError(f"there is no Element number {element_index + 1}")
    element = character.elements[element_index]
    if not character.options.sfx_subsystem:
        raise RefusedError(
            "Arcane Tests belong to the SFX Qualities subsystem table rule; without it an "
            "SFX is used like any Quality"
        )
    if element.kind is not ElementKind.SFX:
        raise RefusedError(f'"{element.name}" is not an SFX Quality')
    if element.trait is None:
        raise RefusedError(f'"{element.name}" is not linked to a Trait')
    if effective_sfx(character, element) <= Rank.WEAK:
        raise RefusedError(f'"{element.name}" is down to Weak and cannot be used')
    play = character.play
    sfx = dict(play.sfx_penalty_ranks)
    sfx[element.name] = sfx.get(element.name, 0) + 1
    play.sfx_penalty_ranks = sfx
    scene = dict(play.scene_sfx_penalty_ranks)
    scene[element.name] = scene.get(element.name, 0) + 1
    play.scene_sfx_penalty_ranks = scene
    trait = element.trait
    _, doom = _add_trait_penalties(character, trait, 1)
    what = f'Failed Arcane Test: a Penalty Rank on "{element.name}" and on {trait.value}'
    if doom:
        play.doom_trait = trait
        play.doom_legendary = False
        what += f"; Doom on {trait.value}"
    record(character, "arcane_failure", what, why)
    return doom


def _new_weakness(character: Character, name: str, rank: Rank, trait: Trait) -> None:
    weakness = Element(
        name=name, rank=rank, trait=trait, kind=ElementKind.WEAKNESS, acquired=Acquired.PLAY
    )
    character.elements = [*character.elements, weakness]


def doom_names_needed(character: Character, outcome: str) -> tuple[bool, bool]:
    """Which Weaknesses settling the pending Doom as ``outcome`` leaves, each to be named
    by the table: (the Doom's Poor one, the Legendary Stress's Basic one). A survivor
    gains the first; Legendary Stress leaves the second unless the character is out
    [*Doom*, *Damage*]."""
    play = character.play
    if play.doom_trait is None or outcome not in DOOM_OUTCOMES:
        return False, False
    return outcome == "survived", play.doom_legendary and outcome != "out"


def doom_names_reason(
    character: Character, outcome: str, weakness_name: str = "",
    legendary_weakness_name: str = "",
) -> str:
    """Why the Doom cannot be settled as ``outcome`` with these names ("" when it can):
    a Weakness is something the table invokes in play, so it needs a name of its own,
    such as "One Arm" (no made-up stand-in)."""
    poor, basic = doom_names_needed(character, outcome)
    trait = character.play.doom_trait
    missing: list[str] = []
    if poor and not weakness_name.strip():
        missing.append(f"the {DOOM_WEAKNESS_RANK.label} Weakness the Doom leaves")
    if basic and not legendary_weakness_name.strip():
        missing.append(f"the {LEGENDARY_WEAKNESS_RANK.label} Weakness the Legendary "
                       "Stress leaves")
    if not missing or trait is None:
        return ""
    return f"name {' and '.join(missing)} (on {trait.value})"


def _doom_checks(character: Character, outcome: str, advancement: int | None,
                 weakness_name: str, legendary_weakness_name: str) -> int:
    """Raise RefusedError unless the Doom can be settled so; the held Advancement an
    averted Doom spends (-1 for the other outcomes)."""
    require_playing(character, "resolve a Doom")
    if character.play.doom_trait is None:
        raise RefusedError("there is no Doom to resolve")
    if outcome not in DOOM_OUTCOMES:
        raise RefusedError(
            f"unknown outcome {outcome!r} (known: {', '.join(DOOM_OUTCOMES)})"
        )
    index = -1
    if outcome == "averted":
        index = pick_free_advancement(character, advancement, "avert a Doom")
    missing = doom_names_reason(character, outcome, weakness_name, legendary_weakness_name)
    if missing:
        raise RefusedError(cannot("settle the Doom", missing))
    return index


def doom_refusal(character: Character, outcome: str, weakness_name: str = "",
                 legendary_weakness_name: str = "") -> str:
    """Why :func:`resolve_doom` would refuse ``outcome`` with these names ("" when it
    would not); nothing is changed."""
    try:
        _doom_checks(character, outcome, None, weakness_name, legendary_weakness_name)
    except RefusedError as exc:
        return str(exc)
    return ""


def resolve_doom(
    character: Character,
    outcome: str,
    *,
    advancement: int | None = None,
    weakness_name: str = "",
    legendary_weakness_name: str = "",
    why: str = "",
) -> None:
    """Settle the pending Doom: ``averted`` (spends a Pivot Advancement), ``survived``
    (a Poor Weakness on the Trait) or ``out`` (dead or gone, the table's call). Each
    Weakness it leaves must be named (see :func:`doom_names_reason`)."""
    index = _doom_checks(character, outcome, advancement, weakness_name,
                         legendary_weakness_name)
    play = character.play
    trait = play.doom_trait
    assert trait is not None  # checked above
    legendary = play.doom_legendary
    basic_name = legendary_weakness_name.strip()
    poor_name = weakness_name.strip()
    parts: list[str] = []
    if outcome == "averted":
        held = list(play.advancements)
        held.pop(index)
        play.advancements = held
        play.removed_from_scene = True
        parts.append(f"Doom on {trait.value} averted with an Advancement; out of this scene")
    elif outcome == "survived":
        _new_weakness(character, poor_name, DOOM_WEAKNESS_RANK, trait)
        play.removed_from_scene = True
        parts.append(
            f'Survived the Doom on {trait.value}: Weakness "{poor_name}" '
            f"{DOOM_WEAKNESS_RANK.display()}; out of this scene"
        )
    else:
        play.out_of_play = True
        parts.append(f"Doom on {trait.value}: the character is out of the game")
    if legendary and outcome != "out":
        _new_weakness(character, basic_name, LEGENDARY_WEAKNESS_RANK, trait)
        parts.append(
            f'Legendary Stress leaves Weakness "{basic_name}" '
            f"{LEGENDARY_WEAKNESS_RANK.display()}"
        )
    play.doom_trait = None
    play.doom_legendary = False
    record(character, "resolve_doom", "; ".join(parts), why)


def return_to_play(character: Character, why: str = "") -> None:
    """Bring back a character marked out of the game (the table's decision)."""
    if not character.play.out_of_play:
        raise RefusedError("the character is not out of the game")
    character.play.out_of_play = False
    record(character, "return_to_play", "Back in the game", why)


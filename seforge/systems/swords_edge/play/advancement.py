"""Advancements: earning one from a Critical Failure, what a held one may do now
(one checker per use), spending it; and the Stunt a Critical Success gives
(book: *Advancement*, *Critical Failure*, *Critical Success*)."""

from __future__ import annotations

from dataclasses import dataclass

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.editing import CORE_KEYS, get_rank, quality_for
from seforge.systems.swords_edge.models import (
    MAX_LUCK,
    TRAITS,
    Acquired,
    Character,
    Element,
    ElementKind,
    HeldAdvancement,
    Trait,
)
from seforge.systems.swords_edge.play.advancement_uses import (
    ADVANCEMENT_USES,
    AdvancementUse,
    use_reason,
)
from seforge.systems.swords_edge.play.guards import (
    no_held_advancement,
    require_in_scene,
    require_session,
)
from seforge.systems.swords_edge.play.history import record
from seforge.systems.swords_edge.play.keys import (
    FLAWS,
    describe_key,
    key_exists,
)
from seforge.systems.swords_edge.play.state import penalty_total
from seforge.systems.swords_edge.play.stress import resolve_doom
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank


@dataclass(frozen=True)
class AdvancementOption:
    """One thing a held Advancement could do, and whether the rules allow it now."""

    use: AdvancementUse
    target: str | None
    allowed: bool
    reason: str = ""
    """Why it is not allowed (empty when allowed)."""
    label: str = ""
    """A short description for a list, e.g. ``Raise Concept "Friar": Good → Great``."""


def earn_critical_failure_advancement(
    character: Character, qualities_used: list[str], trait: Trait | None, why: str = ""
) -> None:
    """A natural 2: an Advancement tied to the Qualities (keys) and Trait of that Test.

    A Test may hold a second Trait brought in with Luck (L363); it is kept among the
    Qualities used, so the Advancement is earned but no Trait may rise (L533).
    """
    require_session(character, "earn an Advancement")
    require_in_scene(character, "roll a Test")
    keys: list[str] = []
    for key in qualities_used:
        key_trait = QualityKey.parse(key).trait
        if key_trait is not None:
            if trait is None:
                trait = key_trait
            elif key_trait is not trait and key not in keys:
                keys.append(key)
            continue
        if not key_exists(character, key):
            raise RefusedError(f"the character has no Quality {key!r}")
        if key not in keys:
            keys.append(key)
    if not keys and trait is None:
        raise RefusedError("name the Qualities or the Trait used in the failed Test")
    play = character.play
    used = [describe_key(character, k) for k in keys]
    if trait is not None:
        used.append(trait.value)
    play.advancements = [
        *play.advancements,
        HeldAdvancement(
            source="critical_failure",
            qualities=keys,
            trait=trait,
            note="Test used " + ", ".join(used),
            earned_session=play.session,
            earned_scene=play.scene,
        ),
    ]
    record(
        character,
        "earn_critical_failure",
        "Advancement from a Critical Failure (" + ", ".join(used) + ")",
        why,
    )


def _raise_targets(character: Character) -> list[str]:
    keys = list(CORE_KEYS)
    keys.extend(QualityKey.of_element(i) for i in range(len(character.elements)))
    keys.extend(QualityKey.of_trait(t) for t in TRAITS)
    return keys


def _option_label(character: Character, use: str, target: str | None) -> str:
    if use == "raise" and target is not None:
        name = describe_key(character, target)
        if QualityKey.parse(target).trait is None and not key_exists(character, target):
            return f"Raise {name}"
        rank = get_rank(character, target)
        up = rank.shifted(1)
        if up is None or up > Rank.LEGENDARY:
            return f"Raise {name} ({rank.label})"
        quality = None if QualityKey.parse(target).is_trait else quality_for(character, target)
        if isinstance(quality, Element) and quality.kind in FLAWS and up >= Rank.AVERAGE:
            text = f"Raise {name}: {rank.label} → Average, which removes it"
            lost = _sfx_lost_with(character, quality)
            if lost:
                text += f" and with it access to SFX \"{lost}\""
            return text
        return f"Raise {name}: {rank.label} → {up.label}"
    if use == "buy" and character.options.sfx_subsystem:
        fetish = " with its Basic Fetish" if character.options.fetish_rule else ""
        return f"Buy a new Quality at Good (an SFX at Basic{fetish})"
    return {
        "buy": "Buy a new Quality at Good",
        "clear_penalties": "Clear all Penalty Ranks (end of session)",
        "luck": "Turn into one Luck",
        "avert_doom": "Avert the pending Doom",
    }.get(use, use)


def _sfx_lost_with(character: Character, fetish: Element) -> str:
    """The SFX a Fetish opens under the Fetish rule (L691), or ''."""
    if fetish.kind is not ElementKind.FETISH or not character.options.fetish_rule:
        return ""
    target = (fetish.fetish_of or "").strip().casefold()
    for element in character.elements:
        if element.kind is ElementKind.SFX and element.name.strip().casefold() == target:
            return element.name
    return ""


def advancement_options(character: Character, index: int) -> list[AdvancementOption]:
    """Every use of held Advancement ``index`` (each raise target separately), with
    whether the rules allow it now and, if not, why."""
    if not 0 <= index < len(character.play.advancements):
        raise RefusedError(no_held_advancement(index))
    options: list[AdvancementOption] = []
    for target in _raise_targets(character):
        reason = use_reason(character, index, "raise", target, None, need_details=True)
        options.append(
            AdvancementOption(
                "raise", target, not reason, reason, _option_label(character, "raise", target)
            )
        )
    for use in ADVANCEMENT_USES[1:]:
        reason = use_reason(character, index, use, None, None, need_details=False)
        options.append(
            AdvancementOption(use, None, not reason, reason, _option_label(character, use, None))
        )
    return options


def _remove_element(character: Character, index: int) -> Element:
    """Remove an Element, keeping the Critical Failure keys pointing at the right ones."""
    elements = list(character.elements)
    removed = elements.pop(index)
    character.elements = elements
    for adv in character.play.advancements:
        keys: list[str] = []
        for key in adv.qualities:
            parsed = QualityKey.parse(key)
            position = parsed.position if parsed.is_element else None
            if position == index:
                keys.append(QualityKey.of("removed", removed.name))
            elif position is not None and position > index:
                keys.append(QualityKey.of_element(position - 1))
            else:
                keys.append(key)
        adv.qualities = keys
    return removed


def _raise(character: Character, target: str) -> str:
    parsed = QualityKey.parse(target)
    trait = parsed.trait
    if trait is not None:
        old = character.trait_rank(trait)
        traits = dict(character.traits)
        traits[trait] = Rank(int(old) + 1)
        character.traits = traits
        steps = dict(character.trait_advanced)
        steps[trait] = steps.get(trait, 0) + 1
        character.trait_advanced = steps
        return f"Raised {trait.value}: {old.label} → {traits[trait].label}"
    name = describe_key(character, target)
    quality = quality_for(character, target)
    old = quality.rank
    quality.rank = Rank(int(old) + 1)
    quality.advanced += 1
    text = f"Raised {name}: {old.label} → {quality.rank.label}"
    if isinstance(quality, Element) and quality.kind in FLAWS and quality.rank >= Rank.AVERAGE:
        assert parsed.position is not None  # a Flaw is an Element
        _remove_element(character, parsed.position)
        if quality.kind is ElementKind.WEAKNESS and quality.acquired is Acquired.CREATION:
            character.play.overcome_weaknesses = [
                *character.play.overcome_weaknesses, quality.name
            ]
        text += ", so it is overcome and removed"
    return text


def use_advancement(
    character: Character,
    index: int,
    use: str,
    target: str | None = None,
    new_element: Element | None = None,
    why: str = "",
    fetish_name: str = "",
) -> None:
    """Spend held Advancement ``index`` on ``use`` (see :data:`ADVANCEMENT_USES`).

    ``target`` is the key of the Quality to raise; ``new_element`` describes a
    Quality to buy (name, Trait, kind; it comes in at Good, gained in play; an SFX
    under the SFX subsystem at Basic, L677, and under the Fetish rule with a Basic
    Fetish named ``fetish_name``, L689).
    """
    reason = use_reason(character, index, use, target, new_element, need_details=True)
    if reason:
        raise RefusedError(reason)
    if use == "avert_doom":
        resolve_doom(character, "averted", advancement=index, why=why)
        return
    play = character.play
    adv = play.advancements[index]
    held = list(play.advancements)
    held.pop(index)
    play.advancements = held
    source = "Critical Failure" if adv.source == "critical_failure" else "Pivot"
    if use == "raise":
        assert target is not None
        what = _raise(character, target)
        if adv.source != "critical_failure":
            play.session_advancement_used = True
    elif use == "buy":
        assert new_element is not None
        sfx = new_element.kind is ElementKind.SFX
        start = Rank.BASIC if sfx and character.options.sfx_subsystem else Rank.GOOD
        bought = new_element.model_copy(
            update={"rank": start, "acquired": Acquired.PLAY, "advanced": 0}
        )
        added = [bought]
        if sfx and character.options.fetish_rule:
            # L689: a Fetish is taken at Basic when a new SFX Quality is bought.
            added.append(Element(
                name=fetish_name.strip() or f"Fetish of {bought.name}", rank=Rank.BASIC,
                trait=bought.trait, kind=ElementKind.FETISH, acquired=Acquired.PLAY,
                fetish_of=bought.name,
            ))
        character.elements = [*character.elements, *added]
        play.session_advancement_used = True
        trait_name = bought.trait.value if bought.trait else ""
        what = f'Bought "{bought.name}" ({trait_name}) at {start.label}'
        if len(added) > 1:
            what += f', with its Fetish "{added[1].name}" at Basic'
    elif use == "clear_penalties":
        total = penalty_total(character)
        play.penalty_ranks = {}
        play.scene_penalty_ranks = {}
        play.sfx_penalty_ranks = {}
        play.scene_sfx_penalty_ranks = {}
        what = f"Cleared all Penalty Ranks ({total})"
    else:  # luck
        play.luck = min(MAX_LUCK, play.luck + 1)
        what = "Turned an Advancement into one Luck"
    record(character, "use_advancement", f"{what} [{source} Advancement]", why)


def critical_success_stunt(character: Character, name: str, trait: Trait, why: str = "") -> None:
    """A natural 20: a permanent Good Stunt linked to the Trait used."""
    require_session(character, "gain a Stunt")
    require_in_scene(character, "roll a Test")
    if not name.strip():
        raise RefusedError("give the Stunt a name")
    stunt = Element(
        name=name.strip(),
        rank=Rank.GOOD,
        trait=trait,
        kind=ElementKind.STUNT,
        acquired=Acquired.PLAY,
    )
    character.elements = [*character.elements, stunt]
    record(character, "stunt", f'Stunt "{stunt.name}" ({trait.value}) at Good', why)


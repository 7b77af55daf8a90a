"""When a held Advancement may be used: one checker per use (book: *Advancement*,
*Critical Failure*, *Doom*).

Each checker returns why the use is refused now, or ``""`` when the rules allow
it; :func:`use_reason` runs the checks every use shares and then the use's own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from seforge.systems.swords_edge.editing import get_rank
from seforge.systems.swords_edge.models import Character, Element, ElementKind, HeldAdvancement
from seforge.systems.swords_edge.play.guards import NO_PENALTIES, OUT_OF_GAME, no_held_advancement
from seforge.systems.swords_edge.play.keys import key_exists
from seforge.systems.swords_edge.play.state import has_penalties
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.wording import with_article

AdvancementUse = Literal["raise", "buy", "clear_penalties", "luck", "avert_doom"]
ADVANCEMENT_USES: tuple[AdvancementUse, ...] = (
    "raise",
    "buy",
    "clear_penalties",
    "luck",
    "avert_doom",
)

BUYABLE = (ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX)
"""The kinds of Element an Advancement can buy."""

ONCE_A_SESSION = (
    "an Advancement was already used this session to raise or buy a Quality "
    "(once a session)"
)


@dataclass(frozen=True)
class UseRequest:
    """One proposed use of a held Advancement, as the checkers see it."""

    character: Character
    advancement: HeldAdvancement
    target: str | None
    new_element: Element | None
    need_details: bool

    @property
    def from_failure(self) -> bool:
        return self.advancement.source == "critical_failure"


def _raise_reason(request: UseRequest) -> str:
    character, adv, target = request.character, request.advancement, request.target
    if target is None:
        return "choose the Quality to raise"
    trait = QualityKey.parse(target).trait
    if trait is not None:
        if not request.from_failure:
            return (
                "Traits rise only through a Critical Failure on a Test that used "
                "the Trait alone"
            )
        if adv.trait is not trait and QualityKey.of_trait(trait) not in adv.qualities:
            return f"{trait.value} was not used in that Test"
        if adv.qualities:
            return "that Test also used other Qualities, so its Trait cannot rise"
    elif not key_exists(character, target):
        return f"the character has no Quality {target!r}"
    elif request.from_failure and target not in adv.qualities:
        return "this Quality was not used in the Test that failed critically"
    if get_rank(character, target) >= Rank.LEGENDARY:
        return "already Legendary, the highest Rank"
    if not request.from_failure and character.play.session_advancement_used:
        return ONCE_A_SESSION
    return ""


def _buy_reason(request: UseRequest) -> str:
    new_element = request.new_element
    if request.character.play.session_advancement_used:
        return ONCE_A_SESSION
    if new_element is None:
        return "describe the new Quality" if request.need_details else ""
    if not new_element.name.strip():
        return "give the new Quality a name"
    if new_element.trait is None:
        return "link the new Quality to a Trait"
    if new_element.kind not in BUYABLE:
        return f"{with_article(new_element.kind.value)} cannot be bought with an Advancement"
    return ""


def _clear_penalties_reason(request: UseRequest) -> str:
    play = request.character.play
    if play.session_running:
        return "only at the end of a session: end the session first"
    if play.session == 0:
        return "only at the end of a session, and none has been played yet"
    if not has_penalties(request.character):
        return NO_PENALTIES
    return ""


def _luck_reason(request: UseRequest) -> str:
    if not request.character.play.session_running:
        return "Luck exists only during a session"
    return ""


def _avert_doom_reason(request: UseRequest) -> str:
    play = request.character.play
    if play.doom_trait is None:
        return "there is no Doom to avert"
    if play.doom_legendary:
        # the Legendary Stress leaves a Weakness even when averted, and it needs a name
        return "Legendary Stress leaves a Weakness to name: avert it where the Doom is settled"
    return ""


USE_CHECKERS: dict[str, Callable[[UseRequest], str]] = {
    "raise": _raise_reason,
    "buy": _buy_reason,
    "clear_penalties": _clear_penalties_reason,
    "luck": _luck_reason,
    "avert_doom": _avert_doom_reason,
}
"""The checker of each use, in the order of :data:`ADVANCEMENT_USES`."""


def use_reason(
    character: Character,
    index: int,
    use: str,
    target: str | None,
    new_element: Element | None,
    *,
    need_details: bool,
) -> str:
    """Why held Advancement ``index`` cannot be spent on ``use`` now ("" when it can).

    ``need_details``: a purchase without ``new_element`` is refused (when spending)
    rather than allowed pending its description (when listing the options).
    """
    play = character.play
    if play.out_of_play:
        return OUT_OF_GAME
    if not 0 <= index < len(play.advancements):
        return no_held_advancement(index)
    checker = USE_CHECKERS.get(use)
    if checker is None:
        return f"unknown use {use!r} (known: {', '.join(ADVANCEMENT_USES)})"
    adv = play.advancements[index]
    if adv.source == "critical_failure" and use != "raise":
        return "a Critical Failure Advancement can only raise a Quality used in that Test"
    return checker(UseRequest(character, adv, target, new_element, need_details))

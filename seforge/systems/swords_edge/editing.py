"""Edits to a character, and which edits the creation rules allow.

The builder's undo commands are thin wrappers over these functions: each mutator
changes the character in place and returns what it replaced, so the command can put
it back. ``rank_choices`` tells a Rank control which Ranks to offer and, for each one
it must not offer, why.

Quality keys: ``concept``, ``background``, ``faculty``, ``trait:<Trait>``,
``element:<index>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from seforge.systems.swords_edge.budget import (
    CORE_START,
    TRAIT_START,
    BudgetReport,
    budget_report,
    core_cost,
    element_entry,
    element_start,
    trait_cost,
)
from seforge.systems.swords_edge.models import (
    Acquired,
    Character,
    Element,
    ElementKind,
    LinkedQuality,
    Quality,
    RuleOptions,
    Trait,
)
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import QUALITY_RANKS, Rank
from seforge.systems.swords_edge.validation import play_start_ranks

CORE_KEYS = ("concept", "background", "faculty")
PIVOT_SLOTS = ("goal", "quirk", "style")


@dataclass(frozen=True)
class RankChoice:
    rank: Rank
    allowed: bool
    reason: str = ""
    """Why the Rank is not offered (empty when allowed)."""
    cost_change: int = 0
    """Ranks this choice would spend (+) or give back (-) compared with now."""


@dataclass(frozen=True)
class KindChoice:
    kind: ElementKind
    allowed: bool
    reason: str = ""
    """Why the kind is not offered (empty when allowed)."""


STUNT_AT_CREATION = "a Stunt only comes from a Critical Success in play, never at creation"


def kind_choices(character: Character, index: int | None = None) -> list[KindChoice]:
    """Every Element kind with whether the builder may offer it for Element ``index``
    (None: a new creation Element). A Stunt is never bought at creation (L539)."""
    acquired = Acquired.CREATION if index is None else character.elements[index].acquired
    choices = []
    for kind in ElementKind:
        reason = ""
        if kind is ElementKind.STUNT and acquired is Acquired.CREATION:
            reason = STUNT_AT_CREATION
        choices.append(KindChoice(kind, not reason, reason))
    return choices


def _element_index(key: str) -> int:
    parsed = QualityKey.parse(key)
    if not parsed.is_element:
        raise KeyError(key)
    return int(parsed.rest)


def _trait(key: str) -> Trait:
    return Trait(QualityKey.parse(key).rest)


def quality_for(character: Character, key: str) -> Quality | LinkedQuality | Element:
    """The Concept, Background, Faculty or Element behind ``key`` (not Traits)."""
    if key == "concept":
        return character.concept
    if key == "background":
        return character.background
    if key == "faculty":
        return character.faculty
    return character.elements[_element_index(key)]


def get_rank(character: Character, key: str) -> Rank:
    if QualityKey.parse(key).is_trait:
        return character.trait_rank(_trait(key))
    return quality_for(character, key).rank


def set_rank(character: Character, key: str, rank: Rank) -> Rank:
    """Set the Rank behind ``key``; returns the previous Rank."""
    old = get_rank(character, key)
    if QualityKey.parse(key).is_trait:
        traits = dict(character.traits)
        traits[_trait(key)] = rank
        character.traits = traits
    else:
        quality_for(character, key).rank = rank
    return old


def _cost_of(character: Character, key: str, rank: Rank) -> int:
    """Creation cost of the Quality behind ``key`` if it stood at ``rank``."""
    if QualityKey.parse(key).is_trait:
        return trait_cost(character, _trait(key), rank)
    quality = quality_for(character, key)
    if isinstance(quality, Element):
        index = _element_index(key)
        entry = element_entry(index, quality.model_copy(update={"rank": rank}), character)
        return 0 if entry is None else entry.cost
    return core_cost(rank, quality.advanced)


def _minimum(character: Character, key: str) -> tuple[Rank, str]:
    """The lowest Rank offered at creation and the reason for it."""
    if QualityKey.parse(key).is_trait:
        if character.options.trait_lowering_refunds:
            return Rank.WEAK, ""
        return TRAIT_START, "Traits start at Average (see Table rules to allow lowering)"
    quality = quality_for(character, key)
    advanced = quality.advanced
    if isinstance(quality, Element):
        start = element_start(quality, character)
        what = {
            ElementKind.SFX: "an SFX Quality starts at " + start.label,
        }.get(quality.kind, "Elements start at Good")
    else:
        start = CORE_START
        what = f"the {key.capitalize()} starts at Good"
    floor = start.shifted(advanced) or start
    return floor, what


@dataclass(frozen=True)
class _RankRules:
    """What limits the Ranks a Quality may take, apart from the budget."""

    weakness_at_creation: bool
    """A Weakness (or Fetish) taken at creation: Basic only."""
    gained: tuple[Rank, ...]
    """For an Element gained in play: the Ranks it may start at (else empty)."""
    gained_reason: str
    bought: bool
    """Bought with creation Ranks (so it cannot go below its starting Rank)."""
    floor: Rank
    floor_reason: str

    def refusal(self, rank: Rank, delta: int, report: BudgetReport) -> str:
        """Why ``rank`` is not offered ("" when it is), costing ``delta`` more Ranks."""
        if self.weakness_at_creation:
            return "" if rank == Rank.BASIC else "a Weakness taken at creation is Basic"
        if self.gained:
            return "" if rank in self.gained else self.gained_reason
        if self.bought and rank < self.floor:
            return self.floor_reason
        if delta > 0 and report.spent + delta > report.budget:
            short = report.spent + delta - report.budget
            return f"needs {short} more Rank{'s' if short != 1 else ''} than you have left"
        return ""


def _rank_rules(character: Character, key: str) -> _RankRules:
    quality = None if QualityKey.parse(key).is_trait else quality_for(character, key)
    weakness_at_creation = (
        isinstance(quality, Element)
        and quality.kind in (ElementKind.WEAKNESS, ElementKind.FETISH)
        and quality.acquired is Acquired.CREATION
    )
    bought = not isinstance(quality, Element) or (
        quality.acquired is Acquired.CREATION and quality.kind is not ElementKind.STUNT
    )
    gained: tuple[Rank, ...] = ()
    gained_reason = ""
    if isinstance(quality, Element) and not bought:
        gained = tuple(
            r for r in (s.shifted(quality.advanced) for s in play_start_ranks(quality, character))
            if r is not None
        )
        gained_reason = _gained_reason(quality)
    floor, floor_reason = _minimum(character, key)
    return _RankRules(weakness_at_creation, gained, gained_reason, bought, floor, floor_reason)


def rank_choices(character: Character, key: str) -> list[RankChoice]:
    """Every Quality Rank (Weak..Legendary) with whether the builder may offer it.

    Not offered: a Rank below the Quality's starting Rank, a Weakness taken at
    creation at anything but Basic, and a raise that would spend more Ranks than the
    budget holds. A change that does not make the spending worse is always offered,
    so an over-budget book character can still be brought back within budget.
    """
    report = budget_report(character)
    current = get_rank(character, key)
    current_cost = _cost_of(character, key, current)
    rules = _rank_rules(character, key)
    choices: list[RankChoice] = []
    for rank in QUALITY_RANKS:
        delta = _cost_of(character, key, rank) - current_cost
        reason = rules.refusal(rank, delta, report)
        choices.append(RankChoice(rank, not reason or rank == current, reason, delta))
    return choices


def _gained_reason(element: Element) -> str:
    if element.kind is ElementKind.STUNT:
        return "a Stunt comes in at Good and rises only with Advancements"
    return "gained in play at its starting Rank; it rises only with Advancements"


def set_name(character: Character, key: str, name: str) -> str:
    """Rename the character (``name``), or the Quality behind ``key``."""
    if key == "name":
        old = character.name
        character.name = name
        return old
    quality = quality_for(character, key)
    old = quality.name
    quality.name = name
    if isinstance(quality, Element):
        rename_sfx_penalties(character, old, name, renamed=quality)
    return old


def rename_sfx_penalties(character: Character, old: str, new: str, *,
                         renamed: Element | None = None) -> None:
    """SFX Penalty Ranks are kept by the Element's name: when it is renamed, they
    follow it (unless another Element still has the old name)."""
    if old == new:
        return
    others = [e for e in character.elements if e.name == old and e is not renamed]
    if renamed is None:
        others = others[1:]  # the Element being renamed still carries the old name
    if others:
        return
    play = character.play
    for table in (play.sfx_penalty_ranks, play.scene_sfx_penalty_ranks):
        if old in table:
            table[new] = table.pop(old)


def set_link(character: Character, key: str, trait: Trait | None) -> Trait | None:
    """Link the Faculty or an Element to ``trait``; returns the old link."""
    quality = quality_for(character, key)
    if not isinstance(quality, LinkedQuality):
        raise KeyError(f"{key} has no Trait link")
    old = quality.trait
    quality.trait = trait
    return old


def new_element(kind: ElementKind, character: Character, trait: Trait | None = None) -> Element:
    """A fresh creation Element of ``kind`` at its starting Rank (never a Stunt)."""
    if kind is ElementKind.STUNT:
        raise ValueError(STUNT_AT_CREATION)
    element = Element(name="", kind=kind, trait=trait)
    element.rank = element_start(element, character)
    return element


def insert_element(character: Character, index: int, element: Element) -> None:
    elements = list(character.elements)
    elements.insert(index, element)
    character.elements = elements


def remove_element(character: Character, index: int) -> Element:
    elements = list(character.elements)
    removed = elements.pop(index)
    character.elements = elements
    return removed


def move_element(character: Character, source: int, target: int) -> None:
    elements = list(character.elements)
    elements.insert(target, elements.pop(source))
    character.elements = elements


def set_kind(character: Character, index: int, kind: ElementKind) -> tuple[ElementKind, Rank]:
    """Change an Element's kind; a creation Element moves to its new starting Rank
    when the old Rank is not allowed for the new kind. Returns (old kind, old Rank)."""
    element = character.elements[index]
    old = (element.kind, element.rank)
    if kind is ElementKind.STUNT and element.acquired is Acquired.CREATION:
        raise ValueError(STUNT_AT_CREATION)
    element.kind = kind
    if element.acquired is Acquired.CREATION:
        start = element_start(element, character)
        if kind in (ElementKind.WEAKNESS, ElementKind.FETISH) or element.rank < start:
            element.rank = start
    return old


def set_pivot(character: Character, slot: str, text: str | None) -> str | None:
    if slot not in PIVOT_SLOTS:
        raise KeyError(slot)
    old: str | None = getattr(character.pivots, slot)
    setattr(character.pivots, slot, text)
    return old


def restore_kind(character: Character, index: int, kind: ElementKind, rank: Rank) -> None:
    """Put back the kind and Rank that :func:`set_kind` returned (its undo)."""
    element = character.elements[index]
    element.kind = kind
    element.rank = rank


_CHARACTER_FIELDS = frozenset({"player", "campaign", "genre", "notes", "portrait"})
_OPTION_FIELDS = frozenset(RuleOptions.model_fields)
_ELEMENT_FIELDS = frozenset({"gm_extra_cost", "fetish_of", "note"})


def set_field(character: Character, field: str, value: Any) -> Any:
    """Set a field that no rule constrains; returns the old value.

    ``field`` is one of ``player``, ``campaign``, ``genre``, ``notes``, ``portrait``,
    ``option:<RuleOptions field>`` (a table rule) or ``element:<index>:<attr>`` with
    attr ``gm_extra_cost``, ``fetish_of`` or ``note``. Values are validated by the
    model (a negative GM charge raises ValueError).
    """
    target: object
    if field.startswith("option:"):
        target, attr, allowed = character.options, field.removeprefix("option:"), _OPTION_FIELDS
    elif field.startswith("element:"):
        _, index, attr = field.split(":")
        target, allowed = character.elements[int(index)], _ELEMENT_FIELDS
    else:
        target, attr, allowed = character, field, _CHARACTER_FIELDS
    if attr not in allowed:
        raise KeyError(field)
    old = getattr(target, attr)
    setattr(target, attr, value)
    return old

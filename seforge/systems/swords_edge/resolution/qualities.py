"""A PC's Qualities in a Test: their keys, modifiers, Fetishes and usable SFX, the
Luck they cost (Exertion), what is spent on Momentum, and the Action's situational
parts (book: *Tests*, *Action*, *Luck*, *Momentum*).

A Quality's key is ``"concept"``, ``"background"``, ``"faculty"``,
``"trait:Physique"`` or ``"element:0"`` (a
:class:`~seforge.systems.swords_edge.quality_key.QualityKey`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import (
    Character,
    Element,
    ElementKind,
    Trait,
)
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.resolution.ranges import range_modifier
from seforge.systems.swords_edge.resolution.steps import STEPS, Step
from seforge.systems.swords_edge.resolution.stress import penalty_modifier
from seforge.systems.swords_edge.resolution.tns import momentum_bonus, multiple_action_penalty

# ------------------------------------------------------------------ Luck and setup


def exertion_cost(extra_traits: int, extra_elements: int) -> int:
    """Luck needed to bring extra Traits and Elements into one Test: one each.

    A Test allows one Trait and one Element for free (book: *Luck*, Exertion).
    """
    if extra_traits < 0 or extra_elements < 0:
        raise ValueError("extra Traits and Elements cannot be negative")
    return extra_traits + extra_elements


QualitySource = Literal["concept", "background", "faculty", "trait", "element"]


@dataclass(frozen=True)
class ActionOption:
    """A Quality a PC may put into an Action Test."""

    key: str
    name: str
    modifier: int
    source: QualitySource


_PLAYER_ELEMENT_KINDS = frozenset(
    {ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX, ElementKind.STUNT}
)


def available_for_action(
    character: Character, trait: Trait, used_in_momentum: set[str]
) -> list[ActionOption]:
    """What the PC may apply in the Action that follows a Momentum Test on ``trait``.

    Concept, Background, the Faculty if it is linked to ``trait``, the Trait
    itself, and the Elements linked to ``trait``, minus anything already spent
    on Momentum (matched by key). The Trait stays available even if used for
    Momentum: that is the one Quality allowed in both. Book: *Tests*, *Action*.

    Element count: one Element is free; each further Element costs one Luck
    (see :func:`exertion_cost` and :meth:`TestSetup.action_luck_cost`). Which one
    is "the free one" is the player's choice, so no option is marked as costly.

    The Trait's modifier already includes its Penalty Ranks. Weaknesses and
    Fetishes are not offered: others invoke a Weakness (and pay Luck for it), and
    a Fetish applies on its own whenever its Trait is used (see
    :func:`fetish_modifier`).
    """
    options: list[ActionOption] = []
    if "concept" not in used_in_momentum:
        concept = character.concept
        options.append(ActionOption("concept", concept.name, concept.rank.play_modifier, "concept"))
    if "background" not in used_in_momentum:
        background = character.background
        options.append(
            ActionOption("background", background.name, background.rank.play_modifier, "background")
        )
    if character.faculty.trait is trait and "faculty" not in used_in_momentum:
        faculty = character.faculty
        options.append(ActionOption("faculty", faculty.name, faculty.rank.play_modifier, "faculty"))
    options.append(
        ActionOption(QualityKey.of_trait(trait), trait.value, trait_modifier(character, trait),
                     "trait")
    )
    for index, element in enumerate(character.elements):
        key = QualityKey.of_element(index)
        if (
            element.trait is trait
            and element.kind in _PLAYER_ELEMENT_KINDS
            and key not in used_in_momentum
            and sfx_usable(character, element)
        ):
            options.append(ActionOption(key, element.name, element.rank.play_modifier, "element"))
    return options


def trait_modifier(character: Character, trait: Trait) -> int:
    """The Trait's modifier in a Test, its Penalty Ranks taken off (-2 each). A
    Mythic Trait (a problem ``check`` reports) counts as Legendary."""
    penalty = max(0, character.play.penalty_ranks.get(trait, 0))
    return min(character.trait_rank(trait), Rank.LEGENDARY).modifier + penalty_modifier(penalty)


def fetish_modifier(character: Character, trait: Trait) -> int:
    """The sum of the Fetishes linked to ``trait``: under the Fetish rule they count
    in every Test that uses that Trait, SFX or not (L689). With the rule off a
    Fetish is a plain Weakness, applied only when invoked (L323, L327): 0 here."""
    if not character.options.fetish_rule:
        return 0
    return sum(
        e.rank.play_modifier
        for e in character.elements
        if e.kind is ElementKind.FETISH and e.trait is trait and e.rank < Rank.AVERAGE
    )


def invocable_weakness(character: Character, element: Element) -> bool:
    """Whether ``element`` is a Weakness someone may invoke in a Test on its Trait
    (L323, L327): a Weakness below Average (at Average it is overcome, L335), or a
    Fetish while the Fetish rule is off (with it on, it counts by itself:
    :func:`fetish_modifier`)."""
    if element.rank >= Rank.AVERAGE:
        return False
    if element.kind is ElementKind.WEAKNESS:
        return True
    return element.kind is ElementKind.FETISH and not character.options.fetish_rule


def is_weakness_key(character: Character, key: str) -> bool:
    """Whether ``key`` names one of the character's invocable Weaknesses (a penalty put
    into a Test by someone else, never spent on Momentum)."""
    parsed = QualityKey.parse(key)
    if parsed.kind != "element":
        return False
    try:
        element = character.elements[int(parsed.rest)]
    except (ValueError, IndexError):
        return False
    return invocable_weakness(character, element)


def sfx_usable(character: Character, element: Element) -> bool:
    """Can this SFX Quality be used? Under the Fetish rule only while a Fetish below
    Average opens it (L691); under the subsystem not once its Penalty Ranks bring it
    to Weak (L715). Anything else is always usable."""
    if element.kind is not ElementKind.SFX:
        return True
    options = character.options
    if options.sfx_subsystem:
        penalty = max(0, character.play.sfx_penalty_ranks.get(element.name, 0))
        if int(min(element.rank, Rank.LEGENDARY)) - penalty <= int(Rank.WEAK):
            return False
    if not options.fetish_rule:
        return True
    name = element.name.strip().casefold()
    return any(
        e.kind is ElementKind.FETISH and e.rank < Rank.AVERAGE
        and (e.fetish_of or "").strip().casefold() == name
        for e in character.elements
    )


def quality_modifier(character: Character, key: str) -> int:
    """The modifier of the Quality behind a setup key (see :func:`available_for_action`)."""
    if key in ("concept", "background", "faculty"):
        quality = {
            "concept": character.concept,
            "background": character.background,
            "faculty": character.faculty,
        }[key]
        return quality.rank.play_modifier
    parsed = QualityKey.parse(key)
    if parsed.trait is not None:
        return trait_modifier(character, parsed.trait)
    index = parsed.position
    if parsed.is_element and index is not None and index < len(character.elements):
        return character.elements[index].rank.play_modifier
    raise ValueError(f"no Quality behind the key {key!r}")


@dataclass
class TestSetup:
    """One PC's Test in the making: the Qualities put into Momentum and Action.

    Keys are those of :func:`available_for_action` ("concept", "background",
    "faculty", "trait:Physique", "element:0"). ``momentum_level`` is the Level
    the Momentum Test won at (for the first-round bonus, None if lost or not yet
    rolled); ``action_index`` counts the PC's earlier actions this round.
    """

    __test__ = False  # not a pytest test class, despite its name

    trait: Trait
    momentum: list[str] = field(default_factory=list)
    action: list[str] = field(default_factory=list)
    momentum_level: Level | None = None
    action_index: int = 0
    first_round: bool = True

    def conflicts(self) -> list[str]:
        """Keys used in both Momentum and Action other than the Trait (not allowed)."""
        return [k for k in self.action if k in self.momentum and not QualityKey.parse(k).is_trait]

    def action_luck_cost(self) -> int:
        """Luck the Action's extra Elements cost: every Element after the first."""
        elements = sum(1 for k in self.action if QualityKey.parse(k).is_element)
        return exertion_cost(0, max(elements - 1, 0))

    def _fetish(self, character: Character, keys: list[str]) -> int:
        applied = QualityKey.of_trait(self.trait) in keys
        return fetish_modifier(character, self.trait) if applied else 0

    def momentum_modifier(self, character: Character) -> int:
        """The Momentum roll's modifier: its Qualities, plus any Fetish of the Trait
        when the Trait is among them."""
        return sum(quality_modifier(character, k) for k in self.momentum) + self._fetish(
            character, self.momentum
        )

    def action_modifier(self, character: Character) -> int:
        """The Action roll's modifier: its Qualities, any Fetish of the Trait (when
        the Trait is applied), the first-round Momentum bonus and the penalty for
        extra actions."""
        bonus = momentum_bonus(self.momentum_level) if self.first_round else 0
        return (
            sum(quality_modifier(character, k) for k in self.action)
            + self._fetish(character, self.action)
            + bonus
            + multiple_action_penalty(self.action_index)
        )


# ----------------------------------------------------------- the calculator's choices


LuckNeed = Literal["free", "trait", "element", "invoked"]


@dataclass(frozen=True)
class QualityChoice:
    """A Quality the PC might put into the current step.

    ``spent`` is True when it was used for Momentum earlier in the scene (greyed
    out). ``needs`` says what bringing it in takes: nothing, a Luck for an extra
    Trait, or an Element slot (the first Element is free, each more costs one);
    ``"invoked"`` marks a Weakness, which someone else invokes (it costs the PC
    nothing: its player earns a Luck).
    ``requires`` is the other Trait that must be in the Test first, if any.
    """

    key: str
    name: str
    modifier: int
    source: str
    trait: Trait | None
    spent: bool
    needs: LuckNeed
    requires: Trait | None = None

    @property
    def label(self) -> str:
        return f"{self.name} {format_modifier(self.modifier)}"


_PLAYER_ELEMENTS = (ElementKind.QUALITY, ElementKind.ITEM, ElementKind.SFX, ElementKind.STUNT)


def trait_test_modifier(character: Character, trait: Trait, penalty_ranks: int) -> int:
    """A Trait's modifier in a Test with ``penalty_ranks`` on it (-2 each)."""
    return character.trait_rank(trait).modifier + penalty_modifier(penalty_ranks)


def pc_choices(
    character: Character,
    trait: Trait,
    spent: Iterable[str] = (),
    penalties: dict[Trait, int] | None = None,
) -> list[QualityChoice]:
    """Every Quality the PC could bring into a step using ``trait``.

    Order: the chosen Trait, Concept, Background, Faculty, the Elements linked
    to ``trait``, then the other Traits (a Luck each) with their Faculty and
    Elements (usable only once that Trait is in). ``spent`` holds the keys
    already used for Momentum this scene (never a Trait: Traits may be reused).
    ``penalties`` overrides the character's own Penalty Ranks per Trait.
    """
    used = set(spent)
    pen = dict(character.play.penalty_ranks if penalties is None else penalties)

    def trait_choice(t: Trait, needs: LuckNeed) -> QualityChoice:
        return QualityChoice(QualityKey.of_trait(t), t.value, trait_test_modifier(character, t,
                                                                         pen.get(t, 0)),
                             "trait", t, False, needs)

    def linked(t: Trait, requires: Trait | None) -> list[QualityChoice]:
        found: list[QualityChoice] = []
        if character.faculty.trait is t:
            found.append(QualityChoice("faculty", character.faculty.name or "Faculty",
                                       character.faculty.rank.play_modifier, "faculty", t,
                                       "faculty" in used, "free", requires))
        for index, element in enumerate(character.elements):
            if (element.trait is t and element.kind in _PLAYER_ELEMENTS
                    and sfx_usable(character, element)):
                key = QualityKey.of_element(index)
                found.append(QualityChoice(key, element.name or "Element",
                                           element.rank.play_modifier, "element", t, key in used,
                                           "element", requires))
        for index, element in enumerate(character.elements):
            if element.trait is t and invocable_weakness(character, element):
                found.append(QualityChoice(QualityKey.of_element(index),
                                           element.name or "Weakness",
                                           element.rank.play_modifier, "weakness", t, False,
                                           "invoked", requires))
        return found

    choices = [trait_choice(trait, "free")]
    choices.append(QualityChoice("concept", character.concept.name or "Concept",
                                 character.concept.rank.play_modifier, "concept", None,
                                 "concept" in used, "free"))
    choices.append(QualityChoice("background", character.background.name or "Background",
                                 character.background.rank.play_modifier, "background", None,
                                 "background" in used, "free"))
    choices.extend(linked(trait, None))
    for other in Trait:
        if other is not trait:
            choices.append(trait_choice(other, "trait"))
            choices.extend(linked(other, other))
    return choices


def default_chosen(trait: Trait) -> dict[Step, list[str]]:
    """The PC's Qualities the screen ticks before the player adjusts them, per step:
    the Trait everywhere, and in the Action also Concept, Background and Faculty
    (a starting point, not a rule; :func:`pc_choices` says what each costs)."""
    key = QualityKey.of_trait(trait)
    chosen: dict[Step, list[str]] = {step: [key] for step in STEPS}
    chosen["action"] = [key, "concept", "background", "faculty"]
    return chosen


def linked_trait_keys(choices: Sequence[QualityChoice], selected: Iterable[str]) -> set[str]:
    """The Traits the selection brings in on its own: a Faculty or Element used in a
    Test brings the Trait it is linked to (L301, L429). A Trait that needs Luck is
    not added (the player decides to pay); Recovery never adds one (L638), so its
    screen does not call this."""
    keys = set(selected)
    added: set[str] = set()
    for choice in choices:
        if (choice.key in keys and choice.source in ("faculty", "element")
                and choice.trait is not None and choice.requires is None):
            added.add(QualityKey.of_trait(choice.trait))
    return added - keys


def selection_luck(choices: Sequence[QualityChoice], selected: Iterable[str]) -> int:
    """Luck the selection costs: each extra Trait, each Element after the first."""
    keys = set(selected)
    picked = [c for c in choices if c.key in keys]
    extra_traits = sum(1 for c in picked if c.needs == "trait")
    elements = sum(1 for c in picked if c.needs == "element")
    return exertion_cost(extra_traits, max(elements - 1, 0))


LUCK_NOTE = "Luck exertion: 1 Luck"
INVOKED_NOTE = "invoked: +1 Luck"
"""A Weakness someone invokes costs the PC nothing: its player earns a Luck (L327)."""
SPENT_NOTE = "spent on Momentum this scene"


def choice_luck(
    choices: Sequence[QualityChoice], selected: Iterable[str], key: str
) -> int:
    """The Luck that ticking (or keeping) the Quality ``key`` costs, given ``selected``.

    A spent Quality or one that needs nothing costs 0, an extra Trait 1. An
    Element is free while it is the first Element in the Test and costs 1 after
    that (the order of ``choices`` decides which Element counts as the first).
    """
    keys = set(selected)
    choice = next((c for c in choices if c.key == key), None)
    if choice is None or choice.spent or choice.needs in ("free", "invoked"):
        return 0
    if choice.needs == "trait":
        return exertion_cost(1, 0)
    elements = [c.key for c in choices if c.needs == "element" and c.key in keys]
    if key in elements:
        return exertion_cost(0, 1) if elements.index(key) >= 1 else 0
    return exertion_cost(0, 1) if elements else 0


def choice_notes(choices: Sequence[QualityChoice], selected: Iterable[str]) -> dict[str, str]:
    """A short note per Quality for the screen: spent, what it costs in Luck, what
    it needs first (keys with nothing to say are left out)."""
    keys = set(selected)
    notes: dict[str, str] = {}
    for choice in choices:
        parts = []
        if choice.needs == "invoked":
            parts.append(INVOKED_NOTE)
        if choice.spent:
            parts.append(SPENT_NOTE)
        elif choice_luck(choices, keys, choice.key):
            parts.append(LUCK_NOTE)
        if choice.requires is not None:
            parts.append(f"needs {choice.requires.value}")
        if parts:
            notes[choice.key] = "; ".join(parts)
    return notes


def spent_problem(choice: QualityChoice) -> str:
    """Why a Quality spent on Momentum earlier in the scene cannot go in again."""
    return f"{choice.name} was spent on Momentum this scene."


def selection_problems(choices: Sequence[QualityChoice], selected: Iterable[str]) -> list[str]:
    """Why the selection breaks the rules (empty when it is fine)."""
    keys = set(selected)
    problems: list[str] = []
    for choice in choices:
        if choice.key not in keys:
            continue
        if choice.spent:
            problems.append(spent_problem(choice))
        if choice.requires is not None and QualityKey.of_trait(choice.requires) not in keys:
            problems.append(f"{choice.name} needs {choice.requires.value} in the Test "
                            "(add it with Luck).")
    return problems


def selection_modifier(
    character: Character, choices: Sequence[QualityChoice], selected: Iterable[str]
) -> int:
    """The selected Qualities' modifiers, plus the Fetish of every selected Trait."""
    keys = set(selected)
    total = 0
    for choice in choices:
        if choice.key in keys:
            total += choice.modifier
            if choice.source == "trait" and choice.trait is not None:
                total += fetish_modifier(character, choice.trait)
    return total


def spent_by_momentum(selected: Iterable[str],
                      choices: Sequence[QualityChoice] = ()) -> set[str]:
    """The keys a Momentum (or Seize) Test uses up for the scene: all but Traits, and
    but the invoked Weaknesses among ``choices`` (a penalty is not used up)."""
    invoked = {c.key for c in choices if c.needs == "invoked"}
    return {k for k in selected if not QualityKey.parse(k).is_trait and k not in invoked}


@dataclass(frozen=True)
class ModifierPart:
    label: str
    value: int


def action_extras(
    momentum_level: Level | str | None, first_action: bool, action_number: int, range_band: str
) -> list[ModifierPart]:
    """The situational parts of an Action's modifier (zero parts left out).

    ``action_number`` counts from 1 (the first act or reaction of the round).
    """
    parts = [
        ModifierPart(f"Momentum {momentum_level} (first action)",
                     momentum_bonus(momentum_level) if first_action else 0),
        ModifierPart(f"Action no. {action_number} this round",
                     multiple_action_penalty(action_number - 1)),
        ModifierPart(f"Range: {range_band}", range_modifier(range_band)),
    ]
    return [p for p in parts if p.value]

"""One Test at the table, step by step: what the GM screen's calculator needs.

This module strings the pure rules of :mod:`seforge.systems.swords_edge.testmath` and
:mod:`seforge.systems.swords_edge.dice`
together for a PC facing one or more NCs: which Qualities the PC may still put
into a step, what that costs in Luck, the TN with its breakdown, and what a pair
of dice did (Level, Stress, what happens to the NC, what comes next). Nothing
here is Qt; the GM screen only shows what these functions return.

Steps: ``"momentum"`` (who acts), ``"action"`` (the attack or the defence) and
``"seize"`` (a Momentum loser's try at Seizing the Momentum).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from seforge.systems.swords_edge.dice import (
    DIE_FACES,
    LEVELS,
    OUTCOMES,
    RollOutcome,
    level_for_margin,
    level_index,
    roll_outcome,
)
from seforge.systems.swords_edge.models import (
    Character,
    ElementKind,
    NarrativeCharacter,
    NCQuality,
    NCType,
    Trait,
)
from seforge.systems.swords_edge.probability import format_probability
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.testmath import (
    RANK_STEP,
    RECOVERY_TN,
    UNDEFENDED_PC_TN,
    UNDEFENDED_TN,
    GroupActionReading,
    UndefendedBands,
    apply_stress_to_nc,
    defender_benefits,
    exertion_cost,
    fetish_modifier,
    group_action_tn,
    group_momentum_tn,
    momentum_bonus,
    multiple_action_penalty,
    penalty_modifier,
    range_modifier,
    recovery_removed,
    seize_failure_level,
    sfx_usable,
    stress_result,
    trait_key,
    undefended_pc_level,
)
from seforge.systems.swords_edge.wording import with_article

Step = Literal["momentum", "action", "seize"]
Role = Literal["attack", "defend"]
STEPS: tuple[Step, ...] = ("momentum", "action", "seize")
STEP_TITLES: dict[Step, str] = {
    "momentum": "Momentum",
    "action": "Action",
    "seize": "Seize the Momentum",
}

QUICK_SOURCE = "quick entry"
"""The ``source`` of an NC typed into the GM screen rather than taken from the book."""

# ------------------------------------------------------------------ formatting


def format_chance(chance: Fraction) -> str:
    """A chance as the GM screen prints it: ``"99%"``, ``"4.5%"``, ``"0.1%"``.

    One decimal at most, trailing ``.0`` dropped; a chance that is not exactly 0
    or 1 never rounds to ``"0%"`` or ``"100%"``.
    """
    return format_probability(chance)


# ------------------------------------------------------------------- NC side


NCQualityKind = Literal["concept", "trait", "element", "flaw"]


@dataclass(frozen=True)
class NCQualityOption:
    """One Quality of an NC that the GM may apply to a step, and the TN it gives.

    ``tn`` is the NC's base TN (at the Rank it works at now) plus this Quality's
    modifier: what the NC sets when this Quality alone applies.
    """

    key: str
    name: str
    modifier: int
    kind: NCQualityKind
    trait: Trait | None = None
    tn: int = 0

    @property
    def label(self) -> str:
        return f"{self.name} {format_modifier(self.modifier)}"


def _nc_entries(nc: NarrativeCharacter) -> list[tuple[str, str, Rank, NCQualityKind,
                                                       Trait | None]]:
    entries: list[tuple[str, str, Rank, NCQualityKind, Trait | None]] = []
    if nc.concept is not None:
        entries.append(("concept", nc.concept.name or "Concept", nc.concept.rank, "concept",
                        nc.concept.trait))
    for trait, rank in nc.traits.items():
        entries.append((trait_key(trait), trait.value, rank, "trait", trait))
    for index, element in enumerate(nc.elements):
        entries.append((f"element:{index}", element.name or "Element", element.rank,
                        "element", element.trait))
    for index, flaw in enumerate(nc.flaws):
        entries.append((f"flaw:{index}", flaw.name or "Flaw", flaw.rank, "flaw", flaw.trait))
    return entries


def nc_qualities(nc: NarrativeCharacter, rank: Rank | None = None) -> list[NCQualityOption]:
    """The one list of an NC's usable Qualities: Concept, Traits, Elements, then Flaws.

    Each comes with its modifier and the TN it gives on top of the NC's base TN
    (``rank`` when the NC now works at another Rank, e.g. a hero worn down by
    Stress). A Quality recorded at Mythic is left out: Mythic is only a difficulty
    and has no modifier, so it cannot be applied (:func:`nc_quality_notes` says
    so). The calculator and the scene tracker both list what this returns.
    """
    base = (nc.rank if rank is None else rank).target_number
    return [NCQualityOption(key, name, q_rank.modifier, kind, trait, base + q_rank.modifier)
            for key, name, q_rank, kind, trait in _nc_entries(nc) if q_rank.is_quality_rank]


def nc_quality_notes(nc: NarrativeCharacter) -> list[str]:
    """Why some of ``nc``'s Qualities are missing from :func:`nc_qualities` (if any)."""
    return [f"{name} is at {q_rank.label}, which is only a difficulty: it cannot be applied."
            for _, name, q_rank, _, _ in _nc_entries(nc) if not q_rank.is_quality_rank]


def nc_quality_option(nc: NarrativeCharacter, key: str,
                      rank: Rank | None = None) -> NCQualityOption:
    """The usable Quality behind ``key``; KeyError with a plain reason otherwise."""
    for option in nc_qualities(nc, rank):
        if option.key == key:
            return option
    raise KeyError(f"{nc.name or 'the NC'} has no Quality {key!r} that can be applied")


def default_applied(
    nc: NarrativeCharacter, step: Step, trait: Trait | None, group_size: int = 1
) -> set[str]:
    """The NC Qualities the screen ticks before the GM adjusts them.

    A quickly entered NC applies everything it was given, in every step. A book
    NC applies, in Momentum, its Trait matching the PC's (NCs always bring a Trait
    to Momentum, never their Concept: the General's 12 + 2 = 14, L459). In a group
    (``group_size`` > 1) no Trait is added in Momentum: the highest Rank sets the
    base and every other NC adds its Rank step, as in the book's warrior with two
    Basic minions, 16 (L465-469).

    In an Action it applies its Concept and its Trait matching the PC's; a hero
    also its best Element on that Trait, as the book's examples do (L952: Basic 8
    + Concept 2 + Cunning 2 = 12; L1008: 12 + 2 + 2 = 16; L1036: a Good hero 17 +
    4 + 4 + 4 = 29). Against a Seize it applies its Concept. This is a starting
    point the GM edits, not a rule.
    """
    options = nc_qualities(nc)
    if nc.source == QUICK_SOURCE:
        return {o.key for o in options}
    if step == "momentum":
        if group_size > 1:
            return set()
        return {o.key for o in options if o.kind == "trait" and o.trait is trait}
    concept = {o.key for o in options if o.kind == "concept"}
    if step != "action":
        return concept
    keys = concept | {o.key for o in options if o.kind == "trait" and o.trait is trait}
    if nc.type is NCType.HERO:
        linked = [o for o in options if o.kind == "element" and o.trait is trait]
        if linked:
            keys.add(max(linked, key=lambda o: o.modifier).key)
    return keys


def regrouped_momentum(
    nc: NarrativeCharacter, trait: Trait | None, applied: set[str], old_size: int,
    new_size: int,
) -> set[str]:
    """An NC's Momentum Qualities after its group grows or shrinks: the default for
    the new size when the GM had kept the old default, else the GM's choice."""
    if applied == default_applied(nc, "momentum", trait, old_size):
        return default_applied(nc, "momentum", trait, new_size)
    return applied


_QUICK_ITEM = re.compile(r"^\s*(?P<name>.*?)\s*(?P<mod>[+-]\s*\d+)\s*$")


def parse_quick_qualities(text: str) -> list[tuple[str, Rank]]:
    """``"Bureaucrat +2, Tough +4"`` -> ``[("Bureaucrat", GOOD), ("Tough", GREAT)]``.

    Items are separated by commas or semicolons; each ends with a ladder modifier
    (-6..+8, even); the name may be empty. ValueError names the bad item.
    """
    items: list[tuple[str, Rank]] = []
    for raw in re.split(r"[;,]", text):
        if not raw.strip():
            continue
        match = _QUICK_ITEM.match(raw)
        if match is None:
            raise ValueError(f"{raw.strip()!r} needs a modifier such as +2")
        modifier = int(match["mod"].replace(" ", ""))
        items.append((match["name"], Rank.from_modifier(modifier)))
    return items


def quick_nc(
    name: str, nc_type: NCType, rank: Rank, qualities: Sequence[tuple[str, Rank]] = ()
) -> NarrativeCharacter:
    """An NC typed in at the table: its Qualities become Elements, all applied."""
    label = name.strip() or f"{rank.label} {nc_type.value}"
    return NarrativeCharacter(
        name=label,
        type=nc_type,
        rank=rank,
        elements=[NCQuality(name=n or "Quality", rank=r) for n, r in qualities],
        source=QUICK_SOURCE,
    )


def nc_spent_by_momentum(nc: NarrativeCharacter, momentum_applied: Iterable[str]) -> set[str]:
    """The keys of ``nc``'s Qualities that its Momentum used up for the following Action.

    Book (*Narrative Characters*): "Just as for PCs, one of an NCs' Traits always
    modifies Momentum but any other Quality used for Momentum cannot modify the
    following Action." So every applied key but a Trait's is returned (unknown
    keys are ignored). A quickly entered NC has no Traits: its typed Qualities are
    what the GM says applies in every step, so nothing is held back for it.
    """
    if nc.source == QUICK_SOURCE:
        return set()
    keys = {o.key for o in nc_qualities(nc) if o.kind != "trait"}
    return keys & set(momentum_applied)


@dataclass(frozen=True)
class Opponent:
    """An NC in the current fight: its sheet, the Stress it took, what it applies."""

    nc: NarrativeCharacter
    applied: frozenset[str] = frozenset()
    stress: int = 0

    @property
    def state(self) -> tuple[bool, Rank | None]:
        """(removed, current Rank) after the Stress taken so far."""
        result = apply_stress_to_nc(self.nc.type, self.nc.rank, 0, self.stress)
        return result.removed, result.rank

    @property
    def rank(self) -> Rank:
        """The Rank it works at now (a hero loses one per Stress)."""
        current = self.state[1]
        return self.nc.rank if current is None else current

    def applied_options(self) -> list[NCQualityOption]:
        return [o for o in nc_qualities(self.nc) if o.key in self.applied]

    def applied_total(self) -> int:
        return sum(o.modifier for o in self.applied_options())


NC_SPENT_NOTE = "used for Momentum"
NC_SPENT_TIP = ("Action: not available. This NC put it into the Momentum Test just before, "
                "and only a Trait may count towards both the Momentum and the Action that "
                "follows it.")

READING_TIP = (
    "How to add up several NCs acting together (Seize the Momentum, or a group defending).\n"
    "Book's breakdown (sum): the first NC's Rank gives the TN and every NC, the first "
    "included, adds the Qualities it applies. Three Basic minions applying “Bureaucrat +2” "
    "make 8 + 2 + 2 + 2 = 14, as the book itemises it.\n"
    "Printed total: the first NC gives only its TN; each other NC adds a group step (its "
    "Rank modifier, at least +2) plus its Qualities. That reproduces the 16 the book prints "
    "for the same minions, but does not add up with its own itemised sum.\n"
    "With a single NC both readings give the same TN."
)


def _signed(value: int) -> str:
    return format_modifier(value)


RULE_TIPS: dict[str, str] = {
    "step:momentum": "Who acts: the PC's Trait (and any Qualities they are willing to spend) "
                     "against the NCs' joint Momentum TN",
    "step:action": "The attack (or the defence) that follows Momentum",
    "step:seize": "A Momentum loser's new Momentum Test against the NCs' joint Action TN",
    "penalty_ranks": f"Penalty Ranks on the Trait in use ({_signed(penalty_modifier(1))} each); "
                     "filled from the character's play state, edit freely",
    "nc_type": "Minion (out at 1 Stress), regular (3 Stress) or hero (loses a Rank per "
               "Stress)",
    "momentum_level": f"The Level the PC won Momentum at: {_signed(momentum_bonus('Good'))} "
                      "per Level above Average on the first Action",
    "first_action": "The Momentum bonus counts on the first Action of the first round only",
    "action_number": "Which act or reaction of the round this is: each after the first "
                     f"costs {_signed(multiple_action_penalty(1))} more",
    "target_undefended": f"Attacking an Undefended character: the TN is {UNDEFENDED_TN}",
    "pc_undefended": f"The PC is attacked while Undefended: roll against {UNDEFENDED_PC_TN} "
                     "with only Penalty Ranks; the shortfall sets the hit's Level",
    "lost_by_critical": "A defender who lost Momentum to a natural 2 gets only the Good "
                        "reward from a Great or Exceptional defence",
    "exertion": "Luck the extra Traits and Elements cost (Exertion)",
    "luck_reroll": "Spend a Luck to reroll the lower die: enter what the rerolled die shows; "
                   "the better of the two is kept and the roll is judged again, without "
                   "criticals. A natural 2 stands unless the table judges criticals on the "
                   "final dice",
    "roll": "Roll two ten-sided dice for this step (a secure random source) and judge "
            "them; the roll goes to the log",
    "roll_reroll": "Spend a Luck and roll the lower die again; the better of the two is "
                   "kept and the roll is judged again, without criticals. A natural 2 stands "
                   "unless the table judges criticals on the final dice",
    "luck_odds": "With up to 1, 2 and 3 Luck rerolls (rerolling the lower die while "
                 "failing, keeping the better)",
}
"""The calculator's explanations of rules, kept with the rules (numbers from them)."""


# ------------------------------------------------------------------------ TNs


@dataclass(frozen=True)
class TNPart:
    label: str
    value: int


@dataclass(frozen=True)
class TNBreakdown:
    """A TN and the parts it is made of (the parts always add up to ``total``)."""

    total: int
    parts: tuple[TNPart, ...]
    note: str = ""

    def lines(self) -> list[str]:
        """One line per part, ``"+2  Fearless Soldier (Shock Troopers)"``; the first
        part is unsigned."""
        return [f"{p.value if i == 0 else format_modifier(p.value)}  {p.label}"
                for i, p in enumerate(self.parts)]

    def text(self) -> str:
        """``"5 Shock Troopers (Poor) TN, +2 Shock Troopers (Poor) group step = 7"``."""
        return ", ".join(line.replace("  ", " ", 1) for line in self.lines()) + \
            f" = {self.total}"


def _applied_parts(opponent: Opponent) -> list[TNPart]:
    return [TNPart(f"{o.name} ({opponent.nc.name})", o.modifier)
            for o in opponent.applied_options()]


def _base_part(opponent: Opponent) -> TNPart:
    return TNPart(f"{opponent.nc.name} ({opponent.rank.label}) TN", opponent.rank.target_number)


def _checked(total: int, parts: list[TNPart], note: str = "") -> TNBreakdown:
    if sum(p.value for p in parts) != total:  # pragma: no cover - guards the breakdown
        raise AssertionError(f"TN breakdown {parts} does not add up to {total}")
    return TNBreakdown(total, tuple(parts), note)


def momentum_tn(opponents: Sequence[Opponent]) -> TNBreakdown:
    """The joint Momentum TN of ``opponents``
    (:func:`~seforge.systems.swords_edge.testmath.group_momentum_tn`)."""
    pairs = [(o.rank, o.applied_total()) for o in opponents]
    total = group_momentum_tn(pairs)
    lead = max(range(len(pairs)), key=lambda i: int(pairs[i][0]))
    parts = [_base_part(opponents[lead]), *_applied_parts(opponents[lead])]
    for index, opponent in enumerate(opponents):
        if index == lead:
            continue
        step = max(opponent.rank.modifier, RANK_STEP)
        floor = "" if step == opponent.rank.modifier else \
            f", {format_modifier(opponent.rank.modifier)} counts as {format_modifier(step)}"
        parts.append(TNPart(f"{opponent.nc.name} ({opponent.rank.label}{floor})", step))
        parts.extend(_applied_parts(opponent))
    note = "Group: the highest Rank sets the TN, every other NC adds at least one Rank." \
        if len(opponents) > 1 else ""
    return _checked(total, parts, note)


def joint_action_tn(
    opponents: Sequence[Opponent], reading: GroupActionReading = "sum"
) -> TNBreakdown:
    """The NCs' Action TN (as defenders, or against a Seize).

    One NC: its Rank's TN plus its applied Qualities (both readings agree on what
    a lone NC sets, so ``reading`` does not matter). Several NCs:
    :func:`~seforge.systems.swords_edge.testmath.group_action_tn` with ``reading``; the first NC is
    the primary one.
    """
    if len(opponents) == 1:
        only = opponents[0]
        total = only.rank.target_number + only.applied_total()
        return _checked(total, [_base_part(only), *_applied_parts(only)])
    pairs = [(o.rank, o.applied_total()) for o in opponents]
    total = group_action_tn(pairs, reading=reading)
    parts = [_base_part(opponents[0])]
    if reading == "sum":
        for opponent in opponents:
            parts.extend(_applied_parts(opponent))
        note = "Reading: the book's breakdown (every NC adds its applied Qualities)."
    else:
        for opponent in opponents[1:]:
            step = max(opponent.rank.modifier, RANK_STEP)
            parts.append(TNPart(f"{opponent.nc.name} ({opponent.rank.label}) group step",
                                step))
            parts.extend(_applied_parts(opponent))
        note = ("Reading: the book's printed total (the first NC gives its TN only, each "
                "other adds a group step and its Qualities).")
    return _checked(total, parts, note)


def undefended_target_tn() -> TNBreakdown:
    return TNBreakdown(UNDEFENDED_TN, (TNPart("Undefended target", UNDEFENDED_TN),))


def undefended_pc_tn() -> TNBreakdown:
    return TNBreakdown(UNDEFENDED_PC_TN + 1,
                       (TNPart(f"Undefended PC: beat {UNDEFENDED_PC_TN} to avoid the hit",
                               UNDEFENDED_PC_TN + 1),),
                       "Only Penalty Ranks modify this roll.")


# ------------------------------------------------------------------- PC side


LuckNeed = Literal["free", "trait", "element"]


@dataclass(frozen=True)
class QualityChoice:
    """A Quality the PC might put into the current step.

    ``spent`` is True when it was used for Momentum earlier in the scene (greyed
    out). ``needs`` says what bringing it in takes: nothing, a Luck for an extra
    Trait, or an Element slot (the first Element is free, each more costs one).
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
        return QualityChoice(trait_key(t), t.value, trait_test_modifier(character, t,
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
                key = f"element:{index}"
                found.append(QualityChoice(key, element.name or "Element",
                                           element.rank.play_modifier, "element", t, key in used,
                                           "element", requires))
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
            added.add(trait_key(choice.trait))
    return added - keys


def selection_luck(choices: Sequence[QualityChoice], selected: Iterable[str]) -> int:
    """Luck the selection costs: each extra Trait, each Element after the first."""
    keys = set(selected)
    picked = [c for c in choices if c.key in keys]
    extra_traits = sum(1 for c in picked if c.needs == "trait")
    elements = sum(1 for c in picked if c.needs == "element")
    return exertion_cost(extra_traits, max(elements - 1, 0))


LUCK_NOTE = "Luck exertion: 1 Luck"
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
    if choice is None or choice.spent or choice.needs == "free":
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
        if choice.spent:
            parts.append(SPENT_NOTE)
        elif choice_luck(choices, keys, choice.key):
            parts.append(LUCK_NOTE)
        if choice.requires is not None:
            parts.append(f"needs {choice.requires.value}")
        if parts:
            notes[choice.key] = "; ".join(parts)
    return notes


def selection_problems(choices: Sequence[QualityChoice], selected: Iterable[str]) -> list[str]:
    """Why the selection breaks the rules (empty when it is fine)."""
    keys = set(selected)
    problems: list[str] = []
    for choice in choices:
        if choice.key not in keys:
            continue
        if choice.spent:
            problems.append(f"{choice.name} was spent on Momentum this scene.")
        if choice.requires is not None and trait_key(choice.requires) not in keys:
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


def spent_by_momentum(selected: Iterable[str]) -> set[str]:
    """The keys a Momentum (or Seize) Test uses up for the scene: all but Traits."""
    return {k for k in selected if not k.startswith("trait:")}


@dataclass(frozen=True)
class ModifierPart:
    label: str
    value: int


def action_extras(
    momentum_level: str | None, first_action: bool, action_number: int, range_band: str
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


# -------------------------------------------------------------- Undefended PC


def undefended_pc_odds(
    modifier: int, bands: UndefendedBands = "seven"
) -> dict[str | None, Fraction]:
    """Chance of each hit Level on an Undefended PC rolling 2d10 + ``modifier``
    (its Penalty Ranks); the ``None`` entry is the chance of no hit. ``bands``
    follows the table rule *Undefended bands as printed*."""
    counts: dict[str | None, int] = {None: 0, **dict.fromkeys(LEVELS, 0)}
    for d1 in range(1, DIE_FACES + 1):
        for d2 in range(1, DIE_FACES + 1):
            level = undefended_pc_level(d1 + d2 + modifier, d1 == d2 == 1,
                                        natural_twenty=d1 == d2 == DIE_FACES, bands=bands)
            counts[level] += 1
    return {k: Fraction(v, OUTCOMES) for k, v in counts.items()}


# -------------------------------------------------------------------- Verdicts


@dataclass(frozen=True)
class NextStep:
    """A follow-up the screen can offer as a button."""

    label: str
    step: Step
    role: Role = "attack"
    momentum_level: str | None = None


@dataclass(frozen=True)
class Verdict:
    """What one roll did, in words, plus the numbers behind them."""

    headline: str
    lines: tuple[str, ...]
    success: bool
    level: str | None
    total: int
    stress: int = 0
    next_steps: tuple[NextStep, ...] = ()


def judged_outcome(d1: int, d2: int, modifier: int, tn: int, rerolled: bool = False
                   ) -> RollOutcome:
    """:func:`~seforge.systems.swords_edge.dice.roll_outcome`, except that a pair with a rerolled
    die is
    judged by its total alone (no Critical Failure or Success after a reroll)."""
    outcome = roll_outcome(d1, d2, modifier, tn)
    if not rerolled or outcome.critical is None:
        return outcome
    margin = outcome.margin
    return RollOutcome(margin >= 0, outcome.total, margin,
                       level_for_margin(margin) if margin >= 0 else None, None)


def _critical_lines(d1: int, d2: int) -> list[str]:
    if d1 == d2 == DIE_FACES:
        return ["Natural 20, a Critical Success: the PC gains a Stunt at Good, linked to "
                "the Trait used and fitting what just happened."]
    if d1 == d2 == 1:
        return ["Natural 2, a Critical Failure: the PC gains an Advancement to raise a "
                "Quality used in this Test (the Trait only if it was the sole Quality)."]
    return []


def nc_stress_line(opponent: Opponent, stress: int) -> str:
    """What ``stress`` more Stress does to ``opponent``."""
    nc = opponent.nc
    result = apply_stress_to_nc(nc.type, nc.rank, opponent.stress, stress)
    name = f"{nc.name} ({nc.type.value})"
    if result.removed:
        return f"{name} is removed from the scene."
    if nc.type is NCType.REGULAR:
        return f"{name} has taken {result.stress_total} of 3 Stress."
    assert result.rank is not None
    return (f"{name} drops to {result.rank.label}, TN {result.rank.target_number}.")


def _pc_stress_lines(level: str) -> list[str]:
    result = stress_result(level)
    lines = [f"The PC takes {result.penalty_ranks} Penalty Ranks on the Trait used."]
    if result.undefended:
        lines.append("The PC is Undefended for the rest of the scene.")
    if result.doom:
        lines.append("The PC suffers a Doom (and, surviving it, a Basic Weakness).")
    return lines


def judge(
    step: Step,
    d1: int,
    d2: int,
    modifier: int,
    tn: int,
    *,
    role: Role = "attack",
    opponents: Sequence[Opponent] = (),
    target_undefended: bool = False,
    lost_momentum_by_critical: bool = False,
    rerolled: bool = False,
) -> Verdict:
    """Name the result of ``d1`` + ``d2`` + ``modifier`` against ``tn`` in ``step``.

    ``role`` matters for the Action only: "attack" inflicts Stress on the first
    opponent (the target), "defend" earns the defender's benefits. ``rerolled``
    says a die was rerolled with Luck: the pair then counts by its total alone
    (criticals belong to the first roll, see :func:`seforge.systems.swords_edge.dice.odds`).
    """
    outcome = judged_outcome(d1, d2, modifier, tn, rerolled)
    crit = [] if rerolled else _critical_lines(d1, d2)
    level = outcome.level
    vs = f"{outcome.total} vs TN {tn}"
    if step in ("momentum", "seize"):
        title = STEP_TITLES[step]
        if outcome.success:
            assert level is not None
            bonus = momentum_bonus(level) if step == "momentum" else 0
            lines = ["The PC holds the Momentum and acts."]
            if bonus:
                lines.append(f"{format_modifier(bonus)} on the PC's first Action this round.")
            if step == "momentum" and outcome.critical == "success":
                lines.append("The NCs cannot try to Seize the Momentum back.")
            return Verdict(f"{title} won: {level} ({vs})", tuple(lines + crit), True, level,
                           outcome.total, 0,
                           (NextStep(f"Go to Action ({format_modifier(bonus)})", "action",
                                     "attack", level if step == "momentum" else None),))
        if step == "seize":
            hit = seize_failure_level(tn)
            lines = ["The PC is Undefended against this attack.",
                     f"The NCs' TN {tn} read against {UNDEFENDED_TN}: {with_article(hit)} hit.",
                     *_pc_stress_lines(hit),
                     "(No harm if this was the free Seize earned by a Great defence.)"]
            return Verdict(f"Seize failed ({vs})", tuple(lines + crit), False, None,
                           outcome.total, stress_result(hit).penalty_ranks)
        lines = ["The NCs hold the Momentum; the PC defends."]
        nexts = [NextStep("Go to Action (defend)", "action", "defend")]
        if outcome.critical == "failure":
            lines.append("After a natural 2 the PC cannot Seize the Momentum this round.")
        else:
            lines.append("On their turn the PC may try to Seize the Momentum.")
            nexts.append(NextStep("Try to Seize the Momentum", "seize", "attack"))
        return Verdict(f"Momentum lost ({vs})", tuple(lines + crit), False, None,
                       outcome.total, 0, tuple(nexts))
    # the Action
    if role == "defend":
        if outcome.success:
            assert level is not None
            benefit = defender_benefits(level, lost_momentum_by_critical)
            return Verdict(f"Defence holds: {level} ({vs})", (benefit.text, *crit), True,
                           level, outcome.total)
        return Verdict(f"Defence fails ({vs})",
                       ("The NC's attack lands. The book gives no Level for a failed "
                        "defence: the GM sets the Stress.", *crit), False, None, outcome.total)
    if not outcome.success:
        return Verdict(f"Miss ({vs})", ("No Stress.", *crit), False, None, outcome.total)
    assert level is not None
    result = stress_result(level)
    lines = [f"{result.penalty_ranks} Stress."]
    if opponents:
        lines.append(nc_stress_line(opponents[0], result.penalty_ranks))
        if len(opponents) > 1:
            lines.append("Spreading Stress over the other NCs is the GM's call.")
    if target_undefended:
        lines.append(f"(Against an Undefended target, TN {UNDEFENDED_TN}.)")
    return Verdict(f"Success: {level} ({vs})", tuple(lines + crit), True, level,
                   outcome.total, result.penalty_ranks)


def judge_undefended_pc(
    d1: int, d2: int, modifier: int, bands: UndefendedBands = "seven"
) -> Verdict:
    """An Undefended PC's roll: which hit it takes (book: *Undefended*); ``bands``
    follows the table rule *Undefended bands as printed*."""
    total = d1 + d2 + modifier
    level = undefended_pc_level(total, d1 == d2 == 1, natural_twenty=d1 == d2 == DIE_FACES,
                                bands=bands)
    crit = _critical_lines(d1, d2)
    if level is None:
        return Verdict(f"No hit ({total}, above {UNDEFENDED_PC_TN})",
                       ("The attack does no Stress.", *crit), True, None, total)
    stress = stress_result(level).penalty_ranks
    return Verdict(f"Hit: {level} ({total} vs {UNDEFENDED_PC_TN})",
                   tuple(_pc_stress_lines(level) + crit), False, level, total, stress)


@dataclass(frozen=True)
class RecoveryResult:
    verdict: Verdict
    by_test: int
    by_luck: int
    removed: int


def judge_recovery(
    d1: int, d2: int, modifier: int, *, daily: bool, luck: int = 0,
    scene_penalties: int | None = None,
) -> RecoveryResult:
    """A Recovery Test at TN 17 (plus Luck spent on this scene's Penalty Ranks).

    ``scene_penalties`` is how many Penalty Ranks the scene that just ended left
    (None: not known). Luck removes only those, whichever Test is made (L365,
    L640): on the scene path the Test and the Luck together stop there; on the
    daily path the Test may reach older Penalty Ranks but the Luck still may not.
    """
    outcome = roll_outcome(d1, d2, modifier, RECOVERY_TN)
    by_test = recovery_removed(outcome.level, daily)
    lines = []
    by_luck = luck
    if scene_penalties is not None:
        cap = max(0, scene_penalties)
        if daily:
            by_luck = min(luck, cap)
        else:
            by_test = min(by_test, cap)
            by_luck = min(luck, cap - by_test)
        lines.append(f"Only this scene's {cap} Penalty Ranks can go"
                     + (" with Luck." if daily else "."))
    removed = by_test + by_luck
    vs = f"{outcome.total} vs TN {RECOVERY_TN}"
    headline = (f"Recovery {outcome.level}: removes {by_test} ({vs})" if outcome.success
                else f"Recovery fails ({vs})")
    if by_luck:
        lines.append(f"Luck removes {by_luck} more.")
    if by_luck < luck:
        lines.append(f"{luck - by_luck} Luck would find nothing left to remove: keep it.")
    lines.append(f"Penalty Ranks removed: {removed}.")
    verdict = Verdict(headline, tuple(lines + _critical_lines(d1, d2)), outcome.success,
                      outcome.level, outcome.total)
    return RecoveryResult(verdict, by_test, by_luck, removed)


def level_rank(level: str) -> int:
    """Position of a Level (Average 0), re-exported for screens."""
    return level_index(level)

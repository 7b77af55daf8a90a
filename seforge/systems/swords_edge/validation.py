"""Is a character a legal new PC? Every problem has a stable rule id, a message in
plain words, the book section it comes from and the field it concerns.

Field keys are shared with the ledger and the builder: ``name``, ``concept``,
``background``, ``faculty``, ``trait:<Trait>``, ``element:<index>``, ``pivots``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from seforge.systems.swords_edge.budget import (
    CORE_START,
    TRAIT_START,
    BudgetReport,
    budget_report,
    creation_rank,
    element_counts_at_creation,
    element_start,
    overcome_creation_weaknesses,
)
from seforge.systems.swords_edge.models import Acquired, Character, Element, ElementKind
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Section(StrEnum):
    """Book sections that rules come from (the names the book uses)."""

    RANKS = "Ranks"
    CREATION = "Player Character Creation"
    CONCEPT = "Character Qualities: Concept"
    BACKGROUND = "Character Qualities: Background"
    FACULTY = "Character Qualities: Faculty"
    TRAITS = "Character Qualities: Traits"
    ELEMENTS = "Character Qualities: Elements"
    WEAKNESS = "Weakness"
    SFX = "SFX Qualities"
    FETISH = "SFX: The Fetish (option)"
    ADVANCEMENT = "Advancement"
    STUNT = "Tests: Critical Success"
    DAMAGE = "Damage"
    LUCK = "Luck"


@dataclass(frozen=True)
class Problem:
    severity: Severity
    rule: str
    message: str
    section: Section
    field: str | None = None

    def as_json(self) -> dict[str, str | None]:
        return {
            "severity": self.severity.value,
            "rule": self.rule,
            "message": self.message,
            "section": self.section.value,
            "field": self.field,
        }


@dataclass(frozen=True)
class CheckResult:
    budget: BudgetReport
    problems: tuple[Problem, ...]
    played: bool = False
    """Whether the character has been played (its history has entries): a legal one is
    legal as built and advanced, no longer a new character."""

    @property
    def legal(self) -> bool:
        return not any(p.severity is Severity.ERROR for p in self.problems)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity is Severity.WARNING)


def _err(rule: str, message: str, section: Section, field: str | None) -> Problem:
    return Problem(Severity.ERROR, rule, message, section, field)


def _warn(rule: str, message: str, section: Section, field: str | None) -> Problem:
    return Problem(Severity.WARNING, rule, message, section, field)


def _quoted(name: str, fallback: str) -> str:
    return f'"{name}"' if name.strip() else fallback


def _rank_range_problems(character: Character) -> Iterator[Problem]:
    named: list[tuple[str, str, Rank, int]] = [
        ("concept", "The Concept", character.concept.rank, character.concept.advanced),
        ("background", "The Background", character.background.rank, character.background.advanced),
        ("faculty", "The Faculty", character.faculty.rank, character.faculty.advanced),
    ]
    named += [
        (QualityKey.of_trait(t), t.value, r, character.trait_advanced.get(t, 0))
        for t, r in character.traits.items()
    ]
    named += [
        (QualityKey.of_element(i), f"Element {_quoted(e.name, f'#{i + 1}')}", e.rank, e.advanced)
        for i, e in enumerate(character.elements)
    ]
    for key, label, rank, advanced in named:
        if not rank.is_quality_rank:
            yield _err(
                "rank.out_of_range",
                f"{label} is at {rank.label}; Qualities go from Weak to Legendary "
                "(Mythic is only a difficulty).",
                Section.RANKS, key,
            )
        elif creation_rank(rank, advanced) is None:
            yield _err(
                "rank.advanced_too_far",
                f"{label} is recorded as raised {advanced} step(s) in play, more than "
                f"{rank.label} allows.",
                Section.ADVANCEMENT, key,
            )


def _core_start_problems(character: Character) -> Iterator[Problem]:
    parts = (
        ("concept", "Concept", character.concept, Section.CONCEPT),
        ("background", "Background", character.background, Section.BACKGROUND),
        ("faculty", "Faculty", character.faculty, Section.FACULTY),
    )
    for key, word, quality, section in parts:
        start = creation_rank(quality.rank, quality.advanced)
        if start is not None and start < CORE_START:
            yield _err(
                f"creation.{key}_below_good",
                f"The {word} starts at Good and cannot be lowered at creation "
                f"(it is {start.label}).",
                section, key,
            )
        if not quality.name.strip():
            yield _warn(
                "name.missing", f"The {word} has no name yet.", section, key
            )
    for trait, rank in character.traits.items():
        start = creation_rank(rank, character.trait_advanced.get(trait, 0))
        refunds = character.options.trait_lowering_refunds
        if start is not None and start < TRAIT_START and not refunds:
            yield _err(
                "creation.trait_below_average",
                f"{trait.value} starts at Average; lowering it to {start.label} is only allowed "
                "with the table rule \"Lowering a Trait refunds Ranks\".",
                Section.TRAITS, QualityKey.of_trait(trait),
            )


def _link_problems(character: Character) -> Iterator[Problem]:
    if character.faculty.trait is None:
        yield _err(
            "link.faculty_trait",
            "The Faculty must be linked to one Trait (Physique, Charisma or Cunning).",
            Section.FACULTY, "faculty",
        )
    for i, element in enumerate(character.elements):
        if element.trait is None:
            yield _err(
                "link.element_trait",
                f"Element {_quoted(element.name, f'#{i + 1}')} must be linked to one Trait.",
                Section.ELEMENTS, QualityKey.of_element(i),
            )


def _element_problems(character: Character) -> Iterator[Problem]:
    seen: dict[str, int] = {}
    for i, element in enumerate(character.elements):
        key = QualityKey.of_element(i)
        label = _quoted(element.name, f"#{i + 1}")
        if not element.name.strip():
            yield _warn("name.missing", f"Element #{i + 1} has no name yet.", Section.ELEMENTS, key)
        folded = element.name.strip().casefold()
        if folded and folded in seen:
            yield _warn(
                "element.duplicate",
                f"Two Elements are called {label}; give each its own name.",
                Section.ELEMENTS, key,
            )
        seen.setdefault(folded, i)
        start_now = creation_rank(element.rank, element.advanced)
        if element.kind in (ElementKind.WEAKNESS, ElementKind.FETISH):
            word = "Weakness" if element.kind is ElementKind.WEAKNESS else "Fetish"
            section = Section.WEAKNESS if element.kind is ElementKind.WEAKNESS else Section.FETISH
            if element.rank >= Rank.AVERAGE:
                # L335: a Weakness raised to Average is gone; it earns nothing (L325).
                yield _err(
                    "weakness.removed",
                    f"{word} {label} is at {element.rank.label}: a Weakness at Average or "
                    "above is removed, so it earns no bonus Rank; delete it or set it to Basic.",
                    section, key,
                )
            elif (
                element.acquired is Acquired.CREATION
                and start_now is not None
                and start_now != Rank.BASIC
            ):
                yield _err(
                    "creation.weakness_not_basic",
                    f"A {word} taken at creation is Basic (-2); {label} is {start_now.label}.",
                    section, key,
                )
            continue
        if element.kind is ElementKind.STUNT:
            yield from _stunt_problems(element, label, key)
            continue
        if not element_counts_at_creation(element):
            continue
        start = element_start(element, character)
        if start_now is not None and start_now < start:
            rule = "creation.sfx_below_start" if element.kind is ElementKind.SFX else (
                "creation.element_below_good"
            )
            yield _err(
                rule,
                f"Element {label} is bought at {start.label} at the least "
                f"(it is {start_now.label}).",
                Section.SFX if element.kind is ElementKind.SFX else Section.ELEMENTS,
                key,
            )


def _stunt_problems(element: Element, label: str, key: str) -> Iterator[Problem]:
    """A Stunt comes only from a Critical Success, at Good (L539)."""
    if element.acquired is Acquired.CREATION:
        yield _err(
            "stunt.at_creation",
            f"Stunt {label} is marked as bought at creation; a Stunt only comes from a "
            "Critical Success in play.",
            Section.STUNT, key,
        )
    start = creation_rank(element.rank, element.advanced)
    if start is not None and start != Rank.GOOD:
        yield _err(
            "stunt.not_good",
            f"Stunt {label} must have started at Good; less its {element.advanced} raise(s) "
            f"it started at {start.label}.",
            Section.STUNT, key,
        )


def play_start_ranks(element: Element, character: Character) -> tuple[Rank, ...]:
    """The Ranks an Element gained in play may have come in at: a new Quality at Good
    (L397), an SFX at Basic under the subsystem (L677), a Stunt at Good (L539), a
    Weakness from a Doom at Poor or, from Legendary Stress, Basic (L616), a Fetish at
    Basic (L689)."""
    if element.kind is ElementKind.WEAKNESS:
        return (Rank.POOR, Rank.BASIC)
    if element.kind is ElementKind.FETISH:
        return (Rank.BASIC,)
    if element.kind is ElementKind.SFX and character.options.sfx_subsystem:
        return (Rank.BASIC,)
    return (Rank.GOOD,)


def _play_element_problems(character: Character) -> Iterator[Problem]:
    for i, element in enumerate(character.elements):
        if element.acquired is not Acquired.PLAY or element.kind is ElementKind.STUNT:
            continue
        start = creation_rank(element.rank, element.advanced)
        allowed = play_start_ranks(element, character)
        if start is None or start in allowed:
            continue
        names = " or ".join(r.label for r in allowed)
        yield _err(
            "play.start_rank",
            f"Element {_quoted(element.name, f'#{i + 1}')} was gained in play, so it came in "
            f"at {names}; less its {element.advanced} raise(s) it came in at {start.label}.",
            Section.ADVANCEMENT, QualityKey.of_element(i),
        )


def _overcome_problems(character: Character) -> Iterator[Problem]:
    shown = set(overcome_creation_weaknesses(character))
    for name in character.play.overcome_weaknesses:
        if name not in shown:
            yield _err(
                "weakness.overcome_unrecorded",
                f"\"{name}\" is listed as a creation Weakness overcome in play, but the "
                "character's history does not show it; it earns no bonus Rank.",
                Section.WEAKNESS, None,
            )


def _play_state_problems(character: Character) -> Iterator[Problem]:
    """Play numbers the character's own Ranks limit (file-wide limits are in the model)."""
    play = character.play
    for trait, count in play.penalty_ranks.items():
        rank = character.trait_rank(trait)
        room = int(min(rank, Rank.LEGENDARY)) - int(Rank.WEAK)
        if count > room:
            yield _err(
                "play.penalty_past_weak",
                f"{trait.value} carries {count} Penalty Ranks, but at {rank.label} it reaches "
                f"Weak after {room}; one more would have been a Doom.",
                Section.DAMAGE, QualityKey.of_trait(trait),
            )
    for trait, count in play.scene_penalty_ranks.items():
        if count > play.penalty_ranks.get(trait, 0):
            yield _err(
                "play.scene_penalty_range",
                f"{trait.value} has more Penalty Ranks from this scene ({count}) than in all "
                f"({play.penalty_ranks.get(trait, 0)}).",
                Section.DAMAGE, QualityKey.of_trait(trait),
            )
    sfx = {e.name: (i, e) for i, e in enumerate(character.elements)
           if e.kind is ElementKind.SFX}
    for name, count in play.sfx_penalty_ranks.items():
        if name not in sfx:
            yield _err(
                "play.sfx_penalty_unknown",
                f"Penalty Ranks are recorded on \"{name}\", which is not one of the "
                "character's SFX Qualities.",
                Section.SFX, None,
            )
            continue
        i, element = sfx[name]
        room = int(min(element.rank, Rank.LEGENDARY)) - int(Rank.WEAK)
        if count > room:
            yield _err(
                "play.sfx_penalty_past_weak",
                f"SFX \"{name}\" carries {count} Penalty Ranks; at {element.rank.label} it "
                f"is Weak, and unusable, after {room}.",
                Section.SFX, QualityKey.of_element(i),
            )
    for name, count in play.scene_sfx_penalty_ranks.items():
        if count > play.sfx_penalty_ranks.get(name, 0):
            yield _err(
                "play.scene_penalty_range",
                f"\"{name}\" has more Penalty Ranks from this scene ({count}) than in all.",
                Section.SFX, None,
            )
    if play.scene > 0 and play.session == 0:
        yield _err(
            "play.scene_without_session",
            f"The character is in scene {play.scene} of no session.",
            Section.LUCK, None,
        )


def _fetish_problems(character: Character) -> Iterator[Problem]:
    fetishes = [(i, e) for i, e in enumerate(character.elements) if e.kind is ElementKind.FETISH]
    if character.options.fetish and not character.options.sfx_subsystem:
        yield _warn(
            "fetish.needs_subsystem",
            "The Fetish rule only works with the table rule \"SFX Qualities subsystem\"; "
            "it is not in force.",
            Section.FETISH, None,
        )
    if not character.options.fetish_rule:
        for i, e in fetishes:
            yield _warn(
                "fetish.option_off",
                f"{_quoted(e.name, 'A Fetish')} is a Fetish, but the Fetish rule is not in "
                "force; it works as a plain Weakness, only when invoked.",
                Section.FETISH, QualityKey.of_element(i),
            )
        return
    sfx = {e.name.strip().casefold(): (i, e) for i, e in enumerate(character.elements)
           if e.kind is ElementKind.SFX}
    claimed: set[str] = set()
    for i, fetish in fetishes:
        if fetish.rank >= Rank.AVERAGE:
            continue  # removed (L691): it no longer opens its SFX
        target = (fetish.fetish_of or "").strip().casefold()
        if target not in sfx:
            yield _err(
                "fetish.orphan",
                f"Fetish {_quoted(fetish.name, f'#{i + 1}')} must name the SFX Quality it "
                "belongs to.",
                Section.FETISH, QualityKey.of_element(i),
            )
            continue
        _, quality = sfx[target]
        claimed.add(target)
        if fetish.trait is not quality.trait:
            yield _err(
                "fetish.trait_mismatch",
                f"Fetish {_quoted(fetish.name, '')} must be linked to the same Trait as "
                f"\"{quality.name}\".",
                Section.FETISH, QualityKey.of_element(i),
            )
    for name, (i, quality) in sfx.items():
        if name not in claimed:
            yield _err(
                "fetish.missing",
                f"With the Fetish rule, SFX Quality \"{quality.name}\" needs a Fetish "
                "(a Basic Weakness on the same Trait).",
                Section.FETISH, QualityKey.of_element(i),
            )


def _budget_problems(report: BudgetReport) -> Iterator[Problem]:
    if report.spent > report.budget:
        over = report.spent - report.budget
        yield _err(
            "budget.over",
            f"{report.spent} Ranks spent but only {report.budget} to spend "
            f"({over} too many).",
            Section.CREATION, None,
        )
    elif report.spent < report.budget:
        left = report.budget - report.spent
        yield _warn(
            "budget.unspent",
            f"{left} Rank{'s' if left != 1 else ''} still to spend.",
            Section.CREATION, None,
        )


def check_character(character: Character) -> CheckResult:
    """The budget and every rule problem of ``character`` as a new PC."""
    report = budget_report(character)
    problems: list[Problem] = []
    if not character.name.strip():
        problems.append(_warn("name.missing", "The character has no name yet.",
                              Section.CREATION, "name"))
    problems += _rank_range_problems(character)
    problems += _core_start_problems(character)
    problems += _link_problems(character)
    problems += _element_problems(character)
    problems += _fetish_problems(character)
    problems += _play_element_problems(character)
    problems += _overcome_problems(character)
    problems += _play_state_problems(character)
    problems += _budget_problems(report)
    return CheckResult(report, tuple(problems), played=bool(character.history))

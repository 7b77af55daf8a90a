"""Is a character a legal new PC? Every problem has a stable rule id, a message in
plain words, the book section it comes from and the field it concerns.

Field keys are shared with the ledger and the builder: ``name``, ``concept``,
``background``, ``faculty``, ``trait:<Trait>``, ``element:<index>``, ``pivots``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from seforge.budget import (
    CORE_START,
    TRAIT_START,
    BudgetReport,
    budget_report,
    creation_rank,
    element_counts_at_creation,
    element_start,
    quality_key,
    trait_key,
)
from seforge.models import Acquired, Character, ElementKind
from seforge.ranks import Rank


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
        (trait_key(t), t.value, r, character.trait_advanced.get(t, 0))
        for t, r in character.traits.items()
    ]
    named += [
        (quality_key(i), f"Element {_quoted(e.name, f'#{i + 1}')}", e.rank, e.advanced)
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
                Section.TRAITS, trait_key(trait),
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
                Section.ELEMENTS, quality_key(i),
            )


def _element_problems(character: Character) -> Iterator[Problem]:
    seen: dict[str, int] = {}
    for i, element in enumerate(character.elements):
        key = quality_key(i)
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
                yield _warn(
                    "weakness.removed",
                    f"{word} {label} is at {element.rank.label}: a Weakness raised to Average "
                    "no longer counts and can be deleted.",
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


def _fetish_problems(character: Character) -> Iterator[Problem]:
    fetishes = [(i, e) for i, e in enumerate(character.elements) if e.kind is ElementKind.FETISH]
    if not character.options.fetish:
        for i, e in fetishes:
            yield _warn(
                "fetish.option_off",
                f"{_quoted(e.name, 'A Fetish')} is a Fetish, but the table rule "
                "\"Fetish\" is off; it works as a plain Weakness.",
                Section.FETISH, quality_key(i),
            )
        return
    sfx = {e.name.strip().casefold(): (i, e) for i, e in enumerate(character.elements)
           if e.kind is ElementKind.SFX}
    claimed: set[str] = set()
    for i, fetish in fetishes:
        target = (fetish.fetish_of or "").strip().casefold()
        if target not in sfx:
            yield _err(
                "fetish.orphan",
                f"Fetish {_quoted(fetish.name, f'#{i + 1}')} must name the SFX Quality it "
                "belongs to.",
                Section.FETISH, quality_key(i),
            )
            continue
        _, quality = sfx[target]
        claimed.add(target)
        if fetish.trait is not quality.trait:
            yield _err(
                "fetish.trait_mismatch",
                f"Fetish {_quoted(fetish.name, '')} must be linked to the same Trait as "
                f"\"{quality.name}\".",
                Section.FETISH, quality_key(i),
            )
    for name, (i, quality) in sfx.items():
        if name not in claimed:
            yield _err(
                "fetish.missing",
                f"With the Fetish rule, SFX Quality \"{quality.name}\" needs a Fetish "
                "(a Basic Weakness on the same Trait).",
                Section.FETISH, quality_key(i),
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
    problems += _budget_problems(report)
    return CheckResult(report, tuple(problems))

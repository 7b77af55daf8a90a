"""Sword of Life's creation rules, effective ratings and the builder's mutators.

Every rule has a stable id (used in CheckProblem.rule) and its source line in
``reference/sword-of-life.txt``:

- ``sol.characteristic-range`` (line 26): each characteristic normally 1 to 8 (the GM may
  allow others: then 0 to the whole budget, and only a warning);
- ``sol.budget`` (line 26): 20 points, bought one for one (over: not legal; under: a warning);
- ``sol.career`` (line 79): every character chooses a career;
- ``sol.specialty-one`` (line 88): at most one specialty per characteristic;
- ``sol.specialty-outside-career`` (line 94): a specialty outside the career nets 0 (warning);
- ``sol.effective`` (lines 79-94): career skill = characteristic, career specialty +1,
  other skills -1, a specialty outside the career = characteristic;
- ``sol.wounds`` (lines 136-140): wounds lower Grip; at 0 the character is unconscious;
- ``sol.untrained`` (line 96): some highly specialised skills cannot be tried untrained;
  the GM rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from seforge.core.refused import RefusedError
from seforge.core.systems import CheckProblem, CheckReport
from seforge.systems.sword_of_life.character import (
    CHARACTERISTICS,
    LABELS,
    Characteristic,
    Skill,
    SolCharacter,
    Specialty,
)

BUDGET = 20
"""Points to spend on the characteristics (line 26)."""
LOWEST = 1
HIGHEST = 8
"""The normal range of a characteristic (line 26)."""
GM_LOWEST = 0
GM_HIGHEST = BUDGET
"""[A] The range when the GM allows ratings outside the normal one ("normally", line 26):
a rating of 0 draws no card, and no rating can cost more than the whole budget."""

EXAMPLE_CAREERS: tuple[str, ...] = (
    "Police", "Military", "Science", "Criminal", "Trading", "Academic", "Medical", "Legal", "Spy",
)
"""The text's example careers (line 84)."""

UNTRAINED_NOTE = (
    "Some very specialised skills (particle physics, opera, starship navigation, flying a "
    "fighter...) cannot be tried at all without training: the GM decides."
)
"""``sol.untrained`` in our words (line 96)."""

NEW_SKILL = Skill(in_career=False)
"""[A] A skill the player adds (in the builder, or on a blank row of the sheet, whose box
left unticked reads the same) is outside the career until it is marked as part of it, and
not highly specialised; its name and characteristic are the player's."""


def spent(character: SolCharacter) -> int:
    """Points spent on the four characteristics (one per rating point)."""
    return sum(character.characteristics.get(key) for key in CHARACTERISTICS)


def remaining(character: SolCharacter) -> int:
    return BUDGET - spent(character)


def rating_bounds(character: SolCharacter) -> tuple[int, int]:
    """The lowest and highest rating the builder offers: 1-8, or 0 to the budget when the
    character's table lets the GM allow ratings outside the normal range."""
    if character.settings.gm_allows_outside_range:
        return GM_LOWEST, GM_HIGHEST
    return LOWEST, HIGHEST


def legal_range(character: SolCharacter, key: Characteristic) -> tuple[int, int]:
    """The values the builder offers for ``key``: within :func:`rating_bounds`, and no more
    than the points left allow (a file already over the budget may still lower it)."""
    low, high = rating_bounds(character)
    current = character.characteristics.get(key)
    top = min(high, max(current, current + remaining(character)))
    return low, max(low, top)


def why_not_set(character: SolCharacter, key: Characteristic, value: int) -> str | None:
    """Why ``key`` cannot become ``value`` in the builder (None when it can)."""
    label = LABELS[key]
    low, high = rating_bounds(character)
    if not low <= value <= high:
        return f"{label} runs from {low} to {high}" + (
            "" if character.settings.gm_allows_outside_range else
            " (unless the GM allows ratings outside it)")
    current = character.characteristics.get(key)
    if value > current and value - current > remaining(character):
        left = max(0, remaining(character))
        return f"raising {label} to {value} needs {value - current} points; {left} left"
    return None


def set_characteristic(character: SolCharacter, key: Characteristic, value: int) -> None:
    """Mutator: set one characteristic (RefusedError with the reason)."""
    reason = why_not_set(character, key, value)
    if reason is not None:
        raise RefusedError(reason)
    setattr(character.characteristics, key, value)
    if key == "grip":
        fit_grip_now(character)


def fit_grip_now(character: SolCharacter) -> None:
    """Mutator: a Grip lowered below the current Grip lowers the current Grip to it."""
    if character.grip_now is not None:
        character.grip_now = max(0, min(character.grip_now, character.characteristics.grip))


def why_not_grip_now(character: SolCharacter, value: int) -> str | None:
    """Current Grip runs from 0 (unconscious) to the Grip rating (unhurt)."""
    grip = character.characteristics.grip
    if not 0 <= value <= max(0, grip):
        return f"current Grip runs from 0 (unconscious) to the Grip rating {grip}"
    return None


def set_grip_now(character: SolCharacter, value: int) -> None:
    """Mutator: Grip after wounds (``sol.wounds``, line 140: Grip 0 is unconscious)."""
    reason = why_not_grip_now(character, value)
    if reason is not None:
        raise RefusedError(reason)
    character.grip_now = None if value == character.characteristics.grip else value


def grip_now(character: SolCharacter) -> int:
    """Grip after wounds (the rating when unhurt)."""
    grip = character.characteristics.grip
    return grip if character.grip_now is None else character.grip_now


def take_wounds(character: SolCharacter, lost: int) -> None:
    """Mutator (``sol.wounds``): Grip lost in a combat lowers the current Grip, never below
    0 (unconscious)."""
    if lost < 0:
        raise RefusedError("wounds cannot be negative")
    set_grip_now(character, max(0, min(grip_now(character), character.characteristics.grip)
                                - lost))


def give_back_wounds(character: SolCharacter, grip: int) -> None:
    """Mutator (``sol.wounds``): Grip a conflict wrote to the sheet and gives back (won back
    there after the write) raises the current Grip, never above the rating."""
    if grip < 0:
        raise RefusedError("the Grip given back cannot be negative")
    grip_rating = character.characteristics.grip
    set_grip_now(character, min(grip_rating, max(0, grip_now(character)) + grip))


TABLE_OPTIONS: tuple[str, ...] = ("unspent_points_are_error", "gm_allows_outside_range")
"""The character's table options (:class:`SolSettings`), each set by :func:`set_option`."""


def set_option(character: SolCharacter, field: str, on: bool) -> None:
    """Mutator: one of the character's table options. Taking the GM's leave back keeps a
    rating outside the normal range as it is: :func:`problems` reports it as an error."""
    if field not in TABLE_OPTIONS:
        raise RefusedError(f"there is no table option {field!r}")
    setattr(character.settings, field, bool(on))


def set_career(character: SolCharacter, career: str) -> None:
    character.career = career.strip()


def set_specialty(character: SolCharacter, key: Characteristic, name: str,
                  in_career: bool = True) -> None:
    """Mutator: the one specialty of ``key`` (an empty name removes it)."""
    name = name.strip()
    character.specialties = dict(character.specialties)
    if name:
        character.specialties[key] = [Specialty(name=name, in_career=in_career)]
    else:
        character.specialties.pop(key, None)


def add_skill(character: SolCharacter, skill: Skill) -> None:
    if not skill.name.strip():
        raise RefusedError("a skill needs a name")
    character.skills = [*character.skills, skill]


def remove_skill(character: SolCharacter, index: int) -> None:
    if not 0 <= index < len(character.skills):
        raise RefusedError("there is no such skill")
    character.skills = [s for i, s in enumerate(character.skills) if i != index]


# effective ratings ------------------------------------------------------------------------


def effective_rating(rating: int, *, in_career: bool, specialty: bool) -> int:
    """``sol.effective``: the cards a skill draws (never below 0)."""
    value = rating + (1 if specialty else 0) - (0 if in_career else 1)
    return max(0, value)


@dataclass(frozen=True)
class RatedSkill:
    """One line of the effective-ratings table."""

    name: str
    characteristic: Characteristic
    rating: int
    how: str
    """Why it has that rating, in a few words."""
    gm_ruling: bool = False
    """Untrained in a highly specialised skill: the GM may forbid the attempt."""


def effective_ratings(character: SolCharacter) -> list[RatedSkill]:
    """The career skills, the specialties and the listed skills with their ratings."""
    career = character.career.strip() or "career"
    out: list[RatedSkill] = []
    for key in CHARACTERISTICS:
        base = character.characteristics.get(key)
        out.append(RatedSkill(f"{career} ({LABELS[key]})", key,
                              effective_rating(base, in_career=True, specialty=False),
                              "career skill: the characteristic"))
        special = character.specialty(key)
        if special is not None:
            how = ("specialty in the career: +1" if special.in_career
                   else "specialty outside the career: +1 -1")
            out.append(RatedSkill(special.name, key, effective_rating(
                base, in_career=special.in_career, specialty=True), how))
    for key in CHARACTERISTICS:
        base = character.characteristics.get(key)
        out.append(RatedSkill(f"any other {LABELS[key]} skill", key,
                              effective_rating(base, in_career=False, specialty=False),
                              "outside the career: -1"))
    for skill in character.skills:
        base = character.characteristics.get(skill.characteristic)
        how = "career skill" if skill.in_career else "outside the career: -1"
        out.append(RatedSkill(
            skill.name, skill.characteristic,
            effective_rating(base, in_career=skill.in_career, specialty=False), how,
            gm_ruling=skill.highly_specialised and not skill.in_career))
    return out


# checking -----------------------------------------------------------------------------------


def problems(character: SolCharacter) -> list[CheckProblem]:
    """Everything wrong with the character, errors before warnings."""
    found: list[CheckProblem] = []
    outside = "warning" if character.settings.gm_allows_outside_range else "error"
    for key in CHARACTERISTICS:
        value = character.characteristics.get(key)
        if not LOWEST <= value <= HIGHEST:
            extra = " (allowed by the GM)" if outside == "warning" else ""
            found.append(CheckProblem(
                f"{LABELS[key]} is {value}; a characteristic runs from {LOWEST} to {HIGHEST}"
                f"{extra}.", outside, "sol.characteristic-range"))
    total = spent(character)
    if total > BUDGET:
        found.append(CheckProblem(
            f"{total} points are spent on characteristics; only {BUDGET} are available.",
            "error", "sol.budget"))
    elif total < BUDGET:
        severity = "error" if character.settings.unspent_points_are_error else "warning"
        found.append(CheckProblem(
            f"{BUDGET - total} of the {BUDGET} points are not spent yet.", severity,
            "sol.budget"))
    if not character.career.strip():
        found.append(CheckProblem("No career is chosen; every character needs one.",
                                  "error", "sol.career"))
    for key in CHARACTERISTICS:
        named = [s for s in character.specialties.get(key, []) if s.name.strip()]
        if len(named) > 1:
            found.append(CheckProblem(
                f"{LABELS[key]} has {len(named)} specialties; one per characteristic at most.",
                "error", "sol.specialty-one"))
        for special in named:
            if not special.in_career:
                found.append(CheckProblem(
                    f"The {LABELS[key]} specialty '{special.name}' is outside the career, so it "
                    "draws the plain characteristic (no gain).", "warning",
                    "sol.specialty-outside-career"))
    found.sort(key=lambda p: p.severity != "error")
    return found


def ledger_lines(character: SolCharacter) -> list[str]:
    """Where every point went, for ``seforge check`` and the builder's ledger."""
    lines = [f"{LABELS[key]}: {character.characteristics.get(key)}" for key in CHARACTERISTICS]
    lines.append(f"Spent {spent(character)} of {BUDGET} ({remaining(character)} left)")
    lines.append(f"Career: {character.career.strip() or '(none)'}")
    for key in CHARACTERISTICS:
        special = character.specialty(key)
        if special is not None:
            lines.append(f"{LABELS[key]} specialty: {special.name}")
    return lines


def check_character(character: SolCharacter) -> CheckReport:
    return CheckReport(
        problems=tuple(problems(character)),
        figures={"spent": spent(character), "budget": BUDGET},
        lines=tuple(ledger_lines(character)),
    )

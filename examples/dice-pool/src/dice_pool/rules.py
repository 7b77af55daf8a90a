"""The Dice Pool rules: the dice budget, the check, and every change a view may make.

A character has at most :data:`MAX_TRAITS` traits; each trait rolls :data:`MIN_POOL` to
:data:`MAX_POOL` dice, and all traits together at most :data:`BUDGET` dice. ``check``
reports a character that breaks this (errors) and one with dice still to assign
(a warning). Each mutator refuses a change that would break a rule with
:class:`~seforge.core.refused.RefusedError` (one line), and has a ``why_not_*`` twin that
gives the reason without raising, so a view can disable a control and say why.
"""

from __future__ import annotations

from seforge.core.refused import RefusedError
from seforge.core.systems import CheckProblem, CheckReport

from dice_pool.models import Character, Trait

MIN_POOL = 1
"""The fewest dice a trait rolls."""
MAX_POOL = 6
"""The most dice a trait rolls."""
BUDGET = 12
"""The dice a character shares out among their traits."""
MAX_TRAITS = 8
"""The most traits a character has."""
STARTING_TRAITS = ("Body", "Mind", "Spirit")
"""The traits a new character starts with, one die each (rename or remove them)."""


def _refuse_if(reason: str | None) -> None:
    if reason is not None:
        raise RefusedError(reason)


def new_character() -> Character:
    """A new character: the starting traits with one die each."""
    return Character(traits=[Trait(name=name, pool=MIN_POOL) for name in STARTING_TRAITS])


def spent(character: Character) -> int:
    """The dice given to traits."""
    return sum(trait.pool for trait in character.traits)


def left(character: Character) -> int:
    """The dice of the budget not yet given (negative when over it)."""
    return BUDGET - spent(character)


# -- the check ----------------------------------------------------------------------------

def check_character(character: Character) -> list[CheckProblem]:
    """Everything that makes ``character`` not legal (errors) or unfinished (warnings)."""
    problems: list[CheckProblem] = []
    if not character.name.strip():
        problems.append(CheckProblem("The character has no name.", "warning", "dice-pool.name"))
    if not character.traits:
        problems.append(CheckProblem("The character has no traits yet.", "warning",
                                     "dice-pool.traits"))
    if len(character.traits) > MAX_TRAITS:
        problems.append(CheckProblem(
            f"{len(character.traits)} traits; a character has at most {MAX_TRAITS}.", "error",
            "dice-pool.traits"))
    seen: set[str] = set()
    for number, trait in enumerate(character.traits, start=1):
        label = trait.name.strip() or f"Trait {number}"
        if not trait.name.strip():
            problems.append(CheckProblem(f"Trait {number} has no name.", "error",
                                         "dice-pool.trait-name"))
        elif trait.name.strip().casefold() in seen:
            problems.append(CheckProblem(f"Two traits are called {label!r}.", "error",
                                         "dice-pool.trait-name"))
        seen.add(trait.name.strip().casefold())
        if not MIN_POOL <= trait.pool <= MAX_POOL:
            problems.append(CheckProblem(
                f"{label} rolls {trait.pool} dice; a trait rolls {MIN_POOL} to {MAX_POOL}.",
                "error", "dice-pool.pool"))
    total = spent(character)
    if total > BUDGET:
        problems.append(CheckProblem(
            f"The traits roll {total} dice together; the budget is {BUDGET}.", "error",
            "dice-pool.budget"))
    elif total < BUDGET and character.traits:
        rest = BUDGET - total
        problems.append(CheckProblem(
            f"{rest} {'die' if rest == 1 else 'dice'} of the {BUDGET} still to give to traits.",
            "warning", "dice-pool.budget"))
    return problems


def ledger_lines(character: Character) -> list[str]:
    """Where the dice went, one line per trait, then the total."""
    lines = [f"{trait.name.strip() or '(unnamed)'}: {trait.pool} "
             f"{'die' if trait.pool == 1 else 'dice'}" for trait in character.traits]
    lines.append(f"Spent {spent(character)} of {BUDGET} dice")
    return lines


def report(character: Character) -> CheckReport:
    """What ``seforge check`` prints for ``character``."""
    return CheckReport(
        problems=tuple(check_character(character)),
        figures={"spent": spent(character), "budget": BUDGET},
        lines=tuple(ledger_lines(character)),
    )


# -- changes ------------------------------------------------------------------------------

def why_not_set_pool(character: Character, index: int, pool: int) -> str | None:
    """Why trait ``index`` cannot roll ``pool`` dice (None when it can). Lowering a pool
    is always allowed down to :data:`MIN_POOL` (so a file over the limits can be mended
    step by step); raising one must stay within :data:`MAX_POOL` and the budget."""
    if not 0 <= index < len(character.traits):
        return f"there is no trait {index + 1}"
    current = character.traits[index].pool
    if pool == current:
        return None
    if pool < MIN_POOL or (pool > current and pool > MAX_POOL):
        return f"a trait rolls {MIN_POOL} to {MAX_POOL} dice, not {pool}"
    if pool > current and spent(character) - current + pool > BUDGET:
        return f"all the traits together roll at most {BUDGET} dice"
    return None


def set_pool(character: Character, index: int, pool: int) -> None:
    _refuse_if(why_not_set_pool(character, index, pool))
    character.traits[index].pool = pool


def why_not_add_trait(character: Character) -> str | None:
    if len(character.traits) >= MAX_TRAITS:
        return f"a character has at most {MAX_TRAITS} traits"
    if spent(character) + MIN_POOL > BUDGET:
        return f"every die of the {BUDGET} is given; lower a trait first"
    return None


def add_trait(character: Character, name: str = "") -> None:
    """A new trait at the end, rolling :data:`MIN_POOL` dice."""
    _refuse_if(why_not_add_trait(character))
    character.traits.append(Trait(name=name.strip() or _free_name(character), pool=MIN_POOL))


def _free_name(character: Character) -> str:
    taken = {t.name.strip().casefold() for t in character.traits}
    number = len(character.traits) + 1
    while f"trait {number}" in taken:
        number += 1
    return f"Trait {number}"


def why_not_remove_trait(character: Character, index: int) -> str | None:
    if not 0 <= index < len(character.traits):
        return f"there is no trait {index + 1}"
    return None


def remove_trait(character: Character, index: int) -> None:
    _refuse_if(why_not_remove_trait(character, index))
    del character.traits[index]


def why_not_rename_trait(character: Character, index: int, name: str) -> str | None:
    if not 0 <= index < len(character.traits):
        return f"there is no trait {index + 1}"
    wanted = name.strip()
    if not wanted:
        return "a trait needs a name"
    for other, trait in enumerate(character.traits):
        if other != index and trait.name.strip().casefold() == wanted.casefold():
            return f"another trait is already called {trait.name.strip()!r}"
    return None


def rename_trait(character: Character, index: int, name: str) -> None:
    _refuse_if(why_not_rename_trait(character, index, name))
    character.traits[index].name = name.strip()


def set_name(character: Character, name: str) -> None:
    character.name = name.strip()


def set_notes(character: Character, notes: str) -> None:
    character.notes = notes

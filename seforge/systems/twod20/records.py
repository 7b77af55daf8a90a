"""Derived values and checks of a 2d20 record (notes ``2d20.md`` §4).

Derived values are computed, never entered (§4.2). Rules and their ids:

- ``2d20.stress.max`` [S] lines 918-921 and the Fatigue sidebar: max Stress =
  max(Brawn, Will) + Survive - Fatigue.
- ``2d20.vigor`` / ``2d20.resolve`` [C] "Damage types": Vigor = Brawn + Resistance,
  Resolve = Willpower + Discipline.
- ``2d20.initiative`` [S] "Variant: Initiative Scores": max(Agility, Insight).
- ``2d20.speed`` [S] grid variant: Agility + Move metres.
- ``2d20.bonus-damage`` [S] lines 725-731 (the skill's rating in [CD]) and the attribute table
  ([S] "Variant: Attribute Bonus Damage", [C] "Bonus damage").
- ``2d20.focus`` Focus at most the target number (notes §4.2).
- ``2d20.harms`` at most ``harm_limit`` Harms (3) [S] line 948, when the table's Harm-limit
  rule is Defeated (the Conan screen states no limit; see :mod:`.harm_state`).
- ``2d20.fatigue`` Fatigue at most the unfatigued maximum Stress [S] Fatigue sidebar.
- ``2d20.attributes`` / ``2d20.skills`` the profile's attributes, each skill once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from seforge.core.systems import CheckProblem, CheckReport
from seforge.systems.twod20.models import Character, Skill, Weapon
from seforge.systems.twod20.profiles import Profile, profile_info

ATTRIBUTE_BONUS: tuple[tuple[int, int], ...] = ((16, 5), (14, 4), (12, 3), (10, 2), (9, 1))
"""Attribute -> bonus damage dice: 9: +1, 10-11: +2, 12-13: +3, 14-15: +4, 16+: +5 [S][C]."""


def attribute_bonus(score: int) -> int:
    """Bonus damage dice (or personal Resistance) for an attribute score."""
    for floor, bonus in ATTRIBUTE_BONUS:
        if score >= floor:
            return bonus
    return 0


@dataclass(frozen=True)
class Derived:
    """One derived value with how it was worked out (our own words)."""

    key: str
    label: str
    value: int
    how: str
    rule: str


def skill(character: Character, name: str) -> Skill | None:
    wanted = name.casefold()
    return next((s for s in character.skills if s.name.casefold() == wanted), None)


def rating(character: Character, name: str) -> int:
    found = skill(character, name)
    return found.rating if found is not None else 0


def attr(character: Character, name: str) -> int:
    return character.attributes.get(name, 0)


def derived_values(character: Character) -> list[Derived]:
    """Every derived value the notes list for the record's profile."""
    c = character
    if c.profile is Profile.CONAN:
        brawn, res = attr(c, "Brawn"), rating(c, "Resistance")
        will, disc = attr(c, "Willpower"), rating(c, "Discipline")
        out = [
            Derived("vigor", "Vigor", brawn + res, f"Brawn {brawn} + Resistance {res}",
                    "2d20.vigor"),
            Derived("resolve", "Resolve", will + disc, f"Willpower {will} + Discipline {disc}",
                    "2d20.resolve"),
        ]
        for key, label, attribute in (("melee", "Melee", "Brawn"),
                                      ("ranged", "Ranged", "Awareness"),
                                      ("threaten", "Threaten", "Personality")):
            score = attr(c, attribute)
            out.append(Derived(f"bonus_{key}", f"{label} bonus damage", attribute_bonus(score),
                               f"{attribute} {score} on the bonus table", "2d20.bonus-damage"))
        out.append(Derived("encumbrance", "Load before Fatigue", 2 * brawn,
                           f"Brawn {brawn} x 2", "2d20.encumbrance"))
        return out
    brawn, will, survive = attr(c, "Brawn"), attr(c, "Will"), rating(c, "Survive")
    agility, insight, move = attr(c, "Agility"), attr(c, "Insight"), rating(c, "Move")
    fight, talk = rating(c, "Fight"), rating(c, "Talk")
    top = max(brawn, will)
    return [
        Derived("max_stress", "Maximum Stress", max(0, top + survive - c.fatigue),
                f"higher of Brawn and Will {top} + Survive {survive} - Fatigue {c.fatigue}",
                "2d20.stress.max"),
        Derived("initiative", "Initiative (variant)", max(agility, insight),
                f"higher of Agility {agility} and Insight {insight}", "2d20.initiative"),
        Derived("speed", "Speed in metres (variant)", agility + move,
                f"Agility {agility} + Move {move}", "2d20.speed"),
        Derived("bonus_weapon", "Weapon bonus damage", fight, f"Fight {fight} in [CD]",
                "2d20.bonus-damage"),
        Derived("bonus_mental", "Mental bonus damage", talk, f"Talk {talk} in [CD]",
                "2d20.bonus-damage"),
        Derived("bonus_melee_attr", "Melee bonus (attribute variant)",
                attribute_bonus(brawn), f"Brawn {brawn} on the bonus table",
                "2d20.bonus-damage"),
    ]


def derived(character: Character, key: str) -> int:
    """One derived value by key (KeyError if the profile has none)."""
    for value in derived_values(character):
        if value.key == key:
            return value.value
    raise KeyError(key)


def attack_damage(character: Character, weapon: Weapon) -> tuple[int, str]:
    """(damage dice, how) of one of the record's attacks [``2d20.bonus-damage``]: the weapon's
    dice plus the skill's rating (Fight, or Talk for a mental attack) [S] lines 725-731, or
    plus the attribute bonus (Melee: Brawn, Ranged: Awareness, Threaten: Personality)
    [C] "Bonus damage"."""
    if character.profile is Profile.CONAN:
        attribute = {"melee": "Brawn", "ranged": "Awareness"}.get(weapon.kind, "Personality")
        bonus = attribute_bonus(attr(character, attribute))
        return weapon.dice + bonus, f"{weapon.dice} + {attribute} bonus {bonus}"
    skill_name = "Talk" if weapon.kind == "mental" else "Fight"
    bonus = rating(character, skill_name)
    return weapon.dice + bonus, f"{weapon.dice} + {skill_name} {bonus}"


def skill_target(character: Character, found: Skill) -> int | None:
    """The target number of ``found`` with its usual attribute (None when it has none)."""
    if not found.attribute:
        return None
    return attr(character, found.attribute) + found.rating


def target_number(character: Character, attribute: str, skill_name: str) -> tuple[int, int]:
    """(TN, Focus) for a test of ``attribute`` + ``skill_name``; Focus is kept at or under
    the TN, as the engine requires."""
    found = skill(character, skill_name)
    tn = attr(character, attribute) + (found.rating if found else 0)
    return tn, min(skill_focus(character, found), tn)


def skill_focus(character: Character, found: Skill | None) -> int:
    """The Focus a test of ``found`` rolls with under the table's Focus rule
    (``2d20.focus.rule``): the skill's Focus number, or, under the named-focus reading, the
    skill's rating when it has a named focus (0 without one)."""
    from seforge.systems.twod20.settings import FocusRule

    if found is None:
        return 0
    if character.settings.focus_rule is FocusRule.SKILL_WITH_FOCUS:
        return found.rating if found.focuses.strip() else 0
    return found.focus


def _attribute_problems(c: Character) -> list[CheckProblem]:
    """Attributes the profile has that the record lacks, and those it does not have."""
    info = profile_info(c.profile)
    problems: list[CheckProblem] = []
    missing = [a for a in info.attributes if a not in c.attributes]
    unknown = [a for a in c.attributes if a not in info.attributes]
    if missing:
        problems.append(CheckProblem(
            f"The {info.title} attributes {', '.join(missing)} are missing.", "error",
            "2d20.attributes"))
    if unknown:
        verb = "is not an attribute" if len(unknown) == 1 else "are not attributes"
        problems.append(CheckProblem(
            f"{', '.join(unknown)} {verb} of {info.title}.", "error", "2d20.attributes"))
    return problems


def _skill_problems(c: Character) -> list[CheckProblem]:
    """Skills listed twice, tested with an unknown attribute, or with a Focus above the TN."""
    info = profile_info(c.profile)
    problems: list[CheckProblem] = []
    seen: set[str] = set()
    for s in c.skills:
        key = s.name.casefold().strip()
        if key in seen:
            problems.append(CheckProblem(f"The skill {s.name} is listed twice.", "error",
                                         "2d20.skills"))
        seen.add(key)
        if s.attribute and s.attribute not in info.attributes:
            problems.append(CheckProblem(
                f"{s.name} is tested with {s.attribute}, which is not an attribute of "
                f"{info.title}.", "error", "2d20.skills"))
        best = (attr(c, s.attribute) if s.attribute
                else max(c.attributes.values(), default=0)) + s.rating
        if s.focus > best:
            with_what = s.attribute or "the highest attribute"
            problems.append(CheckProblem(
                f"{s.name}'s Focus {s.focus} is above its target number {best} "
                f"({with_what} + {s.rating}); a Focus can be at most the target number.",
                "error", "2d20.focus"))
    return problems


def _harm_problems(c: Character) -> list[CheckProblem]:
    """More Harms than the limit (an error under the Defeated rule), or Defeated (a warning)."""
    from seforge.systems.twod20.harm_state import defeated, dying
    from seforge.systems.twod20.settings import HarmLimitRule

    limit = c.settings.harm_limit
    if c.settings.harm_limit_rule is HarmLimitRule.DEFEATED and len(c.harms) > limit:
        return [CheckProblem(
            f"{len(c.harms)} Harms is more than the {limit} that leave a character Defeated.",
            "error", "2d20.harms")]
    if defeated(c.settings, c.harms):
        return [CheckProblem(
            f"With {limit} Harms the character is Defeated"
            + (" and Dying (more Wounds than Traumas)." if dying(c.settings, c.profile, c.harms)
               else "."),
            "warning", "2d20.harms")]
    return []


def _fatigue_problems(c: Character) -> list[CheckProblem]:
    """SRD: Fatigue above the unfatigued maximum Stress (an error), or equal to it."""
    if c.profile is not Profile.SRD2022:
        return []
    top = max(attr(c, "Brawn"), attr(c, "Will")) + rating(c, "Survive")
    if c.fatigue > top:
        return [CheckProblem(
            f"Fatigue {c.fatigue} is more than the unfatigued maximum Stress {top}.",
            "error", "2d20.fatigue")]
    if c.fatigue == top and top > 0:
        return [CheckProblem(
            "Fatigue has brought maximum Stress to 0: any more and the character falls "
            "unconscious.", "warning", "2d20.fatigue")]
    return []


def check_character(character: Character) -> CheckReport:
    """Every problem of a record, with a stable rule id, and the derived values as figures."""
    c = character
    problems = [*_attribute_problems(c), *_skill_problems(c), *_harm_problems(c),
                *_fatigue_problems(c)]
    if not c.name.strip():
        problems.append(CheckProblem("The record has no name.", "warning", "2d20.name"))
    figures: dict[str, object] = {"profile": c.profile.value, "role": c.role.value}
    figures.update({d.key: d.value for d in derived_values(c)})
    figures["harms"] = len(c.harms)
    lines = tuple(f"{d.label}: {d.value} ({d.how})" for d in derived_values(c))
    return CheckReport(tuple(problems), figures, lines)


def check_file(path: Path) -> CheckReport:
    """``seforge check`` on a 2d20 file: a record, or a conflict tracker."""
    from seforge.core.documents import peek_format
    from seforge.systems.twod20 import documents

    format_id = peek_format(path)
    if not documents.CHARACTER_KIND.accepts(format_id) and (  # a record needs no tracker
            documents.CONFLICT_KIND.accepts(format_id)):
        from seforge.systems.twod20.conflict import check_conflict

        return check_conflict(documents.CONFLICT_KIND.load(path))
    return check_character(documents.CHARACTER_KIND.load(path))

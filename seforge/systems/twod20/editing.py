"""Changes to a 2d20 record, one function each, for the editor's undoable commands.

Each function changes the record it is given in place (the owner hands it a copy) or raises
``seforge.core.trackers.RefusedError`` with the reason; ``focus_limit`` and friends tell the
editor the legal range of a control and why (rules in :mod:`.records`).
"""

from __future__ import annotations

from pydantic import ValidationError

from seforge.core.limits import NAME_CHARS, text_limit
from seforge.core.trackers import RefusedError
from seforge.systems.twod20.models import (
    MAX_ATTRIBUTE,
    Character,
    Harm,
    HarmKind,
    Skill,
    Weapon,
    new_character,
)
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.records import attr
from seforge.systems.twod20.settings import settings_for_profile

RECORD_NUMBERS = {"armour": (0, 99), "courage": (0, 99), "fatigue": (0, 99),
                  "fortune": (0, 99), "renown": (-2, 5)}
RECORD_TEXTS = ("name", "talents", "gear", "notes")
RECORD_TRACKS = {"stress": (0, 99), "vigor_lost": (0, 99), "resolve_lost": (0, 99)}
"""Where the character stands now: SRD Stress marked, Conan Vigor and Resolve lost."""


def fatigue_limit(character: Character) -> tuple[int, str]:
    """The most Fatigue the record may carry and why (rule ``2d20.fatigue``)."""
    if character.profile is Profile.SRD2022:
        top = max(attr(character, "Brawn"), attr(character, "Will"))
        survive = next((s.rating for s in character.skills if s.name.casefold() == "survive"), 0)
        return top + survive, (f"Fatigue cannot pass the unfatigued maximum Stress, "
                               f"{top + survive}")
    return RECORD_NUMBERS["fatigue"][1], "Fatigue each point lowers what the character can bear"


def set_field(character: Character, field: str, value: object) -> Character:
    """Set a number or text field of the record (refused when out of range)."""
    if (field not in RECORD_NUMBERS and field not in RECORD_TEXTS and field not in RECORD_TRACKS
            and field != "role"):
        raise RefusedError(f"a record has no field {field!r}")
    if isinstance(value, str) and len(value) > text_limit(field):
        raise RefusedError(f"{field} is limited to {text_limit(field):,} characters")
    if field == "fatigue" and isinstance(value, int):
        limit, reason = fatigue_limit(character)
        if value > limit and value > character.fatigue:
            raise RefusedError(reason)
    data = character.model_dump()
    data[field] = value
    try:
        return Character.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        raise RefusedError(f"{field}: {first['msg'].lower()}") from None


def set_attribute(character: Character, name: str, value: int) -> None:
    if name not in profile_info(character.profile).attributes:
        raise RefusedError(f"{name} is not an attribute of this profile")
    if not 0 <= value <= MAX_ATTRIBUTE:
        raise RefusedError(f"an attribute is 0 to {MAX_ATTRIBUTE}, not {value}")
    character.attributes[name] = value


def focus_limit(character: Character, skill: Skill) -> tuple[int, str]:
    """The highest Focus ``skill`` may have and the reason (rule ``2d20.focus``)."""
    if skill.attribute:
        tn = attr(character, skill.attribute) + skill.rating
        return tn, f"Focus is at most the target number, {skill.attribute} + {skill.name} = {tn}"
    tn = max(character.attributes.values(), default=0) + skill.rating
    return tn, f"Focus is at most the target number, at best {tn} with the highest attribute"


def set_skill(character: Character, index: int, **values: object) -> None:
    """Change one skill's name, rating, focus, focuses or attribute."""
    if not 0 <= index < len(character.skills):
        raise RefusedError(f"there is no skill number {index + 1}")
    data = character.skills[index].model_dump()
    data.update(values)
    try:
        skill = Skill.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"])
        raise RefusedError(f"skill {where}: {first['msg'].lower()}") from None
    if skill.attribute and skill.attribute not in profile_info(character.profile).attributes:
        raise RefusedError(f"{skill.attribute} is not an attribute of this profile")
    for key in ("name", "focuses"):
        text = getattr(skill, key)
        if len(text) > text_limit(key):
            raise RefusedError(f"a skill's {key} is limited to {text_limit(key):,} characters")
    if "focus" in values:
        limit, reason = focus_limit(character, skill)
        if skill.focus > limit:
            raise RefusedError(reason)
    if "name" in values and any(i != index and s.name.casefold() == skill.name.casefold()
                                for i, s in enumerate(character.skills)):
        raise RefusedError(f"there is already a skill called {skill.name}")
    character.skills[index] = skill


def add_skill(character: Character, name: str) -> None:
    name = name.strip()
    if not name:
        raise RefusedError("a skill needs a name")
    if len(name) > NAME_CHARS:
        raise RefusedError(f"a skill's name is limited to {NAME_CHARS} characters")
    if any(s.name.casefold() == name.casefold() for s in character.skills):
        raise RefusedError(f"there is already a skill called {name}")
    if len(character.skills) >= 60:
        raise RefusedError("a record holds at most 60 skills")
    character.skills.append(Skill(name=name))


def remove_skill(character: Character, index: int) -> None:
    if not 0 <= index < len(character.skills):
        raise RefusedError(f"there is no skill number {index + 1}")
    del character.skills[index]


def add_weapon(character: Character, name: str = "Weapon") -> None:
    if len(character.weapons) >= 20:
        raise RefusedError("a record holds at most 20 attacks")
    character.weapons.append(Weapon(name=name))


def set_weapon(character: Character, index: int, **values: object) -> None:
    if not 0 <= index < len(character.weapons):
        raise RefusedError(f"there is no attack number {index + 1}")
    data = character.weapons[index].model_dump()
    data.update(values)
    for key in ("name", "qualities"):
        if isinstance(data[key], str) and len(data[key]) > text_limit(key):
            raise RefusedError(f"an attack's {key} is limited to {text_limit(key):,} characters")
    try:
        character.weapons[index] = Weapon.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        raise RefusedError(f"attack: {first['msg'].lower()}") from None


def remove_weapon(character: Character, index: int) -> None:
    if not 0 <= index < len(character.weapons):
        raise RefusedError(f"there is no attack number {index + 1}")
    del character.weapons[index]


def why_not_add_harm(character: Character) -> str | None:
    """Why another Harm cannot be marked (rule ``2d20.harms.limit``; None: it can)."""
    from seforge.systems.twod20.harm_state import why_not_more_harms

    return why_not_more_harms(character.settings, character.harms)


def add_harm(character: Character, kind: HarmKind, name: str = "") -> None:
    reason = why_not_add_harm(character)
    if reason:
        raise RefusedError(reason)
    character.harms.append(Harm(kind=kind, name=name))


def set_harm(character: Character, index: int, **values: object) -> None:
    if not 0 <= index < len(character.harms):
        raise RefusedError(f"there is no Harm number {index + 1}")
    data = character.harms[index].model_dump()
    data.update(values)
    character.harms[index] = Harm.model_validate(data)


def remove_harm(character: Character, index: int) -> None:
    if not 0 <= index < len(character.harms):
        raise RefusedError(f"there is no Harm number {index + 1}")
    del character.harms[index]


def change_profile(character: Character, profile: Profile | str) -> Character:
    """The record in another profile: attributes and skills start over from that profile's
    lists; name, role, talents, gear, notes and attacks stay."""
    wanted = Profile(profile)
    if wanted is character.profile:
        return character
    fresh = new_character(wanted, character.role, character.name)
    return fresh.model_copy(update={
        "talents": character.talents, "gear": character.gear, "notes": character.notes,
        "weapons": character.weapons, "fortune": character.fortune,
        "settings": settings_for_profile(character.settings, character.profile, wanted),
    })


def change_settings(character: Character, **values: object) -> Character:
    """The record with some table settings changed (validated; refused out of range)."""
    from seforge.systems.twod20.settings import changed_settings

    return character.model_copy(
        update={"settings": changed_settings(character.settings, **values)})

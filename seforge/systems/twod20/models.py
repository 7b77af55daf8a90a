"""The 2d20 character / NPC record (format ``2d20.character``, suffix ``.s2d20``).

Neither document gives character creation (notes §4), so the record holds the sheet's fields
(§4.1) and :mod:`.records` computes the derived values and checks the documents' limits.
Text fields are capped by ``seforge.core.limits`` (``name`` 200, ``notes`` 100k, others 2,000).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from seforge.core.documents import empty_list
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.settings import TableSettings, fill_profile_defaults, profile_settings

MAX_ATTRIBUTE = 30
MAX_SKILL = 10


class Role(StrEnum):
    PC = "pc"
    NPC = "npc"


class HarmKind(StrEnum):
    WOUND = "wound"
    """Physical Harm [S][C]."""
    TRAUMA = "trauma"
    """Mental Harm [S][C]."""


class Skill(BaseModel):
    """One skill: its rating (Expertise in Conan), its Focus, and named focuses."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(min_length=1)
    rating: int = Field(default=0, ge=0, le=MAX_SKILL)
    """Added to an attribute for the target number (SRD skill rating, Conan Expertise)."""
    focus: int = Field(default=0, ge=0, le=MAX_ATTRIBUTE + MAX_SKILL)
    """A d20 at or under it scores two successes (Conan Focus; in the SRD the Focus a
    named focus gives)."""
    focuses: str = ""
    """Named focuses (SRD), e.g. "Blades, Brawling"."""
    attribute: str = ""
    """The attribute usually tested with this skill ("" when it varies, as in the SRD)."""


class Harm(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    kind: HarmKind = HarmKind.WOUND
    name: str = ""
    """What the Harm is, as a Trait ("Broken arm")."""
    treated: bool = False


class Weapon(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    dice: int = Field(default=1, ge=0, le=20)
    """Base damage in Challenge / Combat dice, before the skill or attribute bonus."""
    kind: str = Field(default="melee", pattern="^(melee|ranged|mental)$")
    qualities: str = ""
    """Damage effects, e.g. "Vicious 1, Piercing 2"."""


class Character(BaseModel):
    """A PC or NPC of either profile."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    profile: Profile = Profile.SRD2022
    role: Role = Role.PC
    attributes: dict[str, Annotated[int, Field(ge=0, le=MAX_ATTRIBUTE)]] = Field(
        default_factory=dict, max_length=20)
    skills: list[Skill] = Field(default_factory=empty_list, max_length=60)
    armour: int = Field(default=0, ge=0, le=99)
    """Persistent physical Resistance (Armour [S], Armor soak [C])."""
    courage: int = Field(default=0, ge=0, le=99)
    """Persistent mental Resistance (Courage)."""
    fatigue: int = Field(default=0, ge=0, le=99)
    fortune: int = Field(default=0, ge=0, le=99)
    renown: int = Field(default=0, ge=-2, le=5)
    """Conan renown, -2 (Shunned) to 5 (Famous) [C] "Renown"."""
    harms: list[Harm] = Field(default_factory=empty_list, max_length=20)
    stress: int = Field(default=0, ge=0, le=99)
    """SRD: Stress marked now (cleared at the end of a scene [S])."""
    vigor_lost: int = Field(default=0, ge=0, le=99)
    """Conan: Vigor lost now (Vigor left = Brawn + Resistance - this) [C] "Damage types"."""
    resolve_lost: int = Field(default=0, ge=0, le=99)
    """Conan: Resolve lost now (Resolve left = Willpower + Discipline - this)."""
    weapons: list[Weapon] = Field(default_factory=empty_list, max_length=20)
    talents: str = ""
    gear: str = ""
    notes: str = ""
    settings: TableSettings = Field(default_factory=TableSettings)

    @model_validator(mode="before")
    @classmethod
    def _profile_defaults(cls, data: Any) -> Any:
        return fill_profile_defaults(data)


def skill_attributes(profile: Profile) -> dict[str, str]:
    """The attribute each of ``profile``'s skills is tested with ({} for the SRD, where a
    test names both, e.g. Agility + Fight [S])."""
    from seforge.systems.twod20.profiles import CONAN_SKILL_ATTRIBUTES

    return CONAN_SKILL_ATTRIBUTES if profile is Profile.CONAN else {}


def new_character(profile: Profile | str = Profile.SRD2022, role: Role = Role.PC,
                  name: str = "") -> Character:
    """A blank record of ``profile``: every attribute at 8, every skill at 0."""
    info = profile_info(profile)
    return Character(
        name=name,
        profile=info.id,
        role=role,
        attributes={attribute: 8 for attribute in info.attributes},
        skills=[Skill(name=skill, attribute=skill_attributes(info.id).get(skill, ""))
                for skill in info.skills],
        settings=profile_settings(info.id),
    )

"""The two 2d20 profiles: what differs between the SRD 2022 chapter and the Conan screen.

Source: notes ``systems/2d20.md`` (introduction and §4.1); [S] for the SRD names, [C] for Conan.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Profile(StrEnum):
    """Which 2d20 game a record, a tracker or a calculation follows."""

    SRD2022 = "srd2022"
    CONAN = "conan"


@dataclass(frozen=True)
class ProfileInfo:
    """The names one profile uses for the same parts of the engine."""

    id: Profile
    title: str
    attributes: tuple[str, ...]
    skills: tuple[str, ...]
    gm_pool: str
    """The GM's currency: Threat [S] or Doom [C]."""
    damage_die: str
    """Challenge Dice [S] or Combat Dice [C]; both read 1, 2, 0, 0, 1+Effect, 1+Effect."""
    stress_tracks: tuple[str, ...]
    """Stress (filling up) [S], or Vigor and Resolve (emptying) [C]."""


SRD_ATTRIBUTES = ("Agility", "Brawn", "Coordination", "Insight", "Reason", "Will")
SRD_SKILLS = ("Fight", "Know", "Move", "Operate", "Survive", "Talk")
CONAN_ATTRIBUTES = (
    "Agility", "Awareness", "Brawn", "Coordination", "Intelligence", "Personality", "Willpower",
)
CONAN_SKILLS = (
    "Acrobatics", "Alchemy", "Animal Handling", "Athletics", "Command", "Counsel", "Craft",
    "Discipline", "Healing", "Insight", "Linguistics", "Lore", "Melee", "Observation", "Parry",
    "Persuade", "Ranged Weapons", "Resistance", "Sailing", "Society", "Stealth", "Survival",
    "Thievery", "Warfare",
)
"""The Conan skill list. The screen [C] names only Resistance, Discipline, Healing, Counsel,
Crafts, Parry, Observation and Stealth; the rest is the Conan core book's list (external [X]):
a record may rename or add skills freely."""

CONAN_SKILL_ATTRIBUTES: dict[str, str] = {
    "Acrobatics": "Agility", "Melee": "Agility", "Stealth": "Agility",
    "Insight": "Awareness", "Observation": "Awareness", "Survival": "Awareness",
    "Thievery": "Awareness",
    "Athletics": "Brawn", "Resistance": "Brawn",
    "Parry": "Coordination", "Ranged Weapons": "Coordination", "Sailing": "Coordination",
    "Alchemy": "Intelligence", "Craft": "Intelligence", "Healing": "Intelligence",
    "Linguistics": "Intelligence", "Lore": "Intelligence", "Warfare": "Intelligence",
    "Animal Handling": "Personality", "Command": "Personality", "Counsel": "Personality",
    "Persuade": "Personality", "Society": "Personality",
    "Discipline": "Willpower",
}
"""Which attribute each Conan skill is tested with (rule ``2d20.skills.attribute``). The
screen [C] "Damage types" ties Resistance to Brawn and Discipline to Willpower; the rest is
the Conan core book's map (external [X]): a record may change any of them."""

PROFILES: dict[Profile, ProfileInfo] = {
    Profile.SRD2022: ProfileInfo(
        Profile.SRD2022, "2d20 SRD 2022", SRD_ATTRIBUTES, SRD_SKILLS, "Threat",
        "Challenge Dice", ("Stress",),
    ),
    Profile.CONAN: ProfileInfo(
        Profile.CONAN, "Conan", CONAN_ATTRIBUTES, CONAN_SKILLS, "Doom",
        "Combat Dice", ("Vigor", "Resolve"),
    ),
}


def profile_info(profile: Profile | str) -> ProfileInfo:
    """The names of ``profile`` (ValueError for an unknown id)."""
    try:
        return PROFILES[Profile(profile)]
    except ValueError:
        known = ", ".join(p.value for p in Profile)
        raise ValueError(f"there is no 2d20 profile {profile!r} (known: {known})") from None

"""The facts of Blades in the Dark that every other module reads: actions, attributes,
result levels, positions, effects, vices, trauma conditions, and the house defaults for
what the supplied text lacks.

Source: ``blades-in-the-dark-srd.tex.txt`` (the SRD's LaTeX, cut off after *Loadout*);
the reading notes are ``systems/blades.md``. Every value the text does not give is a field
of :class:`HouseDefaults`, labelled with its origin, so the user can change it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, field_validator

from seforge.systems.blades.levels import DEFAULT_TICKS_BY_EFFECT as DEFAULT_TICKS_BY_EFFECT
from seforge.systems.blades.levels import EFFECT_ORDER as EFFECT_ORDER
from seforge.systems.blades.levels import RESULT_ORDER as RESULT_ORDER
from seforge.systems.blades.levels import Effect as Effect
from seforge.systems.blades.levels import Position as Position
from seforge.systems.blades.levels import ResultLevel as ResultLevel
from seforge.systems.blades.levels import effect_step as effect_step

SRD = "blades-in-the-dark-srd.tex.txt"
"""The source text every rule cites."""


@dataclass(frozen=True)
class Source:
    """Where a rule or table comes from: the document, its section and its line."""

    section: str
    line: int | None = None
    document: str = SRD
    origin: str = "text"
    """``"text"`` (stated), ``"inferred"`` (from the text's examples) or ``"external"``
    (not in the text: a labelled default from the published game)."""

    def label(self) -> str:
        where = f"{self.document}, {self.section}"
        if self.line is not None:
            where += f", line {self.line}"
        if self.origin != "text":
            where += f" ({self.origin})"
        return where


ACTIONS: tuple[str, ...] = (
    "attune", "command", "consort", "finesse", "hunt", "prowl",
    "skirmish", "study", "survey", "sway", "tinker", "wreck",
)
"""The twelve actions, lower case as in the document (SRD, Action Ratings, line 86)."""

ATTRIBUTES: tuple[str, ...] = ("insight", "prowess", "resolve")
"""The three attributes (SRD, Attribute Ratings, line 107)."""

XP_TRACKS: tuple[str, ...] = (*ATTRIBUTES, "playbook")
"""The experience tracks: one per attribute and the playbook's (SRD, PC Advancement)."""

MAX_RATING = 4
"""An action or attribute rating runs from 0 to 4 (SRD, Action Ratings, line 101)."""

CREATION_DOTS = 7
"""Dots at creation: 3 placed by the playbook plus 4 assigned (SRD, line 556)."""
PLAYBOOK_DOTS = 3
HERITAGE_DOTS = 1
BACKGROUND_DOTS = 1
FREE_DOTS = 2
CREATION_CAP = 2
"""No action above 2 at creation (SRD, Assign four action dots, line 556)."""
PLAY_CAP = 3
"""After creation, ratings advance up to 3 (SRD, Character creation summary, line 590)."""
MASTERY_CAP = 4
"""Up to 4 once the crew has the Mastery advance (SRD, line 590)."""

VICES: tuple[str, ...] = (
    "Faith", "Gambling", "Luxury", "Obligation", "Pleasure", "Stupor", "Weird",
)
"""The seven vices (SRD, Choose your vice, lines 571-577)."""

TRAUMA_CONDITIONS: tuple[str, ...] = (
    "Cold", "Haunted", "Obsessed", "Paranoid", "Reckless", "Soft", "Unstable", "Vicious",
)
"""The eight trauma conditions (SRD, Trauma Conditions, line 157)."""

RETIRE_AT_TRAUMA = 4
"""The fourth trauma condition retires the scoundrel (SRD, Trauma, line 156)."""

COIN_CARRY = 4
"""A scoundrel carries at most 4 coin (SRD, Coin, line 422)."""
STASH_MAX = 40
"""A stash holds at most 40 (SRD, Stash & Retirement)."""
MAX_LOAD = 9
"""Load runs from 1 to 9 (SRD, Loadout, lines 599-602)."""

ARMOR_BOXES: tuple[str, ...] = ("standard", "heavy", "special")
"""The three armor boxes (SRD, Special Armor, line 565)."""


DEFAULT_ATTRIBUTE_MAP: dict[str, tuple[str, ...]] = {
    "insight": ("hunt", "study", "survey", "tinker"),
    "prowess": ("finesse", "prowl", "skirmish", "wreck"),
    "resolve": ("attune", "command", "consort", "sway"),
}
"""Which actions sit under which attribute. EXTERNAL default (published game): the text
confirms only Hunt under Insight and Skirmish under Prowess (notes §6)."""

class HouseDefaults(BaseModel):
    """What the supplied text does not say, as settings with the notes' defaults (§6).

    Each field is EXTERNAL: a default from the published game, never a sourced rule.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    stress_boxes: int = Field(default=9, ge=1, le=20)
    """Stress track size (published sheet: 9; the text only says 'your last stress box')."""
    harm_boxes: tuple[int, int, int] = (2, 2, 1)
    """Boxes in the harm rows 1 (lesser), 2 (moderate), 3 (severe) (published sheet)."""
    attribute_xp_boxes: int = Field(default=6, ge=1, le=20)
    """Length of an attribute's XP track (published sheet)."""
    playbook_xp_boxes: int = Field(default=8, ge=1, le=20)
    """Length of the playbook's XP track (published sheet)."""
    attribute_map: dict[str, tuple[str, ...]] = Field(
        default_factory=lambda: dict(DEFAULT_ATTRIBUTE_MAP)
    )
    """Which actions each attribute holds (published game)."""

    @field_validator("harm_boxes")
    @classmethod
    def _harm(cls, value: tuple[int, int, int]) -> tuple[int, int, int]:
        if any(not 1 <= boxes <= 6 for boxes in value):
            raise ValueError("each harm row holds 1 to 6 boxes")
        return value

    @field_validator("attribute_map")
    @classmethod
    def _map(cls, value: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
        if set(value) != set(ATTRIBUTES):
            raise ValueError("the attribute map names insight, prowess and resolve")
        placed = [action for actions in value.values() for action in actions]
        if sorted(placed) != sorted(ACTIONS):
            raise ValueError("the attribute map places each of the twelve actions once")
        return {attribute: tuple(value[attribute]) for attribute in ATTRIBUTES}


HOUSE_DEFAULT_LABELS: dict[str, str] = {
    "stress_boxes": "Stress boxes (published sheet: 9; not in the SRD text)",
    "harm_boxes": "Harm boxes per row 1/2/3 (published sheet: 2/2/1)",
    "attribute_xp_boxes": "Attribute XP track length (published sheet: 6)",
    "playbook_xp_boxes": "Playbook XP track length (published sheet: 8)",
    "attribute_map": "Actions under each attribute (published game; the text confirms only "
    "Hunt under Insight and Skirmish under Prowess)",
}
"""How the settings panel and the README name each external default."""


def attribute_of(action: str, defaults: HouseDefaults | None = None) -> str:
    """The attribute an action sits under (per the attribute map in use)."""
    mapping = (defaults or HouseDefaults()).attribute_map
    for attribute, actions in mapping.items():
        if action in actions:
            return attribute
    raise ValueError(f"there is no action {action!r}")


@dataclass(frozen=True)
class Playbook:
    """A playbook's three starting dots and XP trigger, read from its data file
    (:mod:`seforge.systems.blades.content`; EXTERNAL: the published game, CC BY 3.0)."""

    name: str
    dots: tuple[tuple[str, int], ...]
    xp_trigger: str
    source: Source


def playbook_named(name: str) -> Playbook | None:
    """The playbook of that name (any case) from the data files, or None for a playbook
    the data does not hold (its three dots are then placed by hand)."""
    from seforge.systems.blades.content import playbook

    found = playbook(name)
    if found is None:
        return None
    return Playbook(found.name, tuple(found.starting_dots.items()), found.xp_trigger,
                    Source(f"playbooks/{found.name.lower()}.json", document="published "
                           "playbook (CC BY 3.0)", origin="external"))

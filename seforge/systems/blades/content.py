"""The game's content as data: the seven playbooks and six crew types (one JSON file each
under ``resources/systems/blades/playbooks`` and ``crews``) and the creation lists
(heritages, backgrounds, standard items, reputations, cohorts, general upgrades) in
``lists.json``.

The supplied SRD text is cut off before the playbooks; their facts (names, numbers,
starting dots, what an ability does) come from the published game under CC BY 3.0, each
file naming its source, every summary in SEForge's own words. The models below are the
files' schema: a file that does not match is refused with the reason.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from seforge.systems.blades.facts import ACTIONS, CREATION_CAP, PLAYBOOK_DOTS

CLAIM_MAP_SLOTS = 14
"""Claims on a crew's map besides the lair at its centre (a 3 x 5 grid)."""


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ContentSource(_Data):
    """Where a file's facts come from and under which licence (CC BY 3.0 attribution)."""

    facts: str = Field(min_length=10)
    licence: str = Field(pattern=r"CC BY 3\.0")
    words: str

    def label(self) -> str:
        return f"{self.facts}. {self.licence}; {self.words}."


class Named(_Data):
    name: str = Field(min_length=1, max_length=60)
    summary: str = Field(min_length=3, max_length=160)


class Ability(Named):
    special_armor: bool = False
    """The ability spends the special armor box (SRD, Special Armor, line 565)."""


class Person(_Data):
    name: str = Field(min_length=1, max_length=60)
    role: str = Field(min_length=3, max_length=60)

    def label(self) -> str:
        return f"{self.name}, {self.role}"


class ItemData(_Data):
    name: str = Field(min_length=1, max_length=60)
    load: int = Field(ge=0, le=3)


class Upgrade(Named):
    boxes: int = Field(default=1, ge=1, le=4)


class ClaimData(Named):
    turf: bool = False


class CohortStart(_Data):
    kind: Literal["gang", "expert", "vehicle"]
    type: str = Field(min_length=1, max_length=40)


class PlaybookData(_Data):
    """One playbook file (``format: "blades.playbook"``)."""

    format: Literal["blades.playbook"]
    version: Literal[1]
    name: str = Field(min_length=1, max_length=40)
    summary: str
    xp_trigger: str = Field(min_length=10, max_length=120)
    starting_dots: dict[str, int]
    special_abilities: tuple[Ability, ...] = Field(min_length=8, max_length=9)
    friends: tuple[Person, ...] = Field(min_length=5, max_length=6)
    items: tuple[ItemData, ...] = Field(min_length=5, max_length=8)
    source: ContentSource

    @field_validator("starting_dots")
    @classmethod
    def _dots(cls, value: dict[str, int]) -> dict[str, int]:
        if any(action not in ACTIONS for action in value):
            raise ValueError("starting dots name the twelve actions only")
        if sum(value.values()) != PLAYBOOK_DOTS or any(
                not 1 <= n <= CREATION_CAP for n in value.values()):
            raise ValueError(f"a playbook places {PLAYBOOK_DOTS} dots, none above "
                             f"{CREATION_CAP}")
        return value

    @model_validator(mode="after")
    def _unique(self) -> PlaybookData:
        for what, names in (("ability", [a.name for a in self.special_abilities]),
                            ("friend", [f.name for f in self.friends]),
                            ("item", [i.name for i in self.items])):
            if len(set(names)) != len(names):
                raise ValueError(f"a {what} is listed twice")
        return self

    def ability(self, name: str) -> Ability | None:
        for ability in self.special_abilities:
            if ability.name.casefold() == name.strip().casefold():
                return ability
        return None


class CrewTypeData(_Data):
    """One crew type file (``format: "blades.crew-type"``)."""

    format: Literal["blades.crew-type"]
    version: Literal[1]
    name: str = Field(min_length=1, max_length=40)
    summary: str
    xp_trigger: str = Field(min_length=10, max_length=120)
    operations: tuple[str, ...] = Field(min_length=4, max_length=4)
    starting_upgrades: tuple[str, ...] = Field(min_length=1, max_length=2)
    starting_cohort: CohortStart | None
    special_abilities: tuple[Ability, ...] = Field(min_length=8, max_length=8)
    upgrades: tuple[Upgrade, ...] = Field(min_length=5, max_length=5)
    contacts: tuple[Person, ...] = Field(min_length=6, max_length=6)
    claims: tuple[ClaimData, ...] = Field(min_length=CLAIM_MAP_SLOTS,
                                          max_length=CLAIM_MAP_SLOTS)
    source: ContentSource

    @model_validator(mode="after")
    def _starts(self) -> CrewTypeData:
        if len(self.starting_upgrades) + (self.starting_cohort is not None) != 2:
            raise ValueError("a crew type starts with two upgrades (a cohort counts as one)")
        return self


class Lists(_Data):
    """``lists.json``: the choices shared by every playbook and crew."""

    format: Literal["blades.lists"]
    version: Literal[1]
    heritages: tuple[Named, ...] = Field(min_length=6, max_length=6)
    backgrounds: tuple[Named, ...] = Field(min_length=7, max_length=7)
    standard_items: tuple[ItemData, ...]
    reputations: tuple[str, ...]
    gang_types: tuple[Named, ...]
    edges: tuple[str, ...]
    flaws: tuple[str, ...]
    crew_upgrades: tuple[Upgrade, ...]
    cohort_cost: int = Field(ge=1, le=4)
    source: ContentSource


class ContentError(ValueError):
    """A content file that is missing or does not match its schema (one line)."""


def _folder() -> Path:
    from seforge.core.resources import resource_path

    return resource_path("systems", "blades")


def _read(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ContentError(f"{path.name}: {exc}") from None


M = TypeVar("M", bound=BaseModel)


def _validated(model: type[M], path: Path) -> M:
    from pydantic import ValidationError

    try:
        return model.model_validate(_read(path))
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ContentError(f"{path.name}: {where}: {first['msg']}") from None


@cache
def playbooks() -> tuple[PlaybookData, ...]:
    """The playbooks, in the book's order (Cutter … Whisper)."""
    found = [_validated(PlaybookData, path)
             for path in sorted((_folder() / "playbooks").glob("*.json"))]
    return tuple(sorted(found, key=lambda p: p.name))


@cache
def crew_types() -> tuple[CrewTypeData, ...]:
    found = [_validated(CrewTypeData, path)
             for path in sorted((_folder() / "crews").glob("*.json"))]
    return tuple(sorted(found, key=lambda c: c.name))


@cache
def lists() -> Lists:
    return _validated(Lists, _folder() / "lists.json")


def playbook(name: str) -> PlaybookData | None:
    """The playbook of that name (any case), or None for one the data does not hold."""
    for found in playbooks():
        if found.name.casefold() == name.strip().casefold():
            return found
    return None


def crew_type(name: str) -> CrewTypeData | None:
    for found in crew_types():
        if found.name.casefold() == name.strip().casefold():
            return found
    return None


def upgrade(crew: CrewTypeData | None, name: str) -> Upgrade | None:
    """A general upgrade or one of the crew type's own, by name."""
    pool = (*lists().crew_upgrades, *(crew.upgrades if crew else ()))
    for found in pool:
        if found.name.casefold() == name.strip().casefold():
            return found
    return None


def playbook_items(name: str) -> tuple[ItemData, ...]:
    """What a scoundrel of this playbook may carry: its own items, then the standard ones."""
    found = playbook(name)
    return (*(found.items if found else ()), *lists().standard_items)

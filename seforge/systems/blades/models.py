"""The documents of Blades in the Dark as pydantic models: the scoundrel and the crew.

The scoundrel's action ratings are under ``actions``, keyed by the lower-case action name
(``{"hunt": 2, ...}``); which dots the playbook placed and which action took the heritage
and background dots are kept beside them so the ledger can say where every dot went.
The crew document holds the crew and the faction game and the GM's clocks.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from seforge.core.documents import empty_list
from seforge.systems.blades.facts import (
    ACTIONS,
    ARMOR_BOXES,
    MAX_LOAD,
    MAX_RATING,
    STASH_MAX,
    TRAUMA_CONDITIONS,
    VICES,
    XP_TRACKS,
    HouseDefaults,
)

Stage = Literal["creation", "play"]

MAX_TRACK = 20
MAX_TIER = 6
"""The highest Tier a crew or faction reaches (the faction ladder's top)."""
"""The longest track a house may set (stress, XP, heat): every counter is bounded by it,
so a file can never hand a widget a number it cannot show (issue 24)."""


def _no_unknown_actions(value: dict[str, int], what: str) -> dict[str, int]:
    for action, rating in value.items():
        if action not in ACTIONS:
            raise ValueError(f"{what}: there is no action {action!r} (use one of "
                             f"{', '.join(ACTIONS)})")
        if not 0 <= rating <= MAX_RATING:
            raise ValueError(f"{what}: {action} is rated 0 to {MAX_RATING}, not {rating}")
    return {action: value.get(action, 0) for action in ACTIONS if value.get(action, 0) or
            what == "actions"}


class Advance(BaseModel):
    """One advance taken from a full XP track: an attribute's gives an action dot under it,
    the playbook's a special ability (SRD, PC Advancement, line 520)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    track: Literal["insight", "prowess", "resolve", "playbook"]
    action: str = ""
    ability: str = ""


class Item(BaseModel):
    """An item marked as carried on a score; a two-box item counts 2 toward load."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(default="", max_length=200)
    boxes: int = Field(default=1, ge=0, le=3)


class Scoundrel(BaseModel):
    """A Blades in the Dark player character (``format: "blades.character"``)."""

    model_config = ConfigDict(defer_build=True, extra="forbid", validate_assignment=False)

    name: str = ""
    alias: str = ""
    look: str = ""
    playbook: str = ""
    heritage: str = ""
    heritage_detail: str = ""
    background: str = ""
    background_detail: str = ""
    stage: Stage = "creation"
    """``creation`` while the scoundrel is built (7 dots, none above 2), then ``play``."""
    actions: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(ACTIONS, 0))
    playbook_dots: dict[str, int] = Field(default_factory=dict)
    """The three dots the playbook places, by action (part of ``actions``)."""
    heritage_dot: str = ""
    """The action that took the heritage dot (part of ``actions``)."""
    background_dot: str = ""
    """The action that took the background dot (part of ``actions``)."""
    special_abilities: list[str] = Field(default_factory=empty_list)
    xp_trigger: str = ""
    friend: str = ""
    rival: str = ""
    vice: str = ""
    vice_purveyor: str = ""
    mastery: bool = False
    """The crew has the Mastery advance: ratings may reach 4."""
    xp: dict[str, int] = Field(default_factory=lambda: dict.fromkeys(XP_TRACKS, 0))
    advances: list[Advance] = Field(default_factory=empty_list)
    stress: int = Field(default=0, ge=0, le=MAX_TRACK)
    """Up to the longest stress track a house may set (the builder's spin range)."""
    trauma: list[str] = Field(default_factory=empty_list)
    harm: list[list[str]] = Field(default_factory=lambda: [list[str](), [], []])
    """What is written in harm rows 1 (lesser), 2 (moderate) and 3 (severe)."""
    healing: int = Field(default=0, ge=0, le=3)
    """Segments ticked on the 4-segment healing clock (a full clock heals and resets)."""
    armor_used: list[str] = Field(default_factory=empty_list)
    heavy_armor: bool = False
    """The scoundrel wears heavy armor this score (its box can be marked)."""
    special_armor: bool = False
    """The scoundrel has a special ability that uses special armor (SRD, line 565)."""
    load: int = Field(default=0, ge=0, le=MAX_LOAD)
    """The load chosen for the score (0: none chosen yet)."""
    items: list[Item] = Field(default_factory=empty_list)
    coin: int = Field(default=0, ge=0, le=STASH_MAX)
    """Carried coin; above 4 is a check error (blades.coin), above the stash's 40 a refusal."""
    stash: int = Field(default=0, ge=0, le=STASH_MAX)
    house: HouseDefaults = Field(default_factory=HouseDefaults)
    notes: str = ""

    @field_validator("actions")
    @classmethod
    def _actions(cls, value: dict[str, int]) -> dict[str, int]:
        return _no_unknown_actions(value, "actions")

    @field_validator("playbook_dots")
    @classmethod
    def _playbook_dots(cls, value: dict[str, int]) -> dict[str, int]:
        return _no_unknown_actions(value, "playbook_dots")

    @field_validator("heritage_dot", "background_dot")
    @classmethod
    def _one_action(cls, value: str) -> str:
        if value and value not in ACTIONS:
            raise ValueError(f"there is no action {value!r}")
        return value

    @field_validator("xp")
    @classmethod
    def _xp(cls, value: dict[str, int]) -> dict[str, int]:
        for track, marks in value.items():
            if track not in XP_TRACKS:
                raise ValueError(f"there is no XP track {track!r}")
            if not 0 <= marks <= MAX_TRACK:
                raise ValueError(f"XP on the {track} track runs from 0 to {MAX_TRACK}, "
                                 f"not {marks}")
        return {track: value.get(track, 0) for track in XP_TRACKS}

    @field_validator("trauma")
    @classmethod
    def _trauma(cls, value: list[str]) -> list[str]:
        for condition in value:
            if condition not in TRAUMA_CONDITIONS:
                raise ValueError(f"{condition!r} is not a trauma condition")
        if len(set(value)) != len(value):
            raise ValueError("a trauma condition is marked twice")
        return value

    @field_validator("armor_used")
    @classmethod
    def _armor(cls, value: list[str]) -> list[str]:
        for box in value:
            if box not in ARMOR_BOXES:
                raise ValueError(f"{box!r} is not an armor box")
        return sorted(set(value), key=ARMOR_BOXES.index)

    @field_validator("vice")
    @classmethod
    def _vice(cls, value: str) -> str:
        if value and value not in VICES:
            raise ValueError(f"{value!r} is not a vice (one of {', '.join(VICES)})")
        return value

    @model_validator(mode="after")
    def _harm_rows(self) -> Scoundrel:
        if len(self.harm) != 3:
            raise ValueError("harm has three rows (lesser, moderate, severe)")
        return self


class Faction(BaseModel):
    """A faction on the crew's ladder (SRD, Faction Status, lines 478-495)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    tier: int = Field(default=0, ge=0, le=MAX_TIER)
    hold: Literal["weak", "strong"] = "strong"
    status: int = Field(default=0, ge=-3, le=3)
    notes: str = ""


class Claim(BaseModel):
    """A claim on the crew's map; ``turf`` claims count toward the rep track."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    held: bool = False
    turf: bool = False


class Cohort(BaseModel):
    """A gang, expert or vehicle working for the crew (SRD, Cohorts)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(default="", max_length=200)
    kind: Literal["gang", "expert", "vehicle"] = "gang"
    type: str = Field(default="", max_length=60)
    edges: list[str] = Field(default_factory=empty_list, max_length=2)
    flaws: list[str] = Field(default_factory=empty_list, max_length=2)
    harm: int = Field(default=0, ge=0, le=4)
    """0 none, 1 weakened, 2 impaired, 3 broken, 4 dead."""
    starting: bool = False
    """Given by the crew type (costs no upgrade boxes)."""


class ClockRecord(BaseModel):
    """A progress clock as stored (the core's :class:`Clock` in a document)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str
    segments: int = Field(default=4, ge=2, le=24)
    filled: int = Field(default=0, ge=0, le=24)
    kind: str = "danger"


class LinkRecord(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    kind: Literal["linked", "racing", "tug-of-war"]
    first: str
    second: str


class Crew(BaseModel):
    """A crew, its faction game and the GM's clocks (``format: "blades.crew"``)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    crew_type: str = ""
    tier: int = Field(default=0, ge=0, le=MAX_TIER)
    hold: Literal["weak", "strong"] = "strong"
    rep: int = Field(default=0, ge=0, le=12)
    heat: int = Field(default=0, ge=0, le=MAX_TRACK)
    wanted: int = Field(default=0, ge=0, le=4)
    coin: int = Field(default=0, ge=0, le=16)
    """The lair's coin; 16 is the most two vault upgrades hold."""
    vault: int = Field(default=0, ge=0, le=2)
    """Vault upgrades taken: 0 (lair holds 4 coin), 1 (8), 2 (16)."""
    xp: int = Field(default=0, ge=0, le=MAX_TRACK)
    mastery: bool = False
    claims: list[Claim] = Field(default_factory=empty_list)
    reputation: str = Field(default="", max_length=60)
    lair: str = Field(default="", max_length=500)
    hunting_grounds: str = Field(default="", max_length=60)
    """The preferred operation on the hunting grounds (from the crew type's four)."""
    contact: str = Field(default="", max_length=200)
    special_abilities: list[str] = Field(default_factory=empty_list, max_length=30)
    upgrades: dict[str, int] = Field(default_factory=dict)
    """Upgrade boxes marked, by upgrade name (the crew type's start included)."""
    starting_upgrades: list[str] = Field(default_factory=empty_list, max_length=2)
    """The two the crew type gave (they cost no boxes)."""
    cohorts: list[Cohort] = Field(default_factory=empty_list, max_length=20)
    advances: list[Literal["ability", "upgrades"]] = Field(default_factory=empty_list,
                                                           max_length=100)
    """Crew advances taken: a special ability or two upgrade boxes each."""
    factions: list[Faction] = Field(default_factory=empty_list)
    clocks: list[ClockRecord] = Field(default_factory=empty_list)
    links: list[LinkRecord] = Field(default_factory=empty_list)
    heat_boxes: int = Field(default=9, ge=1, le=20)
    """EXTERNAL default (full SRD, Heat): 9 heat fills the track and adds a wanted level."""
    crew_xp_boxes: int = Field(default=8, ge=1, le=20)
    """EXTERNAL default (published crew sheet): the crew XP track's length."""
    notes: str = ""

    @field_validator("upgrades")
    @classmethod
    def _upgrades(cls, value: dict[str, int]) -> dict[str, int]:
        for name, marks in value.items():
            if not 0 <= marks <= 4 or len(name) > 60:
                raise ValueError(f"upgrade {name[:40]!r} has 0 to 4 boxes, not {marks}")
        return {name: marks for name, marks in value.items() if marks}

    @model_validator(mode="after")
    def _clocks(self) -> Crew:
        from seforge.core.trackers import Clock, ClockBoard, ClockLink, LinkKind, RefusedError

        try:
            ClockBoard(tuple(Clock(c.name, c.segments, c.filled, c.kind) for c in self.clocks),
                       tuple(ClockLink(LinkKind(k.kind), k.first, k.second)
                             for k in self.links))
        except RefusedError as refused:
            raise ValueError(refused.reason) from None
        return self

"""The 2d20 conflict tracker's document: the sides, the action orders, the characters in a
conflict, timed effects and the tracker itself, with the lookups every change of
:mod:`.conflict` shares.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from seforge.core.trackers import RefusedError, TimeUnit
from seforge.systems.twod20.damage import MAX_COVER_DICE
from seforge.systems.twod20.models import Harm
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.settings import TableSettings, fill_profile_defaults, profile_settings

MAX_TRACK = 99
MAX_GM_POOL = 999


class Side(StrEnum):
    PC = "pc"
    NPC = "npc"

    @property
    def other(self) -> Side:
        return Side.NPC if self is Side.PC else Side.PC

    @property
    def label(self) -> str:
        return "the player characters" if self is Side.PC else "the NPCs"


class OrderMode(StrEnum):
    ALTERNATING = "alternating"
    """Sides take turns [S] (the standard action order)."""
    PCS_FIRST = "pcs-first"
    """PCs act first, then NPCs, unless the GM seizes the initiative [C] (also the SRD's
    "Player Priority" variant, where the interruption costs 1 Threat)."""
    INITIATIVE = "initiative"
    """[S] "Variant: Initiative Scores": after the opener, highest score first; PCs win ties
    across sides; acting earlier costs 2 (1 for an NPC tied with the PC due)."""
    NARRATIVE = "narrative"
    """[S] "Variant: Narrative First": the GM picks every turn; each acts once a round."""


ORDER_MODE_LABELS: dict[OrderMode, str] = {
    OrderMode.ALTERNATING: "Sides alternate",
    OrderMode.PCS_FIRST: "PCs first",
    OrderMode.INITIATIVE: "By initiative",
    OrderMode.NARRATIVE: "GM picks",
}
"""Each action order's short name (a choice in a narrow box; :data:`ORDER_MODE_NOTES` says
what it does)."""
ORDER_MODE_NOTES: dict[OrderMode, str] = {
    OrderMode.ALTERNATING: "The turn passes from side to side, one character at a time, unless "
                           "a side pays to keep the initiative (the SRD's usual order)",
    OrderMode.PCS_FIRST: "Every player character acts, then the NPCs, unless the GM pays for an "
                         "NPC to seize the initiative (the Conan screen; the SRD's player "
                         "priority variant)",
    OrderMode.INITIATIVE: "After the opener, the highest initiative score acts next, the PCs "
                          "first on a tie between sides; acting sooner has a price (an SRD "
                          "variant)",
    OrderMode.NARRATIVE: "The GM chooses who acts each turn; everyone acts once a round (an SRD "
                         "variant)",
}
"""What each action order does, in one sentence (our own words; the prices are settings)."""


class Payment(StrEnum):
    """How a side pays for keeping the initiative."""

    MOMENTUM = "momentum"
    """PCs spend from the group's Momentum pool."""
    GM_POOL = "gm-pool"
    """PCs add to Threat/Doom; NPCs spend from it."""


class Combatant(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(min_length=1)
    side: Side = Side.PC
    fortune: int = Field(default=0, ge=0, le=MAX_TRACK)
    initiative: int = Field(default=0, ge=0, le=MAX_TRACK)
    """Initiative score (the initiative-score variant): max(Agility, Insight) [S]."""
    acted: bool = False
    stress: int = Field(default=0, ge=0, le=MAX_TRACK)
    """SRD: Stress marked."""
    max_stress: int = Field(default=10, ge=0, le=MAX_TRACK)
    vigor: int = Field(default=10, ge=0, le=MAX_TRACK)
    """Conan: Vigor left."""
    max_vigor: int = Field(default=10, ge=0, le=MAX_TRACK)
    resolve: int = Field(default=10, ge=0, le=MAX_TRACK)
    max_resolve: int = Field(default=10, ge=0, le=MAX_TRACK)
    harms: list[Harm] = Field(default_factory=list, max_length=20)
    cover_dice: int = Field(default=0, ge=0, le=MAX_COVER_DICE)
    morale_dice: int = Field(default=0, ge=0, le=MAX_COVER_DICE)
    armour: int | None = Field(default=None, ge=0, le=MAX_TRACK)
    """Armour (physical Soak) from the record the character was added from; None: not
    known (the roller then uses the calculator's Armour)."""
    courage: int | None = Field(default=None, ge=0, le=MAX_TRACK)
    """Courage (mental Soak) from the record, as ``armour``."""
    notes: str = ""


class Effect(BaseModel):
    """A timed effect on a character (or the scene when ``target`` is empty)."""

    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = Field(min_length=1)
    target: str = ""
    remaining: int = Field(default=1, ge=0, le=MAX_TRACK)
    unit: TimeUnit = TimeUnit.ROUND


class Conflict(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="forbid")

    name: str = ""
    profile: Profile = Profile.SRD2022
    settings: TableSettings = Field(default_factory=TableSettings)
    order_mode: OrderMode = OrderMode.ALTERNATING
    round: int = Field(default=1, ge=1, le=9999)
    momentum: int = Field(default=0, ge=0, le=MAX_TRACK)
    gm_pool: int = Field(default=0, ge=0, le=MAX_GM_POOL)
    """Threat [S] or Doom [C]."""
    combatants: list[Combatant] = Field(default_factory=list, max_length=60)
    next_side: Side | None = None
    """The side due to act next (None: either, e.g. at the start of a round)."""
    keep_locked: list[Side] = Field(default_factory=list)
    """Sides that kept the initiative and must let an enemy act before keeping it again."""
    last_actor: str = ""
    effects: list[Effect] = Field(default_factory=list, max_length=100)
    notes: str = ""

    @model_validator(mode="before")
    @classmethod
    def _profile_defaults(cls, data: Any) -> Any:
        return fill_profile_defaults(data)


def new_conflict(profile: Profile | str = Profile.SRD2022, name: str = "") -> Conflict:
    info = profile_info(profile)
    mode = OrderMode.PCS_FIRST if info.id is Profile.CONAN else OrderMode.ALTERNATING
    return Conflict(name=name, profile=info.id, order_mode=mode,
                    settings=profile_settings(info.id))


def refuse(reason: str | None) -> None:
    if reason is not None:
        raise RefusedError(reason)


def gm_pool_name(conflict: Conflict) -> str:
    return profile_info(conflict.profile).gm_pool


def find(conflict: Conflict, name: str) -> Combatant:
    for combatant in conflict.combatants:
        if combatant.name == name:
            return combatant
    raise RefusedError(f"{name} is not in this conflict")


def with_combatant(conflict: Conflict, changed: Combatant) -> Conflict:
    """The tracker with ``changed`` in place of the character of its name."""
    combatants = [changed if c.name == changed.name else c for c in conflict.combatants]
    return conflict.model_copy(update={"combatants": combatants})

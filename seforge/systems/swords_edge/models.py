"""Pydantic models of player characters (PCs) and narrative characters (NCs).

The models hold what a character *is*; whether it is legal is the business of
``seforge.systems.swords_edge.budget`` and ``seforge.systems.swords_edge.validation``. A model
therefore accepts any known
Rank anywhere (a Concept at Average, a Quality at Mythic): those are rule problems
reported by validation, not load errors.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    field_validator,
    model_validator,
)

from seforge.core.documents import empty_list
from seforge.systems.swords_edge.kinds import TRAITS, Acquired, ElementKind, Level, NCType, Trait
from seforge.systems.swords_edge.ranks import Rank

__all__ = [
    "TRAITS",
    "Acquired",
    "Character",
    "Element",
    "ElementKind",
    "HeldAdvancement",
    "HistoryEntry",
    "Level",
    "LinkedQuality",
    "NCQuality",
    "NCType",
    "NarrativeCharacter",
    "Pivots",
    "PlayState",
    "Quality",
    "RankField",
    "RuleOptions",
    "Trait",
]


def _parse_rank(value: Any) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, str):
        return Rank.parse(value)
    raise ValueError(f"a Rank must be a name such as 'Good', not {value!r}")


RankField = Annotated[
    Rank,
    BeforeValidator(_parse_rank),
    PlainSerializer(lambda r: r.label, return_type=str),
]
"""A Rank stored in files by its name ("Good"), parsed case-insensitively."""


def _parse_trait(value: Any) -> Trait | None:
    if value is None or isinstance(value, Trait):
        return value
    if isinstance(value, str):
        for trait in Trait:
            if trait.value.lower() == value.strip().lower():
                return trait
        raise ValueError(f"unknown Trait {value!r} (known: Physique, Charisma, Cunning)")
    raise ValueError(f"a Trait must be a name such as 'Cunning', not {value!r}")


OptionalTraitField = Annotated[Trait | None, BeforeValidator(_parse_trait)]


MAX_GM_EXTRA_COST = 6
"""The most extra Ranks a GM charges for one broad Quality (the builder's GM charge box)."""


class _Model(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="allow", validate_assignment=True)


class Quality(_Model):
    """A named Quality with a Rank (Concept and Background are of this kind)."""

    name: str = ""
    rank: RankField = Rank.GOOD
    advanced: int = Field(default=0, ge=0)
    """Steps gained after creation (Advancements); creation cost ignores them."""


class LinkedQuality(Quality):
    """A Quality linked to one Trait (the Faculty)."""

    trait: OptionalTraitField = None


class Element(LinkedQuality):
    """An Element: a Trait-linked Quality, item, SFX, Weakness, Fetish or Stunt."""

    kind: ElementKind = ElementKind.QUALITY
    acquired: Acquired = Acquired.CREATION
    fetish_of: str | None = None
    """For a Fetish: the name of the SFX Quality it belongs to."""
    gm_extra_cost: int = Field(default=0, ge=0, le=MAX_GM_EXTRA_COST)
    """Extra Ranks the GM charges because the Quality is too broad."""
    note: str = ""


class Pivots(_Model):
    """Up to three Pivots, one of each type; each slot is optional."""

    goal: str | None = None
    quirk: str | None = None
    style: str | None = None

    @field_validator("goal", "quirk", "style", mode="before")
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        if isinstance(value, str) and not value.strip():
            return None
        return value


class RuleOptions(_Model):
    """Table rules that change what a legal character is; stored per character.

    Each field is described once, for people, in ``seforge.systems.swords_edge.table_rules``.
    """

    sfx_subsystem: bool = False
    """SFX Qualities subsystem: SFX bought at Basic, activation Tests, casting time,
    arcane failure and the Fetish rule. Off: an SFX is an ordinary Element."""
    trait_lowering_refunds: bool = False
    """Lowering a Trait below Average gives back one Rank per step."""
    fetish: bool = False
    """The Fetish option (only with the SFX subsystem): each SFX Quality needs a
    Basic Fetish on the same Trait."""
    weakness_bonus_each: bool = False
    """Each creation Weakness earns a bonus Rank (default: one bonus in all)."""
    fetish_earns_bonus: bool = False
    """A creation Fetish earns the Weakness bonus Rank."""
    criticals_on_final_dice: bool = False
    """Criticals are judged on the dice as they stand after Luck rerolls."""
    sfx_trait_ladder: bool = False
    """A regular's or hero's Trait adds its ladder modifier to an SFX TN instead of
    the SFX Component Table's modifier."""
    undefended_printed_bands: bool = False
    """Undefended Tests use the bands as printed instead of the 7-point reading."""

    @model_validator(mode="before")
    @classmethod
    def _migrate_sfx_start_at_good(cls, data: Any) -> Any:
        """Files written before the subsystem became optional stored
        ``sfx_start_at_good``; off meant SFX were bought at Basic (the subsystem)."""
        if isinstance(data, dict) and "sfx_start_at_good" in data:
            data = dict(data)
            old = data.pop("sfx_start_at_good")
            data.setdefault("sfx_subsystem", not bool(old))
        return data

    @property
    def fetish_rule(self) -> bool:
        """The Fetish rule is in force (it needs the SFX subsystem)."""
        return self.fetish and self.sfx_subsystem


class HeldAdvancement(_Model):
    """An Advancement the character holds but has not used yet."""

    source: Literal["pivot", "critical_failure"] = "pivot"
    qualities: list[str] = Field(default_factory=empty_list)
    """For a Critical Failure: the Qualities used in that Test (what it may raise)."""
    trait: OptionalTraitField = None
    """For a Critical Failure: the Trait used in that Test."""
    note: str = ""
    earned_session: int = Field(default=0, ge=0)
    """The session in which the Advancement was earned (0: unknown)."""
    earned_scene: int = Field(default=0, ge=0)
    """The scene in which the Advancement was earned (0: unknown)."""


MAX_LUCK = 999
"""The most Luck a character can hold. The book sets no ceiling (three a session
plus rewards, L357-387); no table reaches this, and it keeps every count sane."""
MAX_PENALTY_RANKS = 7
"""The most Penalty Ranks anything can carry: a Legendary Quality is seven steps
above Weak, and a Penalty Rank on a Weak Trait is a Doom instead (L628)."""
MAX_SESSION = 9999
"""A session or scene number beyond any campaign."""

PenaltyCount = Annotated[int, Field(ge=0, le=MAX_PENALTY_RANKS)]


class PlayState(_Model):
    """Where the character stands in play; empty for a fresh build.

    Numbers that no play can produce (negative Penalty Ranks, more than seven on
    one Quality, Luck past ``MAX_LUCK``) make the file unreadable; limits that
    depend on the character (Penalty Ranks past Weak) are problems of
    ``seforge.systems.swords_edge.validation``.
    """

    luck: int = Field(default=0, ge=0, le=MAX_LUCK)
    penalty_ranks: dict[Trait, PenaltyCount] = Field(default_factory=dict)
    advancements: list[HeldAdvancement] = Field(default_factory=empty_list)
    session: int = Field(default=0, ge=0, le=MAX_SESSION)
    scene: int = Field(default=0, ge=0, le=MAX_SESSION)
    session_running: bool = False
    """True between the start and the end of a session (``seforge.systems.swords_edge.play``)."""
    scene_has_events: bool = False
    """Something happened in the current scene (locks Pivots mid-session)."""
    scene_penalty_ranks: dict[Trait, PenaltyCount] = Field(default_factory=dict)
    """The part of ``penalty_ranks`` taken in the current scene (recoverable at its end)."""
    sfx_penalty_ranks: dict[str, PenaltyCount] = Field(default_factory=dict)
    """Penalty Ranks on SFX Qualities, keyed by the Element's name."""
    scene_sfx_penalty_ranks: dict[str, PenaltyCount] = Field(default_factory=dict)
    """The part of ``sfx_penalty_ranks`` taken in the current scene."""
    pivot_advancement_this_scene: bool = False
    """A Pivot Advancement was already earned in the current scene."""
    session_advancement_used: bool = False
    """The once-a-session raise/buy use of an Advancement was made."""
    doom_trait: OptionalTraitField = None
    """A Doom waiting to be resolved, on this Trait (None: no pending Doom)."""
    doom_legendary: bool = False
    """The pending Doom came from Legendary Stress (adds a Basic Weakness)."""
    removed_from_scene: bool = False
    """Out of the current scene after a Doom; back at the scene's end."""
    out_of_play: bool = False
    """Dead or otherwise out of the game after a Doom (the table's choice)."""
    overcome_weaknesses: list[str] = Field(default_factory=empty_list)
    """Creation Weaknesses later raised to Average and removed: they still earned
    the creation bonus Rank, so the creation budget keeps counting it."""

    @field_validator("penalty_ranks", "scene_penalty_ranks", mode="before")
    @classmethod
    def _trait_keys(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {_parse_trait(k): v for k, v in value.items()}
        return value


class HistoryEntry(_Model):
    """One change in the character's life: when, what and why."""

    session: int = 0
    scene: int = 0
    what: str
    why: str = ""
    at: str = ""
    """ISO timestamp of the change."""
    kind: str = ""
    """What kind of change (``seforge.systems.swords_edge.play`` operation name); empty for
    others."""
    snapshot: dict[str, Any] | None = None
    """The character just after the change (no portrait, no history), compact."""


def _default_traits() -> dict[Trait, Rank]:
    return {t: Rank.AVERAGE for t in TRAITS}


class Character(_Model):
    """A player character."""

    name: str = ""
    player: str = ""
    campaign: str = ""
    genre: str = ""
    source: str = ""
    """For a book character: the section of the book it comes from."""
    concept: Quality = Field(default_factory=Quality)
    background: Quality = Field(default_factory=Quality)
    faculty: LinkedQuality = Field(default_factory=LinkedQuality)
    traits: dict[Trait, RankField] = Field(default_factory=_default_traits)
    trait_advanced: dict[Trait, int] = Field(default_factory=dict)
    """Steps a Trait gained through Critical Failures after creation."""
    elements: list[Element] = Field(default_factory=empty_list)
    pivots: Pivots = Field(default_factory=Pivots)
    notes: str = ""
    portrait: str | None = None
    """A PNG or JPEG image, base64-encoded."""
    options: RuleOptions = Field(default_factory=RuleOptions)
    play: PlayState = Field(default_factory=PlayState)
    history: list[HistoryEntry] = Field(default_factory=empty_list)

    @field_validator("traits", "trait_advanced", mode="before")
    @classmethod
    def _trait_keys(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {_parse_trait(k): v for k, v in value.items()}
        return value

    @field_validator("traits", mode="after")
    @classmethod
    def _all_traits(cls, value: dict[Trait, Rank]) -> dict[Trait, Rank]:
        full = _default_traits()
        full.update(value)
        return full

    def trait_rank(self, trait: Trait) -> Rank:
        return self.traits.get(trait, Rank.AVERAGE)

    def qualities_on(self, trait: Trait) -> list[LinkedQuality]:
        """The Faculty (if linked here) and the Elements linked to ``trait``."""
        linked: list[LinkedQuality] = []
        if self.faculty.trait is trait:
            linked.append(self.faculty)
        linked.extend(e for e in self.elements if e.trait is trait)
        return linked


class NCQuality(_Model):
    """A Quality of an NC; it raises the TN when it applies."""

    name: str = ""
    rank: RankField = Rank.GOOD
    trait: OptionalTraitField = None


class NarrativeCharacter(_Model):
    """A GM-controlled character or obstacle; it sets Target Numbers, never rolls."""

    name: str = ""
    type: NCType = NCType.MINION
    rank: RankField = Rank.AVERAGE
    """The base TN comes from this Rank."""
    concept: NCQuality | None = None
    traits: dict[Trait, RankField] = Field(default_factory=dict)
    elements: list[NCQuality] = Field(default_factory=empty_list)
    flaws: list[NCQuality] = Field(default_factory=empty_list)
    notes: str = ""
    genre: str = ""
    source: str = ""

    @field_validator("traits", mode="before")
    @classmethod
    def _trait_keys(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {_parse_trait(k): v for k, v in value.items()}
        return value

    @property
    def base_tn(self) -> int:
        return self.rank.target_number

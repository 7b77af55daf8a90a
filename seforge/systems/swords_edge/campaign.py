"""Sword's Edge's campaign: a GM's table in one place, and the party view.

A Sword's Edge campaign is a core campaign (:mod:`seforge.core.campaign`, format id
``seforge.campaign``, system ``swords-edge``) whose documents are the party: the PCs'
``.sechar`` files (:attr:`Campaign.characters`) and the GM's ``.senc`` opponents
(:attr:`Campaign.opponents`); :attr:`Campaign.documents` is always the two lists
together. Its table rules are a :class:`~seforge.systems.swords_edge.models.RuleOptions`
(the core's table-rules dict, read by Sword's Edge). Paths are kept relative to the
campaign file when possible, so a folder synced between machines keeps working::

    {"format": "seforge.campaign", "version": 1, "system": "swords-edge",
     "name": "The Infernum Wastes", "documents": ["pcs/jyrell.sechar", "ncs/troopers.senc"],
     "characters": ["pcs/jyrell.sechar"], "opponents": ["ncs/troopers.senc"],
     "notes": "...", "clocks": [{"name": "Baron's legions close in",
                                 "segments": 6, "filled": 2}], "table_rules": {...}}

A campaign file without ``system`` (written before game systems) is Sword's Edge's; one
with ``documents`` but no ``characters``/``opponents`` (written by another tool) takes its
``.senc`` files as opponents and the rest as PCs. Reading follows
:mod:`seforge.core.documents`: every failure is one
:class:`~seforge.systems.swords_edge.fileformat.CharacterFileError` line, a newer version is
refused, and each older version gets its migration. Saving is atomic.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from seforge.core import campaign as core
from seforge.core.campaign import CAMPAIGN_FORMAT, CAMPAIGN_SUFFIX, CAMPAIGN_VERSION
from seforge.core.campaign import CAMPAIGN_MIGRATIONS as CAMPAIGN_MIGRATIONS
from seforge.core.campaign import store_path as store_path  # re-exported
from seforge.core.documents import DocumentKind
from seforge.systems.swords_edge.fileformat import (
    NC_SUFFIX,
    CharacterFileError,
    load_character,
    load_nc,
)
from seforge.systems.swords_edge.models import (
    TRAITS,
    Character,
    ElementKind,
    NarrativeCharacter,
    RuleOptions,
    Trait,
)
from seforge.systems.swords_edge.play.state import effective_trait
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.table_rules import TableRule, differing_rules

__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_KIND",
    "CAMPAIGN_SUFFIX",
    "CAMPAIGN_VERSION",
    "SYSTEM_ID",
    "Campaign",
    "PartyQuality",
    "PartyRow",
    "PartyTrait",
    "ProgressClock",
    "ResolvedPaths",
    "add_clock",
    "add_party_members",
    "align_table_rules",
    "campaign_to_data",
    "load_campaign",
    "load_party",
    "new_character_for",
    "party_rows",
    "remove_clock",
    "remove_party_member",
    "replace_clock",
    "resolve_paths",
    "rules_differing",
    "save_campaign",
    "set_table_rules",
    "store_path",
]

SYSTEM_ID = "swords-edge"
CLOCK_SEGMENTS: tuple[int, ...] = (4, 6, 8)


class ProgressClock(core.CampaignClock):
    """A progress clock of 4, 6 or 8 segments, some of them filled."""

    segments: Literal[4, 6, 8] = 4  # narrower than the core's


class Campaign(core.Campaign):
    """What a Sword's Edge ``.secampaign`` file holds. Paths are kept as written."""

    system: str = SYSTEM_ID  # also the system of a file written before game systems
    characters: list[str] = Field(default_factory=list)
    opponents: list[str] = Field(default_factory=list)
    clocks: list[ProgressClock] = Field(default_factory=list)  # type: ignore[assignment]
    table_rules: RuleOptions = Field(default_factory=RuleOptions)  # type: ignore[assignment]
    """The table rules the whole table plays by. A new character for the campaign
    starts with them; each character file keeps its own copy (so ``check`` needs
    nothing else), and the party view flags one that differs."""

    @field_validator("system")
    @classmethod
    def _ours(cls, value: str) -> str:
        if value != SYSTEM_ID:
            raise ValueError(f"is {value!r}: this campaign is not played with Sword's Edge")
        return value

    @model_validator(mode="before")
    @classmethod
    def _party_from_documents(cls, data: Any) -> Any:
        if (isinstance(data, dict) and isinstance(data.get("documents"), list)
                and "characters" not in data and "opponents" not in data):
            docs = [d for d in data["documents"] if isinstance(d, str)]
            opponents = [d for d in docs if d.lower().endswith(NC_SUFFIX)]
            data = {**data, "opponents": opponents,
                    "characters": [d for d in docs if d not in opponents]}
        return data

    @model_validator(mode="after")
    def _documents_are_the_party(self) -> Campaign:
        self.__dict__["documents"] = [*self.characters, *self.opponents]
        return self


CAMPAIGN_KIND: DocumentKind[Campaign] = core.campaign_kind(Campaign, "Sword's Edge campaign")
"""The campaign file read as a Sword's Edge campaign."""


# ------------------------------------------------------------------ table rules


def new_character_for(campaign: Campaign) -> Character:
    """A fresh character for ``campaign``: its name and its table rules."""
    return Character(campaign=campaign.name, options=campaign.table_rules.model_copy())


def rules_differing(character: Character, campaign: Campaign) -> list[TableRule]:
    """The table rules on which ``character`` differs from its campaign."""
    return differing_rules(character.options, campaign.table_rules)


def align_table_rules(character: Character, campaign: Campaign) -> list[TableRule]:
    """Give ``character`` the campaign's table rules; returns those that changed."""
    changed = rules_differing(character, campaign)
    character.options = campaign.table_rules.model_copy()
    return changed


# ------------------------------------------------------------------ changes
# The mutators the party view's owner applies (each on a copy of the campaign, one
# undo step): the view never changes the campaign itself.


def add_party_members(campaign: Campaign, characters: Sequence[str] = (),
                      opponents: Sequence[str] = ()) -> None:
    """Add character and opponent files (paths as text) to the party, each once."""
    campaign.characters = [*campaign.characters,
                           *(c for c in dict.fromkeys(characters)
                             if c not in campaign.characters)]
    campaign.opponents = [*campaign.opponents,
                          *(o for o in dict.fromkeys(opponents)
                            if o not in campaign.opponents)]


def remove_party_member(campaign: Campaign, index: int, opponent: bool = False) -> None:
    """Take the ``index``-th character (or opponent) out of the party (its file stays);
    an index out of range changes nothing."""
    names = list(campaign.opponents if opponent else campaign.characters)
    if not 0 <= index < len(names):
        return
    names.pop(index)
    if opponent:
        campaign.opponents = names
    else:
        campaign.characters = names


def set_table_rules(campaign: Campaign, options: RuleOptions) -> None:
    """The table rules the whole table plays by from now on."""
    campaign.table_rules = options.model_copy(deep=True)


def add_clock(campaign: Campaign, clock: ProgressClock) -> None:
    """A new progress clock after the others."""
    campaign.clocks = [*campaign.clocks, clock.model_copy(deep=True)]


def replace_clock(campaign: Campaign, index: int, clock: ProgressClock) -> None:
    """The ``index``-th clock as ``clock`` now (its name, size or filled segments);
    an index out of range changes nothing."""
    if 0 <= index < len(campaign.clocks):
        clocks = list(campaign.clocks)
        clocks[index] = ProgressClock.model_validate(clock.model_dump())
        campaign.clocks = clocks


def remove_clock(campaign: Campaign, index: int) -> None:
    """Take the ``index``-th clock away (out of range: nothing)."""
    campaign.clocks = [c for i, c in enumerate(campaign.clocks) if i != index]


# ------------------------------------------------------------------ the file


def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Read a ``.secampaign`` file. Raises CharacterFileError (one line)."""
    campaign: Campaign = CAMPAIGN_KIND.load(path)
    return campaign


def campaign_to_data(
    campaign: Campaign, campaign_path: str | os.PathLike[str] | None = None
) -> dict[str, Any]:
    """The JSON object written for ``campaign``; with ``campaign_path``, absolute
    paths become relative to it where possible (see :func:`store_path`)."""
    data = CAMPAIGN_KIND.to_data(campaign)
    if campaign_path is not None:
        for key in ("characters", "opponents", "documents"):
            data[key] = [store_path(p, campaign_path) for p in data[key]]
    return data


def save_campaign(
    campaign: Campaign, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write ``campaign`` to ``path`` atomically, its paths made relative to it
    (errors as :func:`seforge.systems.swords_edge.fileformat.save_character`)."""
    from seforge.core.atomic import atomic_write_bytes
    from seforge.core.documents import encode_document

    payload = encode_document(campaign_to_data(campaign, path))
    atomic_write_bytes(path, payload, overwrite_read_only=overwrite_read_only)


@dataclass(frozen=True)
class ResolvedPaths:
    characters: list[Path]
    opponents: list[Path]


def resolve_paths(
    campaign: Campaign, campaign_path: str | os.PathLike[str]
) -> ResolvedPaths:
    """The campaign's character and opponent files as paths usable from here:
    relative entries are taken from the campaign file's folder."""
    return ResolvedPaths(
        characters=[core.resolve_path(p, campaign_path) for p in campaign.characters],
        opponents=[core.resolve_path(p, campaign_path) for p in campaign.opponents],
    )


def load_party(
    campaign: Campaign, campaign_path: str | os.PathLike[str]
) -> tuple[list[tuple[Path, Character | str]], list[tuple[Path, NarrativeCharacter | str]]]:
    """Load every listed file; a file that cannot be read gives its one-line
    message instead of a model. Never raises for a bad file."""
    paths = resolve_paths(campaign, campaign_path)
    pcs: list[tuple[Path, Character | str]] = []
    for p in paths.characters:
        try:
            pcs.append((p, load_character(p)))
        except CharacterFileError as exc:
            pcs.append((p, str(exc)))
    ncs: list[tuple[Path, NarrativeCharacter | str]] = []
    for p in paths.opponents:
        try:
            ncs.append((p, load_nc(p)))
        except CharacterFileError as exc:
            ncs.append((p, str(exc)))
    return pcs, ncs


# ---------------------------------------------------------------- party view


@dataclass(frozen=True)
class PartyQuality:
    """One Quality as the party view shows it: ``"Sword-Staff +2"``."""

    key: str
    """``concept``, ``background``, ``faculty``, ``element:N``."""
    name: str
    modifier: int
    kind: str
    """``concept``, ``background``, ``faculty`` or the Element's kind."""

    @property
    def label(self) -> str:
        text = f"{self.name or self.kind.capitalize()} {format_modifier(self.modifier)}"
        if self.kind in ("sfx", "weakness", "fetish", "stunt", "item"):
            tag = "SFX" if self.kind == "sfx" else self.kind.capitalize()
            text += f" ({tag})"
        return text


@dataclass(frozen=True)
class PartyTrait:
    """A Trait, its Penalty Ranks, the Rank it works at, and what is linked to it."""

    trait: Trait
    rank: Rank
    penalty_ranks: int
    working: Rank
    qualities: list[PartyQuality]

    @property
    def label(self) -> str:
        text = f"{self.trait.value} {_rank_text(self.rank)}"
        if self.penalty_ranks:
            text += f" ({self.penalty_ranks} PR: {_rank_text(self.working)})"
        return text


def _rank_text(rank: Rank) -> str:
    """``+2``; a Rank no Quality may hold (Mythic, a problem ``check`` reports) by name."""
    return format_modifier(rank.modifier) if rank.is_quality_rank else rank.label


@dataclass(frozen=True)
class PartyRow:
    """One PC in the GM's party view."""

    name: str
    player: str
    general: list[PartyQuality]
    """Concept and Background (they fit any Trait)."""
    traits: list[PartyTrait]
    luck: int
    advancements: int
    pivots: list[tuple[str, str]]
    """``("Goal", text)`` ...: what the player asked to see in play."""
    alerts: list[str] = field(default_factory=list)
    """A pending Doom, out of the scene, out of the game."""

    @property
    def penalty_ranks(self) -> dict[Trait, int]:
        return {t.trait: t.penalty_ranks for t in self.traits}


def _mod(rank: Rank) -> int:
    return rank.modifier if rank.is_quality_rank else 0


def party_row(character: Character, campaign_rules: RuleOptions | None = None) -> PartyRow:
    """The party view of one PC (see :func:`party_rows`); with ``campaign_rules``,
    an alert names the table rules on which the character differs."""
    play = character.play
    general = [
        PartyQuality("concept", character.concept.name, _mod(character.concept.rank), "concept"),
        PartyQuality(
            "background", character.background.name, _mod(character.background.rank),
            "background",
        ),
    ]
    traits: list[PartyTrait] = []
    for trait in TRAITS:
        linked: list[PartyQuality] = []
        if character.faculty.trait is trait:
            linked.append(
                PartyQuality(
                    "faculty", character.faculty.name, _mod(character.faculty.rank), "faculty"
                )
            )
        for index, element in enumerate(character.elements):
            if element.trait is trait:
                linked.append(
                    PartyQuality(
                        QualityKey.of_element(index), element.name, _mod(element.rank),
                        element.kind.value,
                    )
                )
        rank = character.trait_rank(trait)
        penalty = play.penalty_ranks.get(trait, 0)
        working = effective_trait(character, trait)
        traits.append(PartyTrait(trait, rank, penalty, working, linked))
    unlinked = [
        PartyQuality(QualityKey.of_element(i), e.name, _mod(e.rank), e.kind.value)
        for i, e in enumerate(character.elements)
        if e.trait is None and e.kind is not ElementKind.FETISH
    ]
    pivots = [
        (slot.capitalize(), text)
        for slot in ("goal", "quirk", "style")
        if (text := getattr(character.pivots, slot))
    ]
    alerts: list[str] = []
    if play.doom_trait is not None:
        alerts.append(f"Doom pending on {play.doom_trait.value}")
    if play.removed_from_scene:
        alerts.append("Out of this scene")
    if play.out_of_play:
        alerts.append("Out of the game")
    if campaign_rules is not None:
        differ = differing_rules(character.options, campaign_rules)
        if differ:
            alerts.append("Table rules differ from the campaign's: "
                          + ", ".join(rule.title for rule in differ))
    return PartyRow(
        name=character.name or "(unnamed)",
        player=character.player,
        general=general + unlinked,
        traits=traits,
        luck=play.luck,
        advancements=len(play.advancements),
        pivots=pivots,
        alerts=alerts,
    )


def party_rows(
    characters: Sequence[Character], campaign_rules: RuleOptions | None = None
) -> list[PartyRow]:
    """The GM's party view: per PC its Qualities grouped by Trait, Luck, Penalty
    Ranks per Trait and Pivots (the reminder of what each player wants to see)."""
    return [party_row(ch, campaign_rules) for ch in characters]

"""The ``.secampaign`` file: a GM's table in one place, and the party view.

A campaign file lists the PCs' ``.sechar`` files and the GM's ``.senc``
opponents (paths kept relative to the campaign file when possible, so a folder
synced between machines keeps working), free notes, and progress clocks::

    {"format": "seforge.campaign", "version": 1, "name": "The Infernum Wastes",
     "characters": ["pcs/jyrell.sechar"], "opponents": ["ncs/troopers.senc"],
     "notes": "...", "clocks": [{"name": "Baron's legions close in",
                                 "segments": 6, "filled": 2}]}

Reading follows :mod:`seforge.systems.swords_edge.fileformat`: every failure is one
:class:`~seforge.systems.swords_edge.fileformat.CharacterFileError` line, a newer version is
refused,
and each older version gets its migration. Saving is atomic.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    Migration,
    atomic_write_bytes,
    decode_document,
    encode_document,
    load_character,
    load_nc,
    read_json_file,
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
    "CAMPAIGN_SUFFIX",
    "CAMPAIGN_VERSION",
    "Campaign",
    "PartyQuality",
    "PartyRow",
    "PartyTrait",
    "ProgressClock",
    "ResolvedPaths",
    "align_table_rules",
    "campaign_to_data",
    "load_campaign",
    "load_party",
    "new_character_for",
    "party_rows",
    "resolve_paths",
    "rules_differing",
    "save_campaign",
    "store_path",
]

CAMPAIGN_FORMAT = "seforge.campaign"
CAMPAIGN_VERSION = 1
CAMPAIGN_SUFFIX = ".secampaign"
CAMPAIGN_MIGRATIONS: dict[int, Migration] = {}
"""Migrations from version N to N+1 (empty while version 1 is the only one)."""

CLOCK_SEGMENTS: tuple[int, ...] = (4, 6, 8)



class _Model(BaseModel):
    model_config = ConfigDict(extra="allow", validate_assignment=True)


class ProgressClock(_Model):
    """A progress clock of 4, 6 or 8 segments, some of them filled."""

    name: str = ""
    segments: Literal[4, 6, 8] = 4
    filled: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _not_overfull(self) -> ProgressClock:
        if self.filled > self.segments:
            raise ValueError(
                f"a clock of {self.segments} segments cannot have {self.filled} filled"
            )
        return self

    def advance(self, n: int = 1) -> int:
        """Fill ``n`` more segments (a negative ``n`` empties), staying within the
        clock; returns how many segments actually changed."""
        target = min(self.segments, max(0, self.filled + n))
        changed = target - self.filled
        self.filled = target
        return changed

    @property
    def is_full(self) -> bool:
        return self.filled >= self.segments


class Campaign(_Model):
    """What a ``.secampaign`` file holds. Paths are kept as written (strings)."""

    name: str = ""
    characters: list[str] = Field(default_factory=list)
    opponents: list[str] = Field(default_factory=list)
    notes: str = ""
    clocks: list[ProgressClock] = Field(default_factory=list)
    table_rules: RuleOptions = Field(default_factory=RuleOptions)
    """The table rules the whole table plays by. A new character for the campaign
    starts with them; each character file keeps its own copy (so ``check`` needs
    nothing else), and the party view flags one that differs."""


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


# ------------------------------------------------------------------ the file


def load_campaign(path: str | os.PathLike[str]) -> Campaign:
    """Read a ``.secampaign`` file. Raises CharacterFileError (one line)."""
    p = Path(path)
    source = p.name or str(p)
    return decode_document(
        read_json_file(p),
        source,
        expected_format=CAMPAIGN_FORMAT,
        current_version=CAMPAIGN_VERSION,
        model=Campaign,
        migrations=CAMPAIGN_MIGRATIONS,
    )


def store_path(target: str | os.PathLike[str], campaign_path: str | os.PathLike[str]) -> str:
    """How ``target`` is written in a campaign saved at ``campaign_path``.

    Relative to the campaign file's folder, with ``/`` separators, whenever the two
    are on the same drive (so a synced or moved folder tree keeps working); the
    absolute path otherwise. A path that is already relative is kept as it is: it
    was relative to the campaign file already.
    """
    text = os.fspath(target)
    if not os.path.isabs(text):
        return PurePath(text).as_posix()
    base = os.path.dirname(os.path.abspath(os.fspath(campaign_path)))
    try:
        relative = os.path.relpath(os.path.abspath(text), base)
    except ValueError:  # another drive (Windows)
        return text
    return PurePath(relative).as_posix()


def campaign_to_data(
    campaign: Campaign, campaign_path: str | os.PathLike[str] | None = None
) -> dict[str, Any]:
    """The JSON object written for ``campaign``; with ``campaign_path``, absolute
    paths become relative to it where possible (see :func:`store_path`)."""
    body = campaign.model_dump(mode="json")
    if campaign_path is not None:
        body["characters"] = [store_path(p, campaign_path) for p in campaign.characters]
        body["opponents"] = [store_path(p, campaign_path) for p in campaign.opponents]
    return {"format": CAMPAIGN_FORMAT, "version": CAMPAIGN_VERSION, **body}


def save_campaign(
    campaign: Campaign, path: str | os.PathLike[str], *, overwrite_read_only: bool = False
) -> None:
    """Write ``campaign`` to ``path`` atomically, its paths made relative to it
    (errors as :func:`seforge.systems.swords_edge.fileformat.save_character`)."""
    payload = encode_document(campaign_to_data(campaign, path))
    atomic_write_bytes(path, payload, overwrite_read_only=overwrite_read_only)


@dataclass(frozen=True)
class ResolvedPaths:
    characters: list[Path]
    opponents: list[Path]


def _resolve(text: str, base: Path) -> Path:
    p = Path(text).expanduser()
    return p if p.is_absolute() else base / p


def resolve_paths(
    campaign: Campaign, campaign_path: str | os.PathLike[str]
) -> ResolvedPaths:
    """The campaign's character and opponent files as paths usable from here:
    relative entries are taken from the campaign file's folder."""
    base = Path(os.path.abspath(os.fspath(campaign_path))).parent
    return ResolvedPaths(
        characters=[_resolve(p, base) for p in campaign.characters],
        opponents=[_resolve(p, base) for p in campaign.opponents],
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

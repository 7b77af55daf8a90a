"""A campaign: one table's game system, its documents, clocks, notes and table rules.

A campaign file (``.secampaign``, format id ``seforge.campaign``) belongs to no game system
in its format id: it names its system in a ``system`` field instead, so one file type holds
any system's table::

    {"format": "seforge.campaign", "version": 1, "system": "dice-pool",
     "name": "The Long Night", "documents": ["pcs/ada.dpchar", "pcs/brin.dpchar"],
     "clocks": [{"name": "The storm arrives", "segments": 6, "filled": 2}],
     "notes": "...", "table_rules": {"exploding_sixes": true}}

- ``documents`` are the paths of the table's documents (PCs, NCs, crews...), kept relative
  to the campaign file when possible (:func:`store_path`) so a synced folder keeps working;
- ``clocks`` are progress clocks (:class:`CampaignClock`, stored form of
  :class:`seforge.core.trackers.Clock`);
- ``table_rules`` is a dict the system interprets (its own switches and readings).

Campaign files written before game systems had no ``system`` field. The core does not guess
whose they are: the model leaves :attr:`Campaign.system` empty, a system's own campaign model
(a subclass of :class:`Campaign`, adding its own fields; unknown fields are kept and written
back) gives its id as the default, and :func:`peek_system` answers the caller's ``legacy``
(the app's default system).
"""

from __future__ import annotations

import os
from pathlib import Path, PurePath
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from seforge.core.documents import DocumentKind, Migration
from seforge.core.trackers import MAX_CLOCK_SEGMENTS, Clock

CAMPAIGN_FORMAT = "seforge.campaign"
CAMPAIGN_VERSION = 1
CAMPAIGN_SUFFIX = ".secampaign"
CAMPAIGN_MIGRATIONS: dict[int, Migration] = {}
"""Migrations from version N to N+1 (empty while version 1 is the only one)."""

class _Model(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="allow", validate_assignment=True)


class CampaignClock(_Model):
    """A progress clock as a campaign stores it (mutable, for the campaign's editor);
    :meth:`to_clock` and :meth:`from_clock` convert to and from the core's Clock."""

    name: str = ""
    segments: int = Field(default=4, ge=2, le=MAX_CLOCK_SEGMENTS)
    filled: int = Field(default=0, ge=0)
    kind: str = ""
    """The system's word for what the clock tracks; not written when empty."""

    @model_validator(mode="after")
    def _not_overfull(self) -> CampaignClock:
        if self.filled > self.segments:
            raise ValueError(
                f"a clock of {self.segments} segments cannot have {self.filled} filled"
            )
        return self

    @model_serializer(mode="wrap")
    def _without_empty_kind(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict) and not data.get("kind"):
            data.pop("kind", None)
        return data

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

    def to_clock(self) -> Clock:
        return Clock(self.name, self.segments, self.filled, self.kind)

    @classmethod
    def from_clock(cls, clock: Clock) -> CampaignClock:
        return cls(name=clock.name, segments=clock.segments, filled=clock.filled,
                   kind=clock.kind)


class Campaign(_Model):
    """What a ``.secampaign`` file holds, for any system. Paths are kept as written."""

    system: str = ""
    """The id of the game system the campaign is played in; empty in a file written before
    game systems (see the module's notes)."""
    name: str = ""
    documents: list[str] = Field(default_factory=list)
    clocks: list[CampaignClock] = Field(default_factory=list)
    notes: str = ""
    table_rules: dict[str, Any] = Field(default_factory=dict)
    """The table's rules, as the system reads them."""


CAMPAIGN_KIND: DocumentKind[Campaign] = DocumentKind(
    format_id=CAMPAIGN_FORMAT,
    model=Campaign,
    suffix=CAMPAIGN_SUFFIX,
    title="Campaign",
    version=CAMPAIGN_VERSION,
    migrations=CAMPAIGN_MIGRATIONS,
)
"""The generic campaign; a system may make its own kind with a subclass of Campaign
(:func:`campaign_kind`)."""


def campaign_kind(model: type[Campaign], title: str) -> DocumentKind[Any]:
    """The campaign DocumentKind read into a system's own ``model`` (a Campaign subclass):
    the same format id, suffix, version and migrations as every campaign."""
    return DocumentKind(
        format_id=CAMPAIGN_FORMAT,
        model=model,
        suffix=CAMPAIGN_SUFFIX,
        title=title,
        version=CAMPAIGN_VERSION,
        migrations=CAMPAIGN_MIGRATIONS,
    )


def peek_system(path: str | os.PathLike[str], legacy: str = "") -> str:
    """The system of the campaign at ``path`` (read with every check; DocumentFileError);
    ``legacy`` for a file written before game systems, which names none."""
    return CAMPAIGN_KIND.load(path).system or legacy


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


def resolve_path(text: str, campaign_path: str | os.PathLike[str]) -> Path:
    """A path written in a campaign, usable from here: a relative one is taken from the
    campaign file's folder."""
    base = Path(os.path.abspath(os.fspath(campaign_path))).parent
    p = Path(text).expanduser()
    return p if p.is_absolute() else base / p


def document_paths(campaign: Campaign, campaign_path: str | os.PathLike[str]) -> list[Path]:
    """The campaign's documents as paths usable from here (see :func:`resolve_path`)."""
    return [resolve_path(p, campaign_path) for p in campaign.documents]


# -- mutators (a campaign editor applies these through its document owner) -------------
def add_document(campaign: Campaign, text: str) -> None:
    """List the document written as ``text``; ValueError when it is listed already."""
    if not text.strip():
        raise ValueError("a document needs a path")
    if text in campaign.documents:
        raise ValueError(f"{PurePath(text).name} is in the campaign already")
    campaign.documents.append(text)


def remove_document(campaign: Campaign, index: int) -> None:
    """Drop the ``index``-th document from the list (the file itself stays)."""
    if not 0 <= index < len(campaign.documents):
        raise ValueError("no such document in the campaign")
    del campaign.documents[index]


def add_clock(campaign: Campaign, name: str, segments: int, kind: str = "") -> None:
    """Start a new, empty clock; ValueError when the name is empty or taken, or the
    size is outside what a clock may have."""
    name = name.strip()
    if not name:
        raise ValueError("a clock needs a name")
    if any(c.name == name for c in campaign.clocks):
        raise ValueError(f"there is a clock called {name!r} already")
    campaign.clocks.append(CampaignClock(name=name, segments=segments, kind=kind))


def advance_clock(campaign: Campaign, index: int, n: int = 1) -> None:
    """Fill ``n`` segments of the ``index``-th clock (negative: empty them)."""
    if not 0 <= index < len(campaign.clocks):
        raise ValueError("no such clock in the campaign")
    campaign.clocks[index].advance(n)


def remove_clock(campaign: Campaign, index: int) -> None:
    if not 0 <= index < len(campaign.clocks):
        raise ValueError("no such clock in the campaign")
    del campaign.clocks[index]

"""Who is in a scene: the PCs and NCs of the scene tracker's :class:`SceneRoster` (the base
of :class:`~seforge.systems.swords_edge.scene.Scene`, which holds the rules of play and
re-exports the names here), their lookups, and PCs and NCs joining and leaving."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from seforge.core.refused import RefusedError
from seforge.systems.swords_edge.kinds import Level
from seforge.systems.swords_edge.models import (
    Character,
    NarrativeCharacter,
    RankField,
)
from seforge.systems.swords_edge.pending import PendingTest
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.wording import distinct_titles

PCRef = str | Character
"""A PC given by its scene id or by the Character object attached to the scene."""



@dataclass(frozen=True)
class SceneEvent:
    """What an operation did: a short line for the log, and the ids it made."""

    text: str
    ids: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.text


class _Model(BaseModel):
    model_config = ConfigDict(defer_build=True, extra="allow", validate_assignment=True)


class SceneNC(_Model):
    """An NC copied into the scene, with its running state."""

    id: str
    nc: NarrativeCharacter
    base_name: str = ""
    """The NC's name before numbering ("Shock Troopers" for "Shock Troopers 3")."""
    stress: int = Field(default=0, ge=0)
    current_rank: RankField
    """The Rank it works at now: a hero's drops with each Stress."""
    removed: bool = False
    removed_note: str = ""

    @property
    def name(self) -> str:
        return self.nc.name or self.id

    @property
    def tn(self) -> int:
        """Its base TN now (current Rank)."""
        return self.current_rank.target_number


class ScenePC(_Model):
    """A PC in the scene: whom they face and what the scene tracks for them."""

    id: str
    name: str = ""
    facing: list[str] = Field(default_factory=list)
    """The ids of the NCs this PC faces (its pairing)."""
    momentum: Literal["pc", "nc"] | None = None
    """Who holds the Momentum in this PC's pairing (None: not yet tested)."""
    momentum_level: Level | None = None
    """The Level the PC won the Momentum at (its first-Action bonus)."""
    spent_on_momentum: list[str] = Field(default_factory=list)
    """Quality keys (``concept``, ``element:2``...) put into Momentum this scene:
    they cannot be used again until the scene ends."""
    luck_spent: int = Field(default=0, ge=0)
    undefended: bool = False
    """Took an Exceptional hit: cannot act or react for the rest of the scene."""
    test: PendingTest | None = None
    """The pairing's Test in progress: the NC Qualities the GM ticked for Momentum
    and whatever the calculator has done with it (see :meth:`Scene.pairing_test`)."""


def _slug(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.casefold())
    ascii_text = "".join(ch for ch in folded if not unicodedata.combining(ch))
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    return slug or "x"


def _names(items: Sequence[str]) -> str:
    if not items:
        return "nobody"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


class SceneRoster(_Model):
    """Who is in a scene and its log: the fields of
    :class:`~seforge.systems.swords_edge.scene.Scene`, its lookups, and PCs and NCs joining
    and leaving."""

    name: str = ""
    pcs: list[ScenePC] = Field(default_factory=list)
    ncs: list[SceneNC] = Field(default_factory=list)
    log: list[str] = Field(default_factory=list)
    ended: bool = False

    _characters: dict[str, Character] = PrivateAttr(default_factory=dict)

    @model_serializer(mode="wrap")
    def _named_now(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Written (saved, autosaved, an undo snapshot) with each attached PC's name as
        their Character has it now, not as they were named when they joined."""
        data = handler(self)
        if isinstance(data, dict):
            for entry in data.get("pcs", []):
                if isinstance(entry, dict) and entry.get("id") in self._characters:
                    entry["name"] = self.pc_name(entry["id"])
        return data

    # ------------------------------------------------------------ lookups

    def _event(self, text: str, ids: Sequence[str] = ()) -> SceneEvent:
        self.log = [*self.log, text]
        return SceneEvent(text, tuple(ids))

    def _open(self, doing: str) -> None:
        if self.ended:
            raise RefusedError(f"cannot {doing}: the scene has ended")

    def pc(self, ref: PCRef) -> ScenePC:
        """The scene's record of a PC (by id or by its attached Character)."""
        if isinstance(ref, Character):
            for pc_id, character in self._characters.items():
                if character is ref:
                    return self.pc(pc_id)
            raise RefusedError(f"{ref.name or 'that character'} is not in the scene")
        for entry in self.pcs:
            if entry.id == ref:
                return entry
        raise RefusedError(f"no PC {ref!r} in the scene")

    def character(self, ref: PCRef) -> Character:
        """The Character attached to a PC of the scene."""
        entry = self.pc(ref)
        character = self._characters.get(entry.id)
        if character is None:
            raise RefusedError(
                f"{entry.name or entry.id}'s character is not attached (use bind)"
            )
        return character

    def pc_titles(self) -> dict[str, str]:
        """Each PC's name as the scene tells it (by id): PCs who share a name get their
        player's name in brackets when that tells them apart, else their number
        ("Conan (Sam)", "Conan (2)")."""
        players = [self._characters[p.id].player if p.id in self._characters else ""
                   for p in self.pcs]
        titles = distinct_titles([self.pc_name(p.id) for p in self.pcs], players)
        return {p.id: title for p, title in zip(self.pcs, titles, strict=True)}

    def pc_name(self, ref: PCRef) -> str:
        """A PC's name now: their attached Character's (renamed on the sheet during the
        scene, say), else the name the scene was saved with (or the id)."""
        entry = self.pc(ref)
        character = self._characters.get(entry.id)
        name = character.name if character is not None else entry.name
        return name or entry.name or entry.id

    def title(self, ref: PCRef) -> str:
        """A PC's name as the scene tells it (see :meth:`pc_titles`)."""
        entry = self.pc(ref)
        return self.pc_titles().get(entry.id, self.pc_name(entry.id))

    def nc(self, nc_id: str) -> SceneNC:
        for entry in self.ncs:
            if entry.id == nc_id:
                return entry
        raise RefusedError(f"no NC {nc_id!r} in the scene")

    def active_ncs(self) -> list[SceneNC]:
        """The NCs still in the scene."""
        return [n for n in self.ncs if not n.removed]

    def facing(self, ref: PCRef) -> list[SceneNC]:
        """The NCs a PC faces that are still in the scene."""
        return [self.nc(i) for i in self.pc(ref).facing if not self.nc(i).removed]

    # ----------------------------------------------------------- joining

    def rename(self, name: str) -> None:
        """Give the scene a name (empty: none), on one line; allowed after it ended."""
        from seforge.core.limits import NAME_CHARS

        line = " ".join(name.split())
        if len(line) > NAME_CHARS:
            raise RefusedError(f"a scene's name is at most {NAME_CHARS} characters")
        self.name = line

    def note(self, text: str) -> SceneEvent:
        """Append the GM's own line to the log (allowed after the scene ended too)."""
        line = " ".join(text.split())
        if not line:
            raise RefusedError("write something to note")
        return self._event(line)

    def ensure_session(self, character: Character) -> SceneEvent | None:
        """Start ``character``'s session through
        :func:`seforge.systems.swords_edge.play.start_session`
        unless one is running (or the PC is out of the game); the start is logged.
        Returns None when nothing was needed."""
        if character.play.session_running or character.play.out_of_play:
            return None
        try:
            start_session(character)
        except RefusedError as exc:
            raise RefusedError(f"{character.name or 'that character'}: {exc}") from None
        return self._event(
            f"{character.name or 'The PC'}: session {character.play.session} started "
            f"with {character.play.luck} Luck."
        )

    def add_pc(
        self, character: Character, pc_id: str | None = None, start_session: bool = False
    ) -> SceneEvent:
        """Bring a PC into the scene; the event's ``ids`` holds its scene id.

        With ``start_session``, a PC with no running session gets one first
        (:meth:`ensure_session`); nothing changes if the PC cannot join.
        """
        self._open("add a PC")
        for attached in self._characters.values():
            if attached is character:
                raise RefusedError(f"{character.name or 'that character'} is already in the scene")
        taken = {p.id for p in self.pcs}
        if pc_id is None:
            base = _slug(character.name or "pc")
            pc_id, n = base, 2
            while pc_id in taken:
                pc_id, n = f"{base}-{n}", n + 1
        elif pc_id in taken:
            raise RefusedError(f"the id {pc_id!r} is already used in the scene")
        if start_session:
            self.ensure_session(character)
        self.pcs = [*self.pcs, ScenePC(id=pc_id, name=character.name)]
        self._characters[pc_id] = character
        return self._event(f"{self.title(pc_id)} joins the scene.", [pc_id])

    def bind(self, pc_id: str, character: Character) -> None:
        """Attach the Character behind ``pc_id`` (after loading a saved scene)."""
        entry = self.pc(pc_id)
        self._characters[entry.id] = character

    def is_bound(self, pc_id: str) -> bool:
        """Whether a Character is attached to ``pc_id``."""
        return self.pc(pc_id).id in self._characters

    def remove_pc(self, ref: PCRef, why: str = "") -> SceneEvent:
        """Take a PC's record out of the scene (its Character is left as it is),
        e.g. a PC whose file could not be read back after a restore."""
        entry = self.pc(ref)
        title = self.title(entry.id)
        self.pcs = [p for p in self.pcs if p.id != entry.id]
        self._characters.pop(entry.id, None)
        text = f"{title} leaves the scene"
        return self._event(text + (f" ({why})." if why else "."))

    def add_nc(self, nc: NarrativeCharacter, count: int = 1) -> SceneEvent:
        """Copy ``count`` NCs into the scene; the event's ``ids`` lists their ids.

        Several of one kind get numbered names ("Shock Troopers 1", "... 2"), and
        numbering goes on when more of the same kind join later.
        """
        self._open("add an NC")
        if count < 1:
            raise RefusedError("add at least one NC")
        base = nc.name.strip() or "Opponent"
        same = [n for n in self.ncs if n.base_name == base]
        numbered = count > 1 or bool(same)
        first = len(same) + 1
        taken = {n.id for n in self.ncs}
        ids: list[str] = []
        added: list[SceneNC] = []
        for k in range(count):
            copy = nc.model_copy(deep=True)
            if numbered:
                copy.name = f"{base} {first + k}"
            nc_id = _slug(copy.name or base)
            n = 2
            while nc_id in taken:
                nc_id, n = f"{_slug(copy.name or base)}-{n}", n + 1
            taken.add(nc_id)
            ids.append(nc_id)
            added.append(SceneNC(id=nc_id, nc=copy, base_name=base, current_rank=nc.rank))
        self.ncs = [*self.ncs, *added]
        what = base if count == 1 else f"{count} × {base}"
        kind = f"{nc.rank.label} {nc.type.value}, TN {nc.base_tn}"
        verb = "enters" if count == 1 else "enter"
        return self._event(f"{what} ({kind}) {verb} the scene.", ids)

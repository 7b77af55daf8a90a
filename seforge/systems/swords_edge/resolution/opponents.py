"""The NC side of a Test: an NC's usable Qualities, what the screen applies by
default, NCs typed in at the table, and an :class:`Opponent` in the current fight."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from seforge.systems.swords_edge.models import (
    NarrativeCharacter,
    NCQuality,
    NCType,
    Trait,
)
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank, format_modifier
from seforge.systems.swords_edge.resolution.steps import Step
from seforge.systems.swords_edge.resolution.stress import apply_stress_to_nc

QUICK_SOURCE = "quick entry"
"""The ``source`` of an NC typed into the GM screen rather than taken from the book."""


NCQualityKind = Literal["concept", "trait", "element", "flaw"]


@dataclass(frozen=True)
class NCQualityOption:
    """One Quality of an NC that the GM may apply to a step, and the TN it gives.

    ``tn`` is the NC's base TN (at the Rank it works at now) plus this Quality's
    modifier: what the NC sets when this Quality alone applies.
    """

    key: str
    name: str
    modifier: int
    kind: NCQualityKind
    trait: Trait | None = None
    tn: int = 0

    @property
    def label(self) -> str:
        return f"{self.name} {format_modifier(self.modifier)}"


def _nc_entries(nc: NarrativeCharacter) -> list[tuple[str, str, Rank, NCQualityKind,
                                                       Trait | None]]:
    entries: list[tuple[str, str, Rank, NCQualityKind, Trait | None]] = []
    if nc.concept is not None:
        entries.append(("concept", nc.concept.name or "Concept", nc.concept.rank, "concept",
                        nc.concept.trait))
    for trait, rank in nc.traits.items():
        entries.append((QualityKey.of_trait(trait), trait.value, rank, "trait", trait))
    for index, element in enumerate(nc.elements):
        entries.append((QualityKey.of_element(index), element.name or "Element", element.rank,
                        "element", element.trait))
    for index, flaw in enumerate(nc.flaws):
        entries.append((QualityKey.of("flaw", index), flaw.name or "Flaw", flaw.rank, "flaw",
                        flaw.trait))
    return entries


def nc_qualities(nc: NarrativeCharacter, rank: Rank | None = None) -> list[NCQualityOption]:
    """The one list of an NC's usable Qualities: Concept, Traits, Elements, then Flaws.

    Each comes with its modifier and the TN it gives on top of the NC's base TN
    (``rank`` when the NC now works at another Rank, e.g. a hero worn down by
    Stress). A Quality recorded at Mythic is left out: Mythic is only a difficulty
    and has no modifier, so it cannot be applied (:func:`nc_quality_notes` says
    so). The calculator and the scene tracker both list what this returns.
    """
    base = (nc.rank if rank is None else rank).target_number
    return [NCQualityOption(key, name, q_rank.modifier, kind, trait, base + q_rank.modifier)
            for key, name, q_rank, kind, trait in _nc_entries(nc) if q_rank.is_quality_rank]


def nc_quality_notes(nc: NarrativeCharacter) -> list[str]:
    """Why some of ``nc``'s Qualities are missing from :func:`nc_qualities` (if any)."""
    return [f"{name} is at {q_rank.label}, which is only a difficulty: it cannot be applied."
            for _, name, q_rank, _, _ in _nc_entries(nc) if not q_rank.is_quality_rank]


def nc_quality_option(nc: NarrativeCharacter, key: str,
                      rank: Rank | None = None) -> NCQualityOption:
    """The usable Quality behind ``key``; KeyError with a plain reason otherwise."""
    for option in nc_qualities(nc, rank):
        if option.key == key:
            return option
    raise KeyError(f"{nc.name or 'the NC'} has no Quality {key!r} that can be applied")


def default_applied(
    nc: NarrativeCharacter, step: Step, trait: Trait | None, group_size: int = 1
) -> set[str]:
    """The NC Qualities the screen ticks before the GM adjusts them.

    A quickly entered NC applies everything it was given, in every step. A book
    NC applies, in Momentum, its Trait matching the PC's (NCs always bring a Trait
    to Momentum, never their Concept: the General's 12 + 2 = 14, L459). In a group
    (``group_size`` > 1) no Trait is added in Momentum: the highest Rank sets the
    base and every other NC adds its Rank step, as in the book's warrior with two
    Basic minions, 16 (L465-469).

    In an Action it applies its Concept and its Trait matching the PC's; a hero
    also its best Element on that Trait, as the book's examples do (L952: Basic 8
    + Concept 2 + Cunning 2 = 12; L1008: 12 + 2 + 2 = 16; L1036: a Good hero 17 +
    4 + 4 + 4 = 29). Against a Seize it applies its Concept. This is a starting
    point the GM edits, not a rule.
    """
    options = nc_qualities(nc)
    if nc.source == QUICK_SOURCE:
        return {o.key for o in options}
    if step == "momentum":
        if group_size > 1:
            return set()
        return {o.key for o in options if o.kind == "trait" and o.trait is trait}
    concept = {o.key for o in options if o.kind == "concept"}
    if step != "action":
        return concept
    keys = concept | {o.key for o in options if o.kind == "trait" and o.trait is trait}
    if nc.type is NCType.HERO:
        linked = [o for o in options if o.kind == "element" and o.trait is trait]
        if linked:
            keys.add(max(linked, key=lambda o: o.modifier).key)
    return keys


def regrouped_momentum(
    nc: NarrativeCharacter, trait: Trait | None, applied: set[str], old_size: int,
    new_size: int,
) -> set[str]:
    """An NC's Momentum Qualities after its group grows or shrinks: the default for
    the new size when the GM had kept the old default, else the GM's choice."""
    if applied == default_applied(nc, "momentum", trait, old_size):
        return default_applied(nc, "momentum", trait, new_size)
    return applied


_QUICK_ITEM = re.compile(r"^\s*(?P<name>.*?)\s*(?P<mod>[+-]\s*\d+)\s*$")


def parse_quick_qualities(text: str) -> list[tuple[str, Rank]]:
    """``"Bureaucrat +2, Tough +4"`` -> ``[("Bureaucrat", GOOD), ("Tough", GREAT)]``.

    Items are separated by commas or semicolons; each ends with a ladder modifier
    (-6..+8, even); the name may be empty. ValueError names the bad item.
    """
    items: list[tuple[str, Rank]] = []
    for raw in re.split(r"[;,]", text):
        if not raw.strip():
            continue
        match = _QUICK_ITEM.match(raw)
        if match is None:
            raise ValueError(f"{raw.strip()!r} needs a modifier such as +2")
        modifier = int(match["mod"].replace(" ", ""))
        items.append((match["name"], Rank.from_modifier(modifier)))
    return items


def quick_nc(
    name: str, nc_type: NCType, rank: Rank, qualities: Sequence[tuple[str, Rank]] = ()
) -> NarrativeCharacter:
    """An NC typed in at the table: its Qualities become Elements, all applied."""
    label = name.strip() or f"{rank.label} {nc_type.value}"
    return NarrativeCharacter(
        name=label,
        type=nc_type,
        rank=rank,
        elements=[NCQuality(name=n or "Quality", rank=r) for n, r in qualities],
        source=QUICK_SOURCE,
    )


def nc_spent_by_momentum(nc: NarrativeCharacter, momentum_applied: Iterable[str]) -> set[str]:
    """The keys of ``nc``'s Qualities that its Momentum used up for the following Action.

    Book (*Narrative Characters*): "Just as for PCs, one of an NCs' Traits always
    modifies Momentum but any other Quality used for Momentum cannot modify the
    following Action." So every applied key but a Trait's is returned (unknown
    keys are ignored). A quickly entered NC has no Traits: its typed Qualities are
    what the GM says applies in every step, so nothing is held back for it.
    """
    if nc.source == QUICK_SOURCE:
        return set()
    keys = {o.key for o in nc_qualities(nc) if o.kind != "trait"}
    return keys & set(momentum_applied)


def nc_momentum_barred(nc: NarrativeCharacter) -> set[str]:
    """The keys of ``nc``'s Qualities it may never bring to a Momentum Test: its Concept.

    Book (*Narrative Characters*, L1130): an NC, unlike a PC, never adds its Concept to a
    Momentum Test. A quickly entered NC has no Concept (its typed Qualities are
    Elements), so nothing is barred for it.
    """
    if nc.source == QUICK_SOURCE:
        return set()
    return {o.key for o in nc_qualities(nc) if o.kind == "concept"}


def nc_momentum_refusal(name: str) -> str:
    """Why an NC's Concept is refused in Momentum (the message every screen shows)."""
    return f"{name or 'The NC'} cannot put its Concept into a Momentum Test"


@dataclass(frozen=True)
class Opponent:
    """An NC in the current fight: its sheet, the Stress it took, what it applies."""

    nc: NarrativeCharacter
    applied: frozenset[str] = frozenset()
    stress: int = 0
    title: str = ""
    """How the lines about it name it: the NC's name told apart from others of the same
    name (``"Shock Troopers (2)"``); empty: its plain name."""

    @property
    def name(self) -> str:
        """Its :attr:`title`, else the NC's own name."""
        return self.title or self.nc.name or "NC"

    @property
    def state(self) -> tuple[bool, Rank | None]:
        """(removed, current Rank) after the Stress taken so far."""
        result = apply_stress_to_nc(self.nc.type, self.nc.rank, 0, self.stress)
        return result.removed, result.rank

    @property
    def rank(self) -> Rank:
        """The Rank it works at now (a hero loses one per Stress)."""
        current = self.state[1]
        return self.nc.rank if current is None else current

    def applied_options(self) -> list[NCQualityOption]:
        return [o for o in nc_qualities(self.nc) if o.key in self.applied]

    def applied_total(self) -> int:
        return sum(o.modifier for o in self.applied_options())


NC_SPENT_NOTE = "used for Momentum"
NC_SPENT_TIP = ("Action: not available. This NC put it into the Momentum Test just before, "
                "and only a Trait may count towards both the Momentum and the Action that "
                "follows it.")

NC_NO_CONCEPT_NOTE = ""
"""No note beside the greyed Concept (the tooltip says why): a note widened a card with a
long Concept past the docked calculator at 1024x768."""
NC_NO_CONCEPT_TIP = ("Momentum: not available. An NC never adds its Concept to the Momentum "
                     "TN (a hero may add an Element instead); the Concept counts again in "
                     "the Action.")

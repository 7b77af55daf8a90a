"""The rules behind the NC editor: type templates, TNs per Quality, search, user files.

An NC (narrative character) never rolls: it sets Target Numbers. Its Rank gives
the base TN and each Quality that applies adds its modifier. The book describes a
template for each NC type (book: *Narrative Characters*):

* minion: a Concept at Good (+2) and nothing else;
* regular: a Concept at Good (+2) and the three Traits at +2, 0 and -2 (which
  Trait gets which is the designer's choice);
* hero: a Concept at Great (+4), Traits at +2, +4 and +6, and Elements, usually
  one at +4 and one at +2 (more are allowed).

The templates are a starting point, never a law: monsters are regulars with extra
Qualities, obstacles (a code to crack, a sentry to take down) are built as NCs
with odd Ranks, and the book's own Robot Assassin breaks the regular template on
purpose. :func:`template_deviations` therefore only *describes* differences.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from seforge.systems.swords_edge.fileformat import NC_SUFFIX, CharacterFileError, load_nc
from seforge.systems.swords_edge.models import TRAITS, NarrativeCharacter, NCQuality, NCType, Trait
from seforge.systems.swords_edge.quality_key import QualityKey
from seforge.systems.swords_edge.ranks import Rank, format_modifier

__all__ = [
    "TEMPLATES",
    "USER_NC_FOLDER_NAME",
    "NCTemplate",
    "QualityTN",
    "list_user_ncs",
    "nc_matches",
    "nc_quality_keys",
    "nc_quality_label",
    "nc_quality_modifier",
    "new_nc",
    "quality_rows",
    "quality_tns",
    "search_ncs",
    "suggest_nc_path",
    "template_deviations",
    "user_nc_folder",
]


@dataclass(frozen=True)
class NCTemplate:
    """What the book suggests for one NC type.

    ``traits`` lists the Trait Ranks in the order :func:`new_nc` hands them out
    along its ``trait_order``; ``elements`` the suggested Element Ranks.
    """

    type: NCType
    concept: Rank
    traits: tuple[Rank, ...]
    elements: tuple[Rank, ...]
    stress_rule: str
    """How Stress takes this type out, in a few words (cards, tooltips)."""


TEMPLATES: dict[NCType, NCTemplate] = {
    NCType.MINION: NCTemplate(
        NCType.MINION, Rank.GOOD, (), (), "Out at the first Stress."
    ),
    NCType.REGULAR: NCTemplate(
        NCType.REGULAR,
        Rank.GOOD,
        (Rank.GOOD, Rank.AVERAGE, Rank.BASIC),
        (),
        "Out once it has taken 3 Stress in all.",
    ),
    NCType.HERO: NCTemplate(
        NCType.HERO,
        Rank.GREAT,
        (Rank.GOOD, Rank.GREAT, Rank.EXCEPTIONAL),
        (Rank.GREAT, Rank.GOOD),
        "Each Stress drops it one Rank (and its TN); out below Weak.",
    ),
}


def new_nc(
    nc_type: NCType | str,
    rank: Rank | str,
    name: str = "",
    trait_order: Sequence[Trait] = TRAITS,
) -> NarrativeCharacter:
    """A fresh NC of ``nc_type`` at ``rank``, filled in from the type's template.

    ``trait_order`` says which Trait receives each of the template's Trait Ranks,
    in the order the template lists them: for a regular +2, 0, -2; for a hero +2,
    +4, +6. ``new_nc("regular", "Average", trait_order=(CUNNING, PHYSIQUE,
    CHARISMA))`` gives Cunning +2, Physique 0, Charisma -2. A minion has no Traits,
    so the order does not matter for it. A hero's two Elements are left unnamed
    and unlinked for the GM to fill in.
    """
    kind = NCType(nc_type)
    level = Rank.parse(rank) if isinstance(rank, str) else rank
    order = tuple(trait_order)
    if sorted(order) != sorted(TRAITS) or len(order) != len(TRAITS):
        raise ValueError("trait_order must name Physique, Charisma and Cunning once each")
    template = TEMPLATES[kind]
    return NarrativeCharacter(
        name=name,
        type=kind,
        rank=level,
        concept=NCQuality(name="", rank=template.concept),
        traits=dict(zip(order, template.traits, strict=False)),
        elements=[NCQuality(name="", rank=r) for r in template.elements],
    )


# ------------------------------------------------------------------ Qualities


QualityKind = Literal["concept", "trait", "element", "flaw"]


@dataclass(frozen=True)
class QualityTN:
    """One Quality of an NC and the TN it sets when it applies."""

    key: str
    """``concept``, ``trait:Physique``, ``element:0`` or ``flaw:0``."""
    kind: QualityKind
    name: str
    modifier: int
    trait: Trait | None
    tn: int

    @property
    def label(self) -> str:
        """``"Stone Gaze +4"``; an unnamed Quality shows its kind."""
        return f"{self.name or self.kind.capitalize()} {format_modifier(self.modifier)}"


def _modifier(rank: Rank) -> int:
    return rank.modifier if rank.is_quality_rank else 0


def quality_rows(nc: NarrativeCharacter, *, rank: Rank | None = None) -> list[QualityTN]:
    """Every Quality of ``nc`` with the TN it gives: Concept, Traits, Elements, flaws.

    The TN is the base TN (of ``rank`` when given, e.g. a hero worn down by
    Stress, else of the NC's own Rank) plus that one Quality's modifier (book:
    *Narrative Characters*: a Quality that applies is added to the base TN).
    """
    base = (nc.rank if rank is None else rank).target_number
    rows: list[QualityTN] = []
    if nc.concept is not None:
        mod = _modifier(nc.concept.rank)
        rows.append(QualityTN("concept", "concept", nc.concept.name, mod, None, base + mod))
    for trait in TRAITS:
        trait_rank = nc.traits.get(trait)
        if trait_rank is not None:
            mod = _modifier(trait_rank)
            rows.append(
                QualityTN(QualityKey.of_trait(trait), "trait", trait.value, mod, trait, base + mod)
            )
    for index, element in enumerate(nc.elements):
        mod = _modifier(element.rank)
        rows.append(
            QualityTN(QualityKey.of_element(index), "element", element.name, mod, element.trait,
                      base + mod)
        )
    for index, flaw in enumerate(nc.flaws):
        mod = _modifier(flaw.rank)
        rows.append(QualityTN(QualityKey.of("flaw", index), "flaw", flaw.name, mod, flaw.trait,
                              base + mod))
    return rows


def quality_tns(nc: NarrativeCharacter, *, rank: Rank | None = None) -> list[tuple[str, int]]:
    """``(label, TN)`` for each Quality: the Gorgon (Great, 23) gives
    ``("Charisma +6", 29)`` and ``("Stone Gaze +4", 27)``."""
    return [(row.label, row.tn) for row in quality_rows(nc, rank=rank)]


def nc_quality_keys(nc: NarrativeCharacter) -> list[str]:
    """The keys of the NC's Qualities, in :func:`quality_rows` order."""
    return [row.key for row in quality_rows(nc)]


def _lookup(nc: NarrativeCharacter, key: str) -> QualityTN:
    for row in quality_rows(nc):
        if row.key == key:
            return row
    raise KeyError(f"{nc.name or 'the NC'} has no Quality {key!r}")


def nc_quality_modifier(nc: NarrativeCharacter, key: str) -> int:
    """The modifier of the Quality behind ``key``; KeyError if the NC has none."""
    return _lookup(nc, key).modifier


def nc_quality_label(nc: NarrativeCharacter, key: str) -> str:
    """``"Assassin Monk +2"`` for the Quality behind ``key``."""
    return _lookup(nc, key).label


# ---------------------------------------------------------------- deviations


def _ranks_text(ranks: Iterable[Rank]) -> str:
    return " / ".join(format_modifier(_modifier(r)) for r in ranks)


def _name(q: NCQuality) -> str:
    """A Quality's name in quotes, or "unnamed" (the notes put it inside brackets)."""
    return f'"{q.name}"' if q.name.strip() else "unnamed"


def template_deviations(nc: NarrativeCharacter) -> list[str]:
    """Plain-words notes on where ``nc`` departs from its type's template.

    Informational only: a monster's extra Qualities, an obstacle's high Concept or
    a deliberate twist such as the Robot Assassin are all legitimate designs.
    Returns an empty list for an NC that follows its template exactly.
    """
    template = TEMPLATES[nc.type]
    kind = nc.type.value
    notes: list[str] = []

    if nc.concept is None:
        notes.append(
            f"No Concept; a {kind}'s template has one at {template.concept.display()}."
        )
    elif nc.concept.rank != template.concept:
        notes.append(
            f"Concept at {nc.concept.rank.display()}; a {kind}'s template has it at "
            f"{template.concept.display()}."
        )

    if not template.traits:
        if nc.traits:
            listed = ", ".join(
                f"{t.value} {format_modifier(_modifier(r))}" for t, r in _ordered(nc.traits)
            )
            notes.append(f"Has Traits ({listed}); a minion's template has none.")
    else:
        missing = [t.value for t in TRAITS if t not in nc.traits]
        if missing:
            notes.append(
                f"{_join(missing)} not given; the template has all three Traits."
            )
        if nc.traits and not _fits(template.traits, list(nc.traits.values())):
            shown = ", ".join(
                f"{t.value} {format_modifier(_modifier(r))}" for t, r in _ordered(nc.traits)
            )
            notes.append(
                f"Traits are {shown}; a {kind}'s template spreads them "
                f"{_ranks_text(sorted(template.traits, reverse=True))}."
            )

    if nc.type is NCType.HERO:
        notes.extend(_hero_elements(nc))
    elif nc.elements:
        names = ", ".join(f"{_name(e)} {format_modifier(_modifier(e.rank))}" for e in nc.elements)
        what = "built like a monster" if nc.type is NCType.REGULAR else "beyond the template"
        notes.append(
            f"{len(nc.elements)} extra Qualit{'y' if len(nc.elements) == 1 else 'ies'} "
            f"({names}): {what}; a {kind}'s template has no Elements."
        )

    for flaw in nc.flaws:
        notes.append(
            f"Flaw {_name(flaw)} {format_modifier(_modifier(flaw.rank))}: "
            "not part of any template."
        )
    return notes


def nc_problems(nc: NarrativeCharacter) -> list[str]:
    """What does not hold together in ``nc`` (unlike :func:`template_deviations`, these
    are problems, not design choices): a Concept, an Element or a Flaw without a name. A Quality
    modifies a Test only when it applies [*Narrative Characters*], and a nameless one
    cannot be judged to apply: the calculator and the cards could only call it
    "Element +4". The hero template leaves its two Elements for the GM to name."""
    problems: list[str] = []
    if nc.concept is not None and not nc.concept.name.strip():
        problems.append(
            f"The Concept ({format_modifier(_modifier(nc.concept.rank))}) has no name: "
            "name it for who the NC is, or remove it."
        )
    for kind, qualities in (("Element", nc.elements), ("Flaw", nc.flaws)):
        for index, quality in enumerate(qualities, start=1):
            if not quality.name.strip():
                problems.append(
                    f"{kind} {index} ({format_modifier(_modifier(quality.rank))}) has no "
                    "name: name it for what it covers, or remove it."
                )
    return problems


def _ordered(traits: dict[Trait, Rank]) -> list[tuple[Trait, Rank]]:
    return [(t, traits[t]) for t in TRAITS if t in traits]


def _join(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _fits(template: Sequence[Rank], have: Sequence[Rank]) -> bool:
    """True when every given Rank can be matched to its own template Rank (some
    Traits may be missing; those are reported separately)."""
    pool = list(template)
    for rank in have:
        if rank not in pool:
            return False
        pool.remove(rank)
    return True


def _hero_elements(nc: NarrativeCharacter) -> list[str]:
    template = TEMPLATES[NCType.HERO]
    notes: list[str] = []
    count = len(nc.elements)
    if count < len(template.elements):
        notes.append(
            f"{'No Elements' if count == 0 else 'Only one Element'}; a hero's template "
            f"has at least two ({_ranks_text(template.elements)})."
        )
        return notes
    pool = [e.rank for e in nc.elements]
    missing: list[Rank] = []
    for rank in template.elements:
        if rank in pool:
            pool.remove(rank)
        else:
            missing.append(rank)
    if missing:
        notes.append(
            f"Elements are {_ranks_text(e.rank for e in nc.elements)}; a hero's template "
            f"has one at {template.elements[0].display()} and one at "
            f"{template.elements[1].display()}."
        )
    return notes


# -------------------------------------------------------------------- search


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _haystack(nc: NarrativeCharacter) -> str:
    parts = [nc.name, nc.notes, nc.genre, nc.source, nc.type.value, nc.rank.label]
    if nc.concept is not None:
        parts.append(nc.concept.name)
    parts.extend(q.name for q in (*nc.elements, *nc.flaws))
    return _fold("\n".join(parts))


def nc_matches(
    nc: NarrativeCharacter,
    text: str = "",
    genre: str | None = None,
    type: NCType | str | None = None,
    rank: Rank | str | None = None,
) -> bool:
    """True when ``nc`` passes every filter given (see :func:`search_ncs`)."""
    if genre is not None and genre.strip() and _fold(nc.genre) != _fold(genre.strip()):
        return False
    if type is not None and nc.type is not NCType(type):
        return False
    if rank is not None:
        wanted = Rank.parse(rank) if isinstance(rank, str) else rank
        if nc.rank is not wanted:
            return False
    words = _fold(text).split()
    if words:
        hay = _haystack(nc)
        return all(word in hay for word in words)
    return True


def search_ncs(
    ncs: Iterable[NarrativeCharacter],
    text: str = "",
    genre: str | None = None,
    type: NCType | str | None = None,
    rank: Rank | str | None = None,
) -> list[NarrativeCharacter]:
    """The NCs that match, in their given order.

    ``text``: every word must appear (any case, accents ignored) in the name,
    Concept, Elements, flaws, notes, genre, source, type or Rank name. ``genre``
    matches the whole genre name (any case); ``type`` and ``rank`` match exactly.
    Empty filters match everything.
    """
    return [nc for nc in ncs if nc_matches(nc, text, genre, type, rank)]


# ---------------------------------------------------------------- user files


USER_NC_FOLDER_NAME = "opponents"


def user_nc_folder(base: Path) -> Path:
    """The folder of the GM's own opponents under ``base`` (the app's data
    folder), created when missing."""
    folder = Path(base) / USER_NC_FOLDER_NAME
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def list_user_ncs(folder: Path) -> list[tuple[Path, NarrativeCharacter | str]]:
    """Every ``.senc`` file in ``folder`` (not its subfolders), sorted by name.

    Each entry is the path and either the NC or, for a file that cannot be read,
    the file format's one-line message. Never raises: a missing folder is empty.
    """
    folder = Path(folder)
    try:
        paths = [
            p for p in folder.iterdir()
            if p.suffix.lower() == NC_SUFFIX and not p.name.startswith(".")
        ]
    except OSError:
        return []
    result: list[tuple[Path, NarrativeCharacter | str]] = []
    for path in sorted(paths, key=lambda p: (p.name.casefold(), p.name)):
        try:
            result.append((path, load_nc(path)))
        except CharacterFileError as exc:
            result.append((path, str(exc)))
        except OSError as exc:  # pragma: no cover - races with the file system
            result.append((path, f"{path.name}: cannot be read ({exc.strerror})"))
    return result


_UNSAFE = re.compile(r"[^\w\- ]+", re.UNICODE)


def suggest_nc_path(folder: Path, nc: NarrativeCharacter) -> Path:
    """A free file name in ``folder`` for ``nc``: ``Gorgon.senc``, ``Gorgon (2).senc``."""
    stem = _UNSAFE.sub("", unicodedata.normalize("NFC", nc.name)).strip() or "Opponent"
    stem = " ".join(stem.split())[:80]
    candidate = Path(folder) / f"{stem}{NC_SUFFIX}"
    number = 2
    while candidate.exists():
        candidate = Path(folder) / f"{stem} ({number}){NC_SUFFIX}"
        number += 1
    return candidate

"""The key that names one Quality of a character or NC: one small type.

The editor, the budget, the checks, the Test calculator, play and the files all
name a Quality by the same text: ``"concept"``, ``"background"``, ``"faculty"``,
``"trait:Physique"`` or ``"element:0"`` (the index in ``elements``); an NC's Flaw
is ``"flaw:0"``, an SFX's own Penalty Ranks ``"sfx:<name>"``, and a Critical
Failure Advancement remembers a Quality since removed as ``"removed:<name>"``.

:class:`QualityKey` is that text (a ``str`` subclass, so it compares, hashes,
sorts and saves exactly as the plain string does) with the one way to build and
read it. Without pydantic, so it stays cheap to import.
"""

from __future__ import annotations

from seforge.systems.swords_edge.kinds import TRAITS, Trait

CORE_KINDS = ("concept", "background", "faculty")
"""Keys that are their own kind: the character's three core Qualities."""


class QualityKey(str):
    """A Quality's key; build one with :meth:`of_trait`, :meth:`of_element`,
    :meth:`of` or :meth:`parse`, read it with :attr:`kind`, :attr:`position`,
    :attr:`trait`."""

    __slots__ = ()

    @classmethod
    def of_trait(cls, trait: Trait) -> QualityKey:
        """``"trait:Physique"``."""
        return cls(f"trait:{trait.value}")

    @classmethod
    def of_element(cls, index: int) -> QualityKey:
        """``"element:2"``: ``elements[2]``."""
        return cls(f"element:{index}")

    @classmethod
    def of(cls, kind: str, rest: str | int) -> QualityKey:
        """``of("flaw", 0)`` is ``"flaw:0"``, ``of("sfx", "Fire")`` is ``"sfx:Fire"``."""
        return cls(f"{kind}:{rest}")

    @classmethod
    def parse(cls, text: str) -> QualityKey:
        """The key ``text`` names (any text is a key; reading it says what it names)."""
        return text if isinstance(text, QualityKey) else cls(text)

    @property
    def kind(self) -> str:
        """``"concept"``, ``"background"``, ``"faculty"``, ``"trait"``, ``"element"``,
        ``"flaw"``, ``"sfx"``, ``"removed"`` ...: the part before the colon."""
        return self.partition(":")[0]

    @property
    def rest(self) -> str:
        """The part after the colon (``""`` for a core Quality)."""
        return self.partition(":")[2]

    @property
    def position(self) -> int | None:
        """The list index of an ``element:`` or ``flaw:`` key (None otherwise, or when
        the text after the colon is not a number). Not ``index``: that is
        ``str.index``, which a key must keep."""
        if self.kind not in ("element", "flaw") or not self.rest.isdigit():
            return None
        return int(self.rest)

    @property
    def trait(self) -> Trait | None:
        """The Trait of a ``trait:`` key (its name in any case), else None."""
        if self.kind != "trait":
            return None
        name = self.rest.lower()
        return next((t for t in TRAITS if t.value.lower() == name), None)

    @property
    def is_trait(self) -> bool:
        """True for a ``trait:`` key (whether or not it names a known Trait)."""
        return self.kind == "trait"

    @property
    def is_element(self) -> bool:
        """True for an ``element:`` key."""
        return self.kind == "element"

    @property
    def is_core(self) -> bool:
        """True for ``"concept"``, ``"background"`` and ``"faculty"``."""
        return self in CORE_KINDS


def is_trait_key(text: str) -> bool:
    """True when ``text`` is a ``trait:`` key (for filters over plain strings)."""
    return QualityKey.parse(text).is_trait


def is_element_key(text: str) -> bool:
    """True when ``text`` is an ``element:`` key."""
    return QualityKey.parse(text).is_element

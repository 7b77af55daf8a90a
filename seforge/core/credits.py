"""Credits: the published works a game system is built from, and what their licences ask.

A system declares its sources as ``credits`` (a sequence of :class:`SourceCredit`) on its
:class:`~seforge.core.systems.GameSystem` object; Help › About lists every system's
credits from the registry (the frame names no system). The attribute is optional: a
system without it has no credits to show, and a malformed one is left out rather than
stopping the About box.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from seforge.core.frozen import FrozenRecord


class SourceCredit(FrozenRecord):
    """One work a system is built from."""

    __slots__ = _FIELDS = ("work", "authors", "licence", "notice", "url")
    work: str
    """The work's title, e.g. "Blades in the Dark SRD"."""
    authors: str
    """Who wrote and published it, as the work names them."""
    licence: str
    """Its licence or terms of use in a sentence or two, as far as they are known (shown
    after the authors)."""
    notice: str
    """An attribution the licence asks for, word for word."""
    url: str
    """Where the work (or its licence) is found."""

    def __init__(self, work: str, authors: str, licence: str = "", notice: str = "",
                 url: str = "") -> None:
        if not work.strip() or not authors.strip():
            raise ValueError("a credit names its work and its authors")
        self._init(work, authors, licence, notice, url)


class _Credited(Protocol):
    @property
    def credits(self) -> Sequence[SourceCredit]: ...


def credits_of(system: _Credited) -> tuple[SourceCredit, ...]:
    """The credits ``system`` declares (a plug-in's malformed ones left out)."""
    declared: object = system.credits
    if isinstance(declared, SourceCredit):
        return (declared,)
    if isinstance(declared, str) or not isinstance(declared, Sequence):
        return ()
    return tuple(c for c in declared if isinstance(c, SourceCredit))

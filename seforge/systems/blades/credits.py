"""The work Blades in the Dark support is built from (Help › About lists it)."""

from __future__ import annotations

from seforge.core.credits import SourceCredit

ATTRIBUTION = (
    "This work is based on Blades in the Dark (found at http://www.bladesinthedark.com/), "
    "product of One Seven Design, developed and authored by John Harper, and licensed for "
    "our use under the Creative Commons Attribution 3.0 Unported license "
    "(http://creativecommons.org/licenses/by/3.0/)."
)
"""The attribution the Blades in the Dark SRD's licence asks for, word for word."""

CREDITS: tuple[SourceCredit, ...] = (
    SourceCredit(
        work="Blades in the Dark SRD",
        authors="John Harper, One Seven Design",
        licence=("Licensed under the Creative Commons Attribution 3.0 Unported licence "
                 "(CC BY 3.0), which asks for this attribution:"),
        notice=ATTRIBUTION,
        url="http://www.bladesinthedark.com/",
    ),
)

"""The work Sword of Life support is built from (Help › About lists it)."""

from __future__ import annotations

from seforge.core.credits import SourceCredit

CREDITS: tuple[SourceCredit, ...] = (
    SourceCredit(
        work="Sword of Life",
        authors="Craig Russell",
        licence=("Copyright Craig Russell (the game's page, last modified on June 22, "
                 "2000); SEForge uses its rules' numbers, described in its own words."),
    ),
)
"""From the game's page (sword-of-life.txt, first line and line 251)."""

"""The works 2d20 support is built from (Help › About lists them)."""

from __future__ import annotations

from seforge.core.credits import SourceCredit

CREDITS: tuple[SourceCredit, ...] = (
    SourceCredit(
        work="2d20 System SRD, 2022 Edition (chapter Action and Conflict)",
        authors="the System Resource Document for 2d20 System RPGs, Modiphius Entertainment",
        licence=("Used for its rules' numbers and tables, described in SEForge's own words; "
                 "the 2d20 System and its SRD belong to Modiphius Entertainment."),
    ),
    SourceCredit(
        work="Conan: Adventures in an Age Undreamed Of, gamemaster screen",
        authors="Modiphius Entertainment",
        licence=("Its tables' numbers only, in SEForge's own words. Conan and the game "
                 "belong to their owners; SEForge is not affiliated with them."),
    ),
)
"""The SRD names itself in its header (2d20-srd-action-and-conflict.txt, lines 1-3); the
publisher's name and the Conan game's title come from outside the reference texts."""

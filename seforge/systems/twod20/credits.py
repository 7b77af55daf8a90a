"""The works 2d20 support is built from (Help › About lists them)."""

from __future__ import annotations

from seforge.core.credits import SourceCredit

CREDITS: tuple[SourceCredit, ...] = (
    SourceCredit(
        work=("2d20 System SRD: System Resource Document for 2D20 System RPGs, 2022 Edition "
              "(chapter Action and Conflict)"),
        authors="Modiphius Entertainment",
        licence=("The 2d20 System and its SRD belong to Modiphius Entertainment; SEForge "
                 "uses the rules' numbers and tables, described in its own words."),
    ),
    SourceCredit(
        work="Conan: Adventures in an Age Undreamed Of, gamemaster screen",
        authors="Modiphius Entertainment",
        licence=("Conan and the game belong to their owners; SEForge uses only the numbers "
                 "of the screen's tables, described in its own words."),
    ),
)
"""The SRD names itself in its header (2d20-srd-action-and-conflict.txt, lines 1-3); the
publisher's name and the Conan game's title come from outside the reference texts."""

"""The work Sword's Edge support is built from (Help › About lists it)."""

from __future__ import annotations

from seforge.core.credits import SourceCredit

CREDITS: tuple[SourceCredit, ...] = (
    SourceCredit(
        work="Sword's Edge Role-Playing Game",
        authors=("Fraser Ronald, published by Sword's Edge Publishing; edited by Scott "
                 "Vandervalk, with contributions by Corey Reid; cover, logo and character "
                 "sheet by Todd Crapper"),
        licence=("The rules and the sample characters belong to their authors; SEForge uses "
                 "the rules' numbers and tables and the sample characters' statistics, "
                 "described in its own words."),
    ),
)
"""From the rulebook's title page (swords-edge-rules.txt, lines 1-25)."""

"""``seforge check`` for Sword of Life files."""

from __future__ import annotations

from pathlib import Path

from seforge.core.documents import DocumentFileError, peek_format
from seforge.core.systems import CheckReport
from seforge.systems.sword_of_life import documents


def check_file(path: Path) -> CheckReport:
    """A character's legality and ledger; a conflict is checked for being readable."""
    format_id = peek_format(path)
    if documents.CHARACTER.accepts(format_id):
        from seforge.systems.sword_of_life.rules import check_character

        return check_character(documents.CHARACTER.load(path))
    if documents.CONFLICT.accepts(format_id):  # made (and its models imported) only now
        from seforge.systems.sword_of_life.conflict import winner

        conflict = documents.CONFLICT.load(path)
        state = winner(conflict) or "going on"
        return CheckReport(
            problems=(),
            figures={"exchanges": conflict.exchanges},
            lines=(f"{conflict.kind.value} conflict, {conflict.exchanges} exchanges, "
                   f"winner: {state}",),
        )
    raise DocumentFileError(path.name, f"is not a Sword of Life document ({format_id!r})",
                            field="format")



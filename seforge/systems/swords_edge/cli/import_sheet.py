"""Reading a filled-in Sword's Edge sheet back, for ``seforge import`` (:func:`read`).

A sheet exported by SEForge gives back its character, with whatever the player
changed in its fields; a blank sheet filled in a PDF reader gives the character
typed into it. Once written, the new file is checked like ``seforge check`` does, and
its problems are listed (:func:`_report`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from seforge.core.systems import SheetImport
from seforge.systems.swords_edge.system import FORMATS

if TYPE_CHECKING:
    from seforge.systems.swords_edge.sheet.readback import ReadResult


def read(sheet: Path, number: int) -> SheetImport:
    """The ``number``-th character of the sheet PDF (SheetReadError, a ValueError, when
    the PDF cannot be read or holds no such character)."""
    from seforge.systems.swords_edge.fileformat import save_character
    from seforge.systems.swords_edge.sheet.readback import read_sheet

    result = read_sheet(sheet, number)

    def write(output: Path) -> None:
        save_character(result.character, output)

    def report(output: Path, as_json: bool) -> str:
        return _report(result, output, as_json)

    return SheetImport(FORMATS[0], write, report)


def _report(result: ReadResult, output: Path, as_json: bool) -> str:
    """What ``seforge import`` printed for a Sword's Edge sheet before the verb was shared:
    the character read, the notes and what ``check`` finds (or all of it as JSON)."""
    from seforge.systems.swords_edge.cli.check import result_json
    from seforge.systems.swords_edge.validation import check_character

    check = check_character(result.character)
    name = result.character.name.strip() or "Unnamed character"
    if as_json:
        return json.dumps({
            "output": str(output),
            "name": name,
            "from_saved_data": result.from_saved_data,
            "changed_fields": result.changed,
            "notes": result.notes,
            "characters_in_file": result.characters_in_file,
            "check": result_json(check),
        })
    how = ("from the sheet's saved character" if result.from_saved_data
           else "from its filled-in fields")
    changed = len(result.changed)
    lines = [f"{output}: {name}, read {how}"
             + (f", {changed} field(s) changed" if result.from_saved_data and changed else "")]
    lines += [f"  note: {note}" for note in result.notes]
    lines.append(f"  {'legal' if check.legal else 'NOT legal'}: {check.budget.summary()}")
    lines += [f"  {problem.severity.value}: {problem.message} [{problem.rule}]"
              for problem in check.problems]
    return "\n".join(lines)

"""``seforge import SHEET.pdf -o OUT.sechar`` (a Sword's Edge verb): read a filled-in
sheet back.

A sheet exported by SEForge gives back its character, with whatever the player
changed in its fields; a blank sheet filled in a PDF reader gives the character
typed into it. The new file is then checked like ``seforge check`` does, and its
problems are listed. Exit 2 when the PDF cannot be read or the file not written.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from seforge.core.cli import EXIT_OK, EXIT_UNREADABLE, one_line
from seforge.systems.swords_edge.system import VERB_HELP


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "import",
        help=VERB_HELP["import"],
        description="Read a character sheet PDF (exported by SEForge, or a blank sheet "
        "filled in a PDF reader) into a character file, then list what check finds. "
        "Exit 2 when the PDF cannot be read (nothing is written).",
    )
    parser.add_argument("sheet", metavar="SHEET.pdf", help="the filled-in sheet")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.sechar",
                        help="the character file to write (replaced atomically)")
    parser.add_argument("--character", type=int, default=1, metavar="N",
                        help="which character of a party PDF to read (default: the first)")
    parser.add_argument("--json", action="store_true",
                        help="print a machine-readable report as JSON")
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"seforge import: {one_line(message)}", file=sys.stderr)
    return EXIT_UNREADABLE


def _not_a_file(path: Any) -> str:
    """Why ``path`` cannot be read as a sheet ("" when it is a regular file); the
    file is never opened here (a FIFO would block)."""
    import stat

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except NotADirectoryError:
        return "no such file (a part of the path is not a folder)"
    except PermissionError:
        return "permission denied"
    except (OSError, ValueError) as exc:
        return f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
    if stat.S_ISDIR(mode):
        return "is a folder, not a PDF"
    if not stat.S_ISREG(mode):
        return "is not a regular file (a device, pipe or socket), not a PDF"
    return ""


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from seforge.systems.swords_edge.cli.check import result_json
    from seforge.systems.swords_edge.fileformat import save_character
    from seforge.systems.swords_edge.sheet.readback import SheetReadError, read_sheet
    from seforge.systems.swords_edge.validation import check_character

    sheet, output = Path(args.sheet), Path(args.output)
    refusal = _not_a_file(sheet)
    if refusal:
        return _error(f"{sheet}: {refusal}")
    if not output.parent.is_dir():
        return _error(f"{output}: the folder {output.parent} does not exist")
    if output.exists() and os.path.samefile(output, sheet):
        return _error(f"{output}: is the sheet itself; choose another output")
    if args.character < 1:
        return _error("--character counts from 1")
    try:
        result = read_sheet(sheet, args.character)
    except SheetReadError as exc:
        return _error(str(exc))
    try:
        save_character(result.character, output)
    except OSError as exc:
        return _error(f"{output}: {exc.strerror or exc}")
    check = check_character(result.character)
    name = result.character.name.strip() or "Unnamed character"
    if args.json:
        print(json.dumps({
            "output": str(output),
            "name": name,
            "from_saved_data": result.from_saved_data,
            "changed_fields": result.changed,
            "notes": result.notes,
            "characters_in_file": result.characters_in_file,
            "check": result_json(check),
        }))
        return EXIT_OK
    how = ("from the sheet's saved character" if result.from_saved_data
           else "from its filled-in fields")
    changed = len(result.changed)
    print(f"{output}: {name}, read {how}"
          + (f", {changed} field(s) changed" if result.from_saved_data and changed else ""))
    for note in result.notes:
        print(f"  note: {note}")
    print(f"  {'legal' if check.legal else 'NOT legal'}: {check.budget.summary()}")
    for problem in check.problems:
        print(f"  {problem.severity.value}: {problem.message} [{problem.rule}]")
    return EXIT_OK

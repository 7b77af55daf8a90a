"""``seforge import SHEET.pdf -o OUT``: read a filled-in sheet back, for any system whose
sheets can be (its :attr:`~seforge.core.systems.GameSystem.sheet_reader`).

The PDF is refused first if it is no regular file or is too large; then the system that
wrote it is found by the PDF's ``/Subject`` (each system's sheets carry theirs), or, when a
PDF reader dropped it, by a form field name only that system's sheets use
(:func:`sniff`). That system reads the document; the output must end with the suffix of the
kind read (a Blades crew is a ``.bladescrew``), and only then is it written (atomically)
and its report printed. A PDF that cannot be parsed here goes to the first system's
reader, whose one-line message says why (encrypted, broken). Any refusal is
one line on stderr, exit 2, with nothing written; pypdf's warnings never reach the console.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seforge.cli import VERB_HELP, one_line
from seforge.core.cli import EXIT_OK, EXIT_UNREADABLE, PausedCollector

if TYPE_CHECKING:
    from collections.abc import Collection

    from seforge.core.systems import GameSystem, SheetReader

MAX_PDF_BYTES = 128 * 1024 * 1024
"""A sheet PDF larger than this is refused before it is opened."""
MAX_FIELDS = 20_000
"""The most top-level form fields :func:`sniff` looks at for a system's field name."""


def readers() -> list[tuple[GameSystem, SheetReader]]:
    """Every registered system that reads its sheets back, with its reader, in order."""
    from seforge.systems import registry

    systems = registry().load_all()[0]
    return [(s, s.sheet_reader) for s in systems if s.sheet_reader is not None]


def _formats_of(system: GameSystem, reader: SheetReader) -> str:
    suffixes = [f.suffix for f in system.formats if f.id in reader.formats]
    return f"{system.title} ({', '.join(suffixes)})"


def importable() -> str:
    """``Sword's Edge (.sechar), ...``: the systems whose sheets ``seforge import`` reads
    back, with the suffix of each kind of document they give."""
    return ", ".join(_formats_of(s, r) for s, r in readers()) or "none"


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "import",
        help=VERB_HELP["import"],
        description="Read a sheet PDF exported by SEForge (or a blank sheet filled in a "
        "PDF reader, for systems that print one) back into a document, then list what check finds. "
        "The system that wrote the sheet is found from the PDF itself; OUT must end with "
        "the suffix of the kind of document read. Exit 2 when the PDF cannot be read "
        "(nothing is written). Sheets read back: " + importable() + ".",
    )
    parser.add_argument("sheet", metavar="SHEET.pdf", help="the filled-in sheet")
    parser.add_argument("-o", "--output", required=True, metavar="OUT",
                        help="the document to write, with the suffix of the kind read "
                        "(replaced atomically)")
    parser.add_argument("--character", type=int, default=1, metavar="N",
                        help="which character (or document) of a PDF holding several to "
                        "read (default: the first)")
    parser.add_argument("--json", action="store_true",
                        help="print a machine-readable report as JSON")
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"seforge import: {one_line(message)}", file=sys.stderr)
    return EXIT_UNREADABLE


def _not_a_file(path: Path) -> str:
    """Why ``path`` cannot be read as a sheet ("" when it is a regular file); the
    file is never opened here (a FIFO would block)."""
    import stat

    try:
        status = os.stat(path)
    except FileNotFoundError:
        return "no such file"
    except NotADirectoryError:
        return "no such file (a part of the path is not a folder)"
    except PermissionError:
        return "permission denied"
    except (OSError, ValueError) as exc:
        return f"cannot be read ({getattr(exc, 'strerror', None) or exc})"
    if stat.S_ISDIR(status.st_mode):
        return "is a folder, not a PDF"
    if not stat.S_ISREG(status.st_mode):
        return "is not a regular file (a device, pipe or socket), not a PDF"
    if status.st_size > MAX_PDF_BYTES:
        size = status.st_size
        return (f"is {size / 1024 / 1024:,.0f} MB; a sheet PDF may be at most "
                f"{MAX_PDF_BYTES // 1024 // 1024} MB")
    return ""


def sniff(path: Path, known: Collection[str] = ()) -> tuple[str, list[str]] | None:
    """The PDF's ``/Subject`` and the names of its top-level form fields (at most
    :data:`MAX_FIELDS`; none are read when the subject is one of ``known``: reading every
    field of a sheet, its saved copy too, took longer than reading the sheet back), or None
    when the PDF cannot be parsed (or decrypted) here."""
    try:
        from pypdf import PdfReader

        from seforge.core.pdf.form_read import quiet_pypdf

        with quiet_pypdf():
            reader = PdfReader(str(path))
            if reader.is_encrypted and not reader.decrypt(""):
                return None
            info = reader.metadata
            subject = str(info.subject or "") if info is not None else ""
            names: list[str] = []
            if subject in known:
                return subject, names
            root: Any = reader.trailer["/Root"].get_object()
            form: Any = root.get("/AcroForm")
            fields: Any = form.get_object().get("/Fields") if form is not None else None
            for ref in list(fields.get_object() if fields is not None else ())[:MAX_FIELDS]:
                name: Any = ref.get_object().get("/T")
                if name is not None:
                    names.append(str(name))
            return subject, names
    except Exception:  # any broken PDF: its reader explains, in one line
        return None


def find_reader(path: Path) -> tuple[GameSystem, SheetReader] | str:
    """The system (and its reader) that wrote the sheet at ``path``, or a one-line reason
    why no system reads it back."""
    found = readers()
    seen = sniff(path, {subject for _system, reader in found for subject in reader.subjects})
    if seen is None:  # the first system's reader explains what is wrong with the PDF
        return found[0] if found else f"{path}: not a readable PDF"
    subject, names = seen
    for system, reader in found:
        if subject in reader.subjects:
            return system, reader
    for system, reader in found:
        pattern = re.compile(reader.field_name)
        if any(pattern.fullmatch(name) for name in names):
            return system, reader
    return (f"{path}: no SEForge sheet fields (was it made by SEForge? Sheets read back: "
            f"{', '.join(s.title for s, _ in found) or 'none'})")


def run(args: argparse.Namespace) -> int:
    """Run the verb without Python's cycle collector passing over the models, fonts and
    PDF objects it builds (:class:`~seforge.core.cli.PausedCollector`)."""
    with PausedCollector():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
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
    found = find_reader(sheet)
    if isinstance(found, str):
        return _error(found)
    _system, reader = found
    from seforge.core.pdf.form_read import quiet_pypdf

    try:
        with quiet_pypdf():
            imported = reader.read(sheet, args.character)
    except ValueError as exc:
        return _error(str(exc))
    except (RecursionError, MemoryError, OSError, KeyError, TypeError, AttributeError,
            IndexError, AssertionError) as exc:
        return _error(f"{sheet}: not a readable PDF ({type(exc).__name__})")
    wanted = imported.format.suffix
    if output.suffix.lower() != wanted.lower():
        given = f"'{output.suffix}'" if output.suffix else "no suffix"
        return _error(f"{output}: the sheet holds a {imported.format.title}, saved as "
                      f"'{wanted}', not {given} (e.g. -o {output.with_suffix(wanted).name})")
    try:
        imported.write(output)
    except OSError as exc:
        return _error(f"{output}: {exc.strerror or exc}")
    print(imported.report(output, bool(args.json)))
    return EXIT_OK

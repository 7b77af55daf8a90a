"""``seforge export FILE... -o OUT.pdf``: printable sheets of any game system's documents.

The output path is checked here; then the files go to the system that reads the first
one's format (:mod:`seforge.cli.routing`). A system with ``run_export(args)`` (Sword's
Edge: sheets, ``--blank``, ``--cards``, paper and sheet options) takes every option;
another writes its sheets with ``export_sheets``. ``--blank`` and ``--cards`` without files
are Sword's Edge's. A file that cannot be read stops the export before anything is
written (exit 2).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
from typing import TYPE_CHECKING, Any

from seforge.cli import VERB_HELP, one_line
from seforge.core.cli import whole_number

if TYPE_CHECKING:  # imported when the verb runs: the other verbs start without them
    from pathlib import Path

    from seforge.core.systems import GameSystem

EXIT_OK, EXIT_UNREADABLE = 0, 2
MAX_BLANK_CARDS = 400
"""``--blank-cards`` beyond this is a typing mistake (50 pages of the 8-card grid)."""


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "export",
        help=VERB_HELP["export"],
        description="Write one character sheet per FILE into one PDF, or a blank sheet "
        "with --blank. Exit 2 when a file cannot be read (nothing is written).",
    )
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="character files (.sechar), or NC files (.senc) with --cards")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf",
                        help="the PDF to write (replaced atomically)")
    parser.add_argument("--paper", choices=("a4", "letter"), default=None,
                        help="paper size (default: from the system locale)")
    parser.add_argument("--blank", action="store_true",
                        help="print one blank sheet; takes no FILE")
    parser.add_argument("--cards", action="store_true",
                        help="print the FILEs as NC stat cards, several per page")
    parser.add_argument("--json", action="store_true",
                        help='print {"output", "pages", "characters"} as JSON')
    _add_pdf_options(parser)
    parser.set_defaults(func=run)


def _add_pdf_options(parser: argparse.ArgumentParser) -> None:
    """The options of the PDF itself (sheet look, cards)."""
    parser.add_argument("--clean-tracks", action="store_true",
                        help="print Penalty, Luck and Advancement tracks empty, to keep "
                        "them in pencil")
    parser.add_argument("--party-summary", action="store_true",
                        help="start with the GM's one-page party summary")
    parser.add_argument("--reference", action="store_true",
                        help="add a reference back page (Ranks, Levels, Stress, Recovery) "
                        "after each character")
    parser.add_argument("--card-size", choices=("grid", "index", "a6"), default="grid",
                        help="with --cards: 8 cards a page (grid, the default), 5x3 in "
                        "index cards, or A6 cards")
    parser.add_argument("--blank-cards", type=whole_number("the count", 0, MAX_BLANK_CARDS),
                        default=0, metavar="N",
                        help=f"with --cards: add N blank NC cards (FILEs are then optional; "
                        f"at most {MAX_BLANK_CARDS})")


def _error(message: str) -> int:
    print(f"seforge export: {one_line(message)}", file=sys.stderr)
    return EXIT_UNREADABLE


def output_problem(output: Path, inputs: list[str]) -> str | None:
    """Why ``output`` must not be written, or None: it must end in ``.pdf``, must not
    be one of the ``inputs`` (through symlinks and other names too), and must be an
    ordinary file or not exist yet (never a device such as ``/dev/full``)."""
    from seforge.core.bounded_read import file_kind

    if output.suffix.lower() != ".pdf":
        return f"{output}: the output must be a PDF file ending in .pdf"
    real = os.path.realpath(output)
    try:
        st: os.stat_result | None = os.stat(output)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return f"{output}: cannot be written ({exc.strerror or exc})"
    if st is not None and not stat.S_ISREG(st.st_mode):
        return f"{output}: is {file_kind(st.st_mode)}, not a file; nothing was written"
    for name in inputs:
        same = os.path.realpath(name) == real
        if not same and st is not None:
            with contextlib.suppress(OSError):
                same = os.path.samefile(name, output)
        if same:
            return f"{output}: is also an input file; choose another output"
    return None


def _generic_export(system: GameSystem, files: list[str], output: Path,
                    paper: str | None = None) -> int:
    """Export through ``export_sheets`` (a system without ``run_export``)."""
    from pathlib import Path

    from seforge.core.documents import DocumentFileError

    if not output.parent.is_dir():
        return _error(f"{output}: the folder {output.parent} does not exist")
    try:
        pages = system.export_sheets([Path(f) for f in files], output, paper)
    except (DocumentFileError, ValueError) as exc:
        return _error(str(exc))
    except OSError as exc:
        return _error(f"{output}: {exc.strerror or exc}")
    print(f"{output}: {pages} page(s), {len(files)} {system.title} document(s)")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from seforge.cli.routing import default_system, system_for_file

    output = Path(args.output)
    problem = output_problem(output, list(args.files))
    if problem is not None:
        return _error(problem)
    sheets = bool(args.files) and not args.blank and not args.cards
    system = system_for_file(args.files[0]) if sheets else default_system()
    run_export = getattr(system, "run_export", None)
    if callable(run_export):
        code: int = run_export(args)
        return code
    return _generic_export(system, list(args.files), output, args.paper)

"""``seforge export FILE... -o OUT.pdf``: printable character sheets and NC cards.

One sheet (plus continuation pages for long Element lists) per character, all in
one PDF; ``--blank`` prints an empty sheet instead; ``--cards`` prints NC files as
compact stat cards, several per page. A file that cannot be read stops the export
before anything is written (exit 2).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import stat
import sys
from typing import TYPE_CHECKING, Any

from seforge.cli import VERB_HELP, one_line

if TYPE_CHECKING:  # imported when the verb runs: the other verbs start without them
    from pathlib import Path

    from seforge.systems.swords_edge.models import Character, NarrativeCharacter

EXIT_OK, EXIT_UNREADABLE = 0, 2


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
    parser.add_argument("--blank-cards", type=int, default=0, metavar="N",
                        help="with --cards: add N blank NC cards (FILEs are then optional)")


def _card_options(args: argparse.Namespace) -> dict[str, Any]:
    return {"size": args.card_size, "blank": max(0, args.blank_cards)}


def _sheet_options(args: argparse.Namespace) -> Any:
    from seforge.systems.swords_edge.sheet import SheetOptions

    return SheetOptions(clean_tracks=bool(getattr(args, "clean_tracks", False)),
                        party_summary=bool(getattr(args, "party_summary", False)),
                        reference=bool(getattr(args, "reference", False)))


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


def _load(files: list[str]) -> list[Character] | str:
    """The characters, or the message of the first file that cannot be read."""
    from pathlib import Path

    from seforge.systems.swords_edge.fileformat import CharacterFileError, load_character

    characters: list[Character] = []
    for name in files:
        try:
            characters.append(load_character(Path(name)))
        except CharacterFileError as exc:
            return str(exc)
    return characters


def _load_ncs(files: list[str]) -> list[NarrativeCharacter] | str:
    """The NCs, or the message of the first file that cannot be read."""
    from pathlib import Path

    from seforge.systems.swords_edge.fileformat import CharacterFileError, load_nc

    ncs: list[NarrativeCharacter] = []
    for name in files:
        try:
            ncs.append(load_nc(Path(name)))
        except CharacterFileError as exc:
            return str(exc)
    return ncs


def _other_system_export(files: list[str], output: Path) -> int | None:
    """Export documents of a system other than Sword's Edge through that system; None
    when the first file is Sword's Edge's (or no system claims it)."""
    from pathlib import Path

    from seforge.core.documents import DocumentFileError, peek_format
    from seforge.core.systems import SystemLoadError
    from seforge.systems import registry

    try:
        format_id = peek_format(Path(files[0]))
    except DocumentFileError:
        return None
    if format_id.startswith(("seforge.", "swords-edge.")):
        return None
    try:
        system, _ = registry().for_format(format_id)
    except SystemLoadError:
        return None
    if not output.parent.is_dir():
        return _error(f"{output}: the folder {output.parent} does not exist")
    try:
        pages = system.export_sheets([Path(f) for f in files], output)
    except (DocumentFileError, ValueError) as exc:
        return _error(str(exc))
    except OSError as exc:
        return _error(f"{output}: {exc.strerror or exc}")
    print(f"{output}: {pages} page(s), {len(files)} {system.title} document(s)")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from seforge.systems.swords_edge.sheet import (
        PaperSize,
        default_paper_for_locale,
        render_blank,
        render_sheets,
        write_pdf,
    )

    output = Path(args.output)
    problem = output_problem(output, list(args.files))
    if problem is not None:
        return _error(problem)
    if args.files and not args.blank and not args.cards:
        other = _other_system_export(list(args.files), output)
        if other is not None:
            return other
    paper = PaperSize(args.paper) if args.paper else default_paper_for_locale()
    if args.blank and (args.files or args.cards):
        return _error("--blank takes no FILE and no --cards")
    if not args.blank and not args.files and not (args.cards and args.blank_cards > 0):
        return _error("give at least one FILE, or --blank")
    if not output.parent.is_dir():
        return _error(f"{output}: the folder {output.parent} does not exist")

    if args.blank:
        count = 0
        data, pages = render_blank(paper, reference=bool(getattr(args, "reference", False)))
    elif args.cards:
        from seforge.systems.swords_edge.cards import render_cards

        ncs = _load_ncs(list(args.files))
        if isinstance(ncs, str):
            return _error(ncs)
        count = len(ncs)
        data, pages = render_cards(ncs, paper, **_card_options(args))
    else:
        loaded = _load(list(args.files))
        if isinstance(loaded, str):
            return _error(loaded)
        count = len(loaded)
        data, pages = render_sheets(loaded, paper, options=_sheet_options(args))
    try:
        write_pdf(data, output)
    except OSError as exc:  # a read-only PDF, a full disk...
        return _error(f"{output}: {exc.strerror or exc}")
    if args.json:
        print(json.dumps({"output": str(output), "pages": pages, "characters": count}))
    else:
        what = ("blank sheet" if args.blank
                else f"{count} NC card(s)" if args.cards else f"{count} character(s)")
        print(f"{output}: {pages} page(s), {what}, {paper.value}")
    return EXIT_OK

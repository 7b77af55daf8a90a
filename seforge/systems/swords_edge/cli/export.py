"""``seforge export`` for Sword's Edge: character sheets, a blank sheet or NC cards.

One sheet (plus continuation pages for long Element lists) per character, all in one PDF;
``--blank`` prints an empty sheet instead; ``--cards`` prints NC files as compact stat
cards, several per page. A file that cannot be read stops the export before anything is
written (exit 2). ``seforge.cli.export_cmd`` adds :func:`add_options` to its parser, parses
the arguments and checks the output path, then hands them to :func:`run` (through the
system's ``export_options``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from seforge.core.cli import EXIT_OK, EXIT_UNREADABLE, one_line

if TYPE_CHECKING:  # imported when the verb runs: the other verbs start without them
    from pathlib import Path

    from seforge.systems.swords_edge.models import Character, NarrativeCharacter


MAX_BLANK_CARDS = 400
"""``--blank-cards`` beyond this is a typing mistake (50 pages of the 8-card grid)."""


def add_options(group: Any) -> None:
    """Sword's Edge's options of ``seforge export`` (an ``argparse`` argument group)."""
    from seforge.core.cli import whole_number

    group.add_argument("--blank", action="store_true",
                       help="print one blank character sheet; takes no FILE")
    group.add_argument("--cards", action="store_true",
                       help="print the FILEs (.senc) as NC stat cards, several per page")
    group.add_argument("--clean-tracks", action="store_true",
                       help="print Penalty, Luck and Advancement tracks empty, to keep "
                       "them in pencil")
    group.add_argument("--party-summary", action="store_true",
                       help="start with the GM's one-page party summary")
    group.add_argument("--reference", action="store_true",
                       help="add a reference back page (Ranks, Levels, Stress, Recovery) "
                       "after each character")
    group.add_argument("--card-size", choices=("grid", "index", "a6"), default="grid",
                       help="with --cards: 8 cards a page (grid, the default), 5x3 in "
                       "index cards, or A6 cards")
    group.add_argument("--blank-cards", type=whole_number("the count", 0, MAX_BLANK_CARDS),
                       default=0, metavar="N",
                       help=f"with --cards: add N blank NC cards (FILEs are then optional; "
                       f"at most {MAX_BLANK_CARDS})")


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


def run(args: argparse.Namespace) -> int:
    """Write the PDF the arguments ask for (the output path is already checked)."""
    from pathlib import Path

    from seforge.systems.swords_edge.sheet import (
        PaperSize,
        default_paper_for_locale,
        render_blank,
        render_sheets,
        write_pdf,
    )

    output = Path(args.output)
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
        print(json.dumps({"output": str(output), "pages": pages, "documents": count,
                          "characters": count}))
    else:
        what = ("blank sheet" if args.blank
                else f"{count} NC card(s)" if args.cards else f"{count} character(s)")
        print(f"{output}: {pages} page(s), {what}, {paper.value}")
    return EXIT_OK


def export_sheets(paths: list[Path], out: Path, paper_name: str | None = None, *,
                  first_page: int = 1, total_pages: int | None = None) -> int:
    """The GameSystem's ``export_sheets``: one sheet per character (or cards when every
    file is an NC), on ``paper_name`` or else the locale's paper; returns the page
    count. An unreadable file raises DocumentFileError before anything is written.
    The sheets' page references count from ``first_page`` of ``total_pages`` (NC cards
    print none)."""
    from seforge.core.documents import peek_format
    from seforge.systems.swords_edge.fileformat import NC_KIND, load_character, load_nc
    from seforge.systems.swords_edge.sheet import (
        PaperSize,
        default_paper_for_locale,
        render_sheets,
        write_pdf,
    )

    paper = PaperSize(paper_name) if paper_name else default_paper_for_locale()
    if paths and all(NC_KIND.accepts(peek_format(p)) for p in paths):
        from seforge.systems.swords_edge.cards import render_cards

        data, pages = render_cards([load_nc(p) for p in paths], paper)
    else:
        data, pages = render_sheets([load_character(p) for p in paths], paper,
                                    first_page=first_page, total_pages=total_pages)
    write_pdf(data, out)
    return pages

"""``seforge library`` (a Sword's Edge verb): list and show the book's sample characters.

``seforge library list [--kind pc|nc] [--genre G] [--json]`` prints the entries as
an aligned table, or as ``[{"id", "name", "kind", "genre", "source"}]`` with
``--json``. ``seforge library show ID [--json]`` prints the entry's file, which is
already JSON, so both forms print the same text. An unknown id exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from seforge.core.cli import EXIT_OK, EXIT_UNREADABLE, one_line, print_json
from seforge.systems.swords_edge.system import VERB_HELP

if TYPE_CHECKING:  # the library loads when the verb runs: the other verbs start without it
    from seforge.systems.swords_edge import library

KINDS = ("pc", "nc")
"""``library.KINDS``, restated so that the parser needs no import (a test keeps them equal)."""

_COLUMNS = ("id", "name", "kind", "genre", "source")


def register(sub: Any) -> None:
    """Add the ``library`` parser and its ``list`` and ``show`` verbs."""
    parser = sub.add_parser(
        "library",
        help=VERB_HELP["library"],
        description="The sample PCs and NCs printed in the Sword's Edge rulebook.",
    )
    parser.set_defaults(func=run)
    verbs = parser.add_subparsers(dest="library_command", metavar="VERB")

    list_parser = verbs.add_parser("list", help="list the entries")
    list_parser.add_argument("--kind", choices=KINDS, help="only PCs or only NCs")
    list_parser.add_argument("--genre", help="only this genre (any case), e.g. Fantasy")
    list_parser.add_argument("--json", action="store_true", help="print JSON")

    show_parser = verbs.add_parser("show", help="print one entry's file")
    show_parser.add_argument("id", metavar="ID", help="a library id, e.g. sarah-x")
    show_parser.add_argument(
        "--json", action="store_true", help="print JSON (the file already is JSON)"
    )


def _rows(entries: Sequence[library.LibraryEntry]) -> list[dict[str, str]]:
    return [
        {"id": e.id, "name": e.name, "kind": e.kind, "genre": e.genre, "source": e.source}
        for e in entries
    ]


def _table(rows: Sequence[dict[str, str]]) -> str:
    headers = {c: c.upper() for c in _COLUMNS}
    widths = {c: max([len(headers[c])] + [len(r[c]) for r in rows]) for c in _COLUMNS}

    def line(values: dict[str, str]) -> str:
        return "  ".join(values[c].ljust(widths[c]) for c in _COLUMNS).rstrip()

    return "\n".join([line(headers), *(line(r) for r in rows)])


def run_list(args: argparse.Namespace) -> int:
    from seforge.systems.swords_edge import library

    entries = library.list_entries(args.kind)
    if args.genre:
        wanted = args.genre.strip().casefold()
        entries = [e for e in entries if e.genre.casefold() == wanted]
    rows = _rows(entries)
    if args.json:
        print_json(rows, indent=2)
    elif rows:
        print(_table(rows))
    else:
        print("No book characters match.", file=sys.stderr)
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    from seforge.systems.swords_edge import library

    try:
        text = library.raw_json(args.id)
    except KeyError as exc:
        print(f"seforge library: {one_line(str(exc.args[0]))}", file=sys.stderr)
        return EXIT_UNREADABLE
    except library.LibraryError as exc:
        print(f"seforge library: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_UNREADABLE
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    """Run whichever ``library`` verb the arguments chose."""
    verb = getattr(args, "library_command", None)
    if verb == "list":
        return run_list(args)
    if verb == "show":
        return run_show(args)
    print("seforge library: choose a verb: list or show (see 'seforge library --help')",
          file=sys.stderr)
    return EXIT_UNREADABLE

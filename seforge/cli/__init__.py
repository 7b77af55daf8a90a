"""The ``seforge`` command line: it only dispatches, each game system does the work.

The installed ``seforge`` command is :mod:`ui.launch`: with no arguments or with files
(:func:`gui_files`) it opens the app, else it hands the verb here. The core never starts
the GUI: ``python -m seforge FILE`` says in one line how to open the app instead. The verbs
every system shares live here, each in its own module under ``seforge.cli`` exposing
``register(subparsers)`` (which adds its parser and sets ``func`` to a callable taking the
parsed arguments and returning the exit code):

- ``check`` and ``export`` route each file by its format id to the system that reads it
  (:mod:`seforge.cli.routing`); ``export`` joins several systems' sheets in one PDF;
- ``import`` finds which system wrote a sheet PDF and hands it to that system's
  ``sheet_reader`` (:mod:`seforge.cli.import_cmd`);
- ``odds`` hands its arguments to ``--system ID`` (the first system in order without it);
- ``desktop-install`` belongs to the app.

A system adds its own verbs through its ``cli_verbs``. The dispatcher names no game: the
systems are the installed ``seforge.systems`` entry points (:mod:`seforge.core.systems`),
and their objects are cheap to import (``seforge --help`` lists them with their verbs).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from seforge import __version__
from seforge.core.cli import EXIT_NOT_LEGAL as EXIT_NOT_LEGAL
from seforge.core.cli import EXIT_OK as EXIT_OK
from seforge.core.cli import EXIT_UNREADABLE as EXIT_UNREADABLE
from seforge.core.cli import MESSAGE_CHARS as MESSAGE_CHARS
from seforge.core.cli import OneLineParser as OneLineParser
from seforge.core.cli import one_line as one_line
from seforge.core.cli import safe_output as safe_output

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:
    from seforge.core.systems import CliVerb

VERB_MODULES = {
    "check": "check_cmd",
    "odds": "odds_cmd",
    "export": "export_cmd",
    "import": "import_cmd",
    "desktop-install": "desktop_cmd",
}
"""Each shared verb and its module under ``seforge.cli``, imported only when the verb runs
(or for ``seforge --help``), so that a verb starts without the others' imports."""
VERBS = tuple(VERB_MODULES)
"""The shared verbs, known without importing their modules (a test checks the parser);
the systems' own verbs come from their ``cli_verbs``."""
VERB_HELP = {
    "check": "check documents against their game's rules and show where the points went",
    "odds": "exact chances of a roll in a game system (see 'seforge odds --help')",
    "export": "print documents' sheets to a PDF",
    "import": "read a filled-in sheet PDF back into a document (which systems' sheets: "
    "see below)",
    "desktop-install": "add SEForge to the desktop's menu and open its files with a "
    "double click",
}
"""The one-line help of each shared verb in ``seforge --help`` (its module's parser uses
it too)."""


def system_verbs() -> dict[str, CliVerb]:
    """Every verb the installed systems add (the first system's wins a name), by name."""
    from seforge.systems import registry

    found: dict[str, CliVerb] = {}
    for system in registry().load_all()[0]:
        for verb in system.cli_verbs:
            if verb.name not in VERB_MODULES:
                found.setdefault(verb.name, verb)
    return found


def systems_epilog() -> str:
    """``Game systems (ID = title): swords-edge = Sword's Edge, ...``: the installed
    systems that load, by id and title, and one line for each that does not."""
    from seforge.systems import registry

    systems, failed = registry().load_all()
    listed = [f"{system.id} = {system.title}" for system in systems]
    text = "Game systems (ID = title): " + (", ".join(listed) or "none") + "."
    return text + "".join(f" ({one_line(message)})" for message in failed)


def importable_epilog() -> str:
    """`` 'seforge import' reads back the sheets of: Sword's Edge, ...``: the systems
    with a sheet reader."""
    from seforge.systems import registry

    here = [system.title for system in registry().load_all()[0]
            if system.sheet_reader is not None]
    return " 'seforge import' reads back the sheets of: " + (", ".join(here) or "none") + "."


class _SeforgeParser(OneLineParser):
    """The top ``seforge`` parser: its epilog lists the game systems, which takes finding
    the installed ones (about 20 ms), so it is written only when the help is printed."""

    def format_help(self) -> str:
        self.epilog = examples() + systems_epilog() + importable_epilog()
        return super().format_help()


def examples() -> str:
    """Two examples with the first system's main document suffix."""
    from seforge.systems import registry

    systems = registry().load_all()[0]
    suffix = systems[0].formats[0].suffix if systems and systems[0].formats else ".json"
    return (f"Examples: 'seforge hero{suffix}' opens a document in the app; "
            f"'seforge check hero{suffix}' checks it here. ")


def build_parser(
    verb: str | None = None, installed: CliVerb | None = None
) -> argparse.ArgumentParser:
    """The ``seforge`` parser with every verb; with ``verb``, only that verb's module is
    imported and the others get a parser with just their help line (enough for
    argparse to choose ``verb``)."""
    import importlib

    parser = _SeforgeParser(
        prog="seforge",
        usage="%(prog)s [-h] [--version] [FILE ... | COMMAND ...]",
        description="Character tools for tabletop games. With no command, opens the app; "
        "with files (any installed game system's documents, .secampaign), opens them in "
        "the app.",
    )
    parser.add_argument("--version", action="version", version=f"seforge {__version__}")
    # prog: a verb's messages start "seforge check: ...", not with the top usage line
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser,
                                prog="seforge")
    for name in VERBS:
        if name == verb:
            importlib.import_module(f"seforge.cli.{VERB_MODULES[name]}").register(sub)
        else:
            sub.add_parser(name, help=VERB_HELP[name])
    if verb is None or installed is not None:
        for name, system_verb in system_verbs().items():
            if system_verb is installed:  # the verb that runs: its own parser
                importlib.import_module(system_verb.module).register(sub)
            else:
                sub.add_parser(name, help=system_verb.summary)
    return parser


def _system_verb(verb: str) -> CliVerb | None:
    """The verb ``verb`` of an installed system, or None (then argparse says the verb is
    unknown). Loads the systems' objects (cheap): only for a verb that is not shared."""
    return system_verbs().get(verb)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    safe_output()
    files = gui_files(args_list)
    if files is not None:
        return _app_hint()
    if args_list and args_list[0] == "odds":
        from seforge.cli.odds_cmd import dispatch

        try:
            return dispatch(args_list[1:])
        except BrokenPipeError:
            return EXIT_OK
    first = args_list[0] if args_list else ""
    installed = None
    if first and first not in VERBS and not first.startswith("-"):
        installed = _system_verb(first)
    parser = build_parser(first if first in VERBS else None, installed)
    args = parser.parse_args(args_list)
    if args.command is None:
        return _app_hint()
    func = args.func
    try:
        code: int = func(args)
    except BrokenPipeError:  # `seforge library list | head`
        return EXIT_OK
    except KeyboardInterrupt:  # Ctrl+C: no traceback, the usual exit code
        print(file=sys.stderr)
        return 130
    return code


def gui_files(args: Sequence[str]) -> list[str] | None:
    """The files to open in the app when ``args`` are file arguments rather than a
    verb (``seforge a.sechar b.senc``, ``seforge -- check``); else None.

    The first argument decides: an existing path, a name with a document suffix or
    with a folder in it is a file; anything else is left to the verb parser (so a
    mistyped verb still gets argparse's "invalid choice" message).
    """
    if not args:
        return None
    if args[0] == "--":
        return list(args[1:]) or None
    first = args[0]
    if first in VERBS or any(_is_option(a) for a in args):
        return None
    from seforge.desktop import is_document_name  # only here: verbs start without it

    if is_document_name(first) or os.sep in first or "/" in first or os.path.exists(first):
        return list(args)
    return None


def _is_option(arg: str) -> bool:
    """An argument that starts with ``-`` and is no existing file (``-dash.sechar`` is
    a file when it exists)."""
    return arg.startswith("-") and not (arg != "-" and os.path.isfile(arg))


APP_HINT = ("seforge: the app opens with the installed 'seforge' command ('seforge' or "
            "'seforge FILE ...'; from a source tree 'python -m ui.launch FILE ...'); "
            "this one runs the verbs, see 'seforge --help'")


def _app_hint() -> int:
    """No verb: the core does not start the GUI (:mod:`ui.launch` does)."""
    print(APP_HINT, file=sys.stderr)
    return EXIT_UNREADABLE


if __name__ == "__main__":
    raise SystemExit(main())

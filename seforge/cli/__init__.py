"""The ``seforge`` command line.

The installed ``seforge`` command is :mod:`ui.launch`: with no arguments or with files
(:func:`gui_files`) it opens the app, else it hands the verb here. The core never starts
the GUI: ``python -m seforge FILE`` says in one line how to open the app instead.
Each verb lives in its own module under ``seforge.cli`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
taking the parsed arguments and returning the exit code.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from seforge import __version__

EXIT_OK = 0
EXIT_NOT_LEGAL = 1
EXIT_UNREADABLE = 2
"""Bad input of any kind: an unreadable file, a bad argument (one line on stderr)."""
VERB_MODULES = {
    "check": "check_cmd",
    "odds": "odds_cmd",
    "library": "library_cmd",
    "export": "export_cmd",
    "import": "import_cmd",
    "desktop-install": "desktop_cmd",
}
"""Each verb and its module under ``seforge.cli``, imported only when the verb runs
(or for ``seforge --help``), so that a verb starts without the others' imports."""
VERBS = tuple(VERB_MODULES)
"""The verbs, known without importing their modules (a test checks the parser)."""
VERB_HELP = {
    "check": "show where each Rank went and whether characters are legal",
    "odds": "exact chances of 2d10 + modifier against a TN",
    "library": "list or show the book's sample characters",
    "export": "print character sheets to a PDF",
    "import": "read a filled-in character sheet PDF back into a character file",
    "desktop-install": "add SEForge to the desktop's menu and open its files with a "
    "double click",
}
"""The one-line help of each verb in ``seforge --help`` (its module's parser uses it too)."""

MESSAGE_CHARS = 500
"""A message quoting the user's input is cut to this length (an argument may be huge)."""


def one_line(text: str, limit: int = MESSAGE_CHARS) -> str:
    """``text`` on one line and at most ``limit`` characters, for stderr."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit 2 (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_UNREADABLE, f"{self.prog}: {one_line(message)} "
                                   f"(see '{self.prog} --help')\n")


def safe_output() -> None:
    """Never fail on a character the output stream cannot encode (a Windows console
    or redirect in cp1252): such characters are written as backslash escapes, which
    keep JSON output valid and meaning the same."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError):  # a closed or detached stream
            continue


def build_parser(verb: str | None = None) -> argparse.ArgumentParser:
    """The ``seforge`` parser with every verb; with ``verb``, only that verb's module is
    imported and the others get a parser with just their help line (enough for
    argparse to choose ``verb``)."""
    import importlib

    parser = OneLineParser(
        prog="seforge",
        usage="%(prog)s [-h] [--version] [FILE ... | COMMAND ...]",
        description="Sword's Edge character tools. With no command, opens the app; "
        "with files (.sechar, .senc, .secampaign), opens them in the app.",
        epilog="Examples: 'seforge jyrell.sechar' opens a character in the app; "
        "'seforge check jyrell.sechar' checks it here.",
    )
    parser.add_argument("--version", action="version", version=f"seforge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name in VERB_MODULES.items():
        if verb is None or name == verb:
            importlib.import_module(f"seforge.cli.{module_name}").register(sub)
        else:
            sub.add_parser(name, help=VERB_HELP[name])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    safe_output()
    files = gui_files(args_list)
    if files is not None:
        return _app_hint()
    delegated = _system_odds(args_list)
    if delegated is not None:
        return delegated
    parser = build_parser(args_list[0] if args_list and args_list[0] in VERBS else None)
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


SWORDS_EDGE = "swords-edge"
"""The system ``seforge odds`` answers for without ``--system``."""


def _system_odds(args: list[str]) -> int | None:
    """``seforge odds --system ID ...`` for a system other than Sword's Edge: the
    system parses the remaining arguments itself. None when this is not such a call."""
    if not args or args[0] != "odds":
        return None
    rest = args[1:]
    system_id: str | None = None
    for index, arg in enumerate(rest):
        if arg == "--system" and index + 1 < len(rest):
            system_id = rest[index + 1]
            rest = rest[:index] + rest[index + 2 :]
            break
        if arg.startswith("--system="):
            system_id = arg.partition("=")[2]
            rest = rest[:index] + rest[index + 1 :]
            break
    if system_id is None or system_id == SWORDS_EDGE:
        return None
    from seforge.core.systems import SystemLoadError
    from seforge.systems import SYSTEM_ALIASES, registry

    system_id = SYSTEM_ALIASES.get(system_id, system_id)
    try:
        system = registry().get(system_id)
    except SystemLoadError as exc:
        print(f"seforge odds: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_UNREADABLE
    try:
        return system.run_odds(rest, prog=f"seforge odds --system {system_id}")
    except BrokenPipeError:
        return EXIT_OK


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
    if first in VERBS or first.startswith("-") or any(a.startswith("-") for a in args):
        return None
    from seforge.desktop import is_document_name  # only here: verbs start without it

    if is_document_name(first) or os.sep in first or "/" in first or os.path.exists(first):
        return list(args)
    return None


APP_HINT = ("seforge: the app opens with the installed 'seforge' command ('seforge' or "
            "'seforge FILE ...'; from a source tree 'python -m ui.launch FILE ...'); "
            "this one runs the verbs, see 'seforge --help'")


def _app_hint() -> int:
    """No verb: the core does not start the GUI (:mod:`ui.launch` does)."""
    print(APP_HINT, file=sys.stderr)
    return EXIT_UNREADABLE


if __name__ == "__main__":
    raise SystemExit(main())

"""The ``seforge`` command line.

Each verb lives in its own module under ``seforge.cli`` and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
taking the parsed arguments and returning the exit code.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from seforge import __version__

EXIT_OK = 0
EXIT_NOT_LEGAL = 1
EXIT_UNREADABLE = 2


def build_parser() -> argparse.ArgumentParser:
    from seforge.cli import check_cmd, export_cmd, library_cmd, odds_cmd

    parser = argparse.ArgumentParser(
        prog="seforge",
        description="Sword's Edge character tools. With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"seforge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in (check_cmd, odds_cmd, library_cmd, export_cmd):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(args_list)
    if args.command is None:
        return _open_gui(args_list)
    func = args.func
    try:
        code: int = func(args)
    except BrokenPipeError:  # `seforge library list | head`
        return EXIT_OK
    return code


def _open_gui(argv: list[str]) -> int:
    import importlib

    try:
        app = importlib.import_module("ui.app")
    except ImportError as exc:
        print(f"seforge: the app cannot start here ({exc}); see 'seforge --help'",
              file=sys.stderr)
        return EXIT_UNREADABLE
    result: int = app.main(argv)
    return result


if __name__ == "__main__":
    raise SystemExit(main())

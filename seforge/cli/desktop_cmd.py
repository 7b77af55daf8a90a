"""``seforge desktop-install [--uninstall]``: register SEForge with the desktop."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from seforge.cli import VERB_HELP

EXIT_OK, EXIT_FAILED = 0, 2


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "desktop-install",
        help=VERB_HELP["desktop-install"],
        description="On Linux: install a desktop entry, the icon and the MIME types of "
        ".sechar, .senc and .secampaign files into your XDG data folder "
        "($XDG_DATA_HOME, usually ~/.local/share). On Windows: register those file "
        "types for your user account. With --uninstall, remove them.",
    )
    parser.add_argument("--uninstall", action="store_true",
                        help="remove what an earlier desktop-install added")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from seforge import desktop

    if sys.platform == "darwin":
        print("seforge desktop-install: not needed on macOS; SEForge.app registers its "
              "file types when it is copied to Applications.", file=sys.stderr)
        return EXIT_FAILED
    if sys.platform == "win32":
        return _run_windows(args)
    try:
        if args.uninstall:
            removed = desktop.uninstall()
            print(f"Removed {len(removed)} files of SEForge's desktop integration."
                  if removed else "SEForge's desktop integration was not installed.")
            return EXIT_OK
        command = desktop.app_command()
        files = desktop.install(command=command)
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"seforge desktop-install: cannot write{where}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_FAILED
    print(f"Installed {files.desktop_file}; it runs: {desktop.command_line(command)}")
    print(f"Double-clicking a {_suffix_list()} file now opens it in SEForge.")
    return EXIT_OK


def _run_windows(args: argparse.Namespace) -> int:
    if sys.platform != "win32":  # for mypy: the branch below exists on Windows only
        return EXIT_FAILED
    from seforge import desktop

    try:
        if args.uninstall:
            removed = desktop.uninstall_windows()
            print(f"Removed {len(removed)} registry keys of SEForge's file types.")
            return EXIT_OK
        command = desktop.app_command()
        desktop.install_windows(command)
    except OSError as exc:
        print(f"seforge desktop-install: cannot register the file types: {exc}",
              file=sys.stderr)
        return EXIT_FAILED
    print(f"Registered {_suffix_list('and')} for {desktop.command_line(command)}.")
    return EXIT_OK


def _suffix_list(conjunction: str = "or") -> str:
    """The registered suffixes as words: ".sechar, .senc or .secampaign"."""
    from seforge import desktop

    suffixes = desktop.document_suffixes()
    if len(suffixes) == 1:
        return suffixes[0]
    return ", ".join(suffixes[:-1]) + f" {conjunction} {suffixes[-1]}"

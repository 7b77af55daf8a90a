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
        "every installed game system's documents (and .secampaign) into your XDG data "
        "folder ($XDG_DATA_HOME, usually ~/.local/share). On Windows: register those file "
        "types for your user account. With --uninstall, remove them.",
    )
    parser.add_argument("--uninstall", action="store_true",
                        help="remove what an earlier desktop-install added")
    parser.add_argument("--json", action="store_true",
                        help='print {"installed" or "removed", "suffixes"} as JSON')
    parser.set_defaults(func=run)


def _suffixes() -> list[str]:
    from seforge import desktop

    return list(desktop.document_suffixes())


def _done(args: argparse.Namespace, text: str, **payload: Any) -> int:
    """Say what was done: ``text`` lines, or (``--json``) one JSON object."""
    if getattr(args, "json", False):
        from seforge.core.cli import print_json

        print_json({**payload, "suffixes": _suffixes()})
    else:
        print(text)
    return EXIT_OK


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
            return _done(args, f"Removed {len(removed)} files of SEForge's desktop "
                         "integration." if removed else
                         "SEForge's desktop integration was not installed.",
                         removed=[str(path) for path in removed])
        command = desktop.app_command()
        files = desktop.install(command=command)
    except OSError as exc:
        where = f" ({exc.filename})" if exc.filename else ""
        print(f"seforge desktop-install: cannot write{where}: {exc.strerror or exc}",
              file=sys.stderr)
        return EXIT_FAILED
    return _done(args, f"Installed {files.desktop_file}; it runs: "
                 f"{desktop.command_line(command)}\nDouble-clicking a "
                 f"{_suffix_list()} file now opens it in SEForge.",
                 installed=str(files.desktop_file), command=desktop.command_line(command))


def _run_windows(args: argparse.Namespace) -> int:
    if sys.platform != "win32":  # for mypy: the branch below exists on Windows only
        return EXIT_FAILED
    from seforge import desktop

    try:
        if args.uninstall:
            removed = desktop.uninstall_windows()
            return _done(args, f"Removed {len(removed)} registry keys of SEForge's file "
                         "types.", removed=[str(key) for key in removed])
        command = desktop.app_command()
        desktop.install_windows(command)
    except OSError as exc:
        print(f"seforge desktop-install: cannot register the file types: {exc}",
              file=sys.stderr)
        return EXIT_FAILED
    return _done(args, f"Registered {_suffix_list('and')} for "
                 f"{desktop.command_line(command)}.", installed="registry",
                 command=desktop.command_line(command))


def _suffix_list(conjunction: str = "or") -> str:
    """The registered suffixes as words: ".sechar, .senc or .secampaign"."""
    from seforge import desktop

    suffixes = desktop.document_suffixes()
    if len(suffixes) == 1:
        return suffixes[0]
    return ", ".join(suffixes[:-1]) + f" {conjunction} {suffixes[-1]}"

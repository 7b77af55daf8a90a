"""The ``seforge`` command (and the bundle's GUI program): the app or a verb.

``seforge`` with no arguments opens the app, ``seforge FILE ...`` opens the files in it
(:func:`seforge.cli.gui_files` decides what counts as files), and anything else is a
verb for :func:`seforge.cli.main`. The core never starts the GUI itself: this launcher
lives outside ``seforge`` and imports Qt only when the app really starts, so
``seforge check`` and ``seforge odds`` stay as fast as ``python -m seforge``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

EXIT_NO_APP = 2


def open_app(files: Sequence[str]) -> int:
    """Run the app with ``files``; a one-line message when Qt cannot start here."""
    try:
        from ui.app import main as app_main
    except ImportError as exc:
        print(f"seforge: the app cannot start here ({exc}); the command verbs still work, "
              "see 'seforge --help'", file=sys.stderr)
        return EXIT_NO_APP
    return int(app_main(list(files)) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    from seforge.cli import gui_files

    files = gui_files(args)
    if files is not None:
        return open_app(files)
    if not args:
        return open_app([])
    from seforge.cli import main as cli_main

    return cli_main(args)


if __name__ == "__main__":
    raise SystemExit(main())

"""Entry point of the frozen console executable ``seforge-cli`` (see seforge.spec).

The CLI bundle leaves out Qt and the ``ui`` package (they live in the GUI
executable beside it; on Linux ``seforge-cli`` is a link to that executable, which runs
verbs as well, and this program is not built). Like the ``seforge`` command
(:mod:`ui.launch`), ``seforge-cli`` with no arguments or with files starts the app, here
the sibling ``SEForge`` executable; a verb runs in :func:`seforge.cli.main`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from seforge_portable import apply_portable_mode

GUI_NAME = "SEForge.exe" if sys.platform == "win32" else "SEForge"


def run_sibling_gui(argv: Sequence[str]) -> int:
    """Run the GUI executable beside this one with ``argv`` (files)."""
    gui = Path(sys.executable).resolve().parent / GUI_NAME
    if not gui.exists():
        print(f"seforge-cli: the app is not beside this program ({gui})", file=sys.stderr)
        return 2
    args = [str(gui), *argv]
    # The GUI is a frozen program of its own: have its bootloader start afresh
    # rather than treat our PyInstaller environment as its parent's (6.9+).
    env = dict(os.environ, PYINSTALLER_RESET_ENVIRONMENT="1")
    if os.name == "posix":
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(args[0], args, env)  # become the GUI: one process, direct signals
    return subprocess.call(args, env=env)


def main() -> int:
    apply_portable_mode()
    from seforge.cli import gui_files
    from seforge.cli import main as cli_main

    args = sys.argv[1:]
    files = gui_files(args)
    if getattr(sys, "frozen", False) and (files is not None or not args):
        return run_sibling_gui(files or [])
    return cli_main(args)


if __name__ == "__main__":
    raise SystemExit(main())

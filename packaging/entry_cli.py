"""Entry point of the frozen console executable ``seforge-cli`` (see seforge.spec).

The CLI bundle leaves out Qt and the ``ui`` package (they live in the GUI
executable beside it), so ``seforge-cli`` with no sub-command starts the sibling
``SEForge`` executable instead of importing ``ui.app``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types
from collections.abc import Sequence
from pathlib import Path

from seforge_portable import apply_portable_mode

GUI_NAME = "SEForge.exe" if sys.platform == "win32" else "SEForge"


def _sibling_gui_shim() -> types.ModuleType:
    """A stand-in ``ui.app`` whose ``main`` runs the GUI executable beside this one."""
    shim = types.ModuleType("ui.app")

    def main(argv: Sequence[str] | None = None) -> int:
        gui = Path(sys.executable).resolve().parent / GUI_NAME
        if not gui.exists():
            print(f"seforge-cli: the app is not beside this program ({gui})", file=sys.stderr)
            return 2
        args = [str(gui), *(argv or [])]
        # The GUI is a frozen program of its own: have its bootloader start afresh
        # rather than treat our PyInstaller environment as its parent's (6.9+).
        env = dict(os.environ, PYINSTALLER_RESET_ENVIRONMENT="1")
        if os.name == "posix":
            sys.stdout.flush()
            sys.stderr.flush()
            os.execve(args[0], args, env)  # become the GUI: one process, direct signals
        return subprocess.call(args, env=env)

    shim.main = main  # type: ignore[attr-defined]
    return shim


def main() -> int:
    apply_portable_mode()
    if getattr(sys, "frozen", False):
        sys.modules.setdefault("ui.app", _sibling_gui_shim())
    from seforge.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    raise SystemExit(main())

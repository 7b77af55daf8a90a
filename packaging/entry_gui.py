"""Entry point of the frozen GUI executable ``SEForge`` (see seforge.spec)."""

from __future__ import annotations

import os
import sys

from seforge_portable import apply_portable_mode


def _run() -> int:
    # A windowed build (no console) has no stdout/stderr on Windows; a stray print
    # or warning must not crash the app.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    apply_portable_mode()
    from ui.launch import main as launch_main

    return int(launch_main() or 0)


def main() -> int:
    """Run the app; with SEFORGE_CRASH_LOG set, a crash is also written to that file.

    A windowed Windows build reports an uncaught exception in a message box, which
    a headless smoke test cannot see; the log file lets packaging/build.py catch it.
    """
    crash_log = os.environ.get("SEFORGE_CRASH_LOG")
    if not crash_log:
        return _run()
    try:
        return _run()
    except BaseException as exc:
        if isinstance(exc, SystemExit):
            raise
        import traceback

        with open(crash_log, "a", encoding="utf-8") as fh:
            traceback.print_exc(file=fh)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())

"""What every command line verb shares, in any game system: exit codes, one-line
messages and an argument parser whose errors are one line (no usage dump).

``seforge.cli`` dispatches the verbs; a system's own verbs (``seforge.systems.X.cli``) use
these helpers so that every verb answers bad input the same way.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

EXIT_OK = 0
EXIT_NOT_LEGAL = 1
EXIT_UNREADABLE = 2
"""Bad input of any kind: an unreadable file, a bad argument (one line on stderr)."""

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

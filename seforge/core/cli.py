"""What every command line verb shares, in any game system: exit codes, one-line
messages and an argument parser whose errors are one line (no usage dump).

``seforge.cli`` dispatches the verbs; a system's own verbs (``seforge.systems.X.cli``) use
these helpers so that every verb answers bad input the same way.
"""

from __future__ import annotations

import argparse
import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (seforge odds starts
# in about three times a bare python, and typing alone is a tenth of that); mypy reads it so.

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, NoReturn

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


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size().columns`` gives it (``COLUMNS``,
    else the terminal of stdout, else 80), without importing ``shutil`` (and its archive
    modules), which argparse does for every parser it builds."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        stream = sys.__stdout__
        try:
            columns = (os.get_terminal_size(stream.fileno()).columns or 80) if stream else 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, as wide as argparse makes it."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit 2 (no usage dump)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_UNREADABLE, f"{self.prog}: {one_line(message)} "
                                   f"(see '{self.prog} --help')\n")


class PausedCollector:
    """``with PausedCollector():`` runs a verb without Python's cycle collector (issue 28).

    A verb that reads documents builds its game's pydantic models and validators: tens of
    thousands of objects that live until the program ends, and few garbage cycles (what
    they hold, a few megabytes at most, is left to the program's end). Left on,
    the collector passes over them again and again while they are made (young objects are
    scanned until they are old), and twice more over everything at the program's exit:
    about a tenth of ``seforge check``. Inside the block the collector is off (memory is
    still freed as objects go, by reference counting); at its end what was made moves to
    the oldest generation without a pass (``gc.freeze`` and ``gc.unfreeze``; not in a
    program that keeps objects frozen itself, whose frozen ones stay so), the collector
    is as it was (a verb run inside a test or another program), and at the program's
    exit everything left is frozen so the exit passes skip it (the operating system
    takes the memory back)."""

    def __init__(self) -> None:
        self._was_enabled = True
        self._frozen = 0

    def __enter__(self) -> None:
        import gc

        self._was_enabled = gc.isenabled()
        self._frozen = gc.get_freeze_count()
        gc.disable()

    def __exit__(self, *_exc: object) -> None:
        import atexit
        import gc

        if not self._frozen:
            gc.freeze()
            gc.unfreeze()
        if self._was_enabled:
            gc.enable()
        atexit.unregister(gc.freeze)  # once, however many verbs ran
        atexit.register(gc.freeze)


def safe_output() -> None:
    """Never fail on a character the output stream cannot encode (a Windows console
    or redirect in cp1252): such characters are written as backslash escapes. JSON
    goes through :func:`print_json`, which escapes them the JSON way instead."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (ValueError, OSError):  # a closed or detached stream
            continue


def json_text(data: Any, indent: int | None = None, stream: Any = None) -> str:
    """``data`` as JSON for ``stream`` (stdout by default): readable UTF-8 when the
    stream can encode every character, else with ``\\uXXXX`` escapes (``ensure_ascii``),
    so the output is valid JSON on a cp1252 or ASCII console too (its
    ``backslashreplace`` would write ``\\U0001f600`` or ``\\x81``, which JSON has not)."""
    import json

    target = sys.stdout if stream is None else stream
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    try:
        text.encode(getattr(target, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(data, indent=indent, ensure_ascii=True)
    return text


def print_json(data: Any, indent: int | None = None) -> None:
    """Print ``data`` as JSON that stays valid whatever stdout can encode
    (:func:`json_text`)."""
    print(json_text(data, indent))


def whole_number(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``: anything else
    is a one-line usage error naming ``what`` (a huge number is never converted)."""

    def parse(text: str) -> int:
        shown = text if len(text) <= 12 else text[:12] + "..."
        stripped = text.strip()
        digits = stripped.removeprefix("-").removeprefix("+")
        if not digits.isdigit() or not digits.isascii():
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {shown!r}")
        value = int(stripped) if len(digits) <= 12 else high + 1
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{what} must be between {low:,} and {high:,}, not {shown}")
        return value

    return parse

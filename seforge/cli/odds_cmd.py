"""``seforge odds [--system ID] ...``: exact chances of a roll, computed by a game system.

The arguments after ``odds`` (without ``--system ID``) go to the system's ``odds.run``;
with no ``--system``, the first system in order answers. ``seforge odds --help`` without a
system lists the systems with odds.
"""

from __future__ import annotations

import sys

from seforge.cli import EXIT_OK, EXIT_UNREADABLE, VERB_HELP, one_line

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:
    from typing import Any


def register(sub: Any) -> None:
    """Add ``odds`` to the ``seforge`` subparsers (its arguments are the system's)."""
    parser = sub.add_parser("odds", help=VERB_HELP["odds"], add_help=False)
    parser.set_defaults(func=lambda _args: EXIT_OK)


def split_system(args: list[str]) -> tuple[str | None, list[str]]:
    """The ``--system ID`` (or ``--system=ID``) named in ``args`` (None when there is
    none), and the other arguments."""
    for index, arg in enumerate(args):
        if arg == "--system" and index + 1 < len(args):
            return args[index + 1], args[:index] + args[index + 2 :]
        if arg.startswith("--system="):
            return arg.partition("=")[2], args[:index] + args[index + 1 :]
    return None, list(args)


def systems_help() -> str:
    """The systems with odds, one per line, the default first."""
    from seforge.systems import registry

    lines = ["usage: seforge odds [--system ID] ARGS...", "",
             "Exact chances of a roll; ARGS are the system's ('seforge odds --system ID "
             "--help'). Systems:"]
    for index, system in enumerate(registry().load_all()[0]):
        if system.odds is not None:
            names = ", ".join((system.id, *system.aliases))
            default = " (the default)" if index == 0 else ""
            lines.append(f"  {names}: {system.odds.summary}{default}")
    return "\n".join(lines)


def dispatch(args: list[str]) -> int:
    """Run ``seforge odds ARGS`` through the chosen system and return its exit code."""
    from seforge.core.systems import SystemLoadError
    from seforge.systems import registry

    named, rest = split_system(args)
    try:
        system = registry().get(named) if named is not None else registry().primary()
    except SystemLoadError as exc:
        print(f"seforge odds: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_UNREADABLE
    if system.odds is None:
        print(f"seforge odds: {system.title} has no odds to compute", file=sys.stderr)
        return EXIT_UNREADABLE
    if named is None and rest in (["--help"], ["-h"]):
        print(systems_help())
        print()
    prog = "seforge odds" if named is None else f"seforge odds --system {named}"
    code: int = system.odds.run(rest, prog)
    return code

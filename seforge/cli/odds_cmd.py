"""``seforge odds [--system ID] ...``: exact chances of a roll, computed by a game system.

The arguments after ``odds`` (without ``--system ID``) go to the system's ``run_odds``;
with no ``--system``, Sword's Edge answers (``seforge odds --modifier 2 --tn 14``).
"""

from __future__ import annotations

import sys

from seforge.cli import EXIT_OK, EXIT_UNREADABLE, VERB_HELP, one_line

TYPE_CHECKING = False  # as typing's, without importing typing (see seforge.core.cli)

if TYPE_CHECKING:
    from typing import Any

DEFAULT_SYSTEM = "swords-edge"
"""The system ``seforge odds`` answers for without ``--system``."""


def register(sub: Any) -> None:
    """Add ``odds`` to the ``seforge`` subparsers (its arguments are the system's)."""
    parser = sub.add_parser("odds", help=VERB_HELP["odds"], add_help=False)
    parser.set_defaults(func=lambda _args: EXIT_OK)


def split_system(args: list[str]) -> tuple[str, list[str]]:
    """The ``--system ID`` (or ``--system=ID``) named in ``args``, and the other arguments."""
    for index, arg in enumerate(args):
        if arg == "--system" and index + 1 < len(args):
            return args[index + 1], args[:index] + args[index + 2 :]
        if arg.startswith("--system="):
            return arg.partition("=")[2], args[:index] + args[index + 1 :]
    return DEFAULT_SYSTEM, list(args)


def dispatch(args: list[str]) -> int:
    """Run ``seforge odds ARGS`` through the chosen system and return its exit code.

    A built-in system's odds run straight from its odds module
    (:data:`seforge.systems.BUILTIN_ODDS`): no registry, no system object, no entry points.
    """
    from seforge.systems import SYSTEM_ALIASES, builtin_odds

    system_id, rest = split_system(args)
    system_id = SYSTEM_ALIASES.get(system_id, system_id)
    prog = "seforge odds" if system_id == DEFAULT_SYSTEM else f"seforge odds --system {system_id}"
    run_odds = builtin_odds(system_id)
    if run_odds is None:
        from seforge.core.systems import SystemLoadError
        from seforge.systems import registry

        try:
            run_odds = registry().get(system_id).run_odds
        except SystemLoadError as exc:
            print(f"seforge odds: {one_line(str(exc))}", file=sys.stderr)
            return EXIT_UNREADABLE
    code: int = run_odds(rest, prog=prog)
    return code

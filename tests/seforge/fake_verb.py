"""A command line verb of a made-up installed system (for test_cli_systems)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    parser = sub.add_parser("fake-roll", help="roll fake dice")
    parser.add_argument("--sides", type=int, default=6)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print(f"rolled a d{args.sides}")
    return 0

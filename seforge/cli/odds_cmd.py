"""CLI verb (placeholder until its issue lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    del sub


def run(args: argparse.Namespace) -> int:
    del args
    return 0

"""Stat cards (filled in by the record step)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def export_cards(paths: Sequence[Path], out: Path) -> int:
    raise ValueError("2d20 stat cards are not available yet")

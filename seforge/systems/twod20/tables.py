"""Reference tables of both 2d20 profiles (filled in by the reference-tables step)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def all_tables() -> Sequence[Any]:
    return ()

"""The 2d20 document format ids (kept apart so importing them pulls in nothing else)."""

from __future__ import annotations

CHARACTER_FORMAT = "2d20.character"
CONFLICT_FORMAT = "2d20.conflict"

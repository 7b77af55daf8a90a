"""Small helpers for the English of messages built from rule words."""

from __future__ import annotations

_VOWEL_SOUNDS = ("a", "e", "i", "o", "u")


def article(word: str) -> str:
    """``"an"`` before a vowel sound (an Exceptional hit, an Item), else ``"a"``.

    Rule words only: none of the Ranks, kinds or Levels begins with a silent or
    spoken-consonant vowel ("u" as in "unit"), so the first letter decides."""
    return "an" if word.strip()[:1].lower() in _VOWEL_SOUNDS else "a"


def with_article(word: str) -> str:
    """``"an Exceptional"``, ``"a Good"``."""
    return f"{article(word)} {word}"


def plural(n: int, word: str) -> str:
    """``"1 Penalty Rank"``, ``"2 Penalty Ranks"``: ``n`` and ``word``, plural unless n is 1."""
    return f"{n} {word}{'' if n == 1 else 's'}"

"""Small helpers for the English of messages built from rule words."""

from __future__ import annotations

from collections.abc import Sequence

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


def ordinal(n: int) -> str:
    """``"1st"``, ``"2nd"``, ``"3rd"``, ``"4th"``, ``"11th"``, ``"22nd"``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def times(n: int) -> str:
    """``"once"``, ``"twice"``, ``"3 times"``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def distinct_titles(names: Sequence[str], *hints: Sequence[str]) -> list[str]:
    """``names`` told apart: a name nobody else has stays as it is; names shared by
    several (letter case and spaces aside) get, in brackets, the first of ``hints``
    (each a sequence beside ``names``: a player's name, a file's) that all of them have
    and that differs between them, else their number among them in order
    (``"Conan (2)"``)."""
    def fold(text: str) -> str:
        return " ".join(text.split()).casefold()

    groups: dict[str, list[int]] = {}
    for index, name in enumerate(names):
        groups.setdefault(fold(name), []).append(index)
    titles = [name.strip() for name in names]
    for members in groups.values():
        if len(members) < 2:
            continue
        for hint in hints:
            found = [hint[i].strip() for i in members]
            if all(found) and len({fold(h) for h in found}) == len(found):
                for i, text in zip(members, found, strict=True):
                    titles[i] = f"{titles[i]} ({text})"
                break
        else:
            for number, i in enumerate(members, start=1):
                titles[i] = f"{titles[i]} ({number})"
    return titles

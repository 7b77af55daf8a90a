"""The paper size people use where the user lives."""

from __future__ import annotations

import locale as _locale
import os
import re
import sys

from seforge.core.pdf.geometry import PaperSize

LETTER_TERRITORIES = frozenset({
    "US", "CA", "MX", "PH", "PR", "CL", "CO", "VE", "CR", "GT", "PA", "SV", "NI",
    "DO", "BZ",
})
"""Territories whose usual paper is US Letter (as glibc's LC_PAPER has it)."""

_LETTER_NAMES = (
    "united states", "canada", "mexico", "philippines", "puerto rico", "chile",
    "colombia", "venezuela", "costa rica", "guatemala", "panama", "el salvador",
    "nicaragua", "dominican republic", "belize",
)
"""Country names as Windows spells them in locale names ("English_United States")."""

_TERRITORY = re.compile(r"^[A-Za-z]{2,3}[_-]([A-Za-z]{2}|\d{3})(?=$|[._@-])")


_NEUTRAL = ("C", "POSIX", "C.UTF-8", "C.utf8")


def _system_locale() -> str | None:
    """The locale that decides the paper: the first of LC_ALL, LC_PAPER, LANG that is
    set; a neutral C/POSIX locale names no country (None). With none set, Windows is
    asked for its user locale; elsewhere (cron, a bare container, macOS without
    variables) there is no country to go by, so None. Python's getlocale() would turn
    the C.UTF-8 such a process runs in into en_US, which must not mean Letter."""
    for var in ("LC_ALL", "LC_PAPER", "LANG"):
        value = os.environ.get(var)
        if value:
            return None if value in _NEUTRAL else value
    if sys.platform != "win32":
        return None
    try:
        name = _locale.getlocale()[0]
    except ValueError:
        return None
    return name


def default_paper_for_locale(locale_name: str | None = None) -> PaperSize:
    """Letter for the US, Canada, Mexico, the Philippines and their neighbours that
    use it; A4 everywhere else. ``locale_name`` is like ``en_US.UTF-8``, ``fr-CA``
    or ``English_United States``; None asks the system.
    """
    name = locale_name if locale_name is not None else _system_locale()
    if not name:
        return PaperSize.A4
    name = name.strip()
    match = _TERRITORY.match(name)
    if match:
        return (PaperSize.LETTER if match.group(1).upper() in LETTER_TERRITORIES
                else PaperSize.A4)
    lowered = name.lower()
    if any(country in lowered for country in _LETTER_NAMES):
        return PaperSize.LETTER
    return PaperSize.A4

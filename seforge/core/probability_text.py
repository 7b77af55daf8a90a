"""One way to print a probability, for every system's CLI and pages alike.

A chance that is not exactly 0 or 1 never prints as ``0%`` or ``100%``: when
rounding would say so, the text says ``<0.1%`` or ``>99.9%`` instead, because a
player who reads 100% expects the roll cannot fail. :func:`percent` is the odds
tables' form (two decimals, kept for alignment), :func:`exactly` the exact fraction
a tooltip shows beside it.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["exactly", "format_probability", "percent"]


def format_probability(chance: Fraction | int, decimals: int = 1, *, fixed: bool = False) -> str:
    """``chance`` (0..1) as a percentage with at most ``decimals`` decimals.

    ``fixed=False`` drops trailing zeros (``"4.5%"``, ``"99%"``); ``fixed=True``
    keeps them (``"90.0%"``) for aligned tables. Never ``"100%"`` below 1 nor
    ``"0%"`` above 0.
    """
    if decimals < 0:
        raise ValueError("decimals must be 0 or more")
    exact = Fraction(chance)
    if not 0 <= exact <= 1:
        raise ValueError(f"a probability lies between 0 and 1, not {float(exact)}")
    percent = exact * 100
    text = f"{float(percent):.{decimals}f}"
    step = Fraction(1, 10**decimals)
    if exact not in (0, 1):
        smallest = f"{float(step):.{decimals}f}"
        largest = f"{float(100 - step):.{decimals}f}"
        if Fraction(text) == 0:
            return f"<{smallest}%"
        if Fraction(text) == 100:
            return f">{largest}%"
    if not fixed and "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"{text}%"


def percent(chance: Fraction | int) -> str:
    """The odds tables' form: two decimals, kept (``"23.76%"``, ``"50.00%"``,
    ``"<0.01%"``)."""
    return format_probability(chance, 2, fixed=True)


def exactly(value: Fraction | int) -> str:
    """An exact value for a tooltip: ``"exactly 13/51"``, ``"exactly 4"``."""
    return f"exactly {Fraction(value)}"

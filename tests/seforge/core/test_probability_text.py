"""The one probability formatter the CLI and the app share."""

from __future__ import annotations

from fractions import Fraction

import pytest

from seforge.cli import EXIT_OK, main
from seforge.core.probability_text import format_probability
from seforge.systems.swords_edge.resolution.verdicts import format_chance


@pytest.mark.parametrize(("chance", "text"), [
    (Fraction(0), "0%"),
    (Fraction(1), "100%"),
    (Fraction(1, 2), "50%"),
    (Fraction(9, 200), "4.5%"),
    (Fraction(99, 100), "99%"),
    (Fraction(999, 1000), "99.9%"),
    (Fraction(99999, 100000), ">99.9%"),
    (Fraction(1, 100000), "<0.1%"),
    (Fraction(1, 1000), "0.1%"),
])
def test_short_form(chance: Fraction, text: str) -> None:
    assert format_probability(chance) == text
    assert format_chance(chance) == text  # the GM screen's name for the same formatter


def test_never_100_below_one_nor_0_above_zero() -> None:
    for denominator in (10**3, 10**4, 10**6, 10**9):
        assert format_probability(Fraction(denominator - 1, denominator)) != "100%"
        assert format_probability(Fraction(1, denominator)) != "0%"
        assert format_probability(Fraction(denominator - 1, denominator), fixed=True) \
            != "100.0%"
    assert format_probability(Fraction(199, 200), decimals=0) == ">99%"
    assert format_probability(Fraction(1, 300), decimals=0) == "<1%"


def test_fixed_keeps_zeros_and_bad_input_is_refused() -> None:
    assert format_probability(Fraction(9, 10), fixed=True) == "90.0%"
    assert format_probability(Fraction(1), fixed=True) == "100.0%"
    with pytest.raises(ValueError, match="between 0 and 1"):
        format_probability(Fraction(3, 2))


def test_cli_uses_it(capsys: pytest.CaptureFixture[str]) -> None:
    from seforge.systems.swords_edge.cli.odds import _percent

    # The CLI's column: one fixed decimal, right-aligned, never "100.0%" below 1
    # (it printed "100.0%" for a roll that could still fail).
    assert _percent(Fraction(9, 10)) == " 90.0%"
    assert _percent(Fraction(99999, 100000)) == ">99.9%"
    assert _percent(Fraction(1, 100000)) == " <0.1%"
    assert main(["odds", "--modifier", "0", "--tn", "5", "--luck", "3"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "  Success             94.0%" in out


def test_the_odds_tables_form_keeps_two_decimals_and_the_tooltip_is_exact() -> None:
    from seforge.core.probability_text import exactly, percent

    assert percent(Fraction(13, 51)) == "25.49%"
    assert percent(Fraction(1, 2)) == "50.00%"
    assert percent(Fraction(1, 10**6)) == "<0.01%"
    assert percent(1 - Fraction(1, 10**6)) == ">99.99%"
    assert percent(0) == "0.00%" and percent(1) == "100.00%"
    assert exactly(Fraction(13, 51)) == "exactly 13/51" and exactly(Fraction(8, 2)) == "exactly 4"

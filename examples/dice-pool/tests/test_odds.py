"""The exact odds against brute force: every one of the S**N rolls, counted."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from dice_pool import odds
from dice_pool.cli import run


def brute_force(dice: int, target: int, sides: int) -> list[Fraction]:
    counts = [0] * (dice + 1)
    for roll in itertools.product(range(1, sides + 1), repeat=dice):
        counts[sum(1 for face in roll if face >= target)] += 1
    total = sides ** dice
    return [Fraction(c, total) for c in counts]


@pytest.mark.parametrize("sides", [2, 3, 4, 6, 8, 10])
def test_every_small_pool_matches_brute_force(sides: int) -> None:
    for dice in range(0, 5 if sides <= 6 else 4):
        for target in range(1, sides + 1):
            assert odds.successes(dice, target, sides) == brute_force(dice, target, sides), (
                dice, target, sides)


@pytest.mark.parametrize(("dice", "target", "sides"), [(12, 4, 6), (40, 6, 6), (25, 7, 10),
                                                       (40, 50, 100), (1, 1, 2)])
def test_large_pools_are_the_binomial(dice: int, target: int, sides: int) -> None:
    p = Fraction(sides - target + 1, sides)
    want = [math.comb(dice, k) * p ** k * (1 - p) ** (dice - k) for k in range(dice + 1)]
    found = odds.successes(dice, target, sides)
    assert found == want
    assert sum(found) == 1


def test_at_least_adds_up_from_the_top() -> None:
    exactly = odds.successes(3, 5)
    assert odds.at_least(exactly) == [Fraction(1), Fraction(19, 27), Fraction(7, 27),
                                      Fraction(1, 27)]


@pytest.mark.parametrize(("dice", "target", "sides", "words"), [
    (3, 7, 6, "target"), (3, 0, 6, "target"), (41, 4, 6, "dice"), (-1, 4, 6, "dice"),
    (3, 2, 1, "sides"), (3, 2, 101, "sides")])
def test_a_roll_that_is_not_one_is_refused(dice: int, target: int, sides: int,
                                           words: str) -> None:
    reason = odds.why_not_roll(dice, target, sides)
    assert reason is not None and words in reason
    with pytest.raises(ValueError, match=words):
        odds.successes(dice, target, sides)


def test_cli_json_gives_every_count(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert run(["--dice", "3", "--target", "5", "--json"], "seforge odds") == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["successes"]
    assert list(data["successes"]) == ["0", "1", "2", "3"]
    assert data["successes"]["3"] == pytest.approx(1 / 27)
    assert run(["--dice", "2", "--target", "3", "--sides", "4", "--json", "--exact"],
               "seforge odds") == 0
    assert json.loads(capsys.readouterr().out) == {
        "successes": {"0": "1/4", "1": "1/2", "2": "1/4"}}


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--dice", "2", "--target", "6"], "seforge odds") == 0
    out = capsys.readouterr().out
    assert "2d6, each 6+ a success" in out
    assert "1/36" in out and "30.6%" in out


@pytest.mark.parametrize("argv", [
    ["--dice", "3", "--target", "7"], ["--dice", "x", "--target", "4"], ["--target", "4"],
    ["--dice", "99999999999999999999", "--target", "4"], ["--dice", "3", "--target", "4",
                                                         "--sides", "1"], ["--what"]])
def test_cli_bad_arguments_are_one_line_and_exit_2(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        run(argv, "seforge odds --system dice-pool")
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("seforge odds --system dice-pool: ")

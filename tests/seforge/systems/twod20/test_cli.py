"""``seforge odds --system 2d20``: the issue's contract, in process and as real subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from seforge.systems.twod20.cli import run
from seforge.systems.twod20.dice import SkillTest, skill_odds

ROOT = Path(__file__).resolve().parents[4]
PROG = "seforge odds --system 2d20"


def call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = run(list(argv), PROG)
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = call(capsys, "--tn", "12", "--difficulty", "2", "--focus", "2",
                          "--dice", "3", "--fortune", "1", "--complication-range", "2", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert set(data) == {"success", "complication", "expected_successes", "momentum"}
    exact = skill_odds(SkillTest(12, 2, 2, 3, 1, 2))
    assert data["success"] == pytest.approx(float(exact.success))
    assert data["complication"] == pytest.approx(float(exact.complication))
    assert data["expected_successes"] == pytest.approx(float(exact.expected_successes))
    assert sum(data["momentum"].values()) == pytest.approx(data["success"])
    assert list(data["momentum"]) == [str(k) for k in range(len(data["momentum"]))]
    # one Fortune die (2 successes with Focus 2) makes D2 certain: Momentum 0 is P(all 3 miss)
    assert data["success"] == 1.0
    assert data["momentum"]["0"] == pytest.approx(float(Fraction(8, 20) ** 3))


def test_defaults_are_two_dice_no_focus_range_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "--tn", "10", "--difficulty", "1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data == {"success": 0.75, "complication": 0.0975, "expected_successes": 1.0,
                    "momentum": {"0": 0.5, "1": 0.25}}


def test_complication_range_two_means_19_and_20(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = call(capsys, "--tn", "10", "--difficulty", "1", "--complication-range", "2",
                     "--json")
    assert json.loads(out)["complication"] == pytest.approx(0.19)


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = call(capsys, "--tn", "10", "--difficulty", "2", "--focus", "3")
    assert code == 0
    assert "success" in out and "(2/5)" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["--tn", "10", "--difficulty", "1", "--dice", "6"], "at most 5 d20s"),
    (["--tn", "10", "--difficulty", "1", "--dice", "4", "--fortune", "2"], "at most 5 d20s"),
    (["--tn", "-3", "--difficulty", "1"], "negative"),
    (["--tn", "10", "--difficulty", "-1"], "negative"),
    (["--tn", "10", "--difficulty", "1", "--fortune", "-1"], "negative"),
    (["--tn", "ten", "--difficulty", "1"], "not a whole number"),
    (["--tn", "99999999999", "--difficulty", "1"], "too large"),
    (["--tn", "10", "--difficulty", "1", "--focus", "11"], "above the target number"),
    (["--tn", "10"], "required"),
])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                          words: str) -> None:
    code, out, err = call(capsys, *argv)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def _seforge(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seforge", "odds", "--system", "2d20", *argv],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_subprocess_json() -> None:
    done = _seforge("--tn", "12", "--difficulty", "5", "--focus", "2", "--dice", "5", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["success"] == pytest.approx(5939 / 25000)
    assert sum(data["momentum"].values()) == pytest.approx(data["success"])


def test_subprocess_pool_above_five_exits_2() -> None:
    done = _seforge("--tn", "12", "--difficulty", "1", "--dice", "3", "--fortune", "3")
    assert done.returncode == 2
    assert done.stdout == "" and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_subprocess_negative_exits_2() -> None:
    done = _seforge("--tn", "12", "--difficulty", "1", "--focus", "-2")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1

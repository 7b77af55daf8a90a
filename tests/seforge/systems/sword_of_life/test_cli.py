"""The issue's command-line contracts: ``seforge odds --system sol`` and ``seforge check``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from seforge.systems.sword_of_life.cli import run
from seforge.systems.sword_of_life.odds import exchange
from seforge.systems.sword_of_life.settings import AceRule, TableSettings

ROOT = Path(__file__).resolve().parents[4]


def seforge(*args: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "seforge", *args], cwd=ROOT, env=environment,
        capture_output=True, text=True, encoding="utf-8", timeout=120, check=False,
    )


def write(path: Path, **fields: object) -> Path:
    data = {"format": "sword-of-life.character", "version": 1, **fields}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def character(tmp_path: Path, name: str = "c.sol", **overrides: object) -> Path:
    fields: dict[str, object] = {
        "name": "Ilse", "career": "Police",
        "characteristics": {"edge": 4, "grip": 4, "point": 7, "temper": 5},
        "specialties": {"point": "interviewing witnesses"},
    }
    fields.update(overrides)
    return write(tmp_path / name, **fields)


# -- odds ------------------------------------------------------------------------------------


def test_odds_json_through_the_real_command() -> None:
    result = seforge("odds", "--system", "sol", "--cards", "5", "--against", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"win", "tie", "loss", "margin"}
    assert data["win"] == 0.5
    assert data["tie"] == float(Fraction(171971, 704718))
    assert data["loss"] == float(Fraction(90194, 352359))
    assert set(data["margin"]) == {str(k) for k in range(-4, 6)}
    assert sum(data["margin"].values()) == pytest.approx(1)
    assert data["margin"]["1"] == float(exchange(5, 4).margin[1])


def test_odds_auto_aces_reports_each_automatic_result() -> None:
    result = seforge("odds", "--system", "sol", "--cards", "5", "--against", "0",
                     "--aces", "auto", "--separate-decks", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"win", "tie", "loss", "margin", "automatic", "cards_margin"}
    assert data["automatic"]["player_success"] == float(Fraction(245, 1326))
    assert data["automatic"]["opposition_success"] == 0


def test_bad_numbers_exit_2_with_one_line() -> None:
    result = seforge("odds", "--system", "sol", "--cards", "-1", "--against", "4")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("bad", [["--cards", "x", "--against", "1"],
                                 ["--cards", "99999999999999999999", "--against", "1"],
                                 ["--cards", "1"],
                                 ["--cards", "30", "--against", "23"],
                                 ["--cards", "3", "--against", "3", "--aces", "triple"]])
def test_bad_arguments_in_process(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = run(bad, "seforge odds --system sol")
    except SystemExit as stop:
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("seforge odds --system sol:")


@pytest.mark.parametrize("aces", ["none", "double", "auto"])
@pytest.mark.parametrize("separate", [False, True])
def test_odds_json_in_process_matches_the_engine(
    aces: str, separate: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--cards", "3", "--against", "2", "--aces", aces, "--json"]
    if separate:
        argv.append("--separate-decks")
    assert run(argv, "sol") == 0
    data = json.loads(capsys.readouterr().out)
    odds = exchange(3, 2, TableSettings(aces=AceRule(aces), shared_deck=not separate))
    assert (data["win"], data["tie"], data["loss"]) == (
        float(odds.win), float(odds.tie), float(odds.loss))
    # the margin applied to the scores: it adds up to the win/tie/loss figures (issue 30)
    assert data["margin"] == {str(k): float(p) for k, p in odds.effective.items()}
    assert sum(p for k, p in data["margin"].items() if int(k) > 0) == pytest.approx(data["win"])
    assert data["margin"]["0"] == data["tie"]
    assert ("automatic" in data) == (aces == "auto")
    if aces == "auto":
        assert data["cards_margin"] == {str(k): float(p) for k, p in odds.margin.items()}


def test_odds_text_lists_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--cards", "1", "--against", "1"], "sol") == 0
    out = capsys.readouterr().out
    assert "(13/51)" in out


# -- check -----------------------------------------------------------------------------------


def test_check_json_of_a_legal_character(tmp_path: Path) -> None:
    result = seforge("check", str(character(tmp_path)), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"legal", "spent", "budget", "problems"} <= set(data)
    assert (data["legal"], data["spent"], data["budget"], data["problems"]) == (
        True, 20, 20, [])


def test_check_json_of_illegal_and_short_characters(tmp_path: Path) -> None:
    over = character(tmp_path, "over.sol", characteristics={"edge": 9, "grip": 4, "point": 7,
                                                            "temper": 5})
    short = character(tmp_path, "short.sol", characteristics={"edge": 3, "grip": 4, "point": 7,
                                                              "temper": 5})
    no_career = character(tmp_path, "nocareer.sol", career="")
    two = character(tmp_path, "two.sol", specialties={"point": ["politics", "economics"]})
    result = seforge("check", str(over), str(short), str(no_career), str(two), "--json")
    assert result.returncode == 1
    by_file = {Path(item["file"]).name: item for item in json.loads(result.stdout)}
    rules = {name: {p["rule"] for p in item["problems"]} for name, item in by_file.items()}
    assert not by_file["over.sol"]["legal"]
    assert by_file["over.sol"]["spent"] == 25
    assert rules["over.sol"] == {"sol.characteristic-range", "sol.budget"}
    assert by_file["short.sol"]["legal"]
    assert by_file["short.sol"]["problems"] == [{
        "severity": "warning", "rule": "sol.budget",
        "message": "1 of the 20 points are not spent yet."}]
    assert not by_file["nocareer.sol"]["legal"]
    assert rules["nocareer.sol"] == {"sol.career"}
    assert not by_file["two.sol"]["legal"]
    assert rules["two.sol"] == {"sol.specialty-one"}


def test_check_of_a_broken_file_is_one_line(tmp_path: Path) -> None:
    bad = character(tmp_path, "bad.sol", characteristics={"edge": "lots"})
    result = seforge("check", str(bad), "--json")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "edge" in result.stderr


def test_whole_conflict_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    from seforge.systems.sword_of_life.odds import ConflictKind, conflict

    argv = ["--cards", "5", "--against", "4", "--conflict", "combat", "--scores", "5", "4",
            "--json"]
    assert run(argv, "sol") == 0
    data = json.loads(capsys.readouterr().out)
    expected = conflict(ConflictKind.COMBAT, 5, 4, player_cards=5, opposition_cards=4)
    assert data["conflict"] == {"win": float(expected.win), "loss": float(expected.loss),
                                "expected_exchanges": float(expected.expected_exchanges)}
    assert run(["--cards", "5", "--against", "6", "--conflict", "debate"], "sol") == 2
    assert "go together" in capsys.readouterr().err
    assert run(["--cards", "5", "--against", "6", "--conflict", "debate", "--scores", "13",
                "6"], "sol") == 2
    assert "0 to 12" in capsys.readouterr().err

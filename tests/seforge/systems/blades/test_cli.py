"""The issue's command-line contract: odds, check and export, in process and as real
``python -m seforge`` subprocesses."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from pypdf import PdfReader

from seforge.cli import main
from seforge.systems.blades import creation, play
from seforge.systems.blades.documents import CREW, SCOUNDREL
from seforge.systems.blades.models import Crew, Scoundrel

ROOT = Path(__file__).resolve().parents[4]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "seforge", *args], cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
        encoding="utf-8", timeout=120, check=False)


COMPLETE = {
    "name": "Nadja", "look": "long coat", "playbook": "Hound", "heritage": "Iruvia",
    "heritage_detail": "ore miners", "background": "Labor", "background_detail": "hunter",
    "playbook_dots": {"hunt": 2, "survey": 1}, "heritage_dot": "consort",
    "background_dot": "study", "special_abilities": ["Sharpshooter"], "friend": "Steiner",
    "rival": "Casta", "vice": "Gambling", "vice_purveyor": "Spades",
}
"""Every creation step but the dots done, so the cases below turn on the dots alone."""


def _write(path: Path, actions: dict[str, int], complete: bool = True) -> Path:
    data: dict[str, object] = {"format": "blades.character", "version": 1,
                               "actions": actions}
    if complete:
        data.update(COMPLETE)
        if not all(actions.get(a, 0) >= n for a, n in (("hunt", 2), ("survey", 1),
                                                       ("consort", 1), ("study", 1))):
            for key in ("playbook_dots", "heritage_dot", "background_dot"):
                data.pop(key)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_odds_json_subprocess() -> None:
    result = _run("odds", "--system", "blades", "--dice", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"critical", "success", "partial", "failure"}
    assert data["critical"] == pytest.approx(1 / 36) and data["success"] == pytest.approx(10 / 36)
    assert data["partial"] == pytest.approx(4 / 9) and data["failure"] == pytest.approx(1 / 4)


def test_resistance_json_subprocess() -> None:
    result = _run("odds", "--system", "blades", "--dice", "3", "--resistance", "--json")
    assert result.returncode == 0, result.stderr
    stress = json.loads(result.stdout)["stress"]
    assert list(stress) == ["-1", "0", "1", "2", "3", "4", "5", "6"]
    assert stress["-1"] == pytest.approx(2 / 27) and stress["6"] == 0
    assert sum(stress.values()) == pytest.approx(1)


@pytest.mark.parametrize("dice", ["0", "-2"])
def test_zero_dice_in_process(dice: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--system", "blades", "--dice", dice, "--json", "--exact"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"critical": "0", "success": "1/36", "partial": "2/9", "failure": "3/4"}
    assert main(["odds", "--system", "blades", "--dice", dice, "--resistance", "--json",
                 "--exact"]) == 0
    stress = json.loads(capsys.readouterr().out)["stress"]
    assert stress["-1"] == "0" and Fraction(stress["5"]) == Fraction(11, 36)


def test_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--system", "blades", "--dice", "4"]) == 0
    out = capsys.readouterr().out
    assert "Action roll, 4d" in out and "6.25%" in out and "(1/16)" in out


@pytest.mark.parametrize("bad", [["--dice", "x"], ["--dice", "-99"], ["--dice", "10" * 50],
                                 [], ["--dice", "2", "--nope"]])
def test_bad_numbers_exit_2_with_one_line(bad: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["odds", "--system", "blades", *bad])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_number_subprocess_has_no_traceback() -> None:
    result = _run("odds", "--system", "blades", "--dice", "-1e9")
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_check_json_subprocess_for_each_case(tmp_path: Path) -> None:
    seven = _write(tmp_path / "seven.blades", {"hunt": 2, "survey": 1, "consort": 1,
                                                "study": 1, "prowl": 1, "skirmish": 1})
    result = _run("check", str(seven), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0
    assert {k: data[k] for k in ("legal", "spent", "budget")} == {
        "legal": True, "spent": 7, "budget": 7}
    assert set(data) == {"file", "legal", "spent", "budget", "problems"}
    eight = _write(tmp_path / "eight.blades", {"hunt": 2, "survey": 2, "study": 2, "sway": 2})
    result = _run("check", str(eight), "--json")
    data = json.loads(result.stdout)
    assert (data["legal"], data["spent"], result.returncode) == (False, 8, 1)
    assert any(p["rule"] == "blades.dots.total" and p["severity"] == "error"
               for p in data["problems"])


def test_check_in_process_cap_and_under(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    high = _write(tmp_path / "high.blades", {"hunt": 3})
    assert main(["check", str(high), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert not data["legal"] and data["spent"] == 3
    assert [p["rule"] for p in data["problems"] if p["severity"] == "error"] == [
        "blades.dots.total", "blades.dots.cap"]
    five = _write(tmp_path / "five.blades", {"hunt": 2, "study": 2, "sway": 1})
    assert main(["check", str(five), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert not data["legal"] and data["spent"] == 5 and data["budget"] == 7
    error = [p for p in data["problems"] if p["rule"] == "blades.dots.total"]
    assert error[0]["severity"] == "error" and "2 of the 7" in error[0]["message"]
    empty = _write(tmp_path / "empty.blades", {}, complete=False)
    assert main(["check", str(empty)]) == 1
    out = capsys.readouterr().out
    for step in ("Step 1 (playbook)", "Step 2 (heritage)", "Step 3 (background)",
                 "Step 4 (action dots)", "Step 8 (name, alias and look)"):
        assert step in out
    house = tmp_path / "house.blades"
    house.write_text('{"format": "blades.character", "version": 1, '
                     '"house": {"stress_boxes": 0}}', encoding="utf-8")
    assert main(["check", str(house), "--json"]) == 2
    err = capsys.readouterr().err
    assert "house.stress_boxes" in err and len(err.strip().splitlines()) == 1
    bad = tmp_path / "bad.blades"
    bad.write_text('{"format": "blades.character", "version": 1, "actions": {"dance": 1}}')
    assert main(["check", str(bad), "--json"]) == 2
    assert "dance" in capsys.readouterr().err


def test_export_prints_a_scoundrel_sheet(tmp_path: Path) -> None:
    sc = Scoundrel(name="Nadja Vale", vice="Gambling", vice_purveyor="Spades")
    creation.set_playbook(sc, "Hound")
    creation.add_ability(sc, "Sharpshooter")
    play.add_harm(sc, 2, "Deep cut")
    SCOUNDREL.save(sc, tmp_path / "nadja.blades")
    CREW.save(Crew(name="Red Lanterns"), tmp_path / "crew.bladescrew")
    out = tmp_path / "sheets.pdf"
    result = _run("export", str(tmp_path / "nadja.blades"), str(tmp_path / "crew.bladescrew"),
                  "-o", str(out))
    assert result.returncode == 0, result.stderr
    reader = PdfReader(io.BytesIO(out.read_bytes()))
    assert len(reader.pages) == 4  # each document: a play page, then its reading pages
    text = reader.pages[0].extract_text()
    for expected in ("Nadja Vale", "Hound", "Hunt", "Survey", "Sharpshooter", "Deep cut",
                     "Gambling", "Insight", "-1d"):
        assert expected in text
    assert "Red Lanterns" in reader.pages[2].extract_text()


@pytest.mark.parametrize(("suffix", "fmt", "field"), [
    (".bladescrew", "blades.crew", "xp"), (".bladescrew", "blades.crew", "coin"),
    (".bladescrew", "blades.crew", "heat"), (".blades", "blades.character", "stress"),
    (".blades", "blades.character", "coin")])
def test_huge_numbers_are_refused_in_one_line(tmp_path: Path, suffix: str, fmt: str,
                                              field: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 24 item 5: "xp": 10**30 reached spin.setValue and raised OverflowError."""
    path = tmp_path / f"huge{suffix}"
    path.write_text(f'{{"format": "{fmt}", "version": 1, "{field}": '
                    '1000000000000000000000000000000}', encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and field in err and "Traceback" not in err

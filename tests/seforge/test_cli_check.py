from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.cli import main
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Character, Trait
from seforge.systems.swords_edge.ranks import Rank


def test_check_legal_json(tmp_path: Path, sarah: Character,
                          capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    assert main(["check", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is True and out["spent"] == 6 and out["budget"] == 6
    assert out["problems"] == []
    assert out["ledger"][0]["text"].startswith('Concept "Bounty Hunter"')


def test_check_several_files_and_exit_codes(tmp_path: Path, sarah: Character,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.sechar"
    save_character(sarah, good)
    sarah.traits[Trait.PHYSIQUE] = Rank.GREAT
    bad = tmp_path / "bad.sechar"
    save_character(sarah, bad)
    assert main(["check", str(good), str(bad), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out, list) and [o["legal"] for o in out] == [True, False]
    problem = next(p for p in out[1]["problems"] if p["rule"] == "budget.over")
    assert set(problem) >= {"severity", "rule", "message", "section"}
    assert main(["check", str(good)]) == 0
    text = capsys.readouterr().out
    assert "legal" in text and "Ranks: 6 of 6 spent" in text


def test_check_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.sechar"
    broken.write_text("{", encoding="utf-8")
    assert main(["check", str(broken)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "broken.sechar" in captured.err and "Traceback" not in captured.err


def test_check_names_the_table_rules_in_force(tmp_path: Path, sarah: Character,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from seforge.systems.swords_edge.models import RuleOptions

    sarah.options = RuleOptions(sfx_subsystem=True)
    path = tmp_path / "sarah.sechar"
    save_character(sarah, path)
    assert main(["check", str(path)]) == 0
    assert "Table rules: SFX Qualities subsystem" in capsys.readouterr().out
    assert main(["check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["table_rules"] == ["sfx_subsystem"]

"""``seforge odds`` on the command line."""

from __future__ import annotations

import json

import pytest

from seforge.cli import EXIT_OK, main


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--modifier", "16", "--tn", "15", "--luck", "1", "--json"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["success", "critical_failure", "critical_success", "levels",
                          "with_luck"]
    assert data["success"] == pytest.approx(0.99)
    assert data["critical_failure"] == pytest.approx(0.01)
    assert data["critical_success"] == pytest.approx(0.01)
    assert list(data["levels"]) == ["Average", "Good", "Great", "Exceptional", "Legendary"]
    assert sum(data["levels"].values()) == pytest.approx(0.99)
    # L529: a natural 2 stands by default, so Luck cannot lift 99% here.
    assert data["with_luck"] == pytest.approx([0.99, 0.99])


def test_criticals_on_the_final_dice(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["odds", "--modifier", "16", "--tn", "15", "--luck", "1", "--json"]
    assert main([*args, "--criticals", "final"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["with_luck"] == pytest.approx([0.99, 0.999])
    assert main([*args, "--criticals", "first"]) == EXIT_OK
    assert json.loads(capsys.readouterr().out)["with_luck"] == pytest.approx([0.99, 0.99])


def test_negative_modifier_and_default_luck(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--modifier", "-4", "--tn", "8", "--json"]) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert len(data["with_luck"]) == 1
    assert data["with_luck"][0] == data["success"]


def test_plain_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--modifier", "2", "--tn", "8", "--luck", "2"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "needs 6+ on 2d10" in out
    assert "Success" in out and " 90.0%" in out  # totals 2-5 fail: 1+2+3+4 = 10 pairs
    for name in ("Average", "Good", "Great", "Exceptional", "Legendary"):
        assert name in out
    assert "Critical failure" in out and "Critical success" in out
    assert "up to 2 Luck" in out


def test_plain_table_extremes(capsys: pytest.CaptureFixture[str]) -> None:
    main(["odds", "--modifier", "0", "--tn", "40"])
    assert "needs a natural 20" in capsys.readouterr().out
    main(["odds", "--modifier", "10", "--tn", "5"])
    assert "anything but a natural 2" in capsys.readouterr().out


@pytest.mark.parametrize("luck", ["-1", "11", "lots"])
def test_luck_out_of_range(luck: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["odds", "--modifier", "0", "--tn", "12", "--luck", luck])
    assert info.value.code == 2
    assert "Luck" in capsys.readouterr().err


def test_modifier_and_tn_required(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "--tn", "12"])
    capsys.readouterr()

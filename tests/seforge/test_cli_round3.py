"""Issue 24 (hostile input, round three): the command line's own answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.cli import gui_files, main


@pytest.mark.parametrize(("args", "prog"), [
    (["check"], "seforge check: "),
    (["export", "--blank"], "seforge export: "),
    (["odds", "--tn", "x"], "seforge odds: "),
])
def test_a_verbs_usage_error_starts_with_the_verb_not_the_top_usage(
        args: list[str], prog: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(prog), err
    assert "[FILE" not in err and len(err.strip().splitlines()) == 1


def test_an_existing_file_named_like_an_option_is_a_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-dash.sechar").write_text("{}", encoding="utf-8")
    assert gui_files(["-dash.sechar"]) == ["-dash.sechar"]
    assert gui_files(["a.sechar", "-dash.sechar"]) == ["a.sechar", "-dash.sechar"]
    assert gui_files(["-missing.sechar"]) is None  # an option: argparse explains it
    assert gui_files(["--", "-missing.sechar"]) == ["-missing.sechar"]

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


@pytest.mark.parametrize("encoding", ["cp1252", "ascii", "utf-8"])
def test_json_output_is_valid_json_whatever_the_console_encodes(
        tmp_path: Path, encoding: str) -> None:
    import json
    import os
    import subprocess
    import sys

    from seforge.systems.swords_edge.fileformat import save_character
    from seforge.systems.swords_edge.library import load_pc

    path = tmp_path / "Sarah \U0001f600\x81é.sechar"
    save_character(load_pc("sarah-x"), path)
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    for verb in (["check", "--json", str(path)], ["library", "list", "--json"]):
        done = subprocess.run([sys.executable, "-m", "seforge", *verb], env=env,
                              capture_output=True, timeout=60, check=False)
        text = done.stdout.decode(encoding)
        data = json.loads(text)  # valid JSON, meaning the same
        if verb[0] == "check":
            assert data["file"] == str(path)
        assert encoding == "utf-8" or "\\U0001f600" not in text


@pytest.mark.parametrize("count", ["100000", "-1", "9" * 5000, "x"])
def test_blank_cards_have_an_upper_bound(count: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "--cards", "--blank-cards", count, "-o", str(tmp_path / "c.pdf")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("seforge export: ") and "--blank-cards" in err
    assert not (tmp_path / "c.pdf").exists()

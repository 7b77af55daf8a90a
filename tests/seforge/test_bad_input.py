"""Bad input never escapes the one-line message (issue 11 item 7, issue 19).

Each command-line case runs ``seforge`` in a subprocess with a timeout, so a
read that hangs (a FIFO) or a crash (a traceback, exit 1) fails the test. The
timeout is 2 s on top of the time a bare ``seforge --version`` takes to start on
this machine, so a loaded machine does not make the test flaky.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from seforge.core.bounded_read import FileReadError, read_bounded
from seforge.core.limits import MAX_DEPTH, NAME_CHARS
from seforge.systems.swords_edge.campaign import Campaign, load_party, save_campaign
from seforge.systems.swords_edge.fileformat import (
    CharacterFileError,
    load_character,
    save_character,
)
from seforge.systems.swords_edge.models import Character

ROOT = Path(__file__).resolve().parents[2]
HEAD = '{"format": "seforge.character", "version": 1, '
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev need POSIX")


@pytest.fixture(scope="module")
def timeout() -> float:
    start = time.monotonic()
    _run(["--version"], 60.0)
    # what it guards against is a hang (a FIFO, /dev/zero): room for a busy machine
    return 10.0 + 2 * (time.monotonic() - start)


def _run(args: list[str], timeout: float, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    return subprocess.run(
        [sys.executable, "-m", "seforge", *args], cwd=ROOT, env=environment,
        capture_output=True, text=True, encoding="utf-8", errors="replace",
        timeout=timeout, check=False,
    )


def _assert_one_line_exit_2(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert len(lines[0]) < 600
    return lines[0]


def _deep(path: Path) -> Path:
    path.write_text(HEAD + '"x": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    return path


def _long_int(path: Path) -> Path:
    path.write_text(HEAD + '"x": ' + "7" * 5000 + "}", encoding="utf-8")
    return path


def _surrogate(path: Path) -> Path:
    path.write_text(HEAD + '"name": "Sarah \\udfff"}', encoding="utf-8")
    return path


def _ten_mb_name(path: Path) -> Path:
    path.write_text(HEAD + '"name": "' + "n" * (10 * 1024 * 1024) + '"}', encoding="utf-8")
    return path


def _duplicate(path: Path) -> Path:
    path.write_text(HEAD + '"name": "A", "name": "B"}', encoding="utf-8")
    return path


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def _device_link(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


def _dev_zero(path: Path) -> Path:
    return Path("/dev/zero")


MAKERS: dict[str, tuple[Callable[[Path], Path], str]] = {
    "deep": (_deep, "nested too deeply"),
    "long_int": (_long_int, "5,000 characters long"),
    "surrogate": (_surrogate, "lone surrogate"),
    "ten_mb_name": (_ten_mb_name, "field 'name': is 10,485,760 characters long"),
    "duplicate": (_duplicate, "field 'name': appears twice"),
    "fifo": (_fifo, "pipe (FIFO)"),
    "device_link": (_device_link, "is a device"),
    "dev_zero": (_dev_zero, "is a device"),
}


@posix_only
@pytest.mark.parametrize("case", sorted(MAKERS))
def test_check_refuses_bad_files_in_one_line(tmp_path: Path, case: str, timeout: float) -> None:
    make, expected = MAKERS[case]
    path = make(tmp_path / "bad.sechar")
    line = _assert_one_line_exit_2(_run(["check", str(path)], timeout))
    assert expected in line
    assert line.startswith(f"seforge check: {path.name}: ")


@posix_only
@pytest.mark.parametrize("case", sorted(MAKERS))
def test_export_refuses_bad_files_and_writes_nothing(
    tmp_path: Path, case: str, timeout: float
) -> None:
    make, expected = MAKERS[case]
    path = make(tmp_path / "bad.sechar")
    out = tmp_path / "out.pdf"
    extra = ["--cards"] if case in ("fifo", "deep") else []  # NC files go the same way
    line = _assert_one_line_exit_2(_run(["export", str(path), *extra, "-o", str(out)],
                                        timeout))
    assert expected in line
    assert not out.exists()


@posix_only
def test_campaign_listing_a_fifo_gives_its_message(tmp_path: Path, timeout: float) -> None:
    os.mkfifo(tmp_path / "pc.sechar")
    os.mkfifo(tmp_path / "nc.senc")
    campaign_path = tmp_path / "table.secampaign"
    save_campaign(Campaign(characters=["pc.sechar"], opponents=["nc.senc"]), campaign_path)
    code = (
        "import sys; from seforge.systems.swords_edge.campaign import load_campaign, load_party; "
        "p = sys.argv[1]; pcs, ncs = load_party(load_campaign(p), p); "
        "print(pcs[0][1]); print(ncs[0][1])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(campaign_path)], cwd=ROOT, capture_output=True,
        text=True, timeout=timeout, check=False, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "pc.sechar: is a pipe (FIFO), not an ordinary file; SEForge reads only files",
        "nc.senc: is a pipe (FIFO), not an ordinary file; SEForge reads only files",
    ]
    pcs, _ncs = load_party(Campaign(characters=["pc.sechar"]), campaign_path)
    assert isinstance(pcs[0][1], str) and "FIFO" in pcs[0][1]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["odds", "--modifier", "9" * 5000, "--tn", "14"], "between -1000 and 1000"),
        (["odds", "--modifier", "x", "--tn", "14"], "whole number"),
        (["odds", "--modifier", "2", "--tn", "14", "--luck", "99"], "between 0 and 10"),
        (["odds", "--modifier", "2"], "--tn"),
        (["library"], "choose a verb"),
        (["library", "show", "n" * 100_000], "seforge library: "),
        (["library", "list", "--kind", "dragon"], "invalid choice"),
        (["nonsense"], "invalid choice"),
        (["check"], "FILE"),
        (["export", "--blank"], "-o"),
    ],
)
def test_usage_errors_are_one_line_exit_2(args: list[str], expected: str,
                                          timeout: float) -> None:
    line = _assert_one_line_exit_2(_run(args, timeout))
    assert expected in line


@posix_only
def test_export_guard(tmp_path: Path, sarah: Character, timeout: float) -> None:
    source = tmp_path / "sarah.sechar"
    save_character(sarah, source)
    before = source.read_bytes()
    link = tmp_path / "link.pdf"
    link.symlink_to(source)
    cases = [
        (str(source), "must be a PDF file ending in .pdf"),
        (str(tmp_path / "sheet.txt"), "must be a PDF file"),
        (str(link), "is also an input file"),
    ]
    if os.name == "posix":
        full = tmp_path / "full.pdf"
        full.symlink_to("/dev/full")
        cases.append((str(full), "is a device"))
        fifo = tmp_path / "fifo.pdf"
        os.mkfifo(fifo)
        cases.append((str(fifo), "pipe (FIFO)"))
    for output, expected in cases:
        line = _assert_one_line_exit_2(_run(["export", str(source), "-o", output], timeout))
        assert expected in line
        assert source.read_bytes() == before
    assert not (tmp_path / "sheet.txt").exists()
    assert link.is_symlink()
    # The same file under another name (a hard link) is an input too.
    other = tmp_path / "other.pdf"
    os.link(source, other)
    line = _assert_one_line_exit_2(_run(["export", str(other), "-o", str(other)], timeout))
    assert "also an input" in line
    # A plain new PDF is fine; a .PDF in capitals too.
    # a real export (fonts, the sheet): the short timeout above is for hangs, not work
    result = _run(["export", str(source), "-o", str(tmp_path / "ok.PDF")], 60.0)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "ok.PDF").read_bytes().startswith(b"%PDF")


def test_output_falls_back_on_a_non_utf8_stream(tmp_path: Path, sarah: Character,
                                                timeout: float) -> None:
    sarah.concept.name = "武士 Bounty Hunter"
    path = tmp_path / "武士.sechar"
    save_character(sarah, path)
    text = _run(["check", str(path)], timeout, PYTHONIOENCODING="cp1252")
    assert text.returncode == 0, text.stderr
    assert "Traceback" not in text.stderr
    assert "\\u6b66\\u58eb.sechar: legal" in text.stdout
    as_json = _run(["check", str(path), "--json"], timeout, PYTHONIOENCODING="cp1252")
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)["ledger"][0]["text"].startswith('Concept "武士')
    missing = _run(["check", str(tmp_path / "ghost 武.sechar")], timeout,
                   PYTHONIOENCODING="cp1252")
    assert "ghost \\u6b66.sechar: no such file" in _assert_one_line_exit_2(missing)
    shown = _run(["library", "list"], timeout, PYTHONIOENCODING="ascii")
    assert shown.returncode == 0 and "Traceback" not in shown.stderr


# ------------------------------------------------------------ the core reader


@posix_only
def test_reader_refuses_non_regular_files_without_opening_them(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    link = tmp_path / "link"
    link.symlink_to(fifo)
    for path, kind in [(fifo, "pipe (FIFO)"), (link, "pipe (FIFO)"),
                       (Path("/dev/zero"), "a device"), (Path("/dev/null"), "a device"),
                       (tmp_path, "a folder")]:
        with pytest.raises(FileReadError, match=re.escape(kind)):
            read_bounded(path, 100)



def test_reader_reads_at_most_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, 1000) == b"x" * 1000
    with pytest.raises(FileReadError, match="larger than"):
        read_bounded(path, 999)
    with pytest.raises(FileReadError, match="no such file"):
        read_bounded(tmp_path / "nope", 10)


@posix_only
def test_reader_names_a_symlink_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    with pytest.raises(FileReadError, match="cannot be read"):
        read_bounded(loop, 10)


def test_reader_does_not_trust_st_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that grows (or lies about its size) is still cut at the limit."""
    path = tmp_path / "f.bin"
    path.write_bytes(b"y" * 5000)
    real_stat = os.stat

    class Small:
        def __init__(self, st: os.stat_result) -> None:
            self.st_mode = st.st_mode
            self.st_size = 1

    monkeypatch.setattr(os, "stat", lambda p, *a, **k: Small(real_stat(p, *a, **k)))
    with pytest.raises(FileReadError, match="larger than"):
        read_bounded(path, 4096)


# -------------------------------------------------------- parser limits (core)


def _load(tmp_path: Path, text: str | bytes) -> Character:
    path = tmp_path / "c.sechar"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return load_character(path)


def test_depth_limit_is_64(tmp_path: Path) -> None:
    def nested(levels: int) -> str:
        # the top object is level 1, "x"'s lists the rest
        return HEAD + '"x": ' + "[" * (levels - 1) + "]" * (levels - 1) + "}"

    assert _load(tmp_path, nested(MAX_DEPTH)).model_extra == {"x": _lists(MAX_DEPTH - 1)}
    with pytest.raises(CharacterFileError, match="more than 64 levels"):
        _load(tmp_path, nested(MAX_DEPTH + 1))


def _lists(n: int) -> list[object]:
    value: list[object] = []
    for _ in range(n - 1):
        value = [value]
    return value


def test_number_length_limit(tmp_path: Path) -> None:
    ok = _load(tmp_path, HEAD + '"x": ' + "1" * 40 + ', "y": -1.5e3}')
    assert ok.model_extra == {"x": int("1" * 40), "y": -1500.0}
    for bad, problem in [("1" * 41, "41 characters long"),
                         ("0." + "1" * 39, "41 characters long"),
                         ("1e999", "too large"),
                         ("NaN", "NaN is not a JSON number"),
                         ("-Infinity", "-Infinity is not a JSON number")]:
        with pytest.raises(CharacterFileError, match=problem) as info:
            _load(tmp_path, HEAD + f'"x": {bad}}}')
        assert "\n" not in str(info.value)


def test_lone_surrogates_are_refused_paired_ones_load(tmp_path: Path) -> None:
    assert _load(tmp_path, HEAD + '"name": "\\ud83d\\ude00"}').name == "\U0001f600"
    for where in ['"name": "\\ud800"', '"elements": [{"name": "ok", "note": "a\\udfff"}]',
                  '"mystery": {"\\udfff": 1}']:
        with pytest.raises(CharacterFileError, match="lone surrogate") as info:
            _load(tmp_path, HEAD + where + "}")
        assert "field '" in str(info.value)
    with pytest.raises(CharacterFileError, match=r"field 'elements\[0\]\.note'"):
        _load(tmp_path, HEAD + '"elements": [{"name": "ok", "note": "a\\udfff"}]}')


def test_duplicate_keys_are_refused_naming_the_key(tmp_path: Path) -> None:
    with pytest.raises(CharacterFileError, match="field 'format': appears twice"):
        _load(tmp_path, '{"format": "seforge.character", "format": "seforge.nc", "version": 1}')
    with pytest.raises(CharacterFileError, match="field 'rank': appears twice"):
        _load(tmp_path, HEAD + '"concept": {"rank": "Good", "rank": "Great"}}')


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32",
                                      "utf-8-sig"])
def test_utf16_and_utf32_files_are_read(tmp_path: Path, encoding: str) -> None:
    text = HEAD + '"name": "Élodie 武士"}'
    assert _load(tmp_path, text.encode(encoding)).name == "Élodie 武士"


def test_broken_utf16_says_so(tmp_path: Path) -> None:
    raw = (HEAD + '"name": "x"}').encode("utf-16-le") + b"\x00\xdc"  # a lone low surrogate
    with pytest.raises(CharacterFileError, match="looks like UTF-16 text but is not valid"):
        _load(tmp_path, raw)


@pytest.mark.parametrize(
    ("field", "value", "path"),
    [
        ("name", "n" * (NAME_CHARS + 1), "name"),
        ("notes", "n" * 100_001, "notes"),
        ("elements", [{"name": "e" * 201}], "elements[0].name"),
        ("pivots", {"goal": "g" * 2001}, "pivots.goal"),
        ("future_field", "f" * 2001, "future_field"),
        ("k" * 201, 1, None),
    ],
)
def test_text_caps_name_the_field(tmp_path: Path, field: str, value: object,
                                  path: str | None) -> None:
    text = json.dumps({"format": "seforge.character", "version": 1, field: value})
    with pytest.raises(CharacterFileError) as info:
        _load(tmp_path, text)
    message = str(info.value)
    assert "the limit is" in message and "\n" not in message
    if path is not None:
        assert f"field '{path}': is " in message
    ok = json.dumps({"format": "seforge.character", "version": 1, "name": "n" * NAME_CHARS,
                     "notes": "n" * 100_000})
    assert len(_load(tmp_path, ok).name) == NAME_CHARS


def test_a_file_of_zero_bytes_is_not_text(tmp_path: Path) -> None:
    with pytest.raises(CharacterFileError, match="is not a text file"):
        _load(tmp_path, b"\0" * 4096)
    with pytest.raises(CharacterFileError, match="is not a text file"):
        _load(tmp_path, (HEAD + '"name": "x"}').encode() + b"\0" * 10)

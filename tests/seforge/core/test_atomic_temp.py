"""The start-up clean-up removes only temporary files SEForge itself wrote."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from seforge.core import atomic
from seforge.core.atomic import atomic_write_bytes, remove_stale_temp_files


def _old(path: Path, payload: bytes = b"x") -> Path:
    path.write_bytes(payload)
    then = time.time() - 3600
    os.utime(path, (then, then))
    return path


def test_other_programs_temporary_files_are_never_removed(tmp_path: Path) -> None:
    others = [_old(tmp_path / n) for n in (
        ".budget.20240101.tmp", ".thesis.docx.backup_1.tmp", ".a.b.abcdefgh.tmp",
        ".x.sechar.seforge-short.tmp", "seforge-abcdefgh.tmp")]
    assert remove_stale_temp_files(tmp_path) == []
    assert all(p.exists() for p in others)


def test_a_killed_save_leaves_a_marked_name_the_clean_up_removes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def killed(src: str, dst: object) -> None:
        raise KeyboardInterrupt  # let the temporary file stay: unlink is patched too

    monkeypatch.setattr(os, "replace", killed)
    monkeypatch.setattr(os, "unlink", lambda p: None)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(tmp_path / "pc.sechar", b"{}")
    monkeypatch.undo()
    (left,) = list(tmp_path.iterdir())
    assert left.name.startswith(".pc.sechar." + atomic.TEMP_MARKER)
    assert remove_stale_temp_files(tmp_path, now=time.time() + 3600) == [left]


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX owners")
def test_a_marked_file_of_another_user_is_not_ours(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marked = _old(tmp_path / ".pc.sechar.seforge-abcdefgh.tmp")
    monkeypatch.setattr(os, "getuid", lambda: os.stat(marked).st_uid + 1)
    assert remove_stale_temp_files(tmp_path) == []
    assert marked.exists()

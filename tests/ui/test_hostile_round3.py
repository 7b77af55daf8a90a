"""Issue 24 (hostile input, round three) in the window: one-line messages, never a
traceback, and one owner per file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow
from ui.systems.swords_edge.gm_table.party import PartyView


def test_a_campaign_listing_a_path_with_a_zero_byte_shows_the_rest(
        qtbot: QtBot, tmp_path: Path) -> None:
    save_character(library.load_pc("jyrell"), tmp_path / "jyrell.sechar")
    campaign = tmp_path / "c.secampaign"
    campaign.write_text(json.dumps({
        "format": "seforge.campaign", "version": 1, "system": "swords-edge",
        "characters": ["bad\u0000name.sechar", "jyrell.sechar"]}), encoding="utf-8")
    view = PartyView()
    qtbot.addWidget(view)
    assert view.open_path(campaign)
    texts = view.column_texts()
    assert "bad\\0name.sechar: is not a valid file name (it holds a zero byte)" in texts[0]
    assert [c.name for c, _path in view.characters()] == ["Jyrell"]


def test_one_file_through_a_hard_link_is_one_tab(window: MainWindow, tmp_path: Path) -> None:
    first = tmp_path / "pc.sechar"
    save_character(library.load_pc("jyrell"), first)
    second = tmp_path / "same-pc.sechar"
    os.link(first, second)
    owner = window.open_path(first)
    assert owner is not None
    assert window.open_path(second) is owner
    assert len(window.documents()) == 1


def test_a_symlink_loop_opened_in_the_window_is_one_line(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save_character(library.load_pc("jyrell"), tmp_path / "pc.sechar")
    assert window.open_path(tmp_path / "pc.sechar") is not None  # an open tab to compare
    loop = tmp_path / "loop.sechar"
    loop.symlink_to(loop)
    seen: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, _t, text, *a: seen.append(text)))
    assert window.open_path(loop) is None
    assert len(seen) == 1 and "symlink" in seen[0] and "\n" not in seen[0]


def test_a_failed_autosave_says_so_and_keeps_trying(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QLabel

    document = se_part(window).open_book_character(library.load_pc("jyrell"))
    assert document.is_modified()
    autosaver = window.autosaver
    autosaver.timer.stop()
    real_write = autosaver.write

    def full(doc: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(autosaver, "write", full)
    assert autosaver.save_all() == 0
    label = window.findChild(QLabel, "autosaveFailed")
    assert label is not None and label.isVisible()
    assert "No space left on device" in label.toolTip() and "Jyrell" in label.toolTip()
    assert "No space left" in window.statusBar().currentMessage()
    assert autosaver.save_all() == 0  # tried again, still failing: still said
    assert window.findChild(QLabel, "autosaveFailed") is label
    monkeypatch.setattr(autosaver, "write", real_write)
    assert autosaver.save_all() == 1  # the next round writes it
    assert window.findChild(QLabel, "autosaveFailed") is None
    assert window.statusBar().currentMessage() == "Autosave works again"
    assert autosaver.folder.joinpath(f"{document.autosave_id}.sechar").exists()


def _huge(kind: object, field: str, path: Path, base: object = None) -> Path:
    data = kind.to_data(base if base is not None else kind.model())  # type: ignore[attr-defined]
    target = data
    *parents, last = field.split(".")
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    target[last] = 10**30
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_huge_numbers_open_as_one_line_in_every_system(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from seforge.systems.sword_of_life.documents import CHARACTER as SOL
    from seforge.systems.swords_edge.fileformat import CHARACTER_KIND
    from seforge.systems.twod20.documents import CHARACTER_KIND as TWOD20

    files = [
        _huge(CHARACTER_KIND, "elements.0.gm_extra_cost", tmp_path / "pc.sechar",
              library.load_pc("jyrell")),
        _huge(SOL, "grip_now", tmp_path / "hero.sol"),
        _huge(TWOD20, "fatigue", tmp_path / "hero.s2d20"),
    ]
    seen: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, _t, text, *a: seen.append(text)))
    for path in files:
        assert not window.open_file(path)
    assert len(seen) == 3 and all("\n" not in text for text in seen)
    assert "gm_extra_cost" in seen[0] and "grip_now" in seen[1] and "fatigue" in seen[2]
    assert window.documents() == []


def test_a_bad_scene_file_says_scene_not_character(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from seforge.systems.swords_edge.scene import SCENE_KIND

    data = SCENE_KIND.to_data(SCENE_KIND.model())
    data["pcs"] = "not a list"
    path = tmp_path / "fight.sescene"
    path.write_text(json.dumps(data), encoding="utf-8")
    titles: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical",
                        staticmethod(lambda _p, title, text, *a: titles.append(title)))
    window.open_path(path)
    assert titles == ["Cannot open scene"]

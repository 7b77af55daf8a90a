"""The GM Screen pages' trackers are the window's documents too: asked about on quit,
autosaved, given a File menu (New, Open…, Save, Save As…), and never open in two owners."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from ui.shell import autosave
from ui.shell.gm_documents import TrackerBar
from ui.shell.system_uis import registry_loader
from ui.shell.unsaved_dialog import ask_save_all
from ui.shell.window import MainWindow


def twod20_page(window: MainWindow, qtbot: QtBot) -> tuple[object, TrackerBar]:
    window.ensure_ready()
    dock = window.gm_screen_dock
    dock.show()
    dock.follow("2d20")
    page = dock.show_page("2d20")
    bar = dock.bar("2d20")
    assert isinstance(bar, TrackerBar)
    qtbot.waitUntil(bar.isVisible)
    return page, bar


def add_momentum(page: object, qtbot: QtBot) -> None:
    page.tabs.setCurrentIndex(2)  # type: ignore[attr-defined]
    button = page.conflict.momentum_add  # type: ignore[attr-defined]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def answer_save_as(monkeypatch: pytest.MonkeyPatch, target: Path) -> list[str]:
    filters: list[str] = []

    def save_name(*args: object) -> tuple[str, str]:
        filters.append(str(args[3]))
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    return filters


def test_an_edited_tracker_is_asked_about_on_quit_and_saved_as_its_kind(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    page, bar = twod20_page(window, qtbot)
    owner = page.conflict_owner  # type: ignore[attr-defined]
    assert window.unsaved_work() == []
    add_momentum(page, qtbot)
    assert owner.is_modified()
    assert bar.label.text().endswith("not saved yet *")
    work = window.unsaved_work()
    assert [w.kind for w in work] == ["2d20 conflict tracker"]
    filters = answer_save_as(monkeypatch, tmp_path / "fight")
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a: QMessageBox.StandardButton.Save))
    assert ask_save_all(window, work, "quitting")
    saved = tmp_path / ("fight" + owner.kind.suffix)
    assert saved.is_file() and "*" + owner.kind.suffix in filters[0]
    assert json.loads(saved.read_text(encoding="utf-8"))["format"] == "2d20.conflict"
    assert not owner.is_modified()
    assert bar.label.text() == f"2d20 conflict tracker: {saved.name}"
    assert window.unsaved_work() == []


def test_a_tracker_is_autosaved_and_read_back_after_a_crash(
        window: MainWindow, qtbot: QtBot) -> None:
    page, _bar = twod20_page(window, qtbot)
    owner = page.conflict_owner  # type: ignore[attr-defined]
    add_momentum(page, qtbot)
    saver = window.autosaver
    assert saver.save_all() >= 1
    copy, sidecar = saver.paths_for(owner)
    assert copy.is_file() and sidecar.is_file()
    found = autosave.leftover_autosaves(saver.folder, None, registry_loader)
    restored = [r for r in found if r.editor.owner.kind is owner.kind]
    assert len(restored) == 1
    assert restored[0].editor.owner.document == owner.document
    for item in found:
        item.editor.widget().deleteLater()
    owner.save(copy.with_name("kept" + owner.kind.suffix))
    assert not copy.exists()  # a save drops the autosave


def test_new_and_open_through_the_bar(window: MainWindow, qtbot: QtBot, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch,
                                      prompts: list[str]) -> None:
    page, bar = twod20_page(window, qtbot)
    owner = page.conflict_owner  # type: ignore[attr-defined]
    add_momentum(page, qtbot)
    target = tmp_path / ("one" + owner.kind.suffix)
    answer_save_as(monkeypatch, target)
    assert bar.save()
    momentum = owner.document.momentum
    assert momentum == 1
    add_momentum(page, qtbot)
    assert bar.new()  # asks (the prompts fixture answers Discard)
    assert prompts and owner.path is None and owner.document.momentum == 0
    assert not owner.is_modified()
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a: (str(target), "")))
    assert bar.open()
    assert owner.path == target and owner.document.momentum == 1
    assert not owner.undo_stack.canUndo()
    assert bar.label.text() == f"2d20 conflict tracker: {target.name}"


def test_one_file_is_never_open_in_two_owners(window: MainWindow, qtbot: QtBot,
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information",
                        staticmethod(lambda _p, _t, text, *a: told.append(text)))
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _p, _t, text, *a: told.append(text)))
    page, bar = twod20_page(window, qtbot)
    owner = page.conflict_owner  # type: ignore[attr-defined]
    on_screen = tmp_path / ("screen" + owner.kind.suffix)
    owner.save(on_screen)
    tabs_before = window.tabs.count()
    assert window.open_file(on_screen)  # File › Open, a drop, the command line
    assert window.tabs.count() == tabs_before
    assert "GM Screen" in told[-1]
    in_tab = tmp_path / ("tab" + owner.kind.suffix)
    owner.save(in_tab)
    owner.start_over(owner.document)  # the page forgets the file
    tab_owner = window.open_path(in_tab)
    assert tab_owner is not None and tab_owner is not owner
    assert not bar.open_path(in_tab)
    assert "already open in a tab" in told[-1]
    assert owner.path is None
    answer_save_as(monkeypatch, in_tab)
    assert not bar.save_as()  # nor saved over the tab's file
    assert owner.path is None


def test_sword_of_life_conflict_is_a_window_document(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    window.ensure_ready()
    dock = window.gm_screen_dock
    dock.show()
    page = dock.show_page("sword-of-life")
    bar = dock.bar("sword-of-life")
    assert isinstance(bar, TrackerBar) and bar.owner is page.owner  # type: ignore[attr-defined]
    editor = page.conflict  # type: ignore[attr-defined]
    editor.name_edit.setText("Duel at dawn")
    editor.name_edit.editingFinished.emit()
    assert page.owner.is_modified()  # type: ignore[attr-defined]
    assert any("GM Screen" in w.title for w in window.unsaved_work())
    assert any(d is page.owner for d in window.controller.all_documents())  # type: ignore[attr-defined]
    suggested: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a: (suggested.append(str(a[2])), ("", ""))[1]))
    assert not bar.save()  # no path yet: Save As, named after the conflict; cancelled
    assert Path(suggested[0]).name == "Duel at dawn.solconflict"
    assert page.owner.is_modified()  # type: ignore[attr-defined]
    assert dock.bar("blades") is None or not dock.bar("blades").isVisible()  # type: ignore[union-attr]


def test_after_a_crash_a_tracker_comes_back_on_its_gm_page(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.shell import dialogs

    page, _bar = twod20_page(window, qtbot)
    add_momentum(page, qtbot)
    add_momentum(page, qtbot)
    saver = window.autosaver
    assert saver.save_all() >= 1
    saver.timer.stop()
    saver.lock.release()  # a crash: the files stay
    offered: list[list[str]] = []
    monkeypatch.setattr(dialogs, "ask_restore",
                        lambda _parent, titles: offered.append(titles) or True)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    second.show()
    second.ensure_ready()
    assert second.restore_autosaves() == 1
    assert offered == [["Conflict"]]
    assert second.tabs.count() == 0  # not a tab: back on the GM Screen
    restored = second.gm_screen_dock.built("2d20")
    assert restored is not None
    owner = restored.conflict_owner  # type: ignore[attr-defined]
    assert owner.document.momentum == 2 and owner.is_modified()
    assert any(w.title.startswith("Conflict") for w in second.unsaved_work())
    for document in second.controller.all_documents():
        document.undo_stack.setClean()
    second.close()


def test_file_save_follows_the_focus_into_the_gm_page(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    character = window.new_document("2d20", "2d20.character")
    page, _bar = twod20_page(window, qtbot)
    owner = page.conflict_owner  # type: ignore[attr-defined]
    add_momentum(page, qtbot)
    page.conflict.momentum_add.setFocus()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: window.focused_gm_document() is owner)
    answer_save_as(monkeypatch, tmp_path / "focused")
    window.save_action.trigger()
    assert owner.path == tmp_path / ("focused" + owner.kind.suffix)
    assert character.path is None

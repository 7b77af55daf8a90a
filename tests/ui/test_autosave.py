"""Autosave and recovery after a crash."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSysInfo, Qt
from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import build_sarah_x, se_part, type_into
from ui.shell import dialogs as main_window_module
from ui.shell.window import MainWindow


def dead_pid() -> int:
    """The id of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def crash(window: MainWindow) -> None:
    """What a kill -9 leaves behind: the autosaves, and a session lock naming a
    process that is gone (the window itself stays open in this test process)."""
    autosaver = window.autosaver
    autosaver.timer.stop()
    autosaver.lock.release()
    host = QSysInfo.machineHostName()
    (autosaver.folder / "session.lock").write_text(
        f"{dead_pid()}\n{Path(sys.executable).name}\n{host}\n", encoding="utf-8")


def test_restore_after_a_crash(qtbot: QtBot, window: MainWindow, tmp_path: Path,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    editor = build_sarah_x(window)
    jyrell = se_part(window).open_book_character(load_pc("jyrell"))
    built = editor.document.character.model_copy(deep=True)
    folder = window.autosaver.folder
    with qtbot.waitSignal(window.autosaver.timer.timeout, timeout=2000):
        pass
    qtbot.waitUntil(lambda: len(list(folder.glob("*.sechar"))) == 2, timeout=2000)
    assert (folder / "session.lock").exists()

    # simulate a crash: the old window never shuts down cleanly
    crash(window)
    offered: list[list[str]] = []

    def ask(parent: object, titles: list[str]) -> bool:
        offered.append(titles)
        return True

    monkeypatch.setattr(main_window_module, "ask_restore", ask)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 2
    # a new character is offered by its name, as its tab shows it
    assert sorted(offered[0]) == ["Jyrell", "Sarah X"]
    restored = {d.title(): d for d in second.documents()}
    assert restored["Sarah X"].character == built
    assert restored["Jyrell"].character == jyrell.character
    assert all(d.is_modified() for d in second.documents())
    # the crashed session's files are gone; the new session holds its own copies
    assert len(list(folder.glob("*.sechar"))) == 2
    second.shutdown()
    assert not list(folder.glob("*.sechar"))
    assert not (folder / "session.lock").exists()


def test_restore_keeps_the_original_path(qtbot: QtBot, window: MainWindow, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from seforge.systems.swords_edge.fileformat import save_character

    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    document = window.open_path(path)
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    editor.name_edit.setText("")
    editor.name_edit.textEdited.emit("Sarah Y")
    assert window.autosaver.save_all() == 1
    assert window.autosaver.save_all() == 0  # nothing new since
    crash(window)
    monkeypatch.setattr(main_window_module, "ask_restore", lambda parent, titles: True)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 1
    restored = second.documents()[0]
    assert restored.path == path
    assert restored.character.name == "Sarah Y"
    second.shutdown()


def test_discard_removes_leftovers(qtbot: QtBot, window: MainWindow,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    build_sarah_x(window)
    window.autosaver.save_all()
    crash(window)
    monkeypatch.setattr(main_window_module, "ask_restore", lambda parent, titles: False)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 0
    assert second.documents() == []
    assert not list(second.autosaver.folder.glob("*.sechar"))
    second.shutdown()


def test_saving_and_closing_remove_the_autosave(window: MainWindow, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    build_sarah_x(window)
    window.autosaver.save_all()
    folder = window.autosaver.folder
    assert len(list(folder.glob("*.sechar"))) == 1
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "s.sechar"), "")))
    window.save()
    assert not list(folder.glob("*.sechar"))
    se_part(window).open_book_character(load_pc("jyrell"))
    window.autosaver.save_all()
    assert len(list(folder.glob("*.sechar"))) == 1
    window.close_current()
    assert not list(folder.glob("*.sechar"))


def test_undoing_back_to_the_saved_file_removes_the_autosave(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Edited (and autosaved), then undone back to the file as saved: nothing is unsaved,
    so a crash now offers nothing back (the stale autosave used to be offered)."""
    from PySide6.QtWidgets import QFileDialog

    build_sarah_x(window)
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "s.sechar"), "")))
    window.save()
    folder = window.autosaver.folder
    owner = window.current_document()
    owner.apply("Rename", lambda c: setattr(c, "name", "Sarah Y"))
    window.autosaver.save_all()
    assert len(list(folder.glob("*.sechar"))) == 1
    owner.undo_stack.undo()
    assert not owner.is_modified()
    window.autosaver.save_all()
    assert not list(folder.glob("*.sechar"))
    assert not list(folder.glob("*.json"))


@pytest.mark.parametrize("outside_edit", ["before the crash", "after the crash", "none"])
def test_restore_remembers_the_file_as_it_was(
        qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        outside_edit: str) -> None:
    """Issue 23, 4: a restored document still notices that another program changed its
    file (before or after the crash), and Save asks before overwriting that edit."""
    from seforge.systems.swords_edge.fileformat import load_character, save_character

    path = tmp_path / "sarah.sechar"
    save_character(load_pc("sarah-x"), path)
    document = window.open_path(path)
    assert document is not None
    editor = window.current_editor()
    assert editor is not None
    editor.name_edit.setText("")
    editor.name_edit.textEdited.emit("Sarah Y")

    def edit_outside() -> None:
        theirs = load_character(path)
        theirs.player = "Another program"
        save_character(theirs, path)

    if outside_edit == "before the crash":
        edit_outside()
    assert window.autosaver.save_all() == 1
    crash(window)
    if outside_edit == "after the crash":
        edit_outside()
    monkeypatch.setattr(main_window_module, "ask_restore", lambda parent, titles: True)
    asked: list[str] = []

    def ask_choice(parent: object, title: str, text: str, choices: list[str],
                   default: int = 0) -> str:
        asked.append(text)
        return "Cancel"

    monkeypatch.setattr(main_window_module, "ask_choice", ask_choice)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 1
    restored = second.documents()[0]
    assert restored.character.name == "Sarah Y"
    assert restored.disk_changed() == (outside_edit != "none")
    saved = second.save(restored)
    if outside_edit == "none":
        assert saved and not asked
        assert load_character(path).name == "Sarah Y"
    else:
        assert not saved and "changed by another program" in asked[0]
        assert load_character(path).player == "Another program"
    second.shutdown()


def test_gm_table_opponent_and_campaign_come_back_after_a_crash(
        qtbot: QtBot, window: MainWindow, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The opponent being edited (.senc) and the campaign (notes, a clock) are autosaved
    while unsaved and offered back after a crash, in the GM's Table views that hold
    them; a campaign saved before the crash comes back living in its file."""
    from seforge.systems.swords_edge.campaign import load_campaign

    table = se_part(window).show_gm_table()
    assert table is not None
    table.opponents.new_opponent()
    table.opponents.editor.set_name("Sand Wraith")
    campaign_file = tmp_path / "wastes.secampaign"
    assert table.party.save_to(campaign_file) == campaign_file
    table.party.set_notes("The Baron marches.")
    table.party.add_clock("Legions close in", 6).dial.advance(2)
    folder = window.autosaver.folder
    assert window.autosaver.save_all() == 2
    assert len(list(folder.glob("*.senc"))) == 1
    assert len(list(folder.glob("*.secampaign"))) == 1
    crash(window)
    # The crashed window stays alive in this process: it keeps its edits when the file
    # changes under it (the new session saves it below).
    monkeypatch.setattr("ui.systems.swords_edge.file_watch.ask_choice",
                        lambda *a, **k: "Keep Mine")
    offered: list[list[str]] = []

    def ask(parent: object, titles: list[str]) -> bool:
        offered.append(titles)
        return True

    monkeypatch.setattr(main_window_module, "ask_restore", ask)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 2
    assert sorted(offered[0]) == ["Sand Wraith", "wastes.secampaign"]
    assert not second.documents()  # no tab: each is back where the GM's Table shows it
    restored = se_part(second).gm_table
    assert restored is not None
    assert restored.opponents.editor.nc().name == "Sand Wraith"
    assert restored.opponents.unsaved_work()
    party = restored.party
    assert party.path == campaign_file and party.modified
    assert party.notes_edit.toPlainText() == "The Baron marches."
    assert [(c.name, c.filled) for c in party.campaign.clocks] == [("Legions close in", 2)]
    assert not party.disk_changed()  # the file as it was when the autosave was written
    assert load_campaign(campaign_file).notes == ""  # nothing written behind the GM
    # The new session keeps its own copies; a save forgets the campaign's.
    assert len(list(folder.glob("*.secampaign"))) == 1
    assert party.save() == campaign_file
    assert not list(folder.glob("*.secampaign"))
    assert load_campaign(campaign_file).notes == "The Baron marches."
    second.shutdown()
    assert not list(folder.glob("*.senc"))


def test_a_discarded_campaign_edit_is_not_autosaved_any_more(
        window: MainWindow, tmp_path: Path) -> None:
    """Undo back to the saved campaign: its autosave goes, so a crash cannot offer an
    edit the GM took back."""
    table = se_part(window).show_gm_table()
    assert table is not None
    assert table.party.save_to(tmp_path / "wastes.secampaign") is not None
    table.party.set_notes("Not for keeps.")
    assert window.autosaver.save_all() == 1
    folder = window.autosaver.folder
    assert list(folder.glob("*.secampaign"))
    table.party.undo_stack.undo()
    assert not table.party.modified
    assert not list(folder.glob("*.secampaign"))


def _type_name(qtbot: QtBot, window: MainWindow, name: str) -> None:
    """Type ``name`` over the current character's name, as a user does, and wait for it."""
    field = window.current_editor().name_edit
    type_into(field, name)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.current_document().character.name == name)


def test_a_new_document_goes_by_the_name_typed_in_it(qtbot: QtBot, window: MainWindow) -> None:
    """The quit prompt and the restore prompt name a new character as its tab does: by
    the name typed in it, "Untitled" only while it has none."""
    window.new_document()
    assert [w.title for w in window.unsaved_work()] in ([], ["Untitled"])
    _type_name(qtbot, window, "Mara Vell")
    assert [w.title for w in window.unsaved_work()] == ["Mara Vell"]
    assert window.tabs.tabText(window.tabs.currentIndex()).startswith("Mara Vell")
    window.autosaver.save_all()
    metas = list(window.autosaver.folder.glob("*.json"))
    assert len(metas) == 1 and '"title": "Mara Vell"' in metas[0].read_text(encoding="utf-8")


def test_a_restored_new_document_still_goes_by_its_name(
        qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Restored after a crash, a new character is offered by its name and keeps
    following it: renamed afterwards, the quit prompt names it anew."""
    build_sarah_x(window)
    folder = window.autosaver.folder
    window.autosaver.save_all()
    assert len(list(folder.glob("*.sechar"))) == 1
    crash(window)
    monkeypatch.setattr(main_window_module, "ask_restore", lambda parent, titles: True)
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 1
    assert [w.title for w in second.unsaved_work()] == ["Sarah X"]
    _type_name(qtbot, second, "Sarah Y")
    assert [w.title for w in second.unsaved_work()] == ["Sarah Y"]
    second.shutdown()

"""The NC editor and the opponent library."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_nc, save_nc
from seforge.systems.swords_edge.models import NCType, Trait
from seforge.systems.swords_edge.nc_builder import user_nc_folder
from seforge.systems.swords_edge.ranks import Rank
from ui.systems.swords_edge.gm_table.nc_editor import NCEditor
from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary


def _choose(combo: object, data: object) -> None:
    index = combo.findData(data)  # type: ignore[attr-defined]
    combo.setCurrentIndex(index)  # type: ignore[attr-defined]
    combo.activated.emit(index)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("kind", "rank", "expected"), [
    ("minion", Rank.POOR, [("Concept +2 (Concept)", "7")]),
    ("regular", Rank.AVERAGE, [("Concept +2 (Concept)", "14"), ("Physique +2", "14"),
                               ("Charisma +0", "12"), ("Cunning -2", "10")]),
    ("hero", Rank.GOOD, [("Concept +4 (Concept)", "21"), ("Physique +2", "19"),
                         ("Charisma +4", "21"), ("Cunning +6", "23"),
                         ("Element +4 (Element)", "21"), ("Element +2 (Element)", "19")]),
])
def test_template_per_type(qtbot, kind: str, rank: Rank, expected: list) -> None:
    editor = NCEditor()
    qtbot.addWidget(editor)
    _choose(editor.type_combo, kind)
    _choose(editor.rank_combo, int(rank))
    assert editor.rank_combo.currentText() == f"{rank.label} (TN {rank.target_number})"
    qtbot.mouseClick(editor.template_button, Qt.MouseButton.LeftButton)
    assert editor.tn_rows() == expected
    assert editor.nc().type is NCType(kind)
    assert editor.notes_label.text() == f"Follows the {kind} template."


def test_trait_order_undo_and_deviations(qtbot) -> None:
    editor = NCEditor()
    qtbot.addWidget(editor)
    _choose(editor.type_combo, "regular")
    editor.order_combo.setCurrentIndex(editor.order_combo.findText(
        "Cunning +2, Physique +0, Charisma -2"))
    editor.apply_template()
    nc = editor.nc()
    assert nc.traits == {Trait.CUNNING: Rank.GOOD, Trait.PHYSIQUE: Rank.AVERAGE,
                         Trait.CHARISMA: Rank.BASIC}
    # A monster: a regular with an extra Quality, noted gently.
    qtbot.mouseClick(editor.elements.add_button, Qt.MouseButton.LeftButton)
    name, rank, trait, _remove = editor.elements.rows[0]
    qtbot.keyClicks(name, "Stone Gaze")
    _choose(rank, int(Rank.GREAT))
    _choose(trait, "Charisma")
    assert editor.nc().elements[0].name == "Stone Gaze"
    assert ("Stone Gaze +4 (Element)", "16") in editor.tn_rows()
    assert "built like a monster" in editor.notes_label.text()
    # Typing merges into one undo step; undo walks back through the edits.
    editor.undo_stack.undo()
    editor.undo_stack.undo()
    assert editor.nc().elements[0].rank is Rank.GOOD
    editor.undo_stack.undo()
    assert editor.nc().elements[0].name == ""
    editor.undo_stack.redo()
    assert editor.elements.rows[0][0].text() == "Stone Gaze"
    # Traits are optional.
    editor.trait_checks[Trait.CHARISMA].setChecked(False)
    assert Trait.CHARISMA not in editor.nc().traits
    assert any("Charisma not given" in d for d in editor.deviations())


def test_gorgon_tn_table(qtbot) -> None:
    editor = NCEditor(library.load_nc("gorgon"))
    qtbot.addWidget(editor)
    rows = dict(editor.tn_rows())
    assert rows["Charisma +6"] == "29"
    assert rows["Stone Gaze +4 (Element)"] == "27"
    assert "base TN 23" in editor.base_label.text()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(folder))
    return folder


def test_new_opponent_saved_and_listed(qtbot, data_dir: Path) -> None:
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    assert lib.data_dir == data_dir
    books = len(lib.shown_titles())
    qtbot.mouseClick(lib.new_button, Qt.MouseButton.LeftButton)
    editor = lib.editor
    editor.name_edit.selectAll()
    qtbot.keyClicks(editor.name_edit, "Sand Wraith")
    _choose(editor.type_combo, "hero")
    _choose(editor.rank_combo, int(Rank.GOOD))
    editor.apply_template()
    editor.genre_edit.setText("Fantasy")
    editor.genre_edit.textEdited.emit("Fantasy")
    assert "unsaved" in lib.editor_title.text()
    qtbot.mouseClick(lib.save_button, Qt.MouseButton.LeftButton)
    path = user_nc_folder(data_dir) / "Sand Wraith.senc"
    assert path.exists() and load_nc(path).type is NCType.HERO
    assert "Sand Wraith" in lib.shown_titles() and len(lib.shown_titles()) == books + 1
    # the hero template's Concept and two Elements are still nameless: saved, and said so
    assert lib.editor_title.text() == "Editing Sand Wraith.senc · saved with 3 problems"
    # Editing it again saves in place, not as a new file.
    lib.select("Sand Wraith")
    lib.edit_selected()
    lib.editor.set_name("Sand Wraith Queen")
    lib.save_editor()
    assert load_nc(path).name == "Sand Wraith Queen"
    assert len(list(user_nc_folder(data_dir).glob("*.senc"))) == 1


def test_broken_file_shown_with_message(qtbot, data_dir: Path) -> None:
    folder = user_nc_folder(data_dir)
    (folder / "Broken.senc").write_text("{not json", encoding="utf-8")
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    item = lib.item_for("Broken.senc")
    assert item is not None and "is not valid JSON" in item.toolTip(0)
    _choose(lib.type_combo, "hero")  # filters never hide a broken file
    assert lib.item_for("Broken.senc") is not None
    assert "1 unreadable file" in lib.count_label.text()
    lib.select("Broken.senc")
    assert "cannot be read" in lib.preview.toPlainText()
    assert lib.delete_button.isEnabled() and not lib.print_button.isEnabled()


def test_filters(qtbot, data_dir: Path) -> None:
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    lib.search_edit.setText("gorgon")
    assert lib.shown_titles() == ["Gorgon"]
    lib.search_edit.clear()
    _choose(lib.type_combo, "minion")
    _choose(lib.rank_filter, int(Rank.POOR))
    assert "Shock Troopers" in lib.shown_titles()
    assert all(e.nc.type is NCType.MINION and e.nc.rank is Rank.POOR
               for e in lib.visible_entries())
    lib.genre_combo.setCurrentIndex(lib.genre_combo.findData("Fantasy"))
    assert "Shock Troopers" not in lib.shown_titles()


def test_cards_export_import_delete(qtbot, data_dir: Path, tmp_path: Path,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    lib.select("Gorgon", "Dragon", "Shock Troopers")
    pdf = tmp_path / "cards"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(pdf), "PDF files (*.pdf)")))
    qtbot.mouseClick(lib.print_button, Qt.MouseButton.LeftButton)
    written = tmp_path / "cards.pdf"
    assert written.read_bytes().startswith(b"%PDF")

    lib.select("Gorgon")
    out = tmp_path / "gorgon.senc"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(out), "")))
    assert lib.export_selected() == out
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(out)], "")))
    imported = lib.import_files()
    assert [p.name for p in imported] == ["Gorgon.senc"]
    own = [e for e in lib.entries if e.origin == "own"]
    assert [e.nc.name for e in own] == ["Gorgon"]

    # Book NCs cannot be deleted; own files only after the question.
    lib.select("Dragon")
    assert not lib.delete_button.isEnabled()
    lib.tree.clearSelection()
    item = next(lib.tree.topLevelItem(i) for i in range(lib.tree.topLevelItemCount())
                if lib.tree.topLevelItem(i).text(4) == "Mine")
    item.setSelected(True)
    answers = [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *a, **k: answers.pop(0)))
    assert lib.delete_selected() == []
    assert lib.delete_selected() == imported
    assert not imported[0].exists()


def test_add_to_scene_signal(qtbot, data_dir: Path) -> None:
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    lib.select("Shock Troopers")
    lib.count_spin.setValue(3)
    with qtbot.waitSignal(lib.add_to_scene_requested) as blocker:
        qtbot.mouseClick(lib.scene_button, Qt.MouseButton.LeftButton)
    nc, count = blocker.args
    assert nc.name == "Shock Troopers" and count == 3


def test_import_of_a_bad_file_reports(qtbot, data_dir: Path, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "bad.senc"
    save_nc(library.load_nc("goblin"), bad)
    bad.write_text(bad.read_text(encoding="utf-8").replace('"minion"', '"boss"'),
                   encoding="utf-8")
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    seen: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(bad)], "")))
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _p, _t, text, *a: seen.append(text)))
    assert lib.import_files() == []
    assert seen and seen[0].startswith("bad.senc: field 'type'")


def test_the_opponent_being_edited_has_one_owner(qtbot, data_dir: Path) -> None:
    """The editor changes the opponent through its owner, which knows its file, what it
    was when editing began and whether another program changed it."""
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    owner = lib.owner
    assert owner is lib.editor.owner and lib.editor.undo_stack is owner.undo_stack
    qtbot.mouseClick(lib.new_button, Qt.MouseButton.LeftButton)
    assert owner.path is None and not owner.unsaved()
    redraws: list[int] = []
    owner.changed.connect(lambda: redraws.append(1))
    lib.editor.set_name("Sand Wraith")
    assert owner.nc.name == "Sand Wraith" and owner.unsaved() and redraws
    assert lib.unsaved_work() and lib.unsaved_work()[0].title == "Sand Wraith"
    owner.undo_stack.undo()
    assert lib.editor.name_edit.text() == owner.nc.name != "Sand Wraith"
    owner.undo_stack.redo()
    moved: list[int] = []
    lib.editing_path_changed.connect(lambda: moved.append(1))
    path = lib.save_editor()
    assert path is not None and owner.path == path == lib.editing_path and moved
    assert not owner.unsaved() and owner.undo_stack.isClean() and not owner.disk_changed()
    save_nc(load_nc(path).model_copy(update={"notes": "changed elsewhere"}), path)
    assert owner.disk_changed()
    lib.on_disk_changed()  # nothing unsaved here: read again
    assert owner.nc.notes == "changed elsewhere" and not owner.disk_changed()


def test_tab_goes_from_the_preview_to_the_next_control(qtbot, data_dir: Path) -> None:
    """Found with a real keyboard: after the opponent preview, Tab stopped on the GM's
    Table's scroll area, where nothing showed the focus."""
    from PySide6.QtWidgets import QApplication, QScrollArea

    from ui.systems.swords_edge.gm_table.window import GMTableWidget

    table = GMTableWidget(restore_scene=False)
    qtbot.addWidget(table)
    table.show()
    table.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is table)
    preview = table.opponents.preview
    preview.setFocus()
    qtbot.keyClick(preview, Qt.Key.Key_Tab)
    assert not isinstance(QApplication.focusWidget(), QScrollArea)
    assert not table.scroll_area.focusPolicy() & Qt.FocusPolicy.TabFocus

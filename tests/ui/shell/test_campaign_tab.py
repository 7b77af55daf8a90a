"""A campaign of a system without a campaign view of its own (2d20, Blades, Sword of Life)
opens in a tab of the shell: its documents, clocks and notes, all through one owner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog
from pytestqt.qtbot import QtBot

from seforge.core.campaign import CAMPAIGN_KIND
from ui.shell import autosave
from ui.shell.campaign_view import CampaignView
from ui.shell.window import MainWindow


def new_campaign(window: MainWindow, monkeypatch: pytest.MonkeyPatch,
                 title: str = "Blades in the Dark") -> tuple[object, CampaignView]:
    monkeypatch.setattr(QInputDialog, "getItem",
                        staticmethod(lambda *a: (title, True)))
    window.new_campaign_action.trigger()
    view = window.current_editor()
    assert isinstance(view, CampaignView)
    return view.owner, view


def save_as(monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a: (str(target), "")))


def test_new_campaign_lists_only_systems_without_their_own(window: MainWindow) -> None:
    ids = [ui.system_id for ui in window.controller.campaign_systems()]
    assert "swords-edge" not in ids
    assert {"2d20", "blades", "sword-of-life"} <= set(ids)
    assert window.new_campaign_action.isVisible()


def test_a_blades_campaign_lists_a_crew_and_opens_it(
        window: MainWindow, qtbot: QtBot, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    crew = window.new_document("blades", "blades.crew")
    save_as(monkeypatch, tmp_path / "crew")
    assert window.save(crew)
    crew_path = crew.path
    owner, view = new_campaign(window, monkeypatch)
    assert owner.document.system == "blades"
    assert [view.clock_size.itemData(i) for i in range(view.clock_size.count())] == [
        4, 6, 8, 12]
    assert view.clock_kind.isVisibleTo(view)
    # Add Open lists the other open documents; the crew is one
    scoundrel = window.new_document("blades", "blades.character")
    window.tabs.setCurrentWidget(view)
    view.fill_open_menu()
    entries = {a.text(): a for a in view.open_menu.actions()}
    assert not entries[f"{scoundrel.title()} (not saved yet)"].isEnabled()
    entries[crew_path.name].trigger()
    assert view.documents.count() == 1 and view.documents.item(0).text() == crew_path.name
    view.fill_open_menu()
    assert not {a.text(): a for a in view.open_menu.actions()}[crew_path.name].isEnabled()
    window.close_tab(window.tabs.indexOf(window.controller.tab_of(scoundrel).widget))
    save_as(monkeypatch, tmp_path / "campaigns" / "heist")
    (tmp_path / "campaigns").mkdir()
    assert window.save(owner)
    data = json.loads((tmp_path / "campaigns" / "heist.secampaign").read_text("utf-8"))
    assert data["format"] == "seforge.campaign" and data["system"] == "blades"
    assert data["documents"] == ["../crew.bladescrew"]  # kept relative to the campaign
    # close the crew's tab; Enter on the list opens it again
    window.close_tab(0)
    assert window.controller.find_open(crew_path) < 0
    view.documents.setCurrentRow(0)
    view.documents.setFocus()
    qtbot.keyClick(view.documents, Qt.Key.Key_Return)
    assert window.controller.find_open(crew_path) >= 0
    # read back, the list names the same file
    window.close_tab(window.tabs.indexOf(view))
    assert window.open_file(tmp_path / "campaigns" / "heist.secampaign")
    reopened = window.current_editor()
    assert isinstance(reopened, CampaignView)
    assert reopened.document_path(0) == crew_path.absolute()


def test_clocks_and_notes_are_undoable_changes(window: MainWindow, qtbot: QtBot,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    owner, view = new_campaign(window, monkeypatch)
    qtbot.keyClicks(view.clock_name, "Bluecoats close in")
    view.clock_size.setCurrentIndex(view.clock_size.findData(8))
    view.clock_kind.setCurrentIndex(view.clock_kind.findData("danger"))
    qtbot.mouseClick(view.add_clock, Qt.MouseButton.LeftButton)
    assert [(c.name, c.segments, c.kind) for c in owner.document.clocks] == [
        ("Bluecoats close in", 8, "danger")]
    qtbot.mouseClick(view.tick, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.tick, Qt.MouseButton.LeftButton)
    assert owner.document.clocks[0].filled == 2
    assert view.clocks.item(0, 2).text() == "2/8"
    # a second clock of the same name is refused with its reason
    view.clock_name.setText("Bluecoats close in")
    qtbot.mouseClick(view.add_clock, Qt.MouseButton.LeftButton)
    assert "already" in view.message.text() and len(owner.document.clocks) == 1
    qtbot.keyClicks(view.notes, "Lyssa owes us")
    # typing becomes one step once it pauses, or as soon as anything asks (quit, save)
    assert owner.is_modified() and owner.document.notes == "Lyssa owes us"
    assert owner.undo_stack.undoText() == "Edit the notes"
    qtbot.keyClicks(view.notes, ", and more")
    qtbot.waitUntil(lambda: owner.document.notes == "Lyssa owes us, and more", timeout=3000)
    owner.undo_stack.undo()
    window.undo_action.trigger() if window.undo_action.isEnabled() else owner.undo_stack.undo()
    assert owner.document.notes == ""
    owner.undo_stack.undo()
    assert owner.document.clocks[0].filled == 1
    assert any(w.kind.lower() == "campaign" for w in window.unsaved_work())


def test_a_campaign_is_autosaved_and_restored_as_a_campaign(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    owner, view = new_campaign(window, monkeypatch, "Sword of Life")
    view.name.setText("The long road")
    view.name.editingFinished.emit()
    saver = window.autosaver
    assert saver.save_all() >= 1
    copy, _sidecar = saver.paths_for(owner)
    assert copy.suffix == CAMPAIGN_KIND.suffix
    found = autosave.leftover_autosaves(
        saver.folder, None,
        lambda p: window.controller.campaign_editor("sword-of-life", p))
    assert [r.editor.owner.document.name for r in found] == ["The long road"]
    for item in found:
        item.editor.widget().deleteLater()
    # restoring goes through the campaign tab, not Sword's Edge's party view
    assert window.controller.generic_campaign(copy) == "sword-of-life"


def test_trackers_of_each_system_open_from_a_campaign(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _owner, view = new_campaign(window, monkeypatch, "2d20 (SRD 2022 / Conan)")
    files = []
    for system_id, format_id, name in (("2d20", "2d20.conflict", "fight"),
                                       ("sword-of-life", "sword-of-life.conflict", "duel"),
                                       ("blades", "blades.crew", "crew")):
        document = window.new_document(system_id, format_id)
        save_as(monkeypatch, tmp_path / name)
        assert window.save(document)
        files.append(document.path)
    for path in files:
        window.close_tab(window.controller.find_open(path))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a: ([str(p) for p in files], "")))
    view.add_files_dialog()
    assert view.documents.count() == 3
    for row, path in enumerate(files):
        assert view.open_document(row)
        assert window.controller.find_open(path) >= 0
    # a file opened twice from the list is the same tab
    tabs = window.tabs.count()
    assert view.open_document(0)
    assert window.tabs.count() == tabs


def test_a_swords_edge_campaign_still_opens_in_its_party_view(
        window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "old.secampaign"
    path.write_text(json.dumps({"format": "seforge.campaign", "version": 1,
                                "name": "Wastes"}), encoding="utf-8")
    assert window.controller.generic_campaign(path) is None
    other = tmp_path / "blades.secampaign"
    other.write_text(json.dumps({"format": "seforge.campaign", "version": 1,
                                 "system": "blades", "name": "Doskvol"}), encoding="utf-8")
    assert window.open_file(other)
    view = window.current_editor()
    assert isinstance(view, CampaignView) and view.name.text() == "Doskvol"
    assert view.system.text() == "Blades in the Dark"


def test_a_system_without_clock_kinds_shows_none(window: MainWindow,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _owner, view = new_campaign(window, monkeypatch, "Sword of Life")
    assert not view.clock_kind.isVisibleTo(view)
    assert view.clocks.isColumnHidden(1)
    assert view.owner.document.system == "sword-of-life"


def test_the_focused_name_field_follows_an_undo_from_the_menu(
        window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Edit › Undo chosen with the mouse while the name field keeps the focus: the field
    shows the name the undo brought back, so leaving it does not rename the campaign
    again (which would also drop the redo)."""
    owner, view = new_campaign(window, monkeypatch)
    window.activateWindow()
    view.name.setFocus()
    qtbot.waitUntil(view.name.hasFocus)
    qtbot.keyClicks(view.name, "Doskvol nights")
    qtbot.keyClick(view.name, Qt.Key.Key_Return)
    assert owner.document.name == "Doskvol nights"
    assert view.name.hasFocus()
    window.undo_action.trigger()
    assert owner.document.name == "" and view.name.text() == ""
    view.notes.setFocus()  # leaving the field finishes its editing
    qtbot.waitUntil(lambda: not view.name.hasFocus())
    assert owner.document.name == ""
    assert owner.undo_stack.canRedo()

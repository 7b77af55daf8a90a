"""The party view: a campaign of three book PCs, clocks, save and reload."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.campaign import load_campaign
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Trait
from seforge.systems.swords_edge.play.session import start_session
from seforge.systems.swords_edge.play.stress import take_stress
from ui.systems.swords_edge.gm_table.clocks import ClockWidget
from ui.systems.swords_edge.gm_table.party import PartyView
from ui.systems.swords_edge.gm_table.window import GMTableWidget


def _files(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for pc_id in ("jyrell", "kyle-devos", "tella-of-jost"):
        pc = library.load_pc(pc_id)
        if pc_id == "kyle-devos":
            start_session(pc)
            take_stress(pc, Trait.CUNNING, 2)
        path = folder / f"{pc_id}.sechar"
        save_character(pc, path)
        paths.append(path)
    return paths


def test_party_columns_clocks_and_round_trip(qtbot, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _files(tmp_path / "pcs")
    view = PartyView()
    qtbot.addWidget(view)
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(p) for p in paths], "")))
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    assert len(view.columns) == 3
    texts = view.column_texts()
    assert texts[0].startswith("Jyrell")
    for pc_id, text in zip(("jyrell", "kyle-devos", "tella-of-jost"), texts, strict=True):
        pc = library.load_pc(pc_id)
        for slot in ("goal", "quirk", "style"):
            if getattr(pc.pivots, slot):
                assert getattr(pc.pivots, slot) in text
    assert "Cunning" in texts[1] and "(2 PR:" in texts[1]
    assert "Luck 3" in texts[1]

    view.name_edit.setText("The Infernum Wastes")
    view.name_edit.textEdited.emit("The Infernum Wastes")
    view.set_notes("The Baron's legions march.")
    view.add_clock_name.setText("Legions close in")
    view.add_clock_size.setCurrentIndex(view.add_clock_size.findData(6))
    qtbot.mouseClick(view.add_clock_button, Qt.MouseButton.LeftButton)
    dial: ClockWidget = view.clock_panels[0].dial
    dial.resize(72, 72)
    # Click the third segment (clockwise from 12): 3 of 6; click it again: 2 of 6.
    centre = dial.rect().center()
    point = QPoint(centre.x() + 10, centre.y() + 14)  # lower right: segment 3
    qtbot.mouseClick(dial, Qt.MouseButton.LeftButton, pos=point)
    assert dial.filled() == 3
    assert dial.accessibleName() == "Legions close in: 3 of 6"
    assert "3 of 6" in dial.toolTip()
    qtbot.mouseClick(dial, Qt.MouseButton.LeftButton, pos=point)
    assert dial.filled() == 2
    dial.setFocus()
    qtbot.keyClick(dial, Qt.Key.Key_Plus)
    qtbot.keyClick(dial, Qt.Key.Key_Plus)
    assert dial.text() == "4 of 6"
    qtbot.keyClick(dial, Qt.Key.Key_Minus)
    assert view.campaign.clocks[0].filled == 3

    target = tmp_path / "camp" / "wastes"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    qtbot.mouseClick(view.save_button, Qt.MouseButton.LeftButton)
    saved = target.with_name("wastes.secampaign")
    campaign = load_campaign(saved)
    assert campaign.name == "The Infernum Wastes"
    assert campaign.characters == [f"../pcs/{p.name}" for p in paths]
    assert campaign.notes == "The Baron's legions march."
    assert [(c.name, c.segments, c.filled) for c in campaign.clocks] == [
        ("Legions close in", 6, 3)]

    other = PartyView()
    qtbot.addWidget(other)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(saved), "")))
    qtbot.mouseClick(other.open_button, Qt.MouseButton.LeftButton)
    assert other.column_texts() == texts
    assert other.clock_panels[0].dial.text() == "3 of 6"
    assert other.notes_edit.toPlainText() == "The Baron's legions march."
    assert not other.modified

    other.remove_character(1)
    assert len(other.columns) == 2 and other.modified
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    qtbot.mouseClick(other.clock_panels[0].remove_button, Qt.MouseButton.LeftButton)
    assert other.campaign.clocks == []


def test_unreadable_character_shows_its_message(qtbot, tmp_path: Path) -> None:
    broken = tmp_path / "broken.sechar"
    broken.write_text("[]", encoding="utf-8")
    view = PartyView()
    qtbot.addWidget(view)
    view.add_characters([broken])
    assert "expected a JSON object" in view.column_texts()[0]
    assert view.characters() == []


def test_bad_campaign_file_warns(qtbot, tmp_path: Path, monkeypatch) -> None:
    bad = tmp_path / "bad.secampaign"
    bad.write_text('{"format": "seforge.campaign", "version": 9}', encoding="utf-8")
    seen: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _p, _t, text, *a: seen.append(text)))
    view = PartyView()
    qtbot.addWidget(view)
    assert not view.open_path(bad)
    assert "newer SEForge" in seen[0]


def test_gm_table_feeds_the_scene_from_the_campaign(qtbot, tmp_path: Path,
                                                    monkeypatch) -> None:
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(tmp_path / "data"))
    paths = _files(tmp_path / "pcs")
    table = GMTableWidget()
    qtbot.addWidget(table)
    table.party.add_characters(paths)
    candidates = table.scene_candidates()
    assert [c.name for c, _ in candidates] == ["Jyrell", "Kyle Devos", "Tella of Jost"]
    table.scene._fill_pc_menu()
    actions = [a for a in table.scene.pc_menu.actions() if a.text() == "Kyle Devos"]
    actions[0].trigger()
    assert [p.name for p in table.scene.scene.pcs] == ["Kyle Devos"]
    table.opponents.select("Shock Troopers")
    table.opponents.count_spin.setValue(2)
    table.opponents.add_selected_to_scene()
    assert table.tabs.currentWidget() is table.scene
    assert len(table.scene.scene.ncs) == 2
    # The end of the scene writes Kyle's file and the party view re-reads it.
    table.scene.finish_scene()
    assert "Luck 3" in table.party.column_texts()[1]


def test_campaign_opponents_list(qtbot, tmp_path: Path, monkeypatch) -> None:
    from seforge.systems.swords_edge.fileformat import save_nc

    folder = tmp_path / "ncs"
    folder.mkdir()
    paths = []
    for nc_id in ("shock-troopers", "goblin"):
        path = folder / f"{nc_id}.senc"
        save_nc(library.load_nc(nc_id), path)
        paths.append(path)
    broken = folder / "broken.senc"
    broken.write_text("[]", encoding="utf-8")
    table = GMTableWidget()
    qtbot.addWidget(table)
    view = table.party
    assert view.opponent_texts() == [] and not view.remove_opponent_button.isEnabled()
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        staticmethod(lambda *a, **k: ([str(p) for p in paths], "")))
    qtbot.mouseClick(view.add_opponents_button, Qt.MouseButton.LeftButton)
    assert view.add_opponents([paths[0]]) == []  # already listed
    view.add_opponents([broken])
    texts = view.opponent_texts()
    assert texts[0].startswith("Shock Troopers — Poor minion")
    assert texts[1].startswith("Goblin — ")
    assert texts[2].startswith("broken.senc: ") and "expected a JSON object" in texts[2]
    assert [nc.name for nc, _ in view.opponents()] == ["Shock Troopers", "Goblin"]
    assert view.modified
    # The scene tracker offers the campaign's opponents first.
    assert [nc.name for nc in table.scene_opponents()[:2]] == ["Shock Troopers", "Goblin"]

    # Remove the goblin, save, and open the campaign again.
    view.opponents_list.setCurrentRow(1)
    qtbot.mouseClick(view.remove_opponent_button, Qt.MouseButton.LeftButton)
    assert [t.split(" ")[0] for t in view.opponent_texts()] == ["Shock", "broken.senc:"]
    target = tmp_path / "camp" / "wastes.secampaign"
    target.parent.mkdir()
    assert view.save_to(target) == target
    assert load_campaign(target).opponents == ["../ncs/shock-troopers.senc",
                                               "../ncs/broken.senc"]
    other = PartyView()
    qtbot.addWidget(other)
    assert other.open_path(target)
    assert other.opponent_texts() == view.opponent_texts()
    assert other.opponents()[0][1].resolve() == paths[0].resolve()
    assert not other.modified


def test_campaign_table_rules_flag_and_align(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from seforge.systems.swords_edge.fileformat import load_character
    from seforge.systems.swords_edge.models import RuleOptions

    paths = _files(tmp_path / "pcs")
    view = PartyView()
    qtbot.addWidget(view)
    view.add_characters(paths)
    assert not view.align_buttons
    view.set_table_rules(RuleOptions(sfx_subsystem=True))
    assert view.modified
    assert len(view.align_buttons) == 3
    assert all("differ" in text for text in view.column_texts())
    tella = next(p for p in view.align_buttons if p.stem == "tella-of-jost")
    qtbot.mouseClick(view.align_buttons[tella], Qt.MouseButton.LeftButton)
    assert load_character(tella).options.sfx_subsystem
    assert len(view.align_buttons) == 2
    assert view.new_character_at(tmp_path / "pcs" / "newcomer")
    newcomer = load_character(tmp_path / "pcs" / "newcomer.sechar")
    assert newcomer.options.sfx_subsystem
    assert len(view.columns) == 4 and len(view.align_buttons) == 2


def test_export_party_summary_writes_the_summary_then_the_sheets(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pypdf import PdfReader

    monkeypatch.setenv("SEFORGE_DATA_DIR", str(tmp_path / "data"))
    table = GMTableWidget(paper="a4")
    qtbot.addWidget(table)
    party = table.party
    assert not party.export_summary_action.isEnabled()  # nobody to summarise yet
    assert party.export_summary_action in party.actions()  # the Party tab's right click
    party.add_characters(_files(tmp_path / "pcs"))
    assert party.export_summary_button.isEnabled()
    target = tmp_path / "out" / "summary"
    target.parent.mkdir()
    asked: list[str] = []

    def save_name(_parent, title, *_a, **_k):  # type: ignore[no-untyped-def]
        asked.append(title)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))
    qtbot.mouseClick(party.export_summary_button, Qt.MouseButton.LeftButton)
    assert asked == ["Export Party Summary"]
    written = target.with_suffix(".pdf")
    reader = PdfReader(str(written))
    assert len(reader.pages) >= 4  # the summary, then a sheet (or more) per PC
    first = " ".join(reader.pages[0].extract_text().split())
    assert "PARTY SUMMARY" in first
    for name in ("Jyrell", "Kyle Devos", "Tella of Jost"):
        assert name in first
    assert round(float(reader.pages[0].mediabox.width)) == 595  # the table's paper
    box = party.findChild(QMessageBox, "exportDone")
    assert box is not None and "summary.pdf" in box.text()
    box.close()


def test_the_campaign_has_one_owner(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The party view changes the campaign only through its owner: each change is an
    undo step there, typing in one field is one step, and saving makes it clean."""
    view = PartyView()
    qtbot.addWidget(view)
    owner = view.owner
    assert view.campaign is owner.campaign and view.undo_stack is owner.undo_stack
    redraws: list[bool] = []
    owner.changed.connect(redraws.append)
    qtbot.keyClicks(view.name_edit, "Wastes")
    assert owner.campaign.name == "New campaignWastes"
    assert owner.undo_stack.count() == 1 and owner.modified  # one step for the typing
    assert redraws and not any(redraws)  # typing needs no full redraw
    view.set_notes("The Baron marches.")
    assert owner.undo_stack.count() == 2
    owner.undo_stack.undo()
    assert owner.campaign.notes == "" and redraws[-1] is True
    assert view.notes_edit.toPlainText() == ""  # the view redrew from the owner
    owner.undo_stack.redo()
    assert view.notes_edit.toPlainText() == "The Baron marches."
    moved: list[bool] = []
    owner.path_changed.connect(lambda: moved.append(True))
    assert view.save_to(tmp_path / "wastes.secampaign") == tmp_path / "wastes.secampaign"
    assert not owner.modified and moved and owner.path == view.path
    assert load_campaign(tmp_path / "wastes.secampaign").notes == "The Baron marches."
    assert not owner.disk_changed()


def test_clock_panels_hold_copies_and_change_the_campaign_through_its_owner(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """A clock panel shows a copy of the campaign's clock: a click, a size or a name
    reaches the campaign as one undo step of its owner, and undo redraws the panel."""
    view = PartyView()
    qtbot.addWidget(view)
    owner = view.owner
    panel = view.add_clock("Legions close in", 6)
    assert owner.undo_stack.count() == 1
    assert panel.clock == owner.campaign.clocks[0]
    assert panel.clock is not owner.campaign.clocks[0]
    assert panel.dial.clock is not owner.campaign.clocks[0]
    panel.dial.advance(2)
    assert owner.campaign.clocks[0].filled == 2 and owner.undo_stack.count() == 2
    panel.size_combo.setCurrentIndex(panel.size_combo.findData(4))
    panel.size_combo.activated.emit(panel.size_combo.currentIndex())
    assert owner.campaign.clocks[0].segments == 4 and owner.campaign.clocks[0].filled == 2
    qtbot.keyClicks(panel.name_edit, "!")
    assert owner.campaign.clocks[0].name == "Legions close in!"
    owner.undo_stack.undo()
    owner.undo_stack.undo()
    assert owner.campaign.clocks[0].segments == 6
    shown = view.clock_panels[0]
    assert shown.size_combo.currentData() == 6 and shown.dial.filled() == 2
    assert shown.name_edit.text() == "Legions close in"
    owner.undo_stack.undo()
    assert view.clock_panels[0].dial.filled() == 0
    # Removing a clock is one step too, and undo brings its panel back.
    view.add_clock("Doom", 4)
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes))
    view.remove_clock(view.clock_panels[0])
    assert [c.name for c in owner.campaign.clocks] == ["Doom"]
    assert len(view.clock_panels) == 1
    owner.undo_stack.undo()
    assert [c.name for c in owner.campaign.clocks] == ["Legions close in", "Doom"]
    assert len(view.clock_panels) == 2


def test_the_party_never_changes_the_campaign_in_place(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every party change gives the owner a new campaign (a copy changed by a core
    mutator), so no view's reference to the old one sees it change behind it."""
    paths = _files(tmp_path / "pcs")
    view = PartyView()
    qtbot.addWidget(view)
    before = view.owner.campaign
    kept = before.model_copy(deep=True)
    view.add_characters(paths)
    view.add_clock("Doom", 4)
    view.remove_character(0)
    assert before == kept  # the campaign as it was is untouched
    assert len(view.owner.campaign.characters) == 2
    assert view.owner.undo_stack.count() == 3


def test_scene_candidates_know_one_file_by_any_name(qtbot, tmp_path: Path,
                                                    monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """An open character whose file is the campaign's PC under another name (a hard
    link) is listed once: paths are compared as files (device and inode)."""
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(tmp_path / "data"))
    paths = _files(tmp_path / "pcs")
    link = tmp_path / "also-jyrell.sechar"
    os.link(paths[0], link)
    jyrell = library.load_pc("jyrell")
    table = GMTableWidget(open_characters=lambda: [(jyrell, link)])
    qtbot.addWidget(table)
    table.party.add_characters(paths)
    assert [c.name for c, _ in table.scene_candidates()] == [
        "Jyrell", "Kyle Devos", "Tella of Jost"]
    # The scene's menu leaves out a PC already in the scene under another name.
    assert table.scene.add_pc_file(paths[0]) is not None
    table.scene.characters_provider = lambda: [(jyrell, link)]
    table.scene._fill_pc_menu()
    assert "Jyrell" not in [a.text() for a in table.scene.pc_menu.actions()]

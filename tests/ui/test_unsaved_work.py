"""Issue 11, scenario 3: unsaved GM work is never dropped without asking, and
Quit asks once about every unsaved document."""

from __future__ import annotations

from pathlib import Path

import pytest

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import load_character
from tests.ui.document_helpers import (
    BUTTON,
    Answers,
    gm_table,
    jyrell_file,
)
from tests.ui.helpers import se_part
from ui.shell.window import MainWindow


def test_new_opponent_asks_before_replacing_unsaved_work(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary

    lib = OpponentLibrary(tmp_path / "data")
    qtbot.addWidget(lib)
    lib.new_opponent()
    assert lib.unsaved_work() == []  # nothing typed yet: nothing to lose, no question
    lib.new_opponent()
    lib.editor.set_name("Sand Wraith")
    answers = Answers(monkeypatch, BUTTON.Cancel, BUTTON.Discard, BUTTON.Save)
    lib.new_opponent()  # Cancel: the wraith stays
    assert "Sand Wraith (opponent)" in answers.asked[0]
    assert lib.editor.nc().name == "Sand Wraith"
    lib.select("Goblin")
    lib.edit_copy()  # Discard: replaced
    assert lib.editor.nc().name == "Goblin"
    lib.editor.set_name("Goblin Chief")
    lib.new_opponent()  # Save: written first, then replaced
    assert "Goblin Chief" in lib.shown_titles()
    assert lib.editor.nc().name == "New opponent" and len(answers.asked) == 3


def test_party_new_asks_before_dropping_the_campaign(
        qtbot, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from ui.systems.swords_edge.gm_table.party import PartyView

    view = PartyView()
    qtbot.addWidget(view)
    view.new_campaign()  # nothing changed: no question
    view.set_notes("The Baron's legions march.")
    answers = Answers(monkeypatch, BUTTON.Cancel, BUTTON.Discard)
    view.new_campaign()
    assert view.campaign.notes == "The Baron's legions march." and view.modified
    view.new_campaign()
    assert view.campaign.notes == "" and not view.modified
    assert len(answers.asked) == 2 and "(campaign)" in answers.asked[0]


def test_quit_lists_every_unsaved_document_once(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = jyrell_file(tmp_path)
    table = gm_table(window)
    se_part(window).open_book_character(library.load_pc("tella-of-jost"))  # a tab, unsaved
    pc = table.scene.add_pc_file(path)  # only in the scene, modified by it
    assert pc is not None and window.tabs.count() == 1
    table.opponents.new_opponent()
    table.opponents.editor.set_name("Sand Wraith")
    table.party.set_notes("Session zero.")
    answers = Answers(monkeypatch, BUTTON.Cancel, BUTTON.SaveAll)
    assert not window.close()  # Cancel: nothing closes, nothing is lost
    assert window.tabs.count() == 1
    text = answers.asked[0]
    for name in ("Tella of Jost (Sword's Edge character)", "jyrell.sechar (character)",
                 "Sand Wraith (opponent)", "New campaign (campaign)"):
        assert name in text
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName", staticmethod(
        lambda _p, title, *a, **k: (str(tmp_path / ("party" if "campaign" in title
                                                    else "tella")), "")))
    assert window.close()  # Save All: every one written
    assert len(answers.asked) == 2
    assert load_character(path).play.session == 1
    assert load_character(tmp_path / "tella.sechar").name == "Tella of Jost"
    assert (tmp_path / "party.secampaign").exists()
    assert any(p.name == "Sand Wraith.senc" for p in (tmp_path / "data").rglob("*.senc"))

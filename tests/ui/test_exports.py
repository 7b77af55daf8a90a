"""The app's PDF exports (ui.systems.swords_edge.exports): the GM's party summary and card
options."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QFileDialog, QWidget

from seforge.systems.swords_edge import library
from ui.systems.swords_edge.exports import export_character_sheets, export_nc_cards


def _answer(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(path), "")))


def test_party_export_can_start_with_the_gm_summary(qtbot: object, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)  # type: ignore[attr-defined]
    party = [library.load_pc("sarah-x"), library.load_pc("the-rogue")]
    _answer(monkeypatch, tmp_path / "party")
    path = export_character_sheets(parent, party, "a4", str(tmp_path), title="Export Party",
                                   party_summary=True)
    assert path == tmp_path / "party.pdf"
    reader = PdfReader(str(path))
    assert len(reader.pages) == 3
    summary = reader.pages[0].extract_text()
    assert "PARTY SUMMARY" in summary and "Sarah X" in summary and "The Rogue" in summary


def test_card_export_takes_a_size_and_blank_cards(qtbot: object, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)  # type: ignore[attr-defined]
    _answer(monkeypatch, tmp_path / "cards.pdf")
    path = export_nc_cards(parent, [library.load_nc("dragon")], "letter", str(tmp_path),
                           size="index", blank=2)
    assert path is not None
    text = " ".join(p.extract_text() for p in PdfReader(str(path)).pages)
    assert "Dragon" in text and text.count("RANK / TN") == 2

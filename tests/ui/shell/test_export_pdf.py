"""File › Export PDF… for the other systems' documents, in the real window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui.shell.window import MainWindow

ROOT = Path(__file__).resolve().parents[3]
HOUND = ROOT / "resources" / "systems" / "blades" / "nadja-hound.blades"


def _save_to(monkeypatch: pytest.MonkeyPatch, path: Path) -> list[str]:
    offered: list[str] = []

    def ask(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        offered.append(start)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
    return offered


def _text(pdf: Path) -> str:
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_export_prints_the_document_as_it_is_on_screen(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window.ensure_ready()
    hound = tmp_path / HOUND.name  # (the shipped file itself would open as a copy)
    hound.write_bytes(HOUND.read_bytes())
    assert window.open_file(hound)
    assert window.export_pdf_action.isVisible()
    owner = window.current_document()
    owner.apply("Rename", lambda doc: setattr(doc, "name", "Nadja the Unsaved"))
    out = tmp_path / "nadja"
    offered = _save_to(monkeypatch, out)
    assert window.export_pdf() == tmp_path / "nadja.pdf"  # .pdf added
    assert offered and offered[0].endswith("nadja-hound.pdf")
    text = _text(tmp_path / "nadja.pdf")
    assert "Nadja the Unsaved" in text and "Hunt" in text
    assert owner.is_modified()  # exporting saved nothing
    window.set_paper("letter")  # File › Paper Size applies to every system's exports
    _save_to(monkeypatch, tmp_path / "letter.pdf")
    window.export_pdf()
    box = PdfReader(tmp_path / "letter.pdf").pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


def test_sword_edge_keeps_its_own_export_actions(window: MainWindow) -> None:
    window.ensure_ready()
    window.new_document()  # a Sword's Edge character
    assert not window.export_pdf_action.isVisible()


def test_a_kind_the_system_cannot_print_is_refused_in_one_line(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    window.ensure_ready()
    window.new_document("sword-of-life", "sword-of-life.conflict")
    _save_to(monkeypatch, tmp_path / "record.pdf")  # a conflict prints its record
    assert window.export_pdf() == tmp_path / "record.pdf"
    assert "CONFLICT RECORD" in _text(tmp_path / "record.pdf")
    import importlib

    from seforge.core.documents import DocumentFileError

    # the module the export imports now (another test may have imported it afresh)
    sheet = importlib.import_module("seforge.systems.sword_of_life.sheet")

    def refuse(paths: list[Path], out: Path, paper: object = None) -> int:
        raise DocumentFileError(paths[0].name, "only a Sword of Life sheet prints",
                                field="format")

    monkeypatch.setattr(sheet, "export_sheets", refuse)  # a kind the system cannot print
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda _p, _t, text: warnings.append(text)))
    _save_to(monkeypatch, tmp_path / "conflict.pdf")
    assert window.export_pdf() is None
    assert len(warnings) == 1 and warnings[0].startswith("Nothing was exported: ")
    assert "\n" not in warnings[0] and "sheet" in warnings[0]
    assert "document." not in warnings[0]  # not the temporary copy's name
    assert not (tmp_path / "conflict.pdf").exists()


def test_ctrl_p_exports_any_systems_document(
        window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+P is Export PDF for every system: with a Blades sheet current it exports it
    (Sword's Edge's own sheet actions, which cannot print it, are hidden, not greyed)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.ui.helpers import se_part

    window.ensure_ready()
    hound = tmp_path / HOUND.name
    hound.write_bytes(HOUND.read_bytes())
    assert window.open_file(hound)
    part = se_part(window)
    for action in (part.export_action, part.print_action, part.print_preview_action):
        assert not action.isVisible()
    assert part.print_party_action.isVisible()  # (the open characters, whatever is current)
    _save_to(monkeypatch, tmp_path / "ctrl-p.pdf")
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: (tmp_path / "ctrl-p.pdf").exists())
    assert "Nadja" in _text(tmp_path / "ctrl-p.pdf")
    window.new_document()  # a Sword's Edge character: its own Export Sheet takes Ctrl+P
    assert part.export_action.isVisible() and part.export_action.isEnabled()
    assert not window.export_pdf_action.isVisible()

"""Portraits: scaled down, re-encoded, refused when too large."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ui.shell.window import MainWindow
from ui.systems.swords_edge.portrait import decode_portrait


def _image_file(path: Path, width: int, height: int, alpha: bool = False) -> Path:
    fmt = QImage.Format.Format_ARGB32 if alpha else QImage.Format.Format_RGB32
    image = QImage(width, height, fmt)
    image.fill(QColor(200, 80, 40, 128 if alpha else 255))
    assert image.save(str(path))
    return path


def test_load_scales_and_encodes(window: MainWindow, tmp_path: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    source = _image_file(tmp_path / "big.png", 1600, 900)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(source), "")))
    editor.portrait.load_button.click()
    portrait = editor.document.character.portrait
    assert portrait
    assert base64.b64decode(portrait)[:3] == b"\xff\xd8\xff"  # JPEG: no transparency
    pixmap = decode_portrait(portrait)
    assert (pixmap.width(), pixmap.height()) == (512, 288)
    assert editor.portrait.thumbnail.pixmap() is not None
    assert editor.portrait.clear_button.isEnabled()
    editor.portrait.clear_button.click()
    assert editor.document.character.portrait is None
    window.undo()
    assert editor.document.character.portrait == portrait


def test_transparent_image_stays_png(window: MainWindow, tmp_path: Path) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    assert editor.portrait.load_file(_image_file(tmp_path / "a.png", 64, 80, alpha=True))
    data = base64.b64decode(editor.document.character.portrait or "")
    assert data.startswith(b"\x89PNG")


def test_files_over_10_mb_are_refused(window: MainWindow, tmp_path: Path,
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    huge = tmp_path / "huge.png"
    with huge.open("wb") as handle:
        handle.truncate(10 * 1024 * 1024 + 1)
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda parent, title, text, *a: warned.append(text)))
    assert not editor.portrait.load_file(huge)
    assert warned and "10 MB" in warned[0]
    assert editor.document.character.portrait is None
    assert not editor.document.is_modified()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs need POSIX")
def test_a_fifo_chosen_as_portrait_gives_a_message(window: MainWindow, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the bounded reader, Qt opened the FIFO and waited for a writer forever."""
    window.new_document()
    editor = window.current_editor()
    assert editor is not None
    fifo = tmp_path / "face.png"
    os.mkfifo(fifo)
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a, **k: (str(fifo), "")))
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda parent, title, text, *a: warned.append(text)))
    editor.portrait.load_button.click()
    assert warned and "face.png: is a pipe (FIFO)" in warned[0]
    assert editor.document.character.portrait is None
    assert not editor.document.is_modified()

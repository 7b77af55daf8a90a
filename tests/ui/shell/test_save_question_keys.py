"""The "Save changes?" question (closing the window, replacing unsaved work) has an Alt
letter on every button, none twice, as native applications do: found with a real
keyboard, its Discard button had none (nor had Save or Cancel)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.keys import mnemonic
from ui.shell.unsaved_dialog import UnsavedWork, ask_save_all, ask_to_replace

Key = Qt.Key


def _answered(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier,
              ask: Callable[[QWidget], bool]) -> tuple[list[str], bool]:
    """Ask with ``ask``, press ``key`` in the box shown; the buttons' texts and the
    answer. A box the key did not answer is closed after a while (and the test fails)."""
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    texts: list[str] = []
    tries = [100]  # 2 s at most, for the box to show and get the keyboard

    def press() -> None:
        tries[0] -= 1
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or not box.isActiveWindow():
            if isinstance(box, QMessageBox):  # the keyboard is the box's, as on a desktop
                box.activateWindow()
            if tries[0] > 0:
                QTimer.singleShot(20, press)
            elif isinstance(box, QMessageBox):
                box.done(0)  # never had the keyboard: close it, the test fails
            return
        texts.extend(button.text() for button in box.buttons())
        QTest.keyClick(box, key, modifier)
        QTimer.singleShot(2000, box, lambda: box.done(0))  # gone with the box

    QTimer.singleShot(0, press)
    answer = ask(parent)
    return texts, answer


def _work(saved: list[str], title: str = "Ayla") -> UnsavedWork:
    return UnsavedWork("character", title, lambda: saved.append(title) or True)


@pytest.mark.parametrize("how_many", [1, 2])
def test_every_button_has_its_own_alt_letter(qtbot: QtBot, how_many: int) -> None:
    saved: list[str] = []
    work = [_work(saved, f"PC {n}") for n in range(how_many)]
    texts, answer = _answered(qtbot, Key.Key_Escape, Qt.KeyboardModifier.NoModifier,
                              lambda parent: ask_save_all(parent, work, "quitting"))
    assert len(texts) == 3
    letters = [mnemonic(text) for text in texts]
    assert None not in letters, f"a button without an Alt letter: {texts}"
    assert len(set(letters)) == 3, f"an Alt letter twice: {texts}"
    assert (answer, saved) == (False, []), "Escape cancels"


def test_alt_d_discards(qtbot: QtBot) -> None:
    saved: list[str] = []
    texts, answer = _answered(qtbot, Key.Key_D, Qt.KeyboardModifier.AltModifier,
                              lambda parent: ask_to_replace(parent, _work(saved),
                                                            "opening another"))
    assert "&Discard" in texts
    assert (answer, saved) == (True, [])


def test_alt_s_saves(qtbot: QtBot) -> None:
    saved: list[str] = []
    _texts, answer = _answered(qtbot, Key.Key_S, Qt.KeyboardModifier.AltModifier,
                               lambda parent: ask_to_replace(parent, _work(saved),
                                                             "opening another"))
    assert (answer, saved) == (True, ["Ayla"])


def test_alt_a_saves_them_all(qtbot: QtBot) -> None:
    saved: list[str] = []
    work = [_work(saved, "Ayla"), _work(saved, "Brom")]
    _texts, answer = _answered(qtbot, Key.Key_A, Qt.KeyboardModifier.AltModifier,
                               lambda parent: ask_save_all(parent, work, "quitting"))
    assert (answer, saved) == (True, ["Ayla", "Brom"])


def test_alt_c_cancels(qtbot: QtBot) -> None:
    saved: list[str] = []
    _texts, answer = _answered(qtbot, Key.Key_C, Qt.KeyboardModifier.AltModifier,
                               lambda parent: ask_to_replace(parent, _work(saved),
                                                             "opening another"))
    assert (answer, saved) == (False, [])


def test_closing_one_document_asks_with_letters_too(qtbot: QtBot) -> None:
    """The question of one document's tab being closed (``maybe_save``) is the same box."""
    from ui.shell.unsaved_dialog import ask_save

    buttons = (QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
               | QMessageBox.StandardButton.Cancel)
    texts, answer = _answered(
        qtbot, Key.Key_D, Qt.KeyboardModifier.AltModifier,
        lambda parent: ask_save(parent, "Save changes?", "“Ayla” has changes.", buttons,
                                QMessageBox.StandardButton.Save)
        == QMessageBox.StandardButton.Discard)
    assert sorted(texts) == ["&Cancel", "&Discard", "&Save"]
    assert answer

"""The Qt binding the app runs on must not corrupt the interpreter.

PySide6 6.12.0 hands back None from void methods without taking a reference.
On Python 3.11, where None is an ordinary object, every such call lowers its
count until the interpreter frees None and aborts ("deallocating None"). The
pin in pyproject.toml keeps that build out; this test fails if it comes back.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import sys

from PySide6.QtWidgets import QApplication, QLineEdit


def test_void_qt_calls_keep_none_alive(qapp: QApplication) -> None:
    edit = QLineEdit()
    edit.setText("warm-up")
    before = sys.getrefcount(None)
    for _ in range(2000):
        edit.setText("x")
        edit.setEnabled(True)
    assert sys.getrefcount(None) >= before - 50, "the Qt binding leaks references to None"

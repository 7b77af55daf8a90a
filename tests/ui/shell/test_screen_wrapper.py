"""The app's QScreen outlives every widget that asked which screen it is on.

``QWidget.screen()`` makes PySide tie the Python wrapper of the returned QScreen to the
widget's wrapper, as its child (the return-value heuristic; ``style()`` and ``window()``
are exempt, ``screen()`` is not). When that widget's wrapper went with Python's cycle
collector, shiboken handed the QScreen to Python, which deleted it: the app's one screen
was freed memory, and the next use of it crashed (SIGSEGV in ``QCursor::pos`` or
``QScreen::handle`` on a history table's scroll, "segfault at 118 in libQt6Gui" after a
click in the Play dock, XcbQpa handling a configure event with a NULL screen). The
helpers that find a widget's screen ask Qt by position instead
(:func:`ui.shell.screen_fit.widget_screen`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.screen_fit import screen_for, widget_screen

ROOT = Path(__file__).resolve().parents[3]

# A wrapper older than the widget's, the widget's wrapper then cyclic garbage: the order
# in which the collector clears them is the one that deleted the screen.
_SCRIPT = """
import gc, os, sys
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog
app = QApplication([])
gone = []
screen = QGuiApplication.primaryScreen()
screen.destroyed.connect(lambda *_: gone.append(True))
gc.collect()
from ui.shell.screen_fit import screen_for
from ui.systems.swords_edge.widgets import fit_to_title
ask = {"screen_for": screen_for, "fit_to_title": fit_to_title}[sys.argv[1]]
dialog = QDialog()  # no parent: its wrapper goes with the collector
dialog.setWindowTitle("A title")
ask(dialog)
dialog.itself = dialog  # a cycle, as a view and its signals make
del dialog, screen
gc.collect()
print("screen deleted" if gone else "screen alive", flush=True)
os._exit(0)  # (a deleted screen would crash the teardown)
"""


@pytest.mark.parametrize("helper", ["screen_for", "fit_to_title"])
def test_asking_a_widget_for_its_screen_never_deletes_the_screen(helper: str) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", _SCRIPT, helper], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert "screen alive" in done.stdout, (done.stdout, done.stderr[-2000:])


def test_a_widget_is_on_the_screen_at_its_window(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(300, 200)
    primary = QGuiApplication.primaryScreen()
    assert widget_screen(window) is primary  # not shown yet: where it would open
    window.show()
    qtbot.waitExposed(window)
    child = QWidget(window)
    assert widget_screen(child) is primary
    assert screen_for(window) is primary
    dialog = QDialog(window)
    qtbot.addWidget(dialog)
    assert widget_screen(dialog) is primary


def _screen_calls(path: Path) -> list[str]:
    """Each ``.screen()`` called in ``path``'s code (its strings and comments aside)."""
    with path.open("rb") as source:
        tokens = [t for t in tokenize.tokenize(source.readline)
                  if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE)]
    return [f"{path.relative_to(ROOT)}:{name.start[0]}"
            for dot, name, opening in zip(tokens, tokens[1:], tokens[2:], strict=False)
            if dot.string == "." and name.string == "screen" and opening.string == "("]


def test_no_view_asks_a_widget_for_its_screen() -> None:
    """``QWidget.screen()`` (or ``QWindow.screen()``) anywhere in ``ui`` would tie the
    app's QScreen to that object's wrapper again: use ``widget_screen``."""
    found = [call for path in sorted((ROOT / "ui").rglob("*.py"))
             for call in _screen_calls(path)]
    assert found == []

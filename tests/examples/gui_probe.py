"""Run offscreen inside the plug-in's throwaway environment (not collected by pytest): the
main window as the app builds it, with the installed Dice Pool found through its entry point.
Prints one JSON object of what it saw; ``tests/examples/test_dice_pool_plugin.py`` reads it.

    python gui_probe.py SAMPLE.dicepool
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QMessageBox

from ui.app import build_window, create_application

warnings: list[str] = []


def keep(kind: QtMsgType, _context: object, message: str) -> None:
    if kind != QtMsgType.QtDebugMsg and "This plugin does not support" not in message:
        warnings.append(message)


def answer_every_box(told: list[str]) -> None:
    """A modal box would wait for a click that never comes: each one is recorded and
    answered (Discard for the unsaved-changes question on quit)."""

    def record(_parent: object, title: str, text: str, *_args: object) -> object:
        told.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Discard

    for name in ("critical", "warning", "information", "question"):
        setattr(QMessageBox, name, staticmethod(record))


def main(sample: Path) -> dict[str, Any]:
    qInstallMessageHandler(keep)
    told: list[str] = []
    answer_every_box(told)
    app = create_application(["seforge"])
    window = build_window()
    window.show()
    QApplication.processEvents()
    seen: dict[str, Any] = {}
    choices = {b.accessibleName(): b for b in window.start_page.choice_buttons}
    seen["choices"] = sorted(choices)
    button = choices.get("New Dice Pool character")
    if button is not None:
        button.click()
        QApplication.processEvents()
        seen["new_editor"] = type(window.current_editor()).__name__
    seen["opened"] = window.open_file(sample)  # what File › Open does with the chosen file
    QApplication.processEvents()
    seen["open_editor"] = type(window.current_editor()).__name__
    document = window.current_document()
    seen["open_name"] = getattr(getattr(document, "document", None), "name", None)
    dock = window.gm_screen_dock
    dock.show()
    dock.raise_()
    QApplication.processEvents()
    dock.follow("dice-pool")
    QApplication.processEvents()
    page = dock.built("dice-pool")
    seen["gm_systems"] = dock.system_ids()
    seen["gm_page"] = page.objectName() if page is not None else None
    seen["gm_current"] = dock.stack.currentWidget() is page and page is not None
    from ui.shell.help.guide import pages

    seen["guide"] = [page.key for page in pages()]
    window.close()
    QApplication.processEvents()
    seen["warnings"] = warnings
    seen["told"] = told
    app.quit()
    return seen


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))))

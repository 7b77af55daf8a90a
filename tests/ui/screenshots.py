"""Grab screenshots of the builder for a look by eye (a script, not a test).

    QT_QPA_PLATFORM=offscreen python -m tests.ui.screenshots [FOLDER]

Writes PNGs of the start page, Sarah X and Jyrell in light and dark theme (and the
lower half of the sheet, the library dialog and the table rules) to FOLDER
(default /tmp/shots).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_scratch = tempfile.mkdtemp(prefix="seforge-shots-")
os.environ.setdefault("SEFORGE_CONFIG_DIR", str(Path(_scratch) / "config"))
os.environ.setdefault("SEFORGE_DATA_DIR", str(Path(_scratch) / "data"))

from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from seforge.systems.swords_edge.library import load_pc  # noqa: E402
from tests.ui.helpers import se_part  # noqa: E402
from ui.app import build_window, create_application  # noqa: E402
from ui.shell.theme import apply_theme  # noqa: E402
from ui.systems.swords_edge.library_dialog import LibraryDialog  # noqa: E402
from ui.systems.swords_edge.rules_dialog import TableRulesDialog  # noqa: E402


def _save(widget: QWidget, folder: Path, name: str) -> None:
    QApplication.processEvents()
    path = folder / f"{name}.png"
    widget.grab().save(str(path))
    print(path)


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else Path("/tmp/shots")
    folder.mkdir(parents=True, exist_ok=True)
    app = create_application(argv[:1])
    for theme in ("light", "dark"):
        apply_theme(app, theme)
        window = build_window(autosave_interval_ms=3_600_000)
        window.resize(1280, 800)
        window.show()
        _save(window, folder, f"{theme}-start")
        for book_id in ("sarah-x", "jyrell"):
            se_part(window).open_book_character(load_pc(book_id))
            editor = window.current_editor()
            assert editor is not None
            editor.elements.select_row(0)
            editor.verticalScrollBar().setValue(0)
            _save(window, folder, f"{theme}-{book_id}")
            editor.verticalScrollBar().setValue(editor.verticalScrollBar().maximum())
            _save(window, folder, f"{theme}-{book_id}-lower")
        dialog = LibraryDialog(window)
        dialog.select("jyrell")
        dialog.show()
        _save(dialog, folder, f"{theme}-library")
        dialog.close()
        rules = TableRulesDialog(window.documents()[0], window)
        rules.show()
        _save(rules, folder, f"{theme}-rules")
        rules.close()
        window.autosaver.stop(clean=True)
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()
        window.deleteLater()
        QApplication.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

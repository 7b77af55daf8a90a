"""Grab the main window, the GM's Table and the reference tables on a given screen
(a script for a look by eye, not a test).

    python -m tests.ui.layout_screenshots FOLDER WIDTHxHEIGHT [SCALE]

The offscreen platform is given one screen of WIDTH×HEIGHT physical pixels; with
SCALE (e.g. 2) Qt scales the UI as ``QT_SCALE_FACTOR`` does. For each theme the
script writes the start page, Sarah X, the GM's Table docked and floated, the
reference tables and a "Show large" window, and prints every window's geometry
against the available screen and any editor widget that sticks out of its view.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path


def _configure(size: str, scale: str) -> None:
    width, height = (int(n) for n in size.lower().split("x"))
    scratch = Path(tempfile.mkdtemp(prefix="seforge-layout-"))
    config = scratch / "screen.json"
    config.write_text(json.dumps({"screens": [{
        "name": "shot", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    os.environ["QT_SCALE_FACTOR"] = scale
    os.environ.setdefault("SEFORGE_CONFIG_DIR", str(scratch / "config"))
    os.environ.setdefault("SEFORGE_DATA_DIR", str(scratch / "data"))


def main(argv: list[str]) -> int:
    folder = Path(argv[1])
    size = argv[2]
    scale = argv[3] if len(argv) > 3 else "1"
    _configure(size, scale)
    folder.mkdir(parents=True, exist_ok=True)

    from PySide6.QtWidgets import QApplication, QWidget

    from seforge.systems.swords_edge.library import load_pc
    from tests.ui.helpers import se_part
    from ui.app import build_window, create_application
    from ui.shell.screen_fit import widgets_outside
    from ui.shell.theme import apply_theme

    app = create_application(argv[:1])
    screen = app.primaryScreen().availableGeometry()
    tag = f"{size}" + (f"@{scale}" if scale != "1" else "")

    def save(widget: QWidget, name: str) -> None:
        QApplication.processEvents()
        path = folder / f"{tag}-{name}.png"
        widget.grab().save(str(path))
        geometry = widget.frameGeometry()
        inside = screen.contains(geometry)
        print(f"{path.name}: {geometry.width()}x{geometry.height()}+{geometry.x()}+"
              f"{geometry.y()} {'inside' if inside else 'OUTSIDE'} "
              f"{screen.width()}x{screen.height()}")

    for theme in ("light", "dark"):
        apply_theme(app, theme)
        window = build_window(autosave_interval_ms=3_600_000)
        window.show()
        window.ensure_ready()
        save(window, f"{theme}-start")
        se_part(window).open_book_character(load_pc("sarah-x"))
        editor = window.current_editor()
        assert editor is not None
        save(window, f"{theme}-sarah")
        for widget in widgets_outside(editor):
            print("  outside the editor's view:", type(widget).__name__,
                  widget.objectName() or widget.accessibleName())
        if editor.horizontalScrollBar().maximum() > 0:
            print("  the editor scrolls sideways")
        assert se_part(window).play_dock is not None and se_part(window).gm_dock is not None
        se_part(window).play_dock.raise_()
        save(window, f"{theme}-play")
        window.gm_screen_dock.raise_()
        se_part(window).gm_dock.tabs.setCurrentWidget(se_part(window).gm_dock.reference)
        save(window, f"{theme}-reference")
        section = next(iter(se_part(window).gm_dock.reference.sections.values()))
        large = section.show_large()
        save(large, f"{theme}-reference-large")
        large.close()
        se_part(window).gm_table_dock.show()
        QApplication.processEvents()
        save(window, f"{theme}-gm-table")
        assert se_part(window).gm_table is not None
        se_part(window).gm_table.opponents.select("Dragon")
        se_part(window).gm_table.opponents.edit_copy()
        save(window, f"{theme}-gm-table-nc-editor")
        se_part(window).gm_table.tabs.setCurrentWidget(se_part(window).gm_table.scene)
        save(window, f"{theme}-gm-table-scene")
        se_part(window).gm_table_dock.setFloating(True)
        QApplication.processEvents()
        save(se_part(window).gm_table_dock, f"{theme}-gm-table-floating")
        se_part(window).gm_table_dock.setFloating(False)
        se_part(window).gm_table_dock.hide()
        window.autosaver.stop(clean=True)
        for document in window.documents():
            document.undo_stack.setClean()
        window.close()
        window.deleteLater()
        QApplication.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

"""Entry point of the desktop builder: ``seforge-gui [FILE ...]``."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from seforge.resources import resource_path
from ui.main_window import MainWindow
from ui.settings import APP_NAME, load_preferences
from ui.theme import apply_theme


def create_application(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("seforge")
    app.setWindowIcon(QIcon(str(resource_path("icons", "seforge-256.png"))))
    return app


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv if argv is None else [sys.argv[0] if sys.argv else "seforge", *argv])
    app = create_application(args)
    preferences = load_preferences()
    apply_theme(app, preferences.theme)
    window = MainWindow(preferences)
    window.show()
    given = app.arguments()[1:] if argv is None else list(argv)
    files = [a for a in given if not a.startswith("-")]

    def after_start() -> None:
        window.restore_autosaves()
        for name in files:
            window.open_path(Path(name))

    QTimer.singleShot(0, after_start)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())

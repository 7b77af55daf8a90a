"""The main window's files and notices (a part of :class:`ui.shell.window.MainWindow`).

:class:`WindowFiles` keeps the recent files, exports the current document to PDF, opens
files handed to the window (the command line, a second launch, drops) and tells the user
about problems found at start and about autosave. What it needs of the rest of the
window is declared in its class body, for mypy; it imports no other part of the window.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QWidget

from seforge.core.file_identity import resolved_text
from ui.shell.settings import recent_labels, save_preferences

if TYPE_CHECKING:
    from PySide6.QtGui import QAction, QDragEnterEvent, QDragMoveEvent, QDropEvent
    from PySide6.QtWidgets import QMenu

    from ui.shell.autosave import Autosaver
    from ui.shell.documents import DocumentController
    from ui.shell.opening import DocumentDropFilter
    from ui.shell.settings import Preferences
    from ui.shell.start_page import StartPage
    from ui.shell.system_uis import SystemUi

    _Window = QMainWindow
else:
    _Window = object


class WindowFiles(_Window):
    """The window's files and notices (see the module's docstring)."""

    if TYPE_CHECKING:  # what it needs of the window
        preferences: Preferences
        controller: DocumentController
        start_page: StartPage
        recent_menu: QMenu
        paper_actions: dict[str, QAction]
        _autosave_warned: bool
        _drop_filter: DocumentDropFilter | None

        def current_document(self) -> Any: ...

        def current_system(self) -> SystemUi | None: ...

        def open_file(self, path: Path) -> bool: ...

        def autosaver_started(self) -> bool: ...

        def ensure_ready(self) -> None: ...

        def _build(self) -> None: ...

        @property
        def autosaver(self) -> Autosaver: ...

    # -- preferences ----------------------------------------------------------------------
    def remember(self, path: Path) -> None:
        self.preferences.add_recent(path)
        self.save_preferences()
        self._refresh_recent()

    def _refresh_recent(self) -> None:
        if self.preferences.prune_recent():
            self.save_preferences()
        self.start_page.set_recent(self.preferences.recent_files)

    def forget_missing(self, path: Path) -> None:
        """Drop a file that is gone from the recent files."""
        with contextlib.suppress(OSError, ValueError):  # a name the system refuses is gone
            if path.exists():
                return
        before = list(self.preferences.recent_files)
        self.preferences.remove_recent(str(path))
        self.preferences.remove_recent(resolved_text(path))  # never raises (a loop)
        if self.preferences.recent_files != before:
            self.save_preferences()
            self._refresh_recent()

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        if self.preferences.prune_recent():
            self.save_preferences()
            self._refresh_recent()
        paths = self.preferences.recent_files
        for path, label in zip(paths, recent_labels(paths), strict=True):
            action = self.recent_menu.addAction(label.replace("&", "&&"))
            action.setToolTip(path)
            action.triggered.connect(lambda _c=False, p=path: self.open_file(Path(p)))
        if not self.preferences.recent_files:
            empty = self.recent_menu.addAction("No recent files")
            empty.setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            clear = self.recent_menu.addAction("Clear List")
            clear.triggered.connect(self._clear_recent)

    def _clear_recent(self) -> None:
        self.preferences.recent_files = []
        self.save_preferences()
        self._refresh_recent()

    def save_preferences(self) -> None:
        try:
            save_preferences(self.preferences)
        except (OSError, ValueError):  # never break the Open or Save that asked for it
            self.statusBar().showMessage("Preferences could not be saved", 5000)

    def dialog_folder(self) -> str:
        if self.preferences.recent_files:
            return str(Path(self.preferences.recent_files[0]).parent)
        return str(Path.home())


    def export_pdf(self) -> Path | None:
        """File › Export PDF…: the current document, as its system prints it."""
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        from ui.shell.pdf_export import pdf_name

        ui = self.current_system()
        document = self.current_document()
        if document is None or ui is None or not ui.offers_pdf_export():
            return None
        folder = document.path.parent if document.path is not None else Path.home()
        name, _ = QFileDialog.getSaveFileName(
            self, "Export PDF", str(folder / pdf_name(document.title())), "PDF files (*.pdf)")
        if not name:
            return None
        out = Path(name)
        if out.suffix.lower() != ".pdf":
            out = out.with_name(out.name + ".pdf")
        from seforge.core.documents import DocumentFileError

        try:
            ui.export_pdf(document, out, self.preferences.paper)
        except DocumentFileError as exc:  # about the temporary copy: its problem only
            QMessageBox.warning(self, "Export PDF", f"Nothing was exported: {exc.problem}")
            return None
        except (ValueError, OSError) as exc:
            text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            QMessageBox.warning(self, "Export PDF", f"Nothing was exported: {text}")
            return None
        self.statusBar().showMessage(f"Exported {out.name}", 5000)
        return out

    def set_paper(self, name: str) -> None:
        self.preferences.paper = name
        self.paper_actions[name].setChecked(True)
        self.save_preferences()


    # -- opening files from outside, start-up reports -----------------------------------
    def open_paths(self, paths: list[Path]) -> int:
        """Open files given on the command line, dropped or passed on by another
        launch, each where its kind belongs; returns how many opened."""
        from ui.shell.opening import open_all

        self.ensure_ready()
        return open_all(self, paths)

    def receive_from_other_launch(self, paths: list[str]) -> None:
        """A second launch handed its files over: open them and come to the front."""
        self.bring_to_front()
        self.open_paths([Path(p) for p in paths])

    def bring_to_front(self) -> None:
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()
        QApplication.alert(self)


    def watch_drops(self, root: QWidget) -> None:
        """Documents dropped on the text fields under ``root`` open in the window."""
        from ui.shell.opening import DocumentDropFilter

        if self._drop_filter is None:
            self._drop_filter = DocumentDropFilter(self)
        self._drop_filter.watch(root)

    # -- dropped files --------------------------------------------------------------------
    def _dropped(self, event: QDropEvent) -> list[Path]:
        """The files a drag carries that some system opens (the window is built first:
        a drag can come before the rest of it)."""
        from ui.shell.opening import dropped_paths

        self._build()
        return dropped_paths(event.mimeData(), self.controller.suffixes())

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self._dropped(event):
            event.acceptProposedAction()
        else:
            super().dragEnterEvent(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self._dropped(event):
            event.acceptProposedAction()
        else:
            super().dragMoveEvent(event)

    def dropEvent(self, event: QDropEvent) -> None:
        paths = self._dropped(event)
        if not paths:
            super().dropEvent(event)
            return
        event.acceptProposedAction()
        # Open after the drop returns: the source application is not kept waiting
        # behind a message box about a bad file.
        QTimer.singleShot(0, lambda: self.open_paths(paths))

    def report_problems(self, messages: list[str]) -> None:
        """Tell the user, in one window that does not stop anything, about our own
        files that had to be set aside or could not be used."""
        if not messages:
            return
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, "SEForge",
                          "\n\n".join(messages), QMessageBox.StandardButton.Ok, self)
        box.setObjectName("startupProblems")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def _show_autosave_failure(self, problem: str) -> None:
        """A lasting note in the status bar while autosaves fail (they are tried again
        every round); gone at the first round that works."""
        label = self.findChild(QLabel, "autosaveFailed")
        if not problem:
            if label is not None:
                self.statusBar().removeWidget(label)
                label.deleteLater()
                label.setObjectName("")
            self.statusBar().showMessage("Autosave works again", 5000)
            return
        if label is None:
            label = QLabel(self)
            label.setObjectName("autosaveFailed")
            self.statusBar().addPermanentWidget(label)
        self.statusBar().show()  # made on first use, after the window was shown
        label.setText("Autosave failed: retrying")
        label.setToolTip(problem + ". SEForge tries again at every autosave; save your "
                         "work yourself, or free space in the data folder.")
        label.show()
        self.statusBar().showMessage(problem + "; trying again", 10000)

    def _warn_autosave_off(self, reason: str) -> None:
        """One warning, and a lasting note in the status bar, when autosave is off."""
        label = QLabel("Autosave off", self)
        label.setObjectName("autosaveOff")
        label.setToolTip(reason)
        self.statusBar().addPermanentWidget(label)
        if not self._autosave_warned:
            self._autosave_warned = True
            self.report_problems([reason + " Everything else works; save your files "
                                  "yourself, or choose a data folder that can be written."])

    def clean_stale_temp_files(self) -> list[Path]:
        """Remove temporary files a killed save of ours left behind (old enough that
        no save in progress is touched): in the data and preference folders and
        beside the recent files."""
        from seforge.core.atomic import remove_stale_temp_files
        from ui.shell.settings import config_dir, data_dir

        base = data_dir()
        folders = {config_dir(), base}
        with contextlib.suppress(OSError):
            folders |= {p for p in base.iterdir() if p.is_dir() and not p.is_symlink()}
        folders |= {Path(p).parent for p in self.preferences.recent_files}
        folders |= {d.path.parent for d in self.controller.all_documents()
                    if d.path is not None}
        removed: list[Path] = []
        for folder in sorted(folders):
            removed += remove_stale_temp_files(folder)
        return removed

"""Saving the window's documents: Save, Save As, Revert and the unsaved-changes question
(a part of :class:`ui.shell.documents.DocumentController`).

A save never writes over a file another view here holds, asks before replacing a file
another program changed or a read-only one, and remembers the file among the recent ones.
What it needs of the controller is declared in its class body, for mypy.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from seforge.core.atomic import ReadOnlyFileError
from ui.shell import dialogs
from ui.shell.disk import same_file
from ui.shell.window_part import WindowPart, document_name

if TYPE_CHECKING:
    from ui.shell.system_uis import SystemUi
    from ui.shell.window_api import DocumentHost


class DocumentSaving:
    """Save, Save As, Revert and Save changes? (see the module's docstring)."""

    if TYPE_CHECKING:  # what saving needs of the controller
        host: DocumentHost
        dialog_parent: QWidget

        def current_document(self) -> Any: ...

        def tab_of(self, document: object) -> Any: ...

        def part(self, system_id: str | None) -> WindowPart | None: ...

        def system(self, system_id: str) -> SystemUi: ...

        def holder_of(self, path: Path, besides: object = None) -> Any: ...

        def update_tab(self, document: Any) -> None: ...

    def save(self, document: Any = None) -> bool:
        document = document or self.current_document()
        if document is None:
            return False
        if document.path is None:
            return self.save_as(document)
        return self._write(document, document.path)

    def save_as(self, document: Any = None) -> bool:
        document = document or self.current_document()
        if document is None:
            return False
        suffix = document.autosave_suffix
        tab = self.tab_of(document)
        name_now = document_name(document, self.part(tab.system_id if tab else None))
        own_name = document.document_name()
        if tab is None and own_name.strip():
            name_now = own_name  # a GM Screen tracker: its conflict's name
        suggested = document.path or Path(self.host.dialog_folder()) / (
            name_now.strip() + suffix)
        ui = self.system(tab.system_id) if tab is not None else None
        label = ui.file_filter if ui is not None else ""
        if not label:
            kind_title = document.kind_title()
            label = f"{kind_title} files" if kind_title else ""
        name, _ = QFileDialog.getSaveFileName(
            self.dialog_parent, "Save As", str(suggested),
            f"{label or 'SEForge documents'} (*{suffix});;All files (*)")
        if not name:
            return False
        path = Path(name)
        if path.suffix.lower() != suffix.lower():
            path = path.with_name(path.name + suffix)
        return self._write(document, path)

    def _write(self, document: Any, path: Path) -> bool:
        replace = ["Replace", "Save As…", "Cancel"]
        if self.holder_of(path, besides=document) is not None:
            QMessageBox.warning(
                self.dialog_parent, "Cannot save",
                f"“{path.name}” is open in another place here; saving over it would leave "
                "two copies of one file. Choose another name, or close it first.")
            return False
        if same_file(path, document.path) and document.disk_changed():
            choice = dialogs.ask_choice(
                self.dialog_parent, "File changed on disk",
                f"“{path.name}” was changed by another program since SEForge read it. "
                "Replace it with your version?", replace, default=2)
            if choice == "Save As…":
                return self.save_as(document)
            if choice != "Replace":
                return False
        try:
            try:
                document.save(path)
            except ReadOnlyFileError:
                choice = dialogs.ask_choice(
                    self.dialog_parent, "Read-only file",
                    f"“{path.name}” is read-only. Replace it with your version anyway?",
                    replace, default=2)
                if choice == "Save As…":
                    return self.save_as(document)
                if choice != "Replace":
                    return False
                document.save(path, overwrite_read_only=True)
        except OSError as exc:
            QMessageBox.critical(self.dialog_parent, "Cannot save",
                                 f"{path.name}: {exc.strerror or exc}")
            return False
        self.host.remember(path)
        self.update_tab(document)
        return True

    def maybe_save(self, document: Any) -> bool:
        """Ask about unsaved changes; False when the user cancels."""
        if not document.is_modified():
            return True
        from ui.shell.unsaved_dialog import ask_save

        answer = ask_save(
            self.dialog_parent, "Save changes?",
            f"“{document.title()}” has changes that are not saved. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save(document)
        return answer == QMessageBox.StandardButton.Discard

    def revert(self, document: Any = None) -> bool:
        """File › Revert to Saved: drop the unsaved changes and read the file again."""
        from seforge.core.documents import DocumentFileError

        document = document or self.current_document()
        if document is None or document.path is None:
            return False
        if document.is_modified():
            choice = dialogs.ask_choice(
                self.dialog_parent, "Revert to saved",
                f"Throw away the changes to “{document.title()}” since it was last saved?",
                ["Revert", "Cancel"], default=1)
            if choice != "Revert":
                return False
        try:
            document.reload()
        except (DocumentFileError, OSError, ValueError) as exc:
            QMessageBox.critical(self.dialog_parent, "Cannot revert", str(exc))
            return False
        self.update_tab(document)
        self.host.statusBar().showMessage(
            f"{document.title()}: back to the saved file.", 5000)
        return True

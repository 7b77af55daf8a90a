"""The documents a system's GM Screen page holds (a conflict tracker, a virtual deck).

A GM page that holds trackers is a :class:`~ui.shell.system_uis.TrackerPage`:
``documents()`` gives the owners of the trackers it shows. The window then treats them
like its tabs' documents: asked about on quit, autosaved and offered back after a crash,
watched for one file in two owners. :class:`TrackerBar` gives each one New, Open…, Save
and Save As… over the page, through the window's dialogs and the owner's atomic save; the
owner keeps its views, and :meth:`DocumentOwner.start_over` swaps the document it holds.

Its ``new_tracker(owner) -> model`` is the fresh document New starts.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from seforge.core.documents import DocumentFileError
from ui.shell.dialogs import cannot_open
from ui.shell.disk import same_file
from ui.shell.document_owner import DocumentOwner
from ui.shell.system_uis import OpenDocument, TrackerPage

if TYPE_CHECKING:
    from ui.shell.window_api import FileHost


def page_documents(page: QWidget | None) -> list[DocumentOwner[Any]]:
    """The owners a GM Screen page holds (none when it is no :class:`TrackerPage`)."""
    if not isinstance(page, TrackerPage):
        return []
    try:
        owners = list(page.documents())
    except Exception:  # a page that cannot tell holds nothing the shell can save
        return []
    return [o for o in owners if isinstance(o, DocumentOwner)]


def kind_title(owner: OpenDocument) -> str:
    """What the tracker is called ("2d20 conflict"), from its DocumentKind."""
    return owner.kind_title() or "Tracker"


class TrackerBar(QWidget):
    """One line over a GM page: the tracker's file (``*`` when modified) and its File
    menu (New, Open…, Save, Save As…)."""

    def __init__(self, window: FileHost, owner: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.main = window
        self.owner = owner
        self.page: QWidget | None = None
        self.setObjectName("gmTrackerBar")
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 0, 6, 0)
        self.label = QLabel(self)
        self.label.setObjectName("gmTrackerFile")
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.button = QToolButton(self)
        self.button.setObjectName("gmTrackerMenu")
        self.button.setText("File")
        self.button.setAccessibleName(f"{kind_title(owner)} file")
        self.button.setToolTip(f"New, open or save the {kind_title(owner).lower()} "
                               "this page shows")
        self.button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.button)
        self.new_action = menu.addAction("&New", self.new)
        self.open_action = menu.addAction("&Open…", self.open)
        menu.addSeparator()
        self.save_action = menu.addAction("&Save", self.save)
        self.save_as_action = menu.addAction("Save &As…", self.save_as)
        self.button.setMenu(menu)
        row.addWidget(self.label, 1)
        row.addWidget(self.button)
        owner.modified_changed.connect(lambda _m: self.update_title())
        owner.path_changed.connect(self.update_title)
        owner.changed.connect(self.update_title)
        self.update_title()

    def update_title(self) -> None:
        owner = self.owner
        name = owner.path.name if owner.path is not None else "not saved yet"
        star = " *" if owner.is_modified() else ""
        self.label.setText(f"{kind_title(owner)}: {name}{star}")
        self.label.setToolTip(str(owner.path) if owner.path is not None
                              else "This tracker has no file yet: Save As… gives it one")

    # -- the File menu ----------------------------------------------------------------
    def _may_replace(self, doing: str) -> bool:
        from ui.shell.unsaved_dialog import UnsavedWork, ask_to_replace

        if not self.owner.is_modified():
            return True
        work = UnsavedWork(kind_title(self.owner).lower(), self.owner.title(), self.save)
        return ask_to_replace(self.main.window(), work, doing)

    def _forget_autosave(self) -> None:
        if self.main.autosaver_started():
            self.main.autosaver.forget(self.owner)

    def new(self) -> bool:
        """An empty tracker in place of this one (asks first about unsaved changes)."""
        if not self._may_replace("starting a new one"):
            return False
        page = self.page
        fresh = (page.new_tracker(self.owner) if isinstance(page, TrackerPage)
                 else self.owner.kind.model())
        self._forget_autosave()
        self.owner.start_over(fresh)
        self.owner.set_title(kind_title(self.owner))
        return True

    def open(self) -> bool:
        suffix = self.owner.kind.suffix
        name, _ = QFileDialog.getOpenFileName(
            self.main.window(), f"Open {kind_title(self.owner)}", self.main.dialog_folder(),
            f"{kind_title(self.owner)} (*{suffix});;All files (*)")
        return bool(name) and self.open_path(Path(name))

    def open_path(self, path: Path) -> bool:
        """Show the tracker at ``path`` here; refused (with the reason) when another
        owner has that file open or it cannot be read."""
        owner = self.owner
        if same_file(owner.path, path):
            return True
        holder = self.main.controller.holder_of(path, besides=owner)
        if holder is not None:
            QMessageBox.information(
                self.main.window(), "Already open",
                f"“{path.name}” is already open in a tab. Close that tab first to "
                "open it on the GM Screen (one file is edited in one place at a time).")
            return False
        try:
            document = owner.kind.load(path)
        except (DocumentFileError, ValueError, RecursionError) as exc:
            cannot_open(self.main.window(), f"Cannot open {kind_title(owner).lower()}",
                        str(exc))
            return False
        except OSError as exc:
            cannot_open(self.main.window(), f"Cannot open {kind_title(owner).lower()}",
                        f"{path.name}: {exc.strerror or exc}")
            return False
        if not self._may_replace("opening another"):
            return False
        self._forget_autosave()
        owner.start_over(document, path)
        self.main.remember(path)
        self.main.controller.sync_watch()
        return True

    def save(self) -> bool:
        return bool(self.main.controller.save(self.owner))

    def save_as(self) -> bool:
        return bool(self.main.controller.save_as(self.owner))

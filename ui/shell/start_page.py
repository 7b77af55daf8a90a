"""The start page shown when no character is open."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal, SignalInstance
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from seforge.core.resources import resource_path
from ui.shell.settings import recent_labels
from ui.shell.widgets import section_label, set_font_scale

PATH_ROLE = Qt.ItemDataRole.UserRole


class StartPage(QWidget):
    new_requested = Signal()
    open_requested = Signal()
    library_requested = Signal()
    recent_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        column = QVBoxLayout()
        column.addStretch(1)

        logo = QLabel(self)
        icon = QIcon(str(resource_path("icons", "seforge-128.png")))
        logo.setPixmap(icon.pixmap(88, 88))
        logo.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        title = QLabel("SEForge", self)
        set_font_scale(title, 2.4, bold=True)
        title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        tagline = QLabel("Build a hero for Sword's Edge", self)
        tagline.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        tagline.setEnabled(False)
        column.addWidget(logo)
        column.addWidget(title)
        column.addWidget(tagline)
        column.addSpacing(22)

        self.new_button = self._big_button(
            "New Character", "Start an empty character sheet (Ctrl+N)", self.new_requested
        )
        self.open_button = self._big_button(
            "Open…", "Open a saved character file (Ctrl+O)", self.open_requested
        )
        self.library_button = self._big_button(
            "Start from a Book Character",
            "Copy one of the rulebook's sample characters and make it your own",
            self.library_requested,
        )
        for button in (self.new_button, self.open_button, self.library_button):
            column.addWidget(button)
        self.new_button.setDefault(True)
        column.addSpacing(18)

        self.recent_heading = section_label("Open Recent")
        column.addWidget(self.recent_heading)
        self.recent_list = QListWidget(self)
        self.recent_list.setObjectName("recentList")
        self.recent_list.setAccessibleName("Recent characters")
        self.recent_list.setToolTip("Characters you opened lately; press Enter to open one")
        self.recent_list.setFrameShape(QFrame.Shape.StyledPanel)
        self.recent_list.setMaximumHeight(170)
        self.recent_list.itemActivated.connect(
            lambda item: self.recent_requested.emit(str(item.data(PATH_ROLE)))
        )
        column.addWidget(self.recent_list)
        column.addStretch(2)
        holder = QWidget(self)
        holder.setLayout(column)
        holder.setFixedWidth(400)
        outer.addWidget(holder)
        outer.addStretch(1)

    def _big_button(self, text: str, tip: str, signal: SignalInstance) -> QPushButton:
        button = QPushButton(text, self)
        button.setAccessibleName(text.rstrip("…"))
        button.setToolTip(tip)
        button.setMinimumHeight(46)
        button.setIconSize(QSize(20, 20))
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        set_font_scale(button, 1.15)
        button.clicked.connect(lambda: signal.emit())
        return button

    def set_recent(self, paths: list[str]) -> None:
        self.recent_list.clear()
        for path, label in zip(paths, recent_labels(paths), strict=True):
            item = QListWidgetItem(label)
            item.setData(PATH_ROLE, path)
            item.setToolTip(path)
            self.recent_list.addItem(item)
        has = bool(paths)
        self.recent_list.setVisible(has)
        self.recent_heading.setVisible(has)

"""Help › About: the version, the credits and where the file formats are described."""

from __future__ import annotations

import platform
from collections.abc import Callable

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from seforge import __version__
from seforge.core.resources import resource_path

FONTS: tuple[tuple[str, str], ...] = (
    ("DejaVu Sans (regular, bold, condensed)",
     "Bitstream Vera Fonts licence; the DejaVu changes are in the public domain"),
    ("Droid Sans Fallback", "Apache License 2.0"),
)
"""The fonts embedded in sheets and cards, with their licences (see resources/fonts)."""


def about_html() -> str:
    fonts = "".join(f"<li>{name}: {licence}</li>" for name, licence in FONTS)
    return f"""
<h2>SEForge {__version__}</h2>
<p>A character builder, GM screen and sheet printer for the <i>Sword's Edge</i>
roleplaying game.</p>
<p><b>Sword's Edge</b> is written by Fraser Ronald and published by Sword's Edge
Publishing. SEForge is a fan-made tool and is not affiliated with them; the rules and
the sample characters belong to their authors.</p>
<p><b>Fonts</b> used in sheets and cards:</p>
<ul>{fonts}</ul>
<p>Built with Python {platform.python_version()}, Qt for Python (PySide6)
{pyside_version}, ReportLab and pydantic.</p>
<p>The files SEForge writes are described under
<a href="help:formats">Help › User Guide › File formats</a>.</p>
"""


class AboutDialog(QDialog):
    """The About box; ``open_help(page)`` is called for a ``help:`` link."""

    def __init__(self, open_help: Callable[[str], object] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About SEForge")
        self._open_help = open_help
        icon = QLabel(self)
        icon.setPixmap(QIcon(str(resource_path("icons", "seforge-128.png"))).pixmap(72, 72))
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(about_html(), self)
        self.text.setObjectName("aboutText")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.text.setOpenExternalLinks(False)
        self.text.linkActivated.connect(self.follow_link)
        self.text.setMinimumWidth(420)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(icon)
        row.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)

    def follow_link(self, link: str) -> None:
        if link.startswith("help:") and self._open_help is not None:
            self._open_help(link.removeprefix("help:"))
            self.accept()

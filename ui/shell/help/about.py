"""Help › About: the version, the credits and where the file formats are described."""

from __future__ import annotations

import platform
from collections.abc import Callable, Sequence
from html import escape as _escape

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QSize, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QIcon
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from seforge import __version__
from seforge.core.credits import SourceCredit, credits_of
from seforge.core.resources import resource_path
from seforge.core.systems import REGISTRY, SystemLoadError
from ui.shell import screen_fit
from ui.shell.system_uis import loaded_systems

FONTS: tuple[tuple[str, str], ...] = (
    ("DejaVu Sans (regular, bold, condensed)",
     "Bitstream Vera Fonts licence; the DejaVu changes are in the public domain"),
    ("Droid Sans Fallback", "Apache License 2.0"),
)
"""The fonts embedded in sheets and cards, with their licences (see resources/fonts)."""


def escape(text: str, quote: bool = False) -> str:
    """``text`` safe in rich text (quotes too, for an attribute)."""
    return _escape(text, quote=quote)


SystemCredits = tuple[str, Sequence[SourceCredit]]
"""A game system's title and the works it is built from."""


def system_credits() -> list[SystemCredits]:
    """Every game system of the window, in menu order, with the credits it declares
    (read from the core's registry: the frame names no system)."""
    found: list[SystemCredits] = []
    for ui in loaded_systems():
        try:
            system = REGISTRY.get(ui.system_id)
        except SystemLoadError:
            continue
        found.append((ui.title, credits_of(system)))
    return found


def _credit_html(credit: SourceCredit) -> str:
    work = escape(credit.work)
    if credit.url:
        work = f'<a href="{escape(credit.url, quote=True)}">{work}</a>'
    parts = [f"<i>{work}</i> by {escape(credit.authors)}."]
    if credit.licence:
        parts.append(escape(credit.licence))
    if credit.notice:
        parts.append(f"<br>{escape(credit.notice)}")
    return " ".join(parts)


def credits_html(systems: Sequence[SystemCredits]) -> str:
    rows = []
    for title, credits in systems:
        if not credits:
            continue
        works = "".join(f"<li>{_credit_html(c)}</li>" for c in credits)
        rows.append(f"<p><b>{escape(title)}</b></p><ul>{works}</ul>")
    return "".join(rows)


def about_html(systems: Sequence[SystemCredits] | None = None) -> str:
    """The About text; ``systems``: the credits to list (default: every system's)."""
    shown = system_credits() if systems is None else list(systems)
    titles = ", ".join(f"<i>{escape(title)}</i>" for title, _credits in shown)
    games = f" ({titles})" if titles else ""
    fonts = "".join(f"<li>{name}: {licence}</li>" for name, licence in FONTS)
    return f"""
<h2>SEForge {__version__}</h2>
<p>A character builder, GM screen and sheet printer for tabletop roleplaying
games{games}.</p>
<p>SEForge is a fan-made tool, not affiliated with the authors or publishers of these
games. It is built from the works below; their rules, names and sample characters belong
to their authors, and every help text in SEForge is written in its own words.</p>
{credits_html(shown)}
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
        self.text.setMinimumWidth(360)
        self.text.setContentsMargins(0, 0, 8, 0)
        # the credits run long: they scroll, the dialog stays inside a laptop's screen
        self.text_scroll = QScrollArea(self)
        self.text_scroll.setObjectName("aboutScroll")
        self.text_scroll.setWidgetResizable(True)
        self.text_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.text_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.text_scroll.setWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(icon)
        row.addWidget(self.text_scroll, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)
        screen_fit.size_dialog(self, QSize(640, 620))

    def follow_link(self, link: str) -> None:
        if link.startswith("help:"):
            if self._open_help is not None:
                self._open_help(link.removeprefix("help:"))
                self.accept()
        elif link.startswith(("http://", "https://")):
            QDesktopServices.openUrl(QUrl(link))

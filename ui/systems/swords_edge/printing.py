"""Printing sheets and NC cards with Qt's print support.

The PDFs are drawn by ``seforge.systems.swords_edge.sheet`` and
``seforge.systems.swords_edge.cards`` on a ReportLab
canvas. To print, the same drawing code runs on :class:`PainterCanvas`, which
offers the few canvas methods those modules use and draws them with a QPainter
on a ``QPrinter`` (or any paint device). So the printout is the exported PDF,
page for page, with the same fonts, without rendering a PDF file: QtPdf is not
part of PySide6-Essentials, and poppler is not in the bundles.

Print preview and direct printing both go through :class:`PrintJob`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QImage,
    QPageLayout,
    QPageSize,
    QPaintDevice,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtPrintSupport import QPrintDialog, QPrinter, QPrintPreviewDialog
from PySide6.QtWidgets import QWidget

from seforge.core.resources import resource_path
from ui.shell import screen_fit

if TYPE_CHECKING:
    from seforge.systems.swords_edge.models import Character, NarrativeCharacter

FONT_FILES = {
    "SEForge-DejaVuSans": ("DejaVuSans.ttf", "Book"),
    "SEForge-DejaVuSans-Bold": ("DejaVuSans-Bold.ttf", "Bold"),
    "SEForge-DejaVuSansCondensed": ("DejaVuSansCondensed.ttf", "Condensed"),
    "SEForge-DejaVuSansCondensed-Bold": ("DejaVuSansCondensed-Bold.ttf", "Condensed Bold"),
    "SEForge-DroidSansFallback": ("DroidSansFallbackFull.ttf", ""),
}
"""ReportLab's registered font names (``seforge.core.pdf.fonts``) → the same files,
with the style that picks each face within its family."""

_families: dict[str, str] = {}


def qt_font(name: str) -> QFont:
    """The Qt font loaded from the file behind ReportLab font ``name``."""
    file, style = FONT_FILES.get(name, FONT_FILES["SEForge-DejaVuSans"])
    if file not in _families:
        font_id = QFontDatabase.addApplicationFont(str(resource_path("fonts", file)))
        families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
        _families[file] = families[0] if families else "DejaVu Sans"
    font = QFont(_families[file])
    if style:
        font.setStyleName(style)
    return font


def _qcolor(color: Any) -> QColor:
    from reportlab.lib.colors import toColor

    c = toColor(color)
    return QColor.fromRgbF(float(c.red), float(c.green), float(c.blue),
                           float(getattr(c, "alpha", 1.0)))


class PathAdapter:
    """The part of ReportLab's path object the sheet uses, on a QPainterPath."""

    def __init__(self) -> None:
        self.path = QPainterPath()

    def moveTo(self, x: float, y: float) -> None:
        self.path.moveTo(x, y)

    def lineTo(self, x: float, y: float) -> None:
        self.path.lineTo(x, y)

    def arcTo(self, x1: float, y1: float, x2: float, y2: float,
              start: float = 0, extent: float = 90) -> None:
        # ReportLab measures angles with y up; Qt with y down. The painter is
        # flipped (y up), so the angles change sign to trace the same arc.
        rect = QRectF(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
        self.path.arcTo(rect, -start, -extent)

    def close(self) -> None:
        self.path.closeSubpath()


@dataclass
class _State:
    fill: QColor = field(default_factory=lambda: QColor(Qt.GlobalColor.black))
    stroke: QColor = field(default_factory=lambda: QColor(Qt.GlobalColor.black))
    line_width: float = 1.0
    font: str = "SEForge-DejaVuSans"
    size: float = 10.0


class PainterCanvas:
    """ReportLab canvas calls drawn with a QPainter, in PDF points (origin bottom left).

    ``new_page`` is called before drawing on every page after the first (a
    printer's ``newPage``); nothing is called after the last ``showPage()``.
    """

    def __init__(self, painter: QPainter, page_height: float, scale: float,
                 new_page: Callable[[], object] | None = None) -> None:
        self.painter = painter
        self.page_height = page_height
        self.device_scale = scale
        self.new_page = new_page
        self.pages = 0
        self.forms: dict[str, Callable[[Any], None]] = {}
        """What each named form draws (ReportLab defines forms after the last page)."""
        self._pending = False
        self._state = _State()
        self._saved: list[_State] = []
        self._setup_page()

    # -- pages ----------------------------------------------------------------------
    def _setup_page(self) -> None:
        p = self.painter
        p.resetTransform()
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.translate(0, self.page_height * self.device_scale)
        p.scale(self.device_scale, -self.device_scale)

    def _p(self) -> QPainter:
        if self._pending:
            self._pending = False
            if self.new_page is not None:
                self.new_page()
            self._setup_page()
        return self.painter

    def showPage(self) -> None:
        self.pages += 1
        self._pending = True

    def save(self) -> None:
        """Nothing to write: the painter's device is the output."""

    def doForm(self, name: str) -> None:
        """Draw the form ``name`` from :attr:`forms` (a page label, known beforehand:
        a printer cannot go back to a page); a form not there is left out."""
        draw = self.forms.get(name)
        if draw is not None:
            self.saveState()
            draw(self)
            self.restoreState()

    def bookmarkPage(self, *_a: object, **_k: object) -> None: ...
    def addOutlineEntry(self, *_a: object, **_k: object) -> None: ...
    def setTitle(self, *_a: object) -> None: ...
    def setAuthor(self, *_a: object) -> None: ...
    def setSubject(self, *_a: object) -> None: ...
    def setCreator(self, *_a: object) -> None: ...
    def setKeywords(self, *_a: object) -> None: ...

    # -- state ----------------------------------------------------------------------
    def saveState(self) -> None:
        self._saved.append(_State(QColor(self._state.fill), QColor(self._state.stroke),
                                  self._state.line_width, self._state.font, self._state.size))
        self._p().save()

    def restoreState(self) -> None:
        if self._saved:
            self._state = self._saved.pop()
        self._p().restore()

    def translate(self, dx: float, dy: float) -> None:
        self._p().translate(dx, dy)

    def scale(self, x: float, y: float) -> None:
        self._p().scale(x, y)

    def setFillColor(self, color: Any, alpha: float | None = None) -> None:
        self._state.fill = _qcolor(color)
        if alpha is not None:
            self._state.fill.setAlphaF(alpha)

    def setStrokeColor(self, color: Any, alpha: float | None = None) -> None:
        self._state.stroke = _qcolor(color)
        if alpha is not None:
            self._state.stroke.setAlphaF(alpha)

    def setLineWidth(self, width: float) -> None:
        self._state.line_width = float(width)

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:
        self._state.font = name
        self._state.size = float(size)

    # -- drawing --------------------------------------------------------------------
    def _pen(self, stroke: int) -> QPen:
        if not stroke:
            return QPen(Qt.PenStyle.NoPen)
        pen = QPen(self._state.stroke)
        pen.setWidthF(self._state.line_width)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        return pen

    def _shape(self, path: QPainterPath, stroke: int, fill: int) -> None:
        p = self._p()
        p.setPen(self._pen(stroke))
        p.setBrush(self._state.fill if fill else Qt.BrushStyle.NoBrush)
        p.drawPath(path)

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        p = self._p()
        p.setPen(self._pen(1))
        p.drawLine(QPointF(x1, y1), QPointF(x2, y2))

    def rect(self, x: float, y: float, width: float, height: float,
             stroke: int = 1, fill: int = 0) -> None:
        path = QPainterPath()
        path.addRect(QRectF(x, y, width, height).normalized())
        self._shape(path, stroke, fill)

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        path = QPainterPath()
        path.addRoundedRect(QRectF(x, y, width, height).normalized(), radius, radius)
        self._shape(path, stroke, fill)

    def beginPath(self) -> PathAdapter:
        return PathAdapter()

    def drawPath(self, path: PathAdapter, stroke: int = 1, fill: int = 0,
                 **_options: object) -> None:
        self._shape(path.path, stroke, fill)

    def drawString(self, x: float, y: float, text: str, *_a: object, **_k: object) -> None:
        p = self._p()
        font = qt_font(self._state.font)
        font.setKerning(False)  # ReportLab places glyphs by their advance widths only
        font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
        # Text is drawn untransformed, at the device's size: a font scaled by the
        # painter's transform is sized in whole pixels first, which widens small text.
        anchor = p.transform().map(QPointF(x, y))
        dpi = p.device().logicalDpiY() or 72
        font.setPointSizeF(max(self._state.size * self.device_scale * 72 / dpi, 0.1))
        p.save()
        p.resetTransform()
        p.setFont(font)
        p.setPen(self._state.fill)
        p.drawText(anchor, text)
        p.restore()

    def drawImage(self, image: Any, x: float, y: float, width: float | None = None,
                  height: float | None = None, **_k: object) -> None:
        qimage = _to_qimage(image)
        if qimage is None:
            return
        w = float(width if width is not None else qimage.width())
        h = float(height if height is not None else qimage.height())
        p = self._p()
        p.save()
        p.translate(x, y + h)
        p.scale(1, -1)
        p.drawImage(QRectF(0, 0, w, h), qimage)
        p.restore()


def _to_qimage(image: Any) -> QImage | None:
    """A QImage from a ReportLab ImageReader (or a QImage)."""
    if isinstance(image, QImage):
        return image
    try:
        width, height = image.getSize()
        data = bytes(image.getRGBData())
    except (AttributeError, OSError, ValueError):
        return None
    return QImage(data, width, height, 3 * width, QImage.Format.Format_RGB888).copy()


# -- jobs ------------------------------------------------------------------------------
Draw = Callable[[Any], int]
"""Draws every page on a canvas-like object (ends each with ``showPage()``)."""


@dataclass
class PrintJob:
    """What to print: a title, the paper (``"a4"``/``"letter"``) and how to draw it."""

    title: str
    paper: str
    draw: Draw
    forms: Callable[[], dict[str, Callable[[Any], None]]] | None = None
    """Makes the named forms the drawing uses (the sheets' page labels), if any."""

    def page_size(self) -> QPageSize:
        letter = self.paper == "letter"
        return QPageSize(QPageSize.PageSizeId.Letter if letter else QPageSize.PageSizeId.A4)

    def setup(self, printer: QPrinter) -> None:
        printer.setDocName(self.title)
        printer.setPageSize(self.page_size())
        printer.setPageOrientation(QPageLayout.Orientation.Portrait)
        printer.setFullPage(True)  # the drawing has its own margins, as in the PDF

    def paint(self, device: QPaintDevice) -> int:
        """Draw every page on ``device`` (a QPrinter gets a new page per page)."""
        points = self.page_size().size(QPageSize.Unit.Point)
        painter = QPainter()
        if not painter.begin(device):
            raise OSError("the printer cannot be opened")
        try:
            scale = device.logicalDpiY() / 72
            if isinstance(device, QPrinter):
                scale = device.resolution() / 72
            new_page = device.newPage if isinstance(device, QPrinter) else None
            canvas = PainterCanvas(painter, points.height(), scale, new_page)
            if self.forms is not None:
                canvas.forms = self.forms()
            return self.draw(canvas)
        finally:
            painter.end()


def sheets_job(characters: Sequence[Character], paper: str) -> PrintJob:
    from seforge.systems.swords_edge.sheet import (
        PaperSize,
        draw_sheet_pages,
        page_label_drawers,
    )

    names = [c.name.strip() or "Unnamed character" for c in characters]
    title = names[0] if len(names) == 1 else "Party: " + ", ".join(names)
    chosen = list(characters)
    return PrintJob(title, paper,
                    lambda canvas: draw_sheet_pages(canvas, chosen, PaperSize(paper)),
                    lambda: page_label_drawers(chosen, PaperSize(paper)))


def blank_job(paper: str) -> PrintJob:
    from seforge.systems.swords_edge.sheet import PaperSize, draw_blank_pages

    return PrintJob("Blank character sheet", paper,
                    lambda canvas: draw_blank_pages(canvas, PaperSize(paper)))


def cards_job(ncs: Sequence[NarrativeCharacter], paper: str) -> PrintJob:
    from seforge.systems.swords_edge.cards import draw_card_pages

    chosen = list(ncs)
    title = "Opponent cards" if len(chosen) != 1 else f"Opponent card: {chosen[0].name}"
    return PrintJob(title, paper, lambda canvas: draw_card_pages(canvas, chosen, paper))


def make_printer(job: PrintJob) -> QPrinter:
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    job.setup(printer)
    return printer


def preview_dialog(parent: QWidget | None, job: PrintJob) -> QPrintPreviewDialog:
    """A print preview of ``job`` (its Print button prints); not yet shown."""
    printer = make_printer(job)
    dialog = QPrintPreviewDialog(printer, parent)
    dialog.setWindowTitle(f"Print Preview — {job.title}")
    dialog.paintRequested.connect(lambda target: job.paint(target))
    screen_fit.size_dialog(dialog, QSize(900, 1000))  # less on a small screen
    dialog._printer = printer  # type: ignore[attr-defined]  # keep it alive with the dialog
    return dialog


def print_preview(parent: QWidget | None, job: PrintJob) -> None:
    dialog = preview_dialog(parent, job)
    dialog.exec()


def print_dialog(parent: QWidget | None, printer: QPrinter) -> QPrintDialog:
    return QPrintDialog(printer, parent)


def print_direct(parent: QWidget | None, job: PrintJob) -> bool:
    """Ask for the printer, then print; False when cancelled or the printer fails."""
    printer = make_printer(job)
    dialog = print_dialog(parent, printer)
    dialog.setWindowTitle(f"Print — {job.title}")
    if dialog.exec() != QPrintDialog.DialogCode.Accepted:
        return False
    try:
        job.paint(printer)
    except OSError as exc:
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.critical(parent, "Cannot print", str(exc))
        return False
    return True

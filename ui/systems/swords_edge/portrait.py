"""The portrait: loading an image file into the character and showing a thumbnail."""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QImage,
    QImageReader,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from seforge.core.bounded_read import FileReadError, read_bounded
from ui.systems.swords_edge.commands import SetFieldCommand
from ui.systems.swords_edge.document import CharacterDocument

MAX_PORTRAIT_FILE_BYTES = 10 * 1024 * 1024
MAX_PORTRAIT_SIDE = 512
THUMBNAIL_SIZE = 120
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.gif *.webp);;All files (*)"


class PortraitError(Exception):
    """An image that cannot become a portrait; ``str()`` is a message for the user."""


def encode_image(image: QImage) -> str:
    """Scale ``image`` to at most 512 px on its long side and encode it as base64:
    PNG when it has transparency, JPEG otherwise (smaller for photos)."""
    if max(image.width(), image.height()) > MAX_PORTRAIT_SIDE:
        image = image.scaled(
            MAX_PORTRAIT_SIDE, MAX_PORTRAIT_SIDE,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    fmt, quality = ("PNG", -1) if image.hasAlphaChannel() else ("JPEG", 88)
    if not image.save(buffer, fmt, quality):  # type: ignore[call-overload]  # stub: bytes
        raise PortraitError("The image could not be converted.")
    buffer.close()
    return base64.b64encode(bytes(data.data())).decode("ascii")


def encode_portrait_file(path: Path) -> str:
    """Read an image file into a portrait string; raises PortraitError.

    The file is read through the core's bounded reader: a FIFO or a device
    chosen by mistake gives a message instead of hanging the app."""
    try:
        raw = read_bounded(path, MAX_PORTRAIT_FILE_BYTES)
    except FileReadError as exc:
        raise PortraitError(f"{exc}.") from None
    data = QByteArray(raw)
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAutoTransform(True)
    image = reader.read()
    buffer.close()
    if image.isNull():
        raise PortraitError(f"{path.name} is not an image SEForge can read.")
    return encode_image(image)


def decode_portrait(text: str | None) -> QPixmap:
    """The portrait as a pixmap (null when there is none or it cannot be read)."""
    pixmap = QPixmap()
    if text:
        try:
            pixmap.loadFromData(base64.b64decode(text, validate=False))
        except ValueError:
            return QPixmap()
    return pixmap


class PortraitWidget(QWidget):
    """A thumbnail with Load… and Clear buttons."""

    def __init__(self, document: CharacterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self._shown: str | None = "<none>"
        self.thumbnail = QLabel(self)
        self.thumbnail.setObjectName("portraitThumbnail")
        self.thumbnail.setFixedSize(THUMBNAIL_SIZE, THUMBNAIL_SIZE)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.thumbnail.setAccessibleName("Portrait")
        self.thumbnail.setToolTip("The character's portrait")
        self.load_button = QPushButton("Loa&d…", self)  # (Alt+L: the Goal Pivot)
        self.load_button.setAccessibleName("Load portrait")
        self.load_button.setToolTip("Choose an image file for the portrait (up to 10 MB)")
        self.load_button.clicked.connect(self.choose_file)
        self.clear_button = QPushButton("Clear", self)
        self.clear_button.setAccessibleName("Clear portrait")
        self.clear_button.setToolTip("Remove the portrait")
        self.clear_button.clicked.connect(self.clear)
        buttons = QHBoxLayout()
        buttons.setSpacing(4)
        buttons.addWidget(self.load_button)
        buttons.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.thumbnail, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(buttons)
        self.setAcceptDrops(True)
        self.refresh()

    # -- an image file dropped on the portrait ------------------------------------
    @staticmethod
    def dropped_image(event: QDropEvent) -> Path | None:
        """The one local image file being dragged, or None (other drops pass on to
        the window, which opens documents)."""
        mime = event.mimeData()
        if mime is None or not mime.hasUrls() or len(mime.urls()) != 1:
            return None
        url = mime.urls()[0]
        if not url.isLocalFile():
            return None
        path = Path(url.toLocalFile())
        formats = {bytes(f.data()).decode("ascii", "replace").lower()
                   for f in QImageReader.supportedImageFormats()}
        return path if path.suffix.lower().lstrip(".") in formats else None

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.dropped_image(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self.dropped_image(event) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        path = self.dropped_image(event)
        if path is None:
            event.ignore()
            return
        event.acceptProposedAction()
        self.load_file(path)

    def choose_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Choose a portrait", "", IMAGE_FILTER)
        if name:
            self.load_file(Path(name))

    def load_file(self, path: Path) -> bool:
        try:
            portrait = encode_portrait_file(path)
        except PortraitError as exc:
            QMessageBox.warning(self, "Portrait not loaded", str(exc))
            return False
        self.document.push(
            SetFieldCommand(self.document, "portrait", portrait, "Change portrait")
        )
        return True

    def clear(self) -> None:
        if self.document.character.portrait:
            self.document.push(
                SetFieldCommand(self.document, "portrait", None, "Clear portrait")
            )

    def refresh(self, force: bool = False) -> None:
        portrait = self.document.character.portrait
        if portrait == self._shown and not force:
            return
        self._shown = portrait
        pixmap = decode_portrait(portrait)
        self.clear_button.setEnabled(bool(portrait))
        if pixmap.isNull():
            self.thumbnail.setPixmap(QPixmap())
            self.thumbnail.setText("No portrait")
            colour = self.palette().color(QPalette.ColorRole.PlaceholderText).name()
            self.thumbnail.setStyleSheet(
                f"#portraitThumbnail {{ border: 1px dashed {colour}; border-radius: 6px;"
                f" color: {colour}; }}"
            )
            return
        self.thumbnail.setStyleSheet("")
        dpr = self.devicePixelRatioF()
        scaled = pixmap.scaled(
            int(THUMBNAIL_SIZE * dpr), int(THUMBNAIL_SIZE * dpr),
            Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation,
        )
        scaled.setDevicePixelRatio(dpr)
        self.thumbnail.setPixmap(scaled)

"""The character's portrait: decoded once, checked, scaled down, drawn to fit.

A portrait that cannot be decoded is skipped (with a log message): a broken image
never stops a sheet from being exported.
"""

from __future__ import annotations

import base64
import binascii
import io
from dataclasses import dataclass
from typing import TYPE_CHECKING

from seforge.core.pdf.geometry import Rect

if TYPE_CHECKING:  # Pillow's extras and logging load when a sheet has a portrait
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

MAX_PIXELS = 900
"""Longest side kept: plenty for a sketch box at print resolution."""
MAX_INPUT_PIXELS = 40_000_000


@dataclass(frozen=True)
class Portrait:
    """A decoded image ready to draw."""

    reader: ImageReader
    width: int
    height: int

    def draw(self, canvas: Canvas, area: Rect) -> Rect:
        """Draw centred in ``area``, scaled to fit with its aspect ratio kept."""
        if area.w <= 0 or area.h <= 0:
            return Rect(area.x, area.y, 0, 0)
        scale = min(area.w / self.width, area.h / self.height)
        w, h = self.width * scale, self.height * scale
        placed = Rect(area.x + (area.w - w) / 2, area.y + (area.h - h) / 2, w, h)
        canvas.drawImage(self.reader, placed.x, placed.y, placed.w, placed.h)
        return placed


def _warn(message: str, *args: object) -> None:
    import logging

    logging.getLogger(__name__).warning(message, *args)


def decode_portrait(data: str | None) -> Portrait | None:
    """The portrait from base64 PNG/JPEG text, or None when absent or unusable."""
    if not data or not data.strip():
        return None
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    text = data.strip()
    if text.startswith("data:") and "," in text:  # a data: URL
        text = text.split(",", 1)[1]
    try:
        raw = base64.b64decode("".join(text.split()), validate=False)
    except (binascii.Error, ValueError) as exc:
        _warn("portrait skipped: not base64 (%s)", exc)
        return None
    try:
        with Image.open(io.BytesIO(raw)) as opened:
            if opened.width * opened.height > MAX_INPUT_PIXELS:
                _warn("portrait skipped: %dx%d is too large", opened.width,
                            opened.height)
                return None
            opened.load()
            image = _flatten(_upright(opened))
        image.thumbnail((MAX_PIXELS, MAX_PIXELS))
        if image.width < 1 or image.height < 1:
            return None
        return Portrait(ImageReader(image), image.width, image.height)
    except Exception as exc:  # any decoder error: skip the image, keep the sheet
        _warn("portrait skipped: %s", exc)
        return None


def _upright(image: Image.Image) -> Image.Image:
    """The image turned as its EXIF orientation says (a phone photo taken sideways)."""
    from PIL import ImageOps

    try:
        turned = ImageOps.exif_transpose(image)
    except Exception:  # a broken EXIF block: keep the image as stored
        return image
    return turned if turned is not None else image


def _flatten(image: Image.Image) -> Image.Image:
    """RGB on white (transparency flattened), whatever the source mode."""
    from PIL import Image

    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in
                                               image.info):
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(background, rgba).convert("RGB")
    if image.mode == "CMYK" or image.mode != "RGB":
        return image.convert("RGB")
    return image.copy()

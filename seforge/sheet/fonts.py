"""Fonts of the sheet: the shipped DejaVu faces, embedded, and CJK fallbacks.

DejaVu covers Latin (with accents), Greek and Cyrillic. Characters it lacks are
drawn in Droid Sans Fallback (shipped, Apache-2.0, embedded as a subset), which
covers Chinese and Japanese; it is parsed only when a sheet first needs it. What
Droid lacks (Hangul) falls to ReportLab's CID fonts, which viewers supply.
A string is cut into *runs*, each drawn in the font that has its characters. A
character neither font has becomes U+FFFD, so drawing never fails and the text
stays real, extractable text.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterator
from enum import StrEnum
from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from seforge.resources import resource_path


class Face(StrEnum):
    """The faces the sheet uses; the value is the registered ReportLab name."""

    REGULAR = "SEForge-DejaVuSans"
    BOLD = "SEForge-DejaVuSans-Bold"
    CONDENSED = "SEForge-DejaVuSansCondensed"
    CONDENSED_BOLD = "SEForge-DejaVuSansCondensed-Bold"


_FILES: dict[Face, str] = {
    Face.REGULAR: "DejaVuSans.ttf",
    Face.BOLD: "DejaVuSans-Bold.ttf",
    Face.CONDENSED: "DejaVuSansCondensed.ttf",
    Face.CONDENSED_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

FALLBACK_FACE = "SEForge-DroidSansFallback"
_FALLBACK_FILE = "DroidSansFallbackFull.ttf"

# Last resort for what Droid lacks (Hangul syllables): ReportLab's built-in CID
# fonts, which PDF viewers supply themselves. The codec tells whether the font's
# character collection (Adobe-Japan1, -GB1, -Korea1) holds the character.
_CID_FALLBACKS: tuple[tuple[str, str], ...] = (
    ("HeiseiKakuGo-W5", "cp932"),
    ("STSong-Light", "gbk"),
    ("HYGothic-Medium", "cp949"),
)

REPLACEMENT = "\ufffd"

_lock = threading.Lock()
_registered = False
_glyphs: frozenset[int] = frozenset()
_fallback_glyphs: frozenset[int] | None = None


def register_fonts() -> None:
    """Register the DejaVu faces and the CJK fallbacks once per process."""
    global _registered, _glyphs
    if _registered:
        return
    with _lock:
        if _registered:
            return
        glyphs: set[int] | None = None
        for face, filename in _FILES.items():
            font = TTFont(face.value, str(resource_path("fonts", filename)))
            pdfmetrics.registerFont(font)
            covered = set(font.face.charToGlyph)
            glyphs = covered if glyphs is None else glyphs & covered
        for name, _codec in _CID_FALLBACKS:
            pdfmetrics.registerFont(UnicodeCIDFont(name))
        # Astral characters are left out: ReportLab's ToUnicode map cannot name
        # them, so they would not extract as text; they become U+FFFD instead.
        _glyphs = frozenset(cp for cp in glyphs or () if cp <= 0xFFFF)
        _registered = True


def clean(text: str, *, keep_newlines: bool = False) -> str:
    """Drop control characters and lone surrogates; tabs become spaces."""
    out: list[str] = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            out.append(ch)
        elif ch in "\t\r\n\v\f":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cs", "Cf"):
            continue
        else:
            out.append(ch)
    return "".join(out)


def _fallback() -> frozenset[int]:
    """Register the CJK fallback face on first use; its covered code points."""
    global _fallback_glyphs
    if _fallback_glyphs is None:
        with _lock:
            if _fallback_glyphs is None:
                font = TTFont(FALLBACK_FACE, str(resource_path("fonts", _FALLBACK_FILE)))
                pdfmetrics.registerFont(font)
                _fallback_glyphs = frozenset(
                    cp for cp in font.face.charToGlyph if cp <= 0xFFFF
                )
    return _fallback_glyphs


@lru_cache(maxsize=4096)
def _font_for_char(ch: str) -> str | None:
    """The fallback face for a character DejaVu lacks, or None when none has it."""
    if ord(ch) > 0xFFFF:  # ReportLab's ToUnicode maps cannot name astral characters
        return None
    if ord(ch) in _fallback():
        return FALLBACK_FACE
    for name, codec in _CID_FALLBACKS:
        try:
            ch.encode(codec)
        except UnicodeEncodeError:
            continue
        return name
    return None


def runs(text: str, face: Face) -> list[tuple[str, str]]:
    """Cut ``text`` into ``(chunk, font name)`` runs; spaces join the run before."""
    register_fonts()
    result: list[tuple[str, str]] = []
    current_font: str | None = None
    chunk: list[str] = []
    for ch in text:
        if ch == " " and current_font is not None:
            chunk.append(ch)
            continue
        if ord(ch) in _glyphs:
            font = face.value
        else:
            fallback = _font_for_char(ch)
            if fallback is None:
                font, ch = face.value, REPLACEMENT
            else:
                font = fallback
        if font != current_font and chunk:
            assert current_font is not None
            result.append(("".join(chunk), current_font))
            chunk = []
        current_font = font
        chunk.append(ch)
    if chunk:
        result.append(("".join(chunk), current_font or face.value))
    return result


def _iter_widths(text: str, face: Face, size: float) -> Iterator[tuple[str, str, float]]:
    for chunk, font in runs(text, face):
        yield chunk, font, pdfmetrics.stringWidth(chunk, font, size)


@lru_cache(maxsize=65536)
def string_width(text: str, face: Face, size: float) -> float:
    """The drawn width of ``text`` in points, fallback runs included."""
    return sum(width for _chunk, _font, width in _iter_widths(text, face, size))


def draw_string(canvas: Canvas, x: float, y: float, text: str, face: Face, size: float,
                *, align: str = "left") -> float:
    """Draw one line at baseline ``y``; ``align`` is left, center or right of ``x``.

    Returns the drawn width.
    """
    parts = list(_iter_widths(text, face, size))
    total = sum(width for _c, _f, width in parts)
    if align == "center":
        x -= total / 2
    elif align == "right":
        x -= total
    for chunk, font, width in parts:
        if chunk.strip():
            canvas.setFont(font, size)
            canvas.drawString(x, y, chunk)
        x += width
    return total

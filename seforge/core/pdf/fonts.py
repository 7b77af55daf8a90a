"""Fonts of the sheet: the shipped DejaVu faces, embedded, and fallbacks by script.

DejaVu covers Latin (with accents), Greek, Cyrillic, Hebrew and Arabic. What it
lacks is drawn in a shipped face that has it, each embedded as a subset and parsed
only when a sheet first needs it: Noto Sans Thai and Noto Sans Devanagari (shaped
with HarfBuzz, so marks and conjuncts sit right), SEForge Hangul (from
NanumGothic) for Korean, and Droid Sans Fallback for Chinese and Japanese (the
CJK Unified Ideographs; the rare Extension A prints as names, to keep the app small).

A line is cut into *runs*, each drawn in the font that has its characters. A line
with right-to-left text is drawn in display order (the Unicode bidi algorithm;
Arabic letters joined), which PDF readers put back in logical order when text is
copied or searched. A shaped run carries its text in an ``/ActualText`` span, so
its text layer reads as typed. A character no font has (an emoji, say) prints as
its Unicode name in brackets, never as a replacement box.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import arabic_reshaper
from bidi.algorithm import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, shapeStr
from reportlab.pdfgen.canvas import Canvas

from seforge.core.resources import resource_path


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
_FALLBACK_FILE = "DroidSansFallback-Subset.ttf"



@dataclass(frozen=True)
class Fallback:
    """A shipped face for the scripts DejaVu lacks."""

    name: str
    filename: str
    shaped: bool
    """Drawn through HarfBuzz (scripts whose marks and clusters need shaping)."""
    blocks: tuple[tuple[int, int], ...] = ()
    """Code point ranges this face is preferred for (before Droid)."""


SCRIPT_FALLBACKS: tuple[Fallback, ...] = (
    Fallback("SEForge-NotoSansThai", "NotoSansThai-Subset.ttf", True, ((0x0E00, 0x0E7F),)),
    Fallback("SEForge-NotoSansDevanagari", "NotoSansDevanagari-Subset.ttf", True,
             ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x1CD0, 0x1CFF))),
    Fallback("SEForge-Hangul", "SEForgeHangul-Regular.ttf", False,
             ((0xAC00, 0xD7A3), (0x1100, 0x11FF), (0x3130, 0x318F))),
)
_SHAPED = frozenset(f.name for f in SCRIPT_FALLBACKS if f.shaped)

REPLACEMENT = "\ufffd"
"""Kept for callers that look for it: the sheet itself never prints it."""

_lock = threading.Lock()
_registered = False
_glyphs: frozenset[int] = frozenset()
_fallback_glyphs: frozenset[int] | None = None
_script_glyphs: dict[str, frozenset[int]] = {}


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
        elif unicodedata.category(ch) in ("Cc", "Cs", "Cf") or _is_emoji_modifier(ch):
            continue
        else:
            out.append(ch)
    return "".join(out)


def _is_emoji_modifier(ch: str) -> bool:
    """Variation selectors and skin tones: they change how an emoji looks, and
    print nothing on their own."""
    cp = ord(ch)
    return 0xFE00 <= cp <= 0xFE0F or 0x1F3FB <= cp <= 0x1F3FF or 0xE0100 <= cp <= 0xE01EF


def _script_face(fallback: Fallback) -> frozenset[int]:
    """Register a script face on first use; its covered code points."""
    glyphs = _script_glyphs.get(fallback.name)
    if glyphs is None:
        with _lock:
            glyphs = _script_glyphs.get(fallback.name)
            if glyphs is None:
                font = TTFont(fallback.name, str(resource_path("fonts", fallback.filename)))
                pdfmetrics.registerFont(font)
                glyphs = frozenset(cp for cp in font.face.charToGlyph if cp <= 0xFFFF)
                _script_glyphs[fallback.name] = glyphs
    return glyphs


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
    cp = ord(ch)
    if cp > 0xFFFF:  # ReportLab's ToUnicode maps cannot name astral characters
        return None
    for fallback in SCRIPT_FALLBACKS:
        if any(lo <= cp <= hi for lo, hi in fallback.blocks) and cp in _script_face(fallback):
            return fallback.name
    if cp in _fallback():
        return FALLBACK_FACE
    for fallback in SCRIPT_FALLBACKS:
        if cp in _script_face(fallback):
            return fallback.name
    return None


def char_name(ch: str) -> str:
    """What prints for a character no font has: its name, like ``[grinning face]``."""
    name = unicodedata.name(ch, "")
    return f"[{name.lower()}]" if name else f"[U+{ord(ch):04X}]"


def runs(text: str, face: Face) -> list[tuple[str, str]]:
    """Cut ``text`` into ``(chunk, font name)`` runs; spaces join the run before.

    A character no font has becomes its bracketed name (in ``face``).
    """
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
        elif unicodedata.combining(ch) and current_font is not None and (
                current_font in _SHAPED or current_font == FALLBACK_FACE):
            font = current_font  # a mark stays with the cluster it belongs to
        else:
            fallback = _font_for_char(ch)
            if fallback is None:
                font, ch = face.value, char_name(ch)
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


_RTL_CLASSES = frozenset({"R", "AL"})


@lru_cache(maxsize=16384)
def is_rtl(text: str) -> bool:
    """Whether ``text`` holds right-to-left letters (Hebrew, Arabic, ...)."""
    return any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def starts_rtl(text: str) -> bool:
    """Whether the first letter with a direction in ``text`` is right-to-left (the
    paragraph's direction, as the bidi algorithm decides it)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _RTL_CLASSES:
            return True
        if kind == "L":
            return False
    return False


@lru_cache(maxsize=16384)
def visual(text: str) -> str:
    """``text`` as it is drawn left to right: Arabic joined, right-to-left runs
    reordered (the Unicode bidi algorithm); unchanged when it has no RTL letters."""
    if not is_rtl(text):
        return text
    return str(get_display(arabic_reshaper.reshape(text)))


@dataclass(frozen=True)
class _Part:
    chunk: str
    font: str
    width: float
    shaped: object | None = None
    """The HarfBuzz-shaped string for faces that need shaping."""


def _shaped_width(shaped: object, size: float) -> float:
    data = getattr(shaped, "__shapeData__", ())
    return float(sum(g.x_advance for g in data)) * size / 1000.0


@lru_cache(maxsize=16384)
def _parts(text: str, face: Face, size: float) -> tuple[_Part, ...]:
    parts: list[_Part] = []
    for chunk, font in runs(visual(text), face):
        if font in _SHAPED and chunk.strip():
            shaped = shapeStr(chunk, font, size)
            parts.append(_Part(chunk, font, _shaped_width(shaped, size), shaped))
        else:
            parts.append(_Part(chunk, font, pdfmetrics.stringWidth(chunk, font, size)))
    return tuple(parts)


def _iter_widths(text: str, face: Face, size: float) -> Iterator[tuple[str, str, float]]:
    for part in _parts(text, face, size):
        yield part.chunk, part.font, part.width


@lru_cache(maxsize=65536)
def string_width(text: str, face: Face, size: float) -> float:
    """The drawn width of ``text`` in points, fallback runs included."""
    return sum(part.width for part in _parts(text, face, size))


def _actual_text(logical: str) -> str:
    """A marked-content span whose text layer reads ``logical``."""
    encoded = ("\ufeff" + logical).encode("utf-16-be").hex().upper()
    return f"/Span <</ActualText <{encoded}>>> BDC"


def draw_string(canvas: Canvas, x: float, y: float, text: str, face: Face, size: float,
                *, align: str = "left") -> float:
    """Draw one line at baseline ``y``; ``align`` is left, center or right of ``x``.

    Returns the drawn width. Reordered or shaped text carries its logical text.
    """
    parts = _parts(text, face, size)
    total = sum(part.width for part in parts)
    if align == "center":
        x -= total / 2
    elif align == "right":
        x -= total
    for part in parts:
        if part.chunk.strip():
            canvas.setFont(part.font, size)
            if part.shaped is not None:
                canvas.addLiteral(_actual_text(part.chunk))
                canvas.drawString(x, y, part.shaped)
                canvas.addLiteral("EMC")
            else:
                canvas.drawString(x, y, part.chunk)
        x += part.width
    return total

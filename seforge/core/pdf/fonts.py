"""Fonts of the sheet: the shipped DejaVu faces, embedded, and fallbacks by script.

DejaVu covers Latin (with accents), Greek, Cyrillic, Hebrew and Arabic. What it
lacks is drawn in a shipped face that has it, each embedded as a subset and parsed
only when a sheet first needs it: Noto Sans Thai and Noto Sans Devanagari (shaped
with HarfBuzz, so marks and conjuncts sit right), SEForge Hangul (from
NanumGothic) for Korean, and Droid Sans Fallback for Chinese and Japanese (the
CJK Unified Ideographs; the rare Extension A prints as names, to keep the app small).

A line is cut into *runs* of one font and one bidi level (the Unicode bidi
algorithm), never inside a grapheme cluster; each run is shaped by HarfBuzz from
its logical text (Arabic joined, marks placed, conjuncts formed, in the glyphs the
font really has) and the runs are placed in display order. Measuring and drawing
use the same shaped runs. A run whose glyphs do not read back as its text carries
its text in an ``/ActualText`` span, so copying and searching give what was typed.
A cluster no font has (an emoji, a flag) prints as its name in brackets, never as
a replacement box, and still copies as the character.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import uharfbuzz
from bidi import algorithm as bidi_algorithm
from bidi.algorithm import get_display
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import ShapeData, ShapedStr, TTFont
from reportlab.pdfgen.canvas import Canvas

from seforge.core.resources import resource_path


class Face(StrEnum):
    """The faces the sheet uses; the value is the registered ReportLab name."""

    REGULAR = "SEForge-DejaVuSans"
    BOLD = "SEForge-DejaVuSans-Bold"
    CONDENSED = "SEForge-DejaVuSansCondensed"
    CONDENSED_BOLD = "SEForge-DejaVuSansCondensed-Bold"


FONT_FILES: dict[Face, str] = {
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
        for face, filename in FONT_FILES.items():
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
        elif ch in "\u200c\u200d":
            out.append(ch)  # joiners choose letter forms (Persian, Indic, emoji)
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
    """``text`` in the order it is drawn left to right (the Unicode bidi algorithm);
    unchanged when it has no RTL letters. Letters are not reshaped here: joining is
    HarfBuzz's work when a line is drawn (see :func:`draw_string`)."""
    if not is_rtl(text):
        return text
    return str(get_display(text))


# --- grapheme clusters ------------------------------------------------------

_JOINERS = frozenset("\u200c\u200d")
_VIRAMAS = frozenset(ch for ch in map(chr, range(0x0900, 0x0E80))
                     if unicodedata.combining(ch) == 9)
_SPACING_EXTEND = frozenset("\u0e33\u0eb3")  # Thai and Lao SARA AM


def _is_regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def _extends(prev: str, ch: str, regional_run: int) -> bool:
    """Whether ``ch`` belongs to the cluster that ``prev`` ends (UAX 29, simplified)."""
    if ch in _JOINERS or unicodedata.category(ch) in ("Mn", "Mc", "Me"):
        return True
    if ch in _SPACING_EXTEND or _is_emoji_modifier(ch):
        return True
    if prev == "\u200d":  # an emoji ZWJ sequence, or a joiner inside a word
        return True
    if prev in _VIRAMAS and unicodedata.category(ch) == "Lo":
        return True  # an Indic conjunct: consonant, virama, consonant
    if _is_regional(prev) and _is_regional(ch):
        return regional_run % 2 == 1  # flags pair regional indicators
    return False


def graphemes(text: str) -> list[str]:
    """``text`` cut into user-perceived characters: a letter with its marks, an
    Indic conjunct, a flag. A line or a box never breaks inside one."""
    if text.isascii():
        return list(text)  # no ASCII character joins the one before it
    clusters: list[str] = []
    regional_run = 0
    for ch in text:
        if clusters and _extends(clusters[-1][-1], ch, regional_run):
            clusters[-1] += ch
        else:
            clusters.append(ch)
        regional_run = regional_run + 1 if _is_regional(ch) else 0
    return clusters


# --- one shaped line --------------------------------------------------------

def _is_ignorable(ch: str) -> bool:
    return ch in _JOINERS or _is_emoji_modifier(ch)


def _covers(glyphs: frozenset[int], cluster: str) -> bool:
    return all(ord(ch) in glyphs or _is_ignorable(ch) for ch in cluster)


def _font_for_cluster(cluster: str, face: Face) -> str | None:
    """The face that draws every character of ``cluster``, or None."""
    if _covers(_glyphs, cluster):
        return face.value
    base = cluster[0]
    font = _font_for_char(base)
    if font is None:
        return None
    candidates = [font, *(f.name for f in SCRIPT_FALLBACKS if f.name != font)]
    for name in candidates:
        glyphs = _fallback() if name == FALLBACK_FACE else _script_glyphs.get(name)
        if glyphs is not None and _covers(glyphs, cluster):
            return name
    return font


def cluster_name(cluster: str) -> str:
    """What prints for a cluster no font has: a flag's letters, else each
    character's name (``[grinning face]``)."""
    letters = [ch for ch in cluster if _is_regional(ch)]
    if len(letters) == 2 and len(cluster) == 2:
        code = "".join(chr(ord(ch) - 0x1F1E6 + ord("A")) for ch in letters)
        return f"[flag {code}]"
    return "".join(char_name(ch) for ch in cluster if not _is_ignorable(ch))


@dataclass(frozen=True)
class _Segment:
    start: int
    end: int
    font: str
    level: int
    name: str | None = None
    """The printed name of characters no font has (drawn in the sheet's face)."""
    script: str | None = None
    """The right-to-left script of its letters (None: none yet), see :func:`_rtl_script`."""


def _levels(text: str, base_rtl: bool | None) -> list[int]:
    """The bidi embedding level of each character (rules P2 to I2 and L1)."""
    if not is_rtl(text) and not base_rtl:
        return [0] * len(text)
    storage = bidi_algorithm.get_empty_storage()
    base = bidi_algorithm.get_base_level(text) if base_rtl is None else int(base_rtl)
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    bidi_algorithm.get_embedding_levels(text, storage)
    bidi_algorithm.explicit_embed_and_overrides(storage)
    bidi_algorithm.resolve_weak_types(storage)
    bidi_algorithm.resolve_neutral_types(storage, False)
    bidi_algorithm.resolve_implicit_levels(storage, False)
    levels = [int(ch["level"]) for ch in storage["chars"]]
    if len(levels) != len(text):  # never expected: surrogates are cleaned out
        return [base] * len(text)
    end = len(text)
    while end and text[end - 1].isspace():  # L1: trailing spaces take the base level
        end -= 1
        levels[end] = base
    return levels


def _rtl_script(cluster: str) -> str | None:
    """The script of a right-to-left letter ("ARABIC", "HEBREW", "SYRIAC"...), else None.
    HarfBuzz shapes a run in one script: Arabic in a run that starts in Hebrew (same
    face, same direction) would print in unjoined letters."""
    ch = cluster[0]
    if unicodedata.bidirectional(ch) not in ("R", "AL"):
        return None
    return unicodedata.name(ch, "").partition(" ")[0] or None


def _segments(text: str, face: Face, base_rtl: bool | None) -> list[_Segment]:
    """Logical runs of one font, one bidi level and one right-to-left script; clusters
    never split."""
    register_fonts()
    levels = _levels(text, base_rtl)
    segments: list[_Segment] = []
    pos = 0
    for cluster in graphemes(text):
        level = levels[pos]
        script = _rtl_script(cluster)
        name: str | None = None
        if cluster == " " and segments and ord(" ") in _face_glyphs(segments[-1].font):
            font = segments[-1].font
        else:
            found = _font_for_cluster(cluster, face)
            if found is None:
                font, name = face.value, cluster_name(cluster)
            else:
                font = found
        last = segments[-1] if segments else None
        if (last is not None and last.font == font and last.level == level
                and last.name is None and name is None
                and (script is None or last.script in (None, script))):
            segments[-1] = _Segment(last.start, pos + len(cluster), font, level,
                                    script=last.script or script)
        else:
            segments.append(_Segment(pos, pos + len(cluster), font, level, name, script))
        pos += len(cluster)
    return segments


def _face_glyphs(font: str) -> frozenset[int]:
    if font == FALLBACK_FACE:
        return _fallback()
    return _script_glyphs.get(font, _glyphs)


def _visual_order(segments: list[_Segment]) -> list[_Segment]:
    """Rule L2: reverse every run at or above each odd level, highest first."""
    order = list(segments)
    if not order:
        return order
    highest = max(seg.level for seg in order)
    lowest_odd = min((seg.level for seg in order if seg.level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if order[i].level >= level:
                j = i
                while j < len(order) and order[j].level >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


_hb_fonts: dict[str, uharfbuzz.Font] = {}
_CONTEXT = 8


def _hb_font(font: str) -> tuple[TTFont, uharfbuzz.Font]:
    ttf = pdfmetrics.getFont(font)
    assert isinstance(ttf, TTFont)
    hb = _hb_fonts.get(font)
    if hb is None:
        hb = _hb_fonts[font] = ttf.hbFont(1000)
    return ttf, hb


def _shape(codepoints: list[int], start: int, end: int, font: str, rtl: bool) -> ShapedStr:
    """Shape ``codepoints[start:end]`` (the rest is context, so Arabic joins across
    a change of font) in ``font``; the glyphs, in visual order, as a string
    ReportLab draws glyph by glyph, with advances in thousandths of the size."""
    with _lock:
        ttf, hb = _hb_font(font)
        buf = uharfbuzz.Buffer()
        # a few characters either side are context enough (joining, marks)
        lo, hi = max(0, start - _CONTEXT), min(len(codepoints), end + _CONTEXT)
        buf.add_codepoints(codepoints[lo:hi], start - lo, end - start)
        buf.guess_segment_properties()
        buf.direction = "rtl" if rtl else "ltr"
        uharfbuzz.shape(hb, buf, {"liga": False, "clig": False, "dlig": False})
        chars: list[str] = []
        data: list[ShapeData] = []
        face = ttf.face
        for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True):
            gid = info.codepoint
            mapped = face.glyphToChar.get(gid)
            if mapped:
                code = mapped[0]
            else:  # a glyph only shaping reaches (a joined form, a conjunct)
                advance = ttf.pdfScale(face.hmetrics[gid][0]) if gid < len(face.hmetrics) else 0
                code = ttf.hbAddPrivate(hb.glyph_to_string(gid), gid, advance)
            chars.append(chr(code))
            data.append(ShapeData(info.cluster, ttf.pdfScale(pos.x_advance),
                                  ttf.pdfScale(pos.y_advance), ttf.pdfScale(pos.x_offset),
                                  ttf.pdfScale(pos.y_offset),
                                  face.charWidths.get(code, face.defaultWidth)))
    return ShapedStr("".join(chars), data)


@dataclass(frozen=True)
class _Part:
    chunk: str
    """The logical text of the run (what copying it gives)."""
    font: str
    units: float
    """The drawn width in thousandths of the size."""
    shaped: ShapedStr | None = None
    """The glyphs to draw; None draws ``chunk`` as it is (simple left-to-right text)."""
    rtl: bool = False
    """Drawn right to left (an odd bidi level)."""

    def width(self, size: float) -> float:
        return self.units * size / 1000.0

    @property
    def drawn(self) -> str:
        return self.chunk if self.shaped is None else str(self.shaped)


def _simple(text: str) -> bool:
    """Left-to-right text in the sheet's faces with no marks: glyph for character,
    so shaping would change nothing but kerning (which the sheet does not use)."""
    for ch in text:
        if ord(ch) not in _glyphs or unicodedata.combining(ch):
            return False
        if unicodedata.bidirectional(ch) in _RTL_CLASSES:
            return False
    return True


@lru_cache(maxsize=16384)
def _layout(text: str, face: Face, base_rtl: bool | None) -> tuple[_Part, ...]:
    """One line as runs in visual order, each shaped by HarfBuzz."""
    register_fonts()
    if not text:
        return ()
    if _simple(text):
        units = pdfmetrics.stringWidth(text, face.value, 1000)
        return (_Part(text, face.value, units),)
    codepoints = [ord(ch) for ch in text]
    parts: list[_Part] = []
    for seg in _visual_order(_segments(text, face, base_rtl)):
        logical = text[seg.start:seg.end]
        if seg.name is not None:
            shaped = _shape([ord(ch) for ch in seg.name], 0, len(seg.name), seg.font, False)
        else:
            shaped = _shape(codepoints, seg.start, seg.end, seg.font, seg.level % 2 == 1)
        units = float(sum(d.x_advance for d in shaped.__shapeData__))
        if seg.name is not None and any(ord(ch) > 0xFFFF for ch in logical):
            # readers mangle astral characters in an ActualText span (poppler
            # writes surrogates): such a name copies as it prints
            logical = seg.name
        parts.append(_Part(logical, seg.font, units, shaped,
                           seg.name is None and seg.level % 2 == 1))
    return tuple(parts)


def runs(text: str, face: Face) -> list[tuple[str, str]]:
    """Cut ``text`` into ``(chunk, font name)`` runs in logical order; spaces join
    the run before. A cluster no font has becomes its bracketed name (in ``face``)."""
    result: list[tuple[str, str]] = []
    for seg in _segments(text, face, None):
        chunk = seg.name if seg.name is not None else text[seg.start:seg.end]
        if result and result[-1][1] == seg.font and seg.name is None:
            result[-1] = (result[-1][0] + chunk, seg.font)
        else:
            result.append((chunk, seg.font))
    return result


def _parts(text: str, face: Face, size: float) -> tuple[_Part, ...]:
    return _layout(text, face, None)


def _iter_widths(text: str, face: Face, size: float) -> Iterator[tuple[str, str, float]]:
    for part in _layout(text, face, None):
        yield part.drawn, part.font, part.width(size)


@lru_cache(maxsize=65536)
def string_width(text: str, face: Face, size: float) -> float:
    """The drawn width of ``text`` in points: the same shaped runs that are drawn."""
    return sum(part.units for part in _layout(text, face, None)) * size / 1000.0


def _display_text(logical: str) -> str:
    """A right-to-left run's text in display order, as readers expect an ActualText
    span laid over glyphs drawn right to left. A mark that would open it (a final
    tanween) follows a right-to-left mark (invisible), which readers need to keep
    it on its letter."""
    shown = logical[::-1]
    if shown and unicodedata.combining(shown[0]):
        shown = "\u200f" + shown
    return shown


def _actual_text(logical: str) -> str:
    """A marked-content span whose text layer reads ``logical``."""
    encoded = ("\ufeff" + logical).encode("utf-16-be").hex().upper()
    return f"/Span <</ActualText <{encoded}>>> BDC"


def draw_string(canvas: Canvas, x: float, y: float, text: str, face: Face, size: float,
                *, align: str = "left", rtl: bool | None = None) -> float:
    """Draw one line at baseline ``y``; ``align`` is left, center or right of ``x``.

    ``rtl`` is the paragraph's direction (None: from its first strong letter).
    Returns the drawn width. A run whose glyphs do not read back as its text
    (reordered, joined, a name for an emoji) carries its logical text.
    """
    parts = _layout(text, face, rtl)
    total = sum(part.units for part in parts) * size / 1000.0
    if align == "center":
        x -= total / 2
    elif align == "right":
        x -= total
    pdf = isinstance(canvas, Canvas)
    for part in parts:
        if part.chunk.strip():
            canvas.setFont(part.font, size)
            if part.shaped is None or not pdf:
                # a painter that is not a PDF canvas (the app's printing) shapes
                # and orders each run's logical text itself
                canvas.drawString(x, y, part.chunk)
            elif str(part.shaped) == part.chunk:
                canvas.drawString(x, y, part.shaped)
            else:
                # Readers lay a span's text out left to right over its glyphs and
                # then apply the bidi algorithm themselves: a right-to-left run
                # gives its text in display order, and reads back as typed.
                canvas.addLiteral(_actual_text(_display_text(part.chunk) if part.rtl
                                               else part.chunk))
                canvas.drawString(x, y, part.shaped)
                canvas.addLiteral("EMC")
        x += part.width(size)
    return total

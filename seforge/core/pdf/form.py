"""Fill-in fields (AcroForm) as small raw PDF objects, shared by every system's sheets.

ReportLab's own fields draw their value again in an unembedded Helvetica over what the page
printed; these widgets carry empty (or small drawn) appearances instead, so the page's own
embedded fonts do the showing and a reader draws a value only once it is edited. It draws it
in the form's font (:data:`FIELD_FONT`): DejaVu Sans, embedded in full once per PDF as a
Unicode (Identity-H) font, so Latin, Greek, Cyrillic, Hebrew and Arabic typed into a field
show in every reader (Thai, Indic and CJK are left to the reader's own fallback: embedding
those faces in full would multiply a sheet's size), over a white background (``/MK /BG``)
that hides the printed value beneath. A system
builds each widget's dictionary itself (which keys, which appearances) from the pieces here,
or uses :class:`WidgetWriter` for plain ones. :func:`read_form_fields` and
:func:`form_value` (from :mod:`seforge.core.pdf.form_read`, which reading a sheet back
imports without ReportLab) read a filled-in PDF's fields back with pypdf without a
traceback for any file.
"""

from __future__ import annotations

import struct
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from reportlab.pdfbase.pdfdoc import (
    PDFDictionary,
    PDFName,
    PDFObject,
    PDFStream,
    PDFZCompress,
)
from reportlab.pdfbase.ttfonts import TTFontFile
from reportlab.pdfgen.canvas import Canvas

# the readers' half (no ReportLab), re-exported
from seforge.core.pdf.form_read import (
    MAX_FORM_PDF_BYTES as MAX_FORM_PDF_BYTES,
)
from seforge.core.pdf.form_read import (
    ON as ON,
)
from seforge.core.pdf.form_read import (
    FormReadError as FormReadError,
)
from seforge.core.pdf.form_read import (
    UnreadablePdfError as UnreadablePdfError,
)
from seforge.core.pdf.form_read import (
    form_value as form_value,
)
from seforge.core.pdf.form_read import (
    quiet_pypdf as quiet_pypdf,
)
from seforge.core.pdf.form_read import (
    read_form_fields as read_form_fields,
)
from seforge.core.pdf.form_read import (
    read_form_values as read_form_values,
)
from seforge.core.pdf.form_read import (
    values_by_sheet as values_by_sheet,
)
from seforge.core.pdf.geometry import Rect
from seforge.core.resources import resource_path

CROSS = b"q 0.12 0.12 0.12 RG 1.4 w 1 J 2 2 m 8 8 l S 2 8 m 8 2 l S Q"
"""The content of a plain dark cross in a 10 x 10 box (a ticked checkbox's look)."""


def pdf_text(text: str) -> str:
    """A PDF text string: literal when printable ASCII, else UTF-16BE hex."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<" + ("\ufeff" + text).encode("utf-16-be", "replace").hex().upper() + ">"


class RawPdf(PDFObject):  # type: ignore[misc]
    """A PDF object written as given: strings as they are (Latin-1), other PDF objects as
    references resolved when the file is saved."""

    def __init__(self, parts: Sequence[str | PDFObject]) -> None:
        self.parts = parts

    def format(self, document: Any) -> bytes:
        out: list[bytes] = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part.encode("latin-1"))
            else:
                out.append(document.Reference(part).format(document))
        return b"".join(out)


def form_xobject(content: bytes) -> PDFStream:
    """A 10 x 10 form XObject drawing ``content`` (a widget appearance)."""
    return PDFStream(PDFDictionary({"Type": PDFName("XObject"), "Subtype": PDFName("Form"),
                                    "BBox": "[0 0 10 10]"}), content)


FIELD_FONT = "SEFSans"
"""The form's font for edited text (its ``/DR`` name): DejaVu Sans, embedded in full."""
FIELD_FONT_FILE = "DejaVuSans.ttf"
WHITE_BACKGROUND = "/MK << /BG [1 1 1] >> "
"""A text widget's background: a value typed in hides the printed one beneath it."""


def text_appearance(size: float, gray: float = 0.12) -> str:
    """A text field's ``/DA`` entry (with its trailing space): the form's font at ``size``
    (0: the reader fits it) in ``gray``."""
    return f"/DA (/{FIELD_FONT} {size:g} Tf {gray:g} g) "


@dataclass(frozen=True)
class _FontParts:
    """The pieces of the embedded field font, built once per process."""

    name: str
    program: bytes
    descriptor: str
    widths: str
    to_unicode: bytes


def _width_ranges(widths: list[int]) -> str:
    """A CID font's ``/W`` array: runs of one width as ``first last w``, the rest as
    ``first [w w ...]``."""
    out: list[str] = []
    i, n = 0, len(widths)
    while i < n:
        j = i
        while j + 1 < n and widths[j + 1] == widths[i]:
            j += 1
        if j - i >= 2:
            out.append(f"{i} {j} {widths[i]}")
            i = j + 1
            continue
        start, run = i, []
        while i < n and (i + 2 >= n or not widths[i] == widths[i + 1] == widths[i + 2]):
            run.append(str(widths[i]))
            i += 1
        out.append(f"{start} [{' '.join(run)}]")
    return "[" + " ".join(out) + "]"


def _utf16_hex(cp: int) -> str:
    """``cp`` in UTF-16BE as upper-case hex (four digits in the BMP, eight beyond)."""
    if cp < 0x10000 and not 0xD800 <= cp <= 0xDFFF:
        return f"{cp:04X}"
    return chr(cp).encode("utf-16-be", "surrogatepass").hex().upper()


def _to_unicode(glyph_to_char: dict[int, int]) -> bytes:
    """A ToUnicode CMap from glyph ids (the font's CIDs) to the characters they draw."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    pairs = sorted(glyph_to_char.items())
    for start in range(0, len(pairs), 100):
        chunk = pairs[start:start + 100]
        lines.append(f"{len(chunk)} beginbfchar")
        lines += [f"<{gid:04X}> <{_utf16_hex(cp)}>" for gid, cp in chunk]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")


FIELD_BLOCKS: tuple[tuple[int, int], ...] = (
    (0x0020, 0x07FF),  # Latin, IPA, marks, Greek, Cyrillic, Armenian, Hebrew, Arabic
    (0x1E00, 0x1FFF),  # Latin and Greek extended
    (0x2000, 0x20CF),  # punctuation, super- and subscripts, currency
    (0x2100, 0x215F),  # letterlike symbols, fractions
    (0x2190, 0x2199),  # arrows
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2605, 0x2606), (0x2610, 0x2612), (0x2713, 0x2717),  # stars, ballot boxes, ticks
    (0xFB00, 0xFDFF),  # Latin, Hebrew and Arabic presentation forms
    (0xFE70, 0xFEFF),
    (0xFFFD, 0xFFFD),
)
"""The characters the field font keeps glyphs for: what players type in the scripts
DejaVu draws (its maths, Braille and the like are left out to keep every sheet small)."""
_BLOCK_STARTS = tuple(lo for lo, _hi in FIELD_BLOCKS)
_KEPT_TABLES = (b"OS/2", b"cmap", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp",
                b"name", b"post")


def _table_checksum(data: bytes) -> int:
    data += b"\0" * (-len(data) % 4)
    return int(sum(struct.unpack(f">{len(data) // 4}I", data))) & 0xFFFFFFFF


def _components(glyph: bytes) -> list[int]:
    """The glyphs a composite glyph is built from (none for a simple glyph)."""
    if len(glyph) < 10 or glyph[0] < 0x80:  # numberOfContours >= 0: a simple glyph
        return []
    found: list[int] = []
    pos = 10
    while pos + 4 <= len(glyph):
        flags, index = struct.unpack(">HH", glyph[pos:pos + 4])
        found.append(index)
        pos += 4 + (4 if flags & 0x0001 else 2)
        pos += 8 if flags & 0x0080 else 4 if flags & 0x0040 else 2 if flags & 0x0008 else 0
        if not flags & 0x0020:
            break
    return found


def _keep_glyphs(program: bytes, keep: set[int]) -> bytes:
    """``program`` (a TrueType font) with every glyph outside ``keep`` (and the glyphs
    they are built from) emptied: glyph ids stay as they are (so the font's CIDs are its
    glyph ids), and shaping tables a form never uses are left out."""
    count = struct.unpack(">H", program[4:6])[0]
    tables: dict[bytes, bytes] = {}
    for i in range(count):
        tag, _sum, offset, length = struct.unpack(">4sIII", program[12 + 16 * i:28 + 16 * i])
        tables[tag] = program[offset:offset + length]
    head = bytearray(tables[b"head"])
    long_loca = struct.unpack(">h", head[50:52])[0] == 1
    loca_raw = tables[b"loca"]
    loca = (list(struct.unpack(f">{len(loca_raw) // 4}I", loca_raw)) if long_loca
            else [2 * v for v in struct.unpack(f">{len(loca_raw) // 2}H", loca_raw)])
    glyf = tables[b"glyf"]
    glyphs = len(loca) - 1
    todo = [g for g in keep if 0 <= g < glyphs]
    kept: set[int] = {0}
    while todo:
        gid = todo.pop()
        if gid in kept:
            continue
        kept.add(gid)
        todo += _components(glyf[loca[gid]:loca[gid + 1]])
    parts: list[bytes] = []
    offsets: list[int] = []
    size = 0
    for gid in range(glyphs):
        offsets.append(size)
        if gid in kept:
            data = glyf[loca[gid]:loca[gid + 1]]
            pad = -len(data) % 4
            parts += (data, b"\0" * pad)
            size += len(data) + pad
    offsets.append(size)
    out = b"".join(parts)
    head[50:52] = struct.pack(">h", 1)  # long offsets
    head[8:12] = b"\0\0\0\0"
    tables[b"head"], tables[b"glyf"] = bytes(head), bytes(out)
    tables[b"loca"] = struct.pack(f">{len(offsets)}I", *offsets)
    chosen = sorted(tag for tag in tables if tag in _KEPT_TABLES)
    header = struct.pack(">IHHHH", 0x00010000, len(chosen), 0, 0, 0)
    directory, body = bytearray(), bytearray()
    start = 12 + 16 * len(chosen)
    for tag in chosen:
        data = tables[tag]
        directory += struct.pack(">4sIII", tag, _table_checksum(data), start + len(body),
                                 len(data))
        body += data + b"\0" * (-len(data) % 4)
    font = bytearray(header + directory + body)
    adjust = (0xB1B0AFBA - _table_checksum(bytes(font))) & 0xFFFFFFFF
    head_at = next(struct.unpack(">I", directory[16 * i + 8:16 * i + 12])[0]
                   for i, tag in enumerate(chosen) if tag == b"head")
    font[head_at + 8:head_at + 12] = struct.pack(">I", adjust)
    return bytes(font)


def _in_field_blocks(cp: int) -> bool:
    """True when the code point ``cp`` lies in one of :data:`FIELD_BLOCKS` (sorted)."""
    at = bisect_right(_BLOCK_STARTS, cp) - 1
    return at >= 0 and cp <= FIELD_BLOCKS[at][1]


def _field_face() -> TTFontFile:
    """DejaVu Sans as ReportLab parsed it: the sheets' regular face, registered already
    (parsing the file again cost every first PDF of a process about 13 ms)."""
    from reportlab.pdfbase import pdfmetrics

    from seforge.core.pdf.fonts import FONT_FILES, Face, register_fonts

    if FONT_FILES[Face.REGULAR] == FIELD_FONT_FILE:
        register_fonts()
        face = getattr(pdfmetrics.getFont(Face.REGULAR.value), "face", None)
        if isinstance(face, TTFontFile):
            return face
    return TTFontFile(str(resource_path("fonts", FIELD_FONT_FILE)))


@lru_cache(maxsize=1)
def _field_font() -> _FontParts:
    path = resource_path("fonts", FIELD_FONT_FILE)
    ttf = _field_face()
    glyph_to_char: dict[int, int] = {}
    mapped = ttf.charToGlyph
    for lo, hi in FIELD_BLOCKS:  # sorted: each glyph keeps its first character
        for cp in range(lo, hi + 1):
            gid = mapped.get(cp, 0)
            if 0 < gid < 0x10000:
                glyph_to_char.setdefault(gid, cp)
    program = _keep_glyphs(path.read_bytes(), set(glyph_to_char))
    scale = 1000.0 / ttf.unitsPerEm
    widths = [round(advance * scale) for advance, _lsb in ttf.hmetrics]
    name = ttf.name.decode("latin-1") if isinstance(ttf.name, bytes) else str(ttf.name)
    bbox = " ".join(f"{v:.0f}" for v in ttf.bbox)
    descriptor = (f"/Type /FontDescriptor /FontName /{name} /Flags {ttf.flags} "
                  f"/FontBBox [{bbox}] /ItalicAngle {ttf.italicAngle:g} "
                  f"/Ascent {ttf.ascent:.0f} /Descent {ttf.descent:.0f} "
                  f"/CapHeight {ttf.capHeight:.0f} /StemV {ttf.stemV} ")
    return _FontParts(name, program, descriptor, _width_ranges(widths),
                      _to_unicode(glyph_to_char))


def field_font(canvas: Canvas) -> PDFObject:
    """The form's font object for ``canvas``'s PDF (made once per PDF): DejaVu Sans as a
    Type0 font, Identity-H, embedded in full (every glyph a user may type), with its widths
    and a ToUnicode map (readers and pypdf encode typed text through it)."""
    made = getattr(canvas, "_seforge_field_font", None)
    if made is not None:
        return made
    parts = _field_font()
    program = PDFStream(PDFDictionary({"Length1": len(parts.program)}), parts.program,
                        filters=[PDFZCompress])
    to_unicode = PDFStream(PDFDictionary(), parts.to_unicode, filters=[PDFZCompress])
    descriptor = RawPdf(["<< " + parts.descriptor + "/FontFile2 ", program, " >>"])
    widths = RawPdf([parts.widths])
    descendant = RawPdf([f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{parts.name} "
                         "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) "
                         "/Supplement 0 >> /CIDToGIDMap /Identity /DW 600 /W ", widths,
                         " /FontDescriptor ", descriptor, " >>"])
    font = RawPdf([f"<< /Type /Font /Subtype /Type0 /BaseFont /{parts.name} "
                   "/Encoding /Identity-H /DescendantFonts [", descendant, "] /ToUnicode ",
                   to_unicode, " >>"])
    canvas._seforge_field_font = font
    return font


def set_form_fonts(canvas: Canvas) -> None:
    """Give the canvas's form its default resources: the embedded Unicode field font as
    :data:`FIELD_FONT` (for edited text) and ZapfDingbats as ``/ZaDb`` (for checkboxes,
    whose ticked look each widget draws itself)."""
    form = canvas.acroForm
    dingbats = RawPdf(["<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>"])
    form.extras["DR"] = RawPdf([f"<< /Font << /{FIELD_FONT} ", field_font(canvas), " /ZaDb ",
                                dingbats, " >> >>"])
    form.extras["DA"] = RawPdf([f"(/{FIELD_FONT} 0 Tf 0 g)"])


def add_widget(canvas: Canvas, parts: Sequence[str | PDFObject]) -> None:
    """Put one widget (its whole dictionary, ``<< ... >>``) on the canvas's current page and
    in the form's field list."""
    canvas._addAnnotation(RawPdf(parts))
    ref = canvas._doc.refAnnotation(f"NUMBER{canvas._annotationCount}")
    canvas.acroForm.fields.append(ref)


def rect_entry(r: Rect) -> str:
    """A widget's ``/Rect`` entry for ``r`` (with its trailing space)."""
    return f"/Rect [{r.x:.2f} {r.y:.2f} {r.right:.2f} {r.top:.2f}] "


class WidgetWriter:
    """Adds plain widgets to one canvas (it owns the checkboxes' shared appearances):
    ``text`` and ``multiline`` fields with an empty appearance of their own, ``check``
    boxes drawn as a cross when ticked, and ``hidden`` text fields (a document's saved
    copy)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.empty = form_xobject(b"")
        self.cross = form_xobject(CROSS)
        set_form_fonts(canvas)

    def add(self, name: str, rect: Rect, kind: str, value: str, *, tooltip: str = "",
            size: float = 9.0, align: int | None = None) -> None:
        """One widget named ``name``; ``align`` is the ``/Q`` of a text field (left, centre,
        right as 0, 1, 2), left out when None."""
        head = f"<< /Type /Annot /Subtype /Widget /T {pdf_text(name)} {rect_entry(rect)}"
        if tooltip:
            head += f"/TU {pdf_text(tooltip)} "
        parts: list[str | PDFObject]
        if kind == "hidden":
            parts = [head, f"/FT /Tx /F 2 /Ff 1 /V {pdf_text(value)} >>"]
        elif kind == "check":
            state = ON if value == ON else "Off"
            parts = [head, "/FT /Btn /F 4 /MK << /CA (8) >> /DA (/ZaDb 0 Tf 0 g) ",
                     f"/V /{state} /AS /{state} /AP << /N << /Yes ", self.cross, " /Off ",
                     self.empty, " >> >> >>"]
        else:
            flags = 4096 if kind == "multiline" else 0
            quad = "" if align is None else f"/Q {align} "
            # each text field has its own (empty) appearance: a program filling the form
            # rewrites that object in place, and a shared one would show the value in all
            parts = [head, f"/F 4 {text_appearance(size)}{quad}{WHITE_BACKGROUND}/FT /Tx "
                     f"/Ff {flags} /V {pdf_text(value)} /AP << /N ", form_xobject(b""),
                     " >> >>"]
        add_widget(self.canvas, parts)

"""Fill-in fields (AcroForm) for the 2d20 player sheet.

Each field holds its value but draws nothing itself: the sheet prints every value in the
embedded DejaVu faces (any script, shrunk to fit), and a PDF reader draws a value only once
it is edited. Widgets are small raw PDF objects with one shared empty appearance (ReportLab's
own fields would draw every value again in Helvetica over the printed one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFObject, PDFStream
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.geometry import Rect

ON = "Yes"


@dataclass(frozen=True)
class SheetField:
    """One field: its name, where it sits, its kind (``text``, ``multiline``, ``check`` or
    ``hidden``), its help text and the size a reader draws an edited value at."""

    name: str
    rect: Rect
    kind: str = "text"
    tooltip: str = ""
    size: float = 8.0


def _pdf_text(text: str) -> str:
    """A PDF text string: literal when printable ASCII, else UTF-16BE hex."""
    if text.isascii() and text.isprintable():
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<" + ("\ufeff" + text).encode("utf-16-be", "replace").hex().upper() + ">"


class _Raw(PDFObject):  # type: ignore[misc]
    """A PDF object written as it is, references resolved when saving."""

    def __init__(self, parts: Sequence[str | PDFObject]) -> None:
        self.parts = parts

    def format(self, document: object) -> bytes:
        out: list[bytes] = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part.encode("latin-1"))
            else:
                ref = document.Reference(part)  # type: ignore[attr-defined]
                out.append(ref.format(document))
        return b"".join(out)


def _xobject(content: bytes) -> PDFStream:
    return PDFStream(PDFDictionary({"Type": PDFName("XObject"), "Subtype": PDFName("Form"),
                                    "BBox": "[0 0 10 10]"}), content)


class FieldWriter:
    """Adds fields to one canvas (it owns the shared appearances)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self._empty = _xobject(b"")
        self._cross = _xobject(b"q 0.12 0.12 0.12 RG 1.4 w 1 J 2 2 m 8 8 l S 2 8 m 8 2 l S Q")
        form = canvas.acroForm
        font = _Raw(["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                     "/Encoding /WinAnsiEncoding >>"])
        dingbats = _Raw(["<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>"])
        form.extras["DR"] = _Raw(["<< /Font << /Helv ", font, " /ZaDb ", dingbats, " >> >>"])
        form.extras["DA"] = _Raw(["(/Helv 0 Tf 0 g)"])

    def add(self, field: SheetField, value: str) -> None:
        r = field.rect
        head = (f"<< /Type /Annot /Subtype /Widget /T {_pdf_text(field.name)} "
                f"/Rect [{r.x:.2f} {r.y:.2f} {r.right:.2f} {r.top:.2f}] ")
        if field.tooltip:
            head += f"/TU {_pdf_text(field.tooltip)} "
        parts: list[str | PDFObject]
        if field.kind == "hidden":
            parts = [head, f"/FT /Tx /F 2 /Ff 1 /V {_pdf_text(value)} >>"]
        elif field.kind == "check":
            state = ON if value == ON else "Off"
            parts = [head, "/FT /Btn /F 4 /MK << /CA (8) >> /DA (/ZaDb 0 Tf 0 g) ",
                     f"/V /{state} /AS /{state} /AP << /N << /Yes ", self._cross, " /Off ",
                     self._empty, " >> >> >>"]
        else:
            flags = 4096 if field.kind == "multiline" else 0
            parts = [head, f"/F 4 /DA (/Helv {field.size:g} Tf 0.12 g) /Q 0 /FT /Tx "
                     f"/Ff {flags} /V {_pdf_text(value)} /AP << /N ", self._empty, " >> >>"]
        self.canvas._addAnnotation(_Raw(parts))
        ref = self.canvas._doc.refAnnotation(f"NUMBER{self.canvas._annotationCount}")
        self.canvas.acroForm.fields.append(ref)

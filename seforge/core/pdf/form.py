"""Fill-in fields (AcroForm) as small raw PDF objects, shared by every system's sheets.

ReportLab's own fields draw their value again in an unembedded Helvetica over what the page
printed; these widgets carry empty (or small drawn) appearances instead, so the page's own
embedded fonts do the showing and a reader draws a value only once it is edited. A system
builds each widget's dictionary itself (which keys, which appearances) from the pieces here,
or uses :class:`WidgetWriter` for plain ones. :func:`read_form_fields` and
:func:`form_value` read a filled-in PDF's fields back with pypdf without a traceback for
any file.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFObject, PDFStream
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.geometry import Rect

ON = "Yes"
"""The ``/V`` and ``/AS`` state of a ticked checkbox (``Off`` when not ticked)."""

MAX_FORM_PDF_BYTES = 128 * 1024 * 1024
"""The largest PDF :func:`read_form_fields` opens (a sheet is far smaller)."""

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


def set_form_fonts(canvas: Canvas) -> None:
    """Give the canvas's form its default resources: Helvetica as ``/Helv`` (for edited
    text) and ZapfDingbats as ``/ZaDb`` (for checkboxes)."""
    form = canvas.acroForm
    font = RawPdf(["<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica "
                   "/Encoding /WinAnsiEncoding >>"])
    dingbats = RawPdf(["<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>"])
    form.extras["DR"] = RawPdf(["<< /Font << /Helv ", font, " /ZaDb ", dingbats, " >> >>"])
    form.extras["DA"] = RawPdf(["(/Helv 0 Tf 0 g)"])


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
    """Adds plain widgets to one canvas (it owns the shared appearances): ``text`` and
    ``multiline`` fields with an empty appearance, ``check`` boxes drawn as a cross when
    ticked, and ``hidden`` text fields (a document's saved copy)."""

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
            parts = [head, f"/F 4 /DA (/Helv {size:g} Tf 0.12 g) {quad}/FT /Tx /Ff {flags} "
                     f"/V {pdf_text(value)} /AP << /N ", self.empty, " >> >>"]
        add_widget(self.canvas, parts)


# --- reading back ------------------------------------------------------------------------


class FormReadError(ValueError):
    """A PDF whose fields cannot be read: the message says why, without the file's name
    (one line; the caller puts its own name for the file in front)."""


class UnreadablePdfError(FormReadError):
    """Damaged or not a PDF at all; :attr:`reason` is pypdf's word for it."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"not a readable PDF ({reason})")
        self.reason = reason


def form_value(raw: Any) -> str:
    """A field's ``/V`` as text: ``""`` for none, a checkbox state without its slash
    (``Yes``, ``Off``)."""
    if raw is None:
        return ""
    text = str(raw)
    return text[1:] if text.startswith("/") else text


@contextmanager
def quiet_pypdf() -> Iterator[None]:
    """pypdf's log records and warnings stay off the console while inside."""
    import logging
    import warnings

    logger = logging.getLogger("pypdf")
    level, propagate = logger.level, logger.propagate
    logger.setLevel(logging.CRITICAL + 1)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.setLevel(level)
        logger.propagate = propagate


def read_form_fields(path: Path) -> dict[str, Any]:
    """The form fields of the PDF at ``path`` as pypdf gives them (name to field
    dictionary). Whatever the file holds, the only error is :class:`FormReadError`: too
    large, encrypted, damaged, looping, or not a PDF at all. pypdf's own warnings and log
    lines are kept off the console."""
    try:
        from pypdf import PdfReader
        from pypdf.errors import DependencyError, FileNotDecryptedError, PyPdfError
    except ImportError as exc:  # pragma: no cover - pypdf ships with SEForge
        raise FormReadError(f"reading PDF forms needs pypdf ({exc})") from exc
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise FormReadError(f"{exc.strerror or exc}") from exc
    if size > MAX_FORM_PDF_BYTES:
        raise FormReadError(f"is {size / 1024 / 1024:,.0f} MB; a sheet PDF may be at most "
                            f"{MAX_FORM_PDF_BYTES // 1024 // 1024} MB")
    encrypted = "is encrypted; save an unencrypted copy and import that"
    try:
        with quiet_pypdf():
            reader = PdfReader(str(path))
            if reader.is_encrypted:
                try:
                    reader.decrypt("")
                    reader.get_fields()
                except (DependencyError, FileNotDecryptedError, NotImplementedError) as exc:
                    raise FormReadError(encrypted) from exc
            return dict(reader.get_fields() or {})
    except FormReadError:
        raise
    except (DependencyError, FileNotDecryptedError) as exc:  # AES needs a crypto package
        raise FormReadError(encrypted) from exc
    except RecursionError as exc:
        raise UnreadablePdfError("its form fields loop") from exc
    except (PyPdfError, OSError, ValueError, KeyError, TypeError, AttributeError,
            IndexError, AssertionError, MemoryError) as exc:
        raise UnreadablePdfError(str(exc)) from exc


def read_form_values(path: Path) -> dict[str, str]:
    """Every field's name and value (:func:`form_value`) of the PDF at ``path``;
    :class:`FormReadError` as :func:`read_form_fields`."""
    values: dict[str, str] = {}
    for name, info in read_form_fields(path).items():
        try:
            raw = info.get("/V") if hasattr(info, "get") else None
        except (RecursionError, ValueError, KeyError, TypeError):
            raw = None
        values[str(name)] = form_value(raw)
    return values

"""The shared fill-in field writer: a real PDF read back with pypdf."""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.form import ON, WidgetWriter, pdf_text
from seforge.core.pdf.geometry import Rect


def test_pdf_text_escapes_literals_and_hex_encodes_the_rest() -> None:
    assert pdf_text("a (b) \\c") == "(a \\(b\\) \\\\c)"
    assert pdf_text("Zoë") == "<FEFF005A006F00EB>"
    assert pdf_text("tab\there") == "<FEFF" + "tab\there".encode("utf-16-be").hex().upper() + ">"


def _read(build: dict[str, tuple[str, str, str, int | None]]) -> PdfReader:
    out = io.BytesIO()
    canvas = Canvas(out)
    writer = WidgetWriter(canvas)
    for i, (name, (kind, value, tooltip, align)) in enumerate(build.items()):
        writer.add(name, Rect(20, 20 + 30 * i, 120, 14), kind, value, tooltip=tooltip,
                   size=8, align=align)
    canvas.showPage()
    canvas.save()
    return PdfReader(io.BytesIO(out.getvalue()))


def test_widgets_read_back_with_their_values_kinds_and_help() -> None:
    reader = _read({
        "name": ("text", "Zoë (the bold)", "Your name", 0),
        "notes": ("multiline", "line 1\nline 2", "", None),
        "ticked": ("check", ON, "A box", None),
        "blank": ("check", "", "", None),
        "data": ("hidden", '{"a": 1}', "", None),
    })
    fields = reader.get_fields() or {}
    assert {n: str(f.get("/V")) for n, f in fields.items()} == {
        "name": "Zoë (the bold)", "notes": "line 1\nline 2", "ticked": "/Yes",
        "blank": "/Off", "data": '{"a": 1}'}
    assert fields["name"]["/FT"] == "/Tx" and fields["ticked"]["/FT"] == "/Btn"
    assert fields["name"]["/TU"] == "Your name"
    assert int(fields["notes"]["/Ff"]) == 4096 and int(fields["data"]["/Ff"]) == 1
    widgets = {str(a.get_object()["/T"]): a.get_object()
               for a in reader.pages[0]["/Annots"]}
    assert widgets["name"]["/Q"] == 0 and "/Q" not in widgets["notes"]
    assert widgets["data"]["/F"] == 2  # hidden: never shown or printed
    assert widgets["ticked"]["/AS"] == "/Yes" and widgets["blank"]["/AS"] == "/Off"
    assert set(widgets["ticked"]["/AP"]["/N"]) == {"/Yes", "/Off"}
    resources = reader.trailer["/Root"]["/AcroForm"]["/DR"]["/Font"]
    assert resources["/Helv"]["/BaseFont"] == "/Helvetica"
    assert resources["/ZaDb"]["/BaseFont"] == "/ZapfDingbats"

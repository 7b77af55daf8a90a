"""The shared fill-in field writer and reader: a real PDF read back with pypdf."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf import form, form_read
from seforge.core.pdf.form import (
    ON,
    FormReadError,
    UnreadablePdfError,
    WidgetWriter,
    pdf_text,
    read_form_values,
)
from seforge.core.pdf.geometry import Rect


def test_pdf_text_escapes_literals_and_hex_encodes_the_rest() -> None:
    assert pdf_text("a (b) \\c") == "(a \\(b\\) \\\\c)"
    assert pdf_text("Zoë") == "<FEFF005A006F00EB>"
    assert pdf_text("tab\there") == "<FEFF" + "tab\there".encode("utf-16-be").hex().upper() + ">"


def _pdf(build: dict[str, tuple[str, str, str, int | None]]) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out)
    writer = WidgetWriter(canvas)
    for i, (name, (kind, value, tooltip, align)) in enumerate(build.items()):
        writer.add(name, Rect(20, 20 + 30 * i, 120, 14), kind, value, tooltip=tooltip,
                   size=8, align=align)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _read(build: dict[str, tuple[str, str, str, int | None]]) -> PdfReader:
    return PdfReader(io.BytesIO(_pdf(build)))


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
    assert resources["/SEFSans"]["/Subtype"] == "/Type0"  # embedded Unicode (issue 27)
    assert resources["/ZaDb"]["/BaseFont"] == "/ZapfDingbats"


def test_read_form_values_gives_text_and_box_states(tmp_path: Path) -> None:
    path = tmp_path / "sheet.pdf"
    path.write_bytes(_pdf({"name": ("text", "Zoë", "", 0), "box": ("check", ON, "", None),
                           "off": ("check", "", "", None), "empty": ("text", "", "", None)}))
    assert read_form_values(path) == {"name": "Zoë", "box": "Yes", "off": "Off", "empty": ""}


@pytest.mark.parametrize("content", [b"", b"not a pdf at all", b"%PDF-1.4\n%%EOF\n" * 3,
                                     b"%PDF-1.7\n1 0 obj << /Type /Catalog /AcroForm 1 0 R"])
def test_a_bad_file_is_one_form_read_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.pdf"
    path.write_bytes(content)
    with pytest.raises(UnreadablePdfError, match="not a readable PDF") as raised:
        read_form_values(path)
    assert raised.value.reason and "\n" not in str(raised.value)


def test_a_missing_or_oversized_file_is_refused(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(FormReadError):
        read_form_values(tmp_path / "missing.pdf")
    path = tmp_path / "big.pdf"
    path.write_bytes(_pdf({"name": ("text", "x", "", None)}))
    monkeypatch.setattr(form_read, "MAX_FORM_PDF_BYTES", 100)
    with pytest.raises(FormReadError, match="a sheet PDF may be at most"):
        read_form_values(path)


def test_quiet_pypdf_silences_pypdf_only_while_inside(caplog: pytest.LogCaptureFixture) -> None:
    import logging

    logger = logging.getLogger("pypdf")
    before = logger.level, logger.propagate
    with form.quiet_pypdf():
        logger.warning("hidden")
    assert (logger.level, logger.propagate) == before
    logger.warning("shown")
    assert [r.getMessage() for r in caplog.records] == ["shown"]

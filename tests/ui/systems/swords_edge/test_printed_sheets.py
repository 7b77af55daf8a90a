"""Printed sheets (through a QPainter) carry their page labels as the PDF's do, though a
printer cannot go back to a page once the count is known."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader
from PySide6.QtPrintSupport import QPrinter

from seforge.systems.swords_edge.library import load_pc
from seforge.systems.swords_edge.sheet import PaperSize, page_label_drawers, render_sheets
from tests.seforge.systems.swords_edge.test_sheet import stress_case
from ui.systems.swords_edge.printing import sheets_job


def _printed(tmp_path: Path, characters: list) -> list[str]:  # type: ignore[type-arg]
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    out = tmp_path / "printed.pdf"
    printer.setOutputFileName(str(out))
    job = sheets_job(characters, "a4")
    job.setup(printer)
    job.paint(printer)
    return [" ".join(page.extract_text().split()) for page in PdfReader(out).pages]


def test_a_printed_party_says_page_n_of_m_as_the_pdf_does(qapp: object, tmp_path: Path) -> None:
    long_one, short_one = stress_case(), load_pc("sarah-x")
    pages = _printed(tmp_path, [long_one, short_one])
    data, count = render_sheets([long_one, short_one], PaperSize.A4)
    pdf = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(data)).pages]
    assert len(pages) == count == len(pdf) >= 3
    for number, (printed, exported) in enumerate(zip(pages, pdf, strict=True), start=1):
        label = f"PDF page {number} of {count}"
        assert label in exported and label in printed, (number, printed[-120:])
    assert "Page 1 of" in pages[0] and "Page 2 of" in pages[1]


def test_the_labels_are_known_before_anything_is_drawn() -> None:
    drawers = page_label_drawers([load_pc("sarah-x")], PaperSize.A4)
    assert list(drawers) == ["seforge-page-1"]  # one page: its label is empty

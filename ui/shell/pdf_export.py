"""File › Export PDF… for a document of any system that prints one.

A system UI that can print its documents offers ``export_pdf(owner, out) -> pages``
(optional in :class:`~ui.shell.system_uis.SystemUi`). :func:`export_owner` is the usual body
of that method: the document as it is now (saved or not) is written to a temporary file of
its kind and handed to the system's own export, so the PDF shows what is on screen.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ui.shell.document_owner import DocumentOwner

ExportSheets = Callable[..., int]
"""A system's ``export(paths, out, paper)``: the pages written."""


def export_owner(owner: DocumentOwner[Any], export_sheets: ExportSheets, out: Path,
                 paper: str | None = None) -> int:
    """Write the PDF of ``owner``'s document to ``out`` with the system's
    ``export_sheets`` on ``paper`` (None: the locale's); the pages written. Raises the
    system's one-line error (a ``ValueError`` or ``DocumentFileError``) or an
    ``OSError``; nothing is written then."""
    with tempfile.TemporaryDirectory(prefix="seforge-export-") as folder:
        copy = Path(folder) / f"document{owner.kind.suffix}"
        owner.kind.save(owner.document, copy)
        return export_sheets([copy], out, paper)


def pdf_name(title: str) -> str:
    """A file name for the PDF of a document titled ``title`` (its file name or name)."""
    stem = title.rsplit(".", 1)[0] if "." in title else title
    safe = "".join(c for c in stem if c not in '<>:"/\\|?*').strip() or "sheet"
    return f"{safe}.pdf"

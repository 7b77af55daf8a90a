"""What the window calls a document or a file in its messages ("Blades crew", "scene")."""

from __future__ import annotations

from pathlib import Path

from ui.shell.document_api import OpenDocument
from ui.shell.system_uis import SystemUi


def noun(ui: SystemUi, document: OpenDocument | None = None) -> str:
    """What an open document is called in messages: its kind's title ("Blades crew"),
    else its system's only kind of new document without the system's name ("character"
    for Sword's Edge), else "file"."""
    kind_title = document.kind_title() if document is not None else ""
    if kind_title:
        return kind_title
    from ui.shell.start_page import short_label

    choices = ui.new_document_choices()
    if len(choices) == 1:
        return short_label(ui.title, choices[0].label).lower()
    return "file"


def file_noun(ui: SystemUi, path: Path) -> str:
    """What the file at ``path`` is called in a "Cannot open …" title: the kind its
    format id names ("scene" for ``swords-edge.scene``, the label of a File › New choice
    when it is one), else :func:`noun` (a file whose format cannot be read)."""
    from seforge.core.documents import DocumentFileError, peek_format

    try:
        found = peek_format(path)
    except (DocumentFileError, OSError, ValueError, RecursionError):
        return noun(ui)
    from ui.shell.start_page import short_label

    for choice in ui.new_document_choices():
        if choice.format_id == found:
            return short_label(ui.title, choice.label).lower()
    kind = found.partition(".")[2].replace("-", " ").replace("_", " ").strip()
    return kind or noun(ui)

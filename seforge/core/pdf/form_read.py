"""Reading a filled-in sheet's form fields back with pypdf, without a traceback for any file.

The readers' half of :mod:`seforge.core.pdf.form` (which re-exports every name here): it
imports no ReportLab, so ``seforge import`` reads a sheet without loading what draws one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ON = "Yes"
"""The ``/V`` and ``/AS`` state of a ticked checkbox (``Off`` when not ticked)."""

MAX_FORM_PDF_BYTES = 128 * 1024 * 1024
"""The largest PDF :func:`read_form_fields` opens (a sheet is far smaller)."""


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


def values_by_sheet(values: dict[str, str], name: re.Pattern[str],
                    least: int = 0) -> dict[int, dict[str, str]]:
    """Form values grouped by sheet: each field whose name ``name`` matches (group 1 the
    sheet's number, at least ``least``; group 2 the key) under its sheet's number."""
    sheets: dict[int, dict[str, str]] = {}
    for field, text in values.items():
        match = name.match(field)
        if match is not None and int(match.group(1)) >= least:
            sheets.setdefault(int(match.group(1)), {})[match.group(2)] = text
    return sheets

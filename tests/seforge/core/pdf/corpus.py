"""The corpus of names and notes every system's sheets, cards and summaries must
print (issue 27), and the checks made on the PDF's own glyph positions.

Each entry is a short name and a longer note in one script (or mixed). A PDF
passes when every word is in its text layer in logical order, no two words'
boxes overlap, and every word lies on the page and inside one of the boxes the
test names. Word boxes come from ``pdftotext -bbox`` (poppler), which places
each glyph where the PDF draws it.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

needs_poppler = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                   reason="poppler-utils is not installed")


@dataclass(frozen=True)
class Sample:
    script: str
    name: str
    note: str
    directional: bool = True
    """False for mixed direction: the words are checked, not their order."""


CORPUS: tuple[Sample, ...] = (
    Sample("thai", "ไทย Somchai กรุงเทพมหานคร",
           "ภาษาไทย สวัสดีครับ กรุงเทพมหานคร ไทย Bangkok " * 12),
    Sample("devanagari", "राम Ram सीता कमल मुंबई",
           "नमस्ते हिन्दी योद्धा क्षत्रिय मुंबई Mumbai सीता " * 12),
    Sample("arabic", "عبد الله مُحَمَّدٌ",
           "ولي الله يحمي المدينة القديمة مُحَمَّدٌ سيفٌ " * 12),
    Sample("hebrew", "שומר העיר העתיקה", "שלום עולם הגנה על העיר העתיקה " * 12),
    Sample("cjk", "武士の魂 山田太郎", "日本語の説明文です。中文说明文字。" * 12),
    Sample("korean", "한국어 이름 김철수", "안녕하세요 반갑습니다 용감한 전사 " * 12),
    Sample("emoji", "Smiles 😀 a lot 🇫🇷", "Flags 🇯🇵 🇩🇪 and 👍 thumbs " * 12),
    Sample("mixed", "Name שלום and مرحبا +2", "Mixed שלום עולם and مرحبا بالعالم end +2 " * 12,
           directional=False),
)


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    """Top-left origin, in points (as poppler gives them)."""


_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')
_WORD = re.compile(r'<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" '
                   r'yMax="([\d.-]+)">(.*?)</word>')
_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F],
                          " ")


def words(pdf: Path) -> tuple[list[tuple[float, float]], list[Word]]:
    """Page sizes and every word's box, from the PDF's glyph positions."""
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         check=True, timeout=120).stdout.decode("utf-8", "replace")
    pages: list[tuple[float, float]] = []
    found: list[Word] = []
    for chunk in out.split("<page ")[1:]:
        size = _PAGE.match("<page " + chunk)
        assert size
        pages.append((float(size.group(1)), float(size.group(2))))
        for m in _WORD.finditer(chunk):
            found.append(Word(len(pages), html.unescape(m.group(5)), float(m.group(1)),
                              float(m.group(2)), float(m.group(3)), float(m.group(4))))
    return pages, found


def text_layer(pdf: Path, *, raw: bool = False) -> str:
    """The text layer as a reader copies it, normalized (NFKC, no bidi controls);
    ``raw``: in the order the PDF draws it (cards side by side are not interleaved)."""
    out = subprocess.run(["pdftotext", *(["-raw"] if raw else []), str(pdf), "-"],
                         capture_output=True, text=True, check=True, timeout=120).stdout
    return unicodedata.normalize("NFKC", out).translate(_CONTROLS)


PRINTED_AS = {"😀": "[grinning face]", "🇫🇷": "[flag FR]", "🇯🇵": "[flag JP]",
              "🇩🇪": "[flag DE]", "👍": "[thumbs up sign]"}
"""Emoji no shipped font draws print as their names, and copy as what prints."""


def printed(text: str) -> str:
    for emoji, name in PRINTED_AS.items():
        text = text.replace(emoji, name)
    return text


def _squeeze(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


def assert_in_text_layer(pdf: Path, samples: Iterable[str], *, ordered: bool = True) -> None:
    """Every word of each sample is in the text layer; ``ordered``: in logical order
    (compared without spaces, as lines may wrap anywhere)."""
    layer = text_layer(pdf)
    squeezed = _squeeze(layer)
    tokens = set(layer.split())
    for sample in map(printed, samples):
        if ordered:
            assert _squeeze(sample) in squeezed, (sample, layer[:3000])
        else:
            for word in sample.split():
                word = unicodedata.normalize("NFKC", word)
                assert word in tokens or word in squeezed, (word, layer[:3000])


def assert_no_overlap(found: Sequence[Word]) -> None:
    """No two words are drawn over each other (their boxes cross by more than a
    sliver sideways and half a line up and down)."""
    by_page: dict[int, list[Word]] = {}
    for word in found:
        by_page.setdefault(word.page, []).append(word)
    for page_words in by_page.values():
        page_words.sort(key=lambda w: w.x0)
        for i, a in enumerate(page_words):
            for b in page_words[i + 1:]:
                if b.x0 >= a.x1 - 0.6:
                    break
                across = min(a.x1, b.x1) - max(a.x0, b.x0)
                down = min(a.y1, b.y1) - max(a.y0, b.y0)
                least = min(a.y1 - a.y0, b.y1 - b.y0)
                assert not (across > 0.6 and down > 0.5 * least), (
                    f"{a.text!r} and {b.text!r} overlap on page {a.page}: {a} {b}")


def assert_on_page(pages: Sequence[tuple[float, float]], found: Sequence[Word]) -> None:
    for word in found:
        width, height = pages[word.page - 1]
        assert word.x0 >= -0.5 and word.x1 <= width + 0.5, f"{word} runs off the page"
        assert word.y0 >= -0.5 and word.y1 <= height + 0.5, f"{word} runs off the page"


def assert_in_boxes(found: Sequence[Word], page: int, height: float,
                    boxes: Sequence[tuple[float, float, float, float]],
                    tolerance: float = 1.0) -> None:
    """Every word of ``page`` lies inside one of ``boxes`` (x, y, w, h in PDF
    points, bottom-left origin): its whole width, and its middle line."""
    for word in found:
        if word.page != page:
            continue
        middle = height - (word.y0 + word.y1) / 2
        assert any(x - tolerance <= word.x0 and word.x1 <= x + w + tolerance
                   and y - tolerance <= middle <= y + h + tolerance
                   for x, y, w, h in boxes), f"{word} is outside every box"


def assert_fonts_embedded(pdf: Path) -> None:
    """Every font the PDF uses is embedded (``pdffonts``: the ``emb`` column)."""
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True,
                         timeout=120).stdout.splitlines()
    rows = out[2:]
    assert rows, out
    for row in rows:
        # name, type (may hold spaces), encoding, emb, sub, uni, object ID
        flags = row.split()[-5:-2]
        assert flags[0] == "yes", f"not embedded: {row}"


def text_sizes(pdf: Path) -> list[float]:
    """The size of every visible run of text on every page, as drawn (text and
    graphics matrices applied)."""
    from pypdf import PdfReader

    found: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():
            scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
            found.append(size * scale)

    for page in PdfReader(str(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return found


def assert_min_size(pdf: Path, least: float = 7.0) -> None:
    sizes = text_sizes(pdf)
    assert sizes and min(sizes) >= least - 1e-3, min(sizes, default=0.0)


def assert_sample_printed(pdf: Path, sample: Sample, *, note: bool = True,
                          margin: float | None = None) -> None:
    """The corpus checks on one PDF: the name (and the note) in the text layer, no two
    words over each other, nothing off the page (or inside ``margin`` of its edges), every
    font embedded and nothing below 7 pt."""
    assert_in_text_layer(pdf, [sample.name], ordered=sample.directional)
    if note:
        assert_in_text_layer(pdf, [sample.note], ordered=False)
        unit = " ".join(sample.note.split()[:3])
        assert_in_text_layer(pdf, [unit], ordered=sample.directional)
    pages, found = words(pdf)
    assert found
    assert_no_overlap(found)
    assert_on_page(pages, found)
    if margin is not None:
        for page, (width, height) in enumerate(pages, start=1):
            box = (margin, margin, width - 2 * margin, height - 2 * margin)
            assert_in_boxes(found, page, height, [box])
    assert_fonts_embedded(pdf)
    assert_min_size(pdf)


def assert_tokens_in_order(pdf: Path, tokens: Sequence[str], *, raw: bool = False) -> None:
    """Each of ``tokens`` is in the text layer, one after the other (other text, like a
    "more on p. 2" marker, may come between them)."""
    layer = _squeeze(text_layer(pdf, raw=raw))
    pos = 0
    for token in tokens:
        found = layer.find(_squeeze(token), pos)
        assert found >= 0, f"{token!r} is missing (or out of order) in the text layer"
        pos = found + len(_squeeze(token))


def fill_fields(pdf: Path, values: dict[str, str], out: Path, *,
                regenerate: bool = True) -> Path:
    """``pdf`` with its fields filled in as a reader would (pypdf builds each edited
    field's appearance in the form's own font; ``regenerate`` also asks readers to draw
    every field's appearance again, as poppler then does)."""
    from pypdf import PdfWriter

    writer = PdfWriter(clone_from=str(pdf))
    for page in writer.pages:
        names = {str(a.get_object().get("/T")) for a in page.get("/Annots", [])}
        mine = {k: v for k, v in values.items() if k in names}
        if mine:
            writer.update_page_form_field_values(page, mine, auto_regenerate=regenerate)
    with out.open("wb") as handle:
        writer.write(handle)
    return out


def _gray_page(pdf: Path, page: int, dpi: int) -> tuple[int, int, bytes]:
    """Page ``page`` (from 1) rendered in gray by poppler: width, height, pixels."""
    data = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l",
                           str(page), str(pdf)], capture_output=True, check=True,
                          timeout=120).stdout
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P5", parts[:4]
    width, height = int(parts[1]), int(parts[2])
    return width, height, parts[4][-width * height:]


def fields_ink(pdf: Path, names: Iterable[str], dpi: int = 72) -> dict[str, int]:
    """How many dark pixels poppler draws inside each widget named in ``names``."""
    from pypdf import PdfReader

    wanted = set(names)
    found: dict[str, int] = {}
    reader = PdfReader(str(pdf))
    for number, page in enumerate(reader.pages, start=1):
        rendered: tuple[int, int, bytes] | None = None
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            name = str(widget.get("/T"))
            if name not in wanted:
                continue
            if rendered is None:
                rendered = _gray_page(pdf, number, dpi)
            width, height, pixels = rendered
            x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
            scale = dpi / 72.0
            page_h = float(page.mediabox.height)
            left, right = int(x0 * scale) + 1, int(x1 * scale) - 1
            top, bottom = int((page_h - y1) * scale) + 1, int((page_h - y0) * scale) - 1
            found[name] = sum(1 for row in range(max(0, top), min(height, bottom))
                              for col in range(max(0, left), min(width, right))
                              if pixels[row * width + col] < 128)
    missing = wanted - set(found)
    assert not missing, f"no fields {sorted(missing)}"
    return found


def field_ink(pdf: Path, name: str, dpi: int = 72) -> int:
    """How many dark pixels poppler draws inside the widget named ``name``."""
    return fields_ink(pdf, [name], dpi)[name]


def assert_typed_values_show(pdf: Path, typed: dict[str, str], tmp: Path) -> Path:
    """Type ``typed`` into ``pdf``'s fields as a reader would and check with poppler that
    each field's white background hides what the sheet printed beneath (a space typed
    leaves the field blank) and that the typed text is drawn (ink where it was typed).
    Returns the filled PDF."""
    blank = fill_fields(pdf, dict.fromkeys(typed, " "), tmp / "blanked.pdf")
    filled = fill_fields(pdf, typed, tmp / "filled.pdf")
    own = fill_fields(pdf, typed, tmp / "own.pdf", regenerate=False)
    hidden, shown = fields_ink(blank, typed), fields_ink(filled, typed)
    drawn = fields_ink(own, typed)
    for name in typed:
        assert hidden[name] == 0, f"{name}: the printed value shows through"
        assert shown[name] > 10, f"{name}: the typed value does not show"
        assert drawn[name] > 10, f"{name}: pypdf's appearance of it does not show"
    assert_own_appearances(own, typed)
    return filled


def assert_own_appearances(pdf: Path, typed: dict[str, str]) -> None:
    """Only the fields named in ``typed`` have a drawn appearance: each text field has an
    appearance of its own (one shared by all would show the last value in every field)."""
    from pypdf import PdfReader

    for page in PdfReader(str(pdf)).pages:
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            if widget.get("/FT") not in ("/Tx", "/Ch") or widget.get("/F") == 2:
                continue
            content = widget["/AP"]["/N"].get_object().get_data()
            name = str(widget.get("/T"))
            assert bool(content.strip()) == (name in typed), (name, content[:80])


def set_checks(pdf: Path, checks: dict[str, bool], out: Path) -> Path:
    """``pdf`` with the named checkboxes ticked or unticked, as a reader saves them."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject

    writer = PdfWriter(clone_from=str(pdf))
    done = set()
    for page in writer.pages:
        for annot in page.get("/Annots", []):
            widget = annot.get_object()
            name = str(widget.get("/T"))
            if name in checks:
                state = NameObject("/Yes" if checks[name] else "/Off")
                widget[NameObject("/V")] = state
                widget[NameObject("/AS")] = state
                done.add(name)
    assert done == set(checks), set(checks) - done
    with out.open("wb") as handle:
        writer.write(handle)
    return out

"""Fitting text into a box: shrink to a minimum size, then wrap, then ellipsize.

Every string the sheet prints goes through :func:`fit_text`, so nothing runs out
of its box whatever its length or script.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from reportlab.pdfgen.canvas import Canvas

from seforge.core.pdf.fonts import (
    Face,
    clean,
    draw_string,
    graphemes,
    starts_rtl,
    string_width,
)
from seforge.core.pdf.geometry import Rect

ELLIPSIS = "\u2026"
LEADING = 1.18
"""Line height as a multiple of the font size."""
ASCENT = 0.76
"""Cap height plus a little, as a fraction of the size (DejaVu)."""
DESCENT = 0.24

_TOKEN = re.compile(r"\n|\s+|\S+")


class _Block:
    """Lines laid out at one size: the step from one line to the next and the whole
    block's height (a base of the frozen dataclasses below, which hold the fields)."""

    lines: Sequence[object]
    size: float

    @property
    def line_height(self) -> float:
        return self.size * LEADING

    @property
    def height(self) -> float:
        """Height of the block from the first line's top to the last's descent."""
        if not self.lines:
            return 0.0
        return self.size * (ASCENT + DESCENT) + (len(self.lines) - 1) * self.line_height


@dataclass(frozen=True)
class Fitted(_Block):
    """Lines ready to draw, the size they fit at, and whether text was cut."""

    lines: tuple[str, ...]
    size: float
    face: Face
    truncated: bool = False
    rest: str = ""
    """With a continuation ``marker``: the text that did not fit (drawn elsewhere)."""
    directions: tuple[bool, ...] = ()
    """Per line, whether its paragraph reads right to left (each paragraph of a
    multi-line text keeps its own direction); empty: from the first line's letters."""

    @property
    def width(self) -> float:
        return max((string_width(line, self.face, self.size) for line in self.lines),
                   default=0.0)


def _is_cjk(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _units(word: str) -> list[str]:
    """Break a word into pieces a line may end after: CJK breaks between characters
    (a character with its marks stays whole)."""
    if word.isascii():
        return [word] if word else []  # no CJK, no marks
    pieces: list[str] = []
    buf = ""
    for ch in graphemes(word):
        if _is_cjk(ch[0]):
            if buf:
                pieces.append(buf)
                buf = ""
            pieces.append(ch)
        else:
            buf += ch
    if buf:
        pieces.append(buf)
    return pieces


def _split_long(piece: str, width: float, face: Face, size: float) -> list[str]:
    """Cut a piece wider than a line into chunks that fit, never inside a grapheme
    cluster (a letter with its marks, a conjunct, a flag)."""
    clusters = graphemes(piece)
    out: list[str] = []
    start = 0
    while start < len(clusters):
        # the longest run of clusters from ``start`` that fits (at least one):
        # gallop to a run too wide, then halve (never shaping more than a line)
        lo, step = start + 1, 1
        hi = len(clusters)
        while lo + step <= len(clusters):
            if string_width("".join(clusters[start:lo + step]), face, size) > width:
                hi = lo + step - 1
                break
            lo += step
            step *= 2
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if string_width("".join(clusters[start:mid]), face, size) <= width:
                lo = mid
            else:
                hi = mid - 1
        out.append("".join(clusters[start:lo]))
        start = lo
    return out


def wrap(text: str, width: float, face: Face, size: float) -> list[str]:
    """Greedy word wrap; newlines in ``text`` start new lines (a word wider than the line
    is cut where it must be)."""
    return _wrap(text, width, face, size)[0]


def _wrap(text: str, width: float, face: Face, size: float) -> tuple[list[str], bool]:
    """:func:`wrap`, and whether a word had to be cut."""
    cut = False
    lines: list[str] = []
    line = ""
    pending_space = False
    for token in _TOKEN.findall(text):
        if token == "\n":
            lines.append(line)
            line, pending_space = "", False
            continue
        if token.isspace():
            pending_space = bool(line)
            continue
        for unit in _units(token):
            candidate = f"{line} {unit}" if pending_space else line + unit
            if string_width(candidate, face, size) <= width:
                line = candidate
            else:
                if line:
                    lines.append(line)
                chunks = _split_long(unit, width, face, size)
                cut = cut or len(chunks) > 1
                lines.extend(chunks[:-1])
                line = chunks[-1]
            pending_space = False
    if line or not lines:
        lines.append(line)
    return lines, cut


def ellipsize(line: str, width: float, face: Face, size: float) -> str:
    """``line`` cut so that it and a trailing ellipsis fit ``width``."""
    if string_width(line + ELLIPSIS, face, size) <= width:
        return line.rstrip() + ELLIPSIS
    bounds = [0]
    for cluster in graphemes(line):
        bounds.append(bounds[-1] + len(cluster))
    lo, hi = 0, len(bounds) - 1
    while lo < hi:  # longest prefix of whole clusters that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if string_width(line[:bounds[mid]].rstrip() + ELLIPSIS, face, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return line[:bounds[lo]].rstrip() + ELLIPSIS if lo else ELLIPSIS


def _offsets(text: str, lines: list[str]) -> list[int]:
    """Where each wrapped line starts in ``text`` (lines are substrings, in order)."""
    starts: list[int] = []
    pos = 0
    for line in lines:
        found = text.find(line, pos) if line else pos
        if found < 0:
            found = pos
        starts.append(found)
        pos = found + len(line)
    return starts


def _cut_with_marker(text: str, lines: list[str], limit: int, width: float, face: Face,
                     size: float, marker: str) -> tuple[list[str], str]:
    """The first ``limit`` lines, the last one ending in ``marker``, and the rest of
    ``text`` (from the first word not shown), so that no word is lost."""
    starts = _offsets(text, lines)
    kept = lines[:limit]
    last_start = starts[limit - 1]
    last = kept[-1]
    tail = f"{ELLIPSIS} {marker}"
    words = last.split(" ")
    shown = len(words)
    while shown > 0 and string_width(" ".join(words[:shown]) + tail, face, size) > width:
        shown -= 1
    prefix = " ".join(words[:shown])
    kept[-1] = (prefix + tail) if prefix else tail.lstrip(ELLIPSIS + " ")
    cut = last_start + len(prefix)
    return kept, text[cut:].strip()


def _max_lines(height: float, size: float) -> int:
    usable = height - size * (ASCENT + DESCENT)
    if usable < -0.01:
        return 0
    return 1 + int((usable + 0.01) // (size * LEADING))


def fit_text(text: str, width: float, height: float, *, face: Face = Face.REGULAR,
             size: float = 10.0, min_size: float = 7.0, max_lines: int | None = None,
             multiline: bool = False, step: float = 0.5,
             marker: str | None = None) -> Fitted:
    """Fit ``text`` into ``width`` x ``height`` points.

    Tries one line at ``size``, shrinking by ``step`` to ``min_size``; then (if more
    than one line is allowed) wraps at each size from ``size`` down; at the minimum
    size, whatever still does not fit is cut and ends with an ellipsis.
    ``multiline`` keeps newlines (notes); otherwise all whitespace is one space.
    With a ``marker`` (like "more on p. 2") nothing is cut: the last line ends with
    the marker and :attr:`Fitted.rest` holds every word that did not fit.
    """
    text = clean(text, keep_newlines=multiline)
    if not multiline:
        text = " ".join(text.split())
    else:
        text = "\n".join(" ".join(part.split()) for part in text.strip().split("\n"))
    if not text:
        return Fitted((), size, face)
    fitted = _fit(text, width, height, face, size, min_size, max_lines, step, marker)
    if "\n" not in text:
        return fitted
    return replace(fitted, directions=_directions(text, list(fitted.lines)))


def _directions(text: str, lines: list[str]) -> tuple[bool, ...]:
    """Each line's paragraph direction (paragraphs are cut at newlines)."""
    out: list[bool] = []
    for start in _offsets(text, lines):
        begin = text.rfind("\n", 0, start) + 1
        end = text.find("\n", start)
        out.append(starts_rtl(text[begin:] if end < 0 else text[begin:end]))
    return tuple(out)


def _fit(text: str, width: float, height: float, face: Face, size: float, min_size: float,
         max_lines: int | None, step: float, marker: str | None) -> Fitted:
    min_size = min(min_size, size)
    sizes: list[float] = []
    current = size
    while current >= min_size - 1e-6:
        sizes.append(round(current, 2))
        current -= step
    if sizes[-1] > min_size:
        sizes.append(min_size)

    def allowed(at: float) -> int:
        lines = _max_lines(height, at)
        return min(lines, max_lines) if max_lines is not None else lines

    wrapped: dict[float, tuple[list[str], bool]] = {}

    def wrapped_at(at: float) -> tuple[list[str], bool]:
        """The text wrapped at ``at`` points, once for both passes and the cut below
        (a long text that fits nowhere was wrapped three times at the minimum size)."""
        if at not in wrapped:
            wrapped[at] = _wrap(text, width, face, at)
        return wrapped[at]

    if "\n" not in text:
        # One line is preferred, but when wrapping is allowed a line does not
        # shrink below three quarters of the size before it wraps instead.
        floor = min_size if allowed(min_size) < 2 else max(min_size, size * 0.75)
        for at in sizes:
            if at < floor - 1e-6:
                break
            if allowed(at) >= 1 and string_width(text, face, at) <= width:
                return Fitted((text,), at, face)
    # the largest size at which every word fits whole, else the largest at which the
    # text fits with a word cut ("Interrogatio / n" while a smaller size kept it whole)
    for whole in (True, False):
        for at in sizes:
            limit = allowed(at)
            if limit < 2:
                continue
            lines, cut = wrapped_at(at)
            if len(lines) <= limit and not (whole and cut):
                return Fitted(tuple(lines), at, face)
    at = sizes[-1]
    limit = max(1, allowed(at))
    lines = wrapped_at(at)[0]
    if marker is not None:
        kept, rest = _cut_with_marker(text, lines, limit, width, face, at, marker)
        return Fitted(tuple(kept), at, face, truncated=True, rest=rest)
    kept = lines[:limit]
    kept[-1] = ellipsize(kept[-1], width, face, at)
    return Fitted(tuple(kept), at, face, truncated=True)


def draw_fitted(canvas: Canvas, fitted: Fitted, rect: Rect, *, align: str = "left",
                valign: str = "top") -> None:
    """Draw fitted lines inside ``rect``: ``valign`` is top, middle or bottom."""
    if not fitted.lines:
        return
    if valign == "middle":
        top = rect.y + (rect.h + fitted.height) / 2
    elif valign == "bottom":
        top = rect.y + fitted.height
    else:
        top = rect.top
    baseline = top - fitted.size * ASCENT
    directions = fitted.directions
    if len(directions) != len(fitted.lines):
        directions = (starts_rtl(" ".join(fitted.lines)),) * len(fitted.lines)
    for line, rtl in zip(fitted.lines, directions, strict=True):
        # every line of a paragraph keeps the paragraph's direction; a right-to-left
        # paragraph reads from the right edge
        side = "right" if align == "left" and rtl else align
        if side == "center":
            x = rect.x + rect.w / 2
        elif side == "right":
            x = rect.right
        else:
            x = rect.x
        draw_string(canvas, x, baseline, line, fitted.face, fitted.size, align=side, rtl=rtl)
        baseline -= fitted.line_height


def draw_text(canvas: Canvas, text: str, rect: Rect, *, face: Face = Face.REGULAR,
              size: float = 10.0, min_size: float = 7.0, max_lines: int | None = 1,
              multiline: bool = False, align: str = "left", valign: str = "top",
              marker: str | None = None) -> Fitted:
    """Fit ``text`` to ``rect`` and draw it; returns what was drawn."""
    fitted = fit_text(text, rect.w, rect.h, face=face, size=size, min_size=min_size,
                      max_lines=max_lines, multiline=multiline, marker=marker)
    draw_fitted(canvas, fitted, rect, align=align, valign=valign)
    return fitted


# --- lists whose items each keep their own direction ---------------------------------

ITEM_SEPARATOR = " \u00b7 "


@dataclass(frozen=True)
class FlowedItems(_Block):
    """A list laid out in lines: each line holds ``(x offset, text)`` pieces."""

    lines: tuple[tuple[tuple[float, str], ...], ...]
    size: float
    face: Face
    truncated: bool = False


def _flow(items: list[list[str]], width: float, face: Face, size: float,
          separator: str) -> list[list[tuple[float, str]]]:
    """Pieces placed left to right, an item's pieces kept together when they fit."""
    lines: list[list[tuple[float, str]]] = [[]]
    x = 0.0
    space = string_width(" ", face, size)
    sep_w = string_width(separator, face, size)
    for index, item in enumerate(items):
        widths = [string_width(piece, face, size) for piece in item]
        whole = sum(widths) + space * (len(item) - 1)
        lead = sep_w if index else 0.0
        if lines[-1] and x + lead + whole > width:
            lines[-1].append((x, separator.rstrip()))
            lines.append([])
            x, lead = 0.0, 0.0
        elif lead:
            lines[-1].append((x, separator))
            x += lead
        for piece, piece_w in zip(item, widths, strict=True):
            if lines[-1] and x > 0 and x + piece_w > width:
                lines.append([])
                x = 0.0
            if piece_w <= width:
                lines[-1].append((x, piece))
                x += piece_w + space
                continue
            chunks = wrap(piece, width, face, size)
            for n, chunk in enumerate(chunks):
                if n:
                    lines.append([])
                    x = 0.0
                lines[-1].append((x, chunk))
                x += string_width(chunk, face, size) + space
        x -= space
    return [line for line in lines if line]


def fit_items(items: Sequence[Sequence[str]], width: float, height: float, *,
              face: Face = Face.REGULAR, size: float = 9.0, min_size: float = 7.0,
              separator: str = ITEM_SEPARATOR, step: float = 0.5) -> FlowedItems:
    """Lay out a list (``"Sword of Dawn" "+2" · "Brave" "+4"``) in ``width`` x
    ``height``: each piece of each item is its own bidi paragraph, so an Arabic
    name never reorders the "+2" beside it or the next item. Shrinks to
    ``min_size``; what still does not fit ends the last line with an ellipsis."""
    cleaned = [[" ".join(clean(piece).split()) for piece in item] for item in items]
    cleaned = [[piece for piece in item if piece] for item in cleaned]
    cleaned = [item for item in cleaned if item]
    if not cleaned:
        return FlowedItems((), size, face)
    at = size
    while True:
        lines = _flow(cleaned, width, face, at, separator)
        limit = _max_lines(height, at)
        if len(lines) <= limit or at <= min_size + 1e-6:
            break
        at = max(min_size, round(at - step, 2))
    truncated = len(lines) > max(1, limit)
    if truncated:
        lines = lines[:max(1, limit)]
        last = lines[-1]
        ellipsis_w = string_width(ELLIPSIS, face, at)

        def end(line: list[tuple[float, str]]) -> float:
            return line[-1][0] + string_width(line[-1][1], face, at) if line else 0.0

        while last and (end(last) + ellipsis_w > width or last[-1][1] == separator.rstrip()):
            last.pop()
        last.append((end(last), ELLIPSIS))
    return FlowedItems(tuple(tuple(line) for line in lines), at, face, truncated)


def draw_items(canvas: Canvas, items: Sequence[Sequence[str]], rect: Rect, *,
               face: Face = Face.REGULAR, size: float = 9.0, min_size: float = 7.0,
               separator: str = ITEM_SEPARATOR, valign: str = "top") -> FlowedItems:
    """Fit a list to ``rect`` (see :func:`fit_items`) and draw it."""
    flowed = fit_items(items, rect.w, rect.h, face=face, size=size, min_size=min_size,
                       separator=separator)
    if not flowed.lines:
        return flowed
    if valign == "middle":
        top = rect.y + (rect.h + flowed.height) / 2
    elif valign == "bottom":
        top = rect.y + flowed.height
    else:
        top = rect.top
    baseline = top - flowed.size * ASCENT
    for line in flowed.lines:
        for x, text in line:
            draw_string(canvas, rect.x + x, baseline, text, face, flowed.size)
        baseline -= flowed.line_height
    return flowed

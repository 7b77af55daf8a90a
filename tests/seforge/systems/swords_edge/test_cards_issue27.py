"""NC cards never cut a name or a source line, never draw the continuation marker
over a row, and use tighter rows when that saves a card (issue 27)."""

from __future__ import annotations

import io

from pypdf import PdfReader

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.cards import render_cards
from seforge.systems.swords_edge.cards.draw import CONTINUES, plan_cards
from seforge.systems.swords_edge.cards.layout import page_layout
from seforge.systems.swords_edge.models import NarrativeCharacter, NCQuality
from seforge.systems.swords_edge.ranks import Rank
from tests.seforge.systems.swords_edge.test_sheet import fragments

LONG_NAME = ("The Ancient and Most Terrible Spider Queen of the Whispering Caverns Beneath "
             "the Old Mountain of Sorrows")
LONG_SOURCE = "Genres: Fantasy \u2014 Opponents, as printed in the appendix of recurring villains"


def _long_nc(rows: int = 9, notes: str = "") -> NarrativeCharacter:
    nc = library.load_nc("the-spider")
    nc.name, nc.source, nc.notes = LONG_NAME, LONG_SOURCE, notes
    nc.elements = [NCQuality(name=f"Element {i} of the queen", rank=Rank.GOOD)
                   for i in range(rows)]
    return nc


def _text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text().split())
                    for p in PdfReader(io.BytesIO(data)).pages)


def test_a_long_name_and_source_are_never_cut() -> None:
    text = _text(render_cards([_long_nc()])[0])
    for word in LONG_NAME.split() + LONG_SOURCE.split():
        assert word in text, word
    assert "Sorrows" in text and "villains" in text and "\u2026 Card" not in text


def test_the_marker_never_overlaps_a_row() -> None:
    for notes in ("", "A short note.", "Plots in the dark. " * 40):
        data = render_cards([_long_nc(notes=notes)])[0]
        cards = page_layout("a4").cards
        for page in PdfReader(io.BytesIO(data)).pages:
            frags = fragments(page)
            markers = [f for f in frags if CONTINUES in f.text]
            rows = [f for f in frags if f.text.startswith("Element ")]
            for marker in markers:
                for row in rows:
                    same_card = any(c.contains(row.x, row.y) and c.contains(marker.x, marker.y)
                                    for c in cards)
                    assert not (same_card and abs(row.y - marker.y) < 7.0), (row, marker)


def test_tighter_rows_save_a_card() -> None:
    card = page_layout("a4").cards[0]
    for rows in range(3, 12):
        nc = _long_nc(rows)
        nc.name, nc.source = "Short", ""
        pieces = plan_cards(nc, card)
        assert all(piece.rows or piece.notes or piece.index == 0 for piece in pieces)
        if len(pieces) == 1:
            continue
        assert pieces[0].rows  # the first card is filled before the next one starts

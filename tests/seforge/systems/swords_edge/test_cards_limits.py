"""NC cards of an NC at the file's text limits: printed as before, word for word, without
fitting its 100,000 characters of notes over and over (index and A6 cards took 13-15 s),
and paragraph gaps in long notes kept wherever a card's stretch of text ends."""

from __future__ import annotations

import hashlib
import io
import itertools
from collections.abc import Iterator
from typing import Any

import pytest
from pypdf import PdfReader

from seforge.core.limits import NAME_CHARS, NOTES_CHARS
from seforge.core.pdf.fonts import register_fonts
from seforge.core.pdf.text import fit_text, wrap
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.cards import ZOOMS, CardSize, card_zoom, page_layout, render_cards
from seforge.systems.swords_edge.cards import draw as cards_draw
from seforge.systems.swords_edge.cards.draw import (
    CONTINUES,
    fewest_cards,
    least_cards,
    plan_cards,
)
from seforge.systems.swords_edge.models import NarrativeCharacter, NCQuality, Trait
from seforge.systems.swords_edge.ranks import Rank
from seforge.systems.swords_edge.sheet.layout import PaperSize, Rect

WORDS = "ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod "


def _text(seed: str, chars: int = NAME_CHARS) -> str:
    return (f"{seed} " + WORDS * (chars // len(WORDS) + 1))[:chars].rstrip()


def limits_nc() -> NarrativeCharacter:
    """Every text as long as the file allows: name, genre, source, Concept, eight
    Elements and three flaws of 200 characters, and 100,000 characters of notes."""
    nc = library.load_nc("dragon")
    nc.name, nc.genre, nc.source = _text("Name"), _text("Genre"), _text("Source")
    assert nc.concept is not None
    nc.concept.name = _text("Concept")
    nc.elements = [NCQuality(name=_text(f"E{i}"), rank=Rank.GOOD, trait=Trait.CUNNING)
                   for i in range(8)]
    nc.flaws = [NCQuality(name=_text(f"F{i}"), rank=Rank.GOOD) for i in range(3)]
    nc.notes = _text("Notes", NOTES_CHARS)
    return nc


def _text_digest(data: bytes) -> tuple[int, str]:
    pages = PdfReader(io.BytesIO(data)).pages
    text = "\f".join(page.extract_text() for page in pages)
    return len(pages), hashlib.sha256(text.encode()).hexdigest()[:16]


# The page count and text of these PDFs as SEForge printed them before the notes were
# planned in one pass (taken from that version; the text layer read with pypdf).
PRINTED = {
    (PaperSize.LETTER, "index"): (25, "3f2e7ec93ff9b8e7"),
    (PaperSize.A4, "a6"): (19, "53aeee925f637752"),
}


@pytest.mark.parametrize(("paper", "size"), sorted(PRINTED))
def test_an_nc_at_the_limits_prints_what_it_printed_before(paper: PaperSize,
                                                          size: str) -> None:
    nc = limits_nc()
    assert len(nc.name) == NAME_CHARS and len(nc.notes) == NOTES_CHARS
    data, pages = render_cards([nc], paper, size=size)
    assert _text_digest(data) == PRINTED[(paper, size)]
    assert pages == PRINTED[(paper, size)][0]


@pytest.fixture
def fitted_chars(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The length of every text the cards fit or wrap as notes (multi-line, condensed)."""
    lengths: list[int] = []

    def counting_fit(text: str, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("multiline"):
            lengths.append(len(text))
        return fit_text(text, *args, **kwargs)

    def counting_wrap(text: str, *args: Any, **kwargs: Any) -> Any:
        lengths.append(len(text))
        return wrap(text, *args, **kwargs)

    monkeypatch.setattr(cards_draw, "fit_text", counting_fit)
    monkeypatch.setattr(cards_draw, "wrap", counting_wrap)
    yield lengths


@pytest.mark.parametrize("size", ["grid", "index", "a6"])
def test_notes_at_the_limit_are_fitted_about_once(fitted_chars: list[int],
                                                  size: str) -> None:
    """Index and A6 cards planned the NC again for each of five zooms and then once
    more to draw it, and each card fitted a stretch of notes twice as long as it
    printed: about 40 times the notes' length, 13-15 s for one NC. Now a zoom the notes
    alone rule out is not planned, the cards are planned once, and each card fits
    little more than it prints."""
    nc = limits_nc()
    render_cards([nc], PaperSize.LETTER, size=size)
    assert sum(fitted_chars) < 4 * len(nc.notes), sum(fitted_chars) / len(nc.notes)


def _paragraphs(count: int) -> str:
    """Paragraphs of different lengths, each gap a line of spaces (as pasted text has)."""
    return ("\n" + " " * 40 + "\n").join(
        f"Paragraph{i} " + " ".join(f"w{i}x{k}" for k in range(20 + (i * 37) % 90))
        for i in range(count))


@pytest.mark.parametrize("size", ["grid", "index", "a6"])
def test_every_gap_between_paragraphs_is_kept(size: str) -> None:
    """A card fits a stretch of the notes a little longer than it holds; when the
    stretch ended inside a run of blank space, the rest of the run was dropped and the
    gap before the next paragraph went missing on a later card. Now each paragraph
    that does not open a card has a blank line before it."""
    nc = NarrativeCharacter(name="Chronicler", notes=_paragraphs(120))
    register_fonts()
    pieces = plan_cards(nc, page_layout(PaperSize.A4, size).cards[0])
    assert len(pieces) > 5
    seen = 0
    for piece in pieces:
        lines = [line.strip() for line in piece.notes.split("\n")]
        for before, line in itertools.pairwise(lines):
            if line.startswith("Paragraph"):
                seen += 1
                assert before == "", (piece.index, before, line)
    assert seen > 100
    printed = " ".join(piece.notes.replace(CONTINUES, "").replace("\u2026", " ")
                       for piece in pieces).split()
    assert printed == nc.notes.split()


def _ncs() -> list[NarrativeCharacter]:
    ncs = [library.load_nc(name) for name in ("dragon", "goblin", "gambler", "the-spider")]
    long_notes = library.load_nc("goblin")
    long_notes.notes = "\n\n".join(_text(f"Part{i}", 300 + 70 * i) for i in range(12))
    limits = limits_nc()
    limits.notes = limits.notes[:6000]
    short_rows = limits_nc()
    short_rows.notes = limits.notes
    short_rows.elements = [NCQuality(name=f"E{i}", rank=Rank.GOOD) for i in range(4)]
    return [*ncs, long_notes, limits, short_rows]


@pytest.mark.parametrize("size", [CardSize.INDEX, CardSize.A6])
def test_the_zoom_is_the_largest_that_takes_no_more_cards(size: CardSize) -> None:
    """Zooms are passed over by a floor on the cards (one wrap of the notes) and planned
    only up to the normal count: the zoom chosen is still the largest whose plan takes
    no more cards, and the floor is never above a real plan."""
    register_fonts()
    card = page_layout(PaperSize.LETTER, size).cards[0]
    for nc in _ncs():
        cards = len(plan_cards(nc, card))
        assert least_cards(nc, card) <= cards, nc.name
        planned = {zoom: plan_cards(nc, Rect(0, 0, card.w / zoom, card.h / zoom))
                   for zoom in ZOOMS}
        for zoom, pieces in planned.items():
            virtual = Rect(0, 0, card.w / zoom, card.h / zoom)
            assert least_cards(nc, virtual) <= len(pieces), (nc.name, zoom)
            capped = fewest_cards(nc, virtual, cards)
            assert capped == (pieces if len(pieces) <= cards else None), (nc.name, zoom)
        cut = plan_cards(nc, card)[-1].notes_cut
        wanted = next((zoom for zoom in ZOOMS if len(planned[zoom]) <= cards
                       and (cut or not planned[zoom][-1].notes_cut)), 1.0)
        assert card_zoom(nc, card, size) == wanted, nc.name


def test_a_zoom_never_leaves_notes_unprinted() -> None:
    """A 200-character name of wide letters fills most of a card 1.5 times larger, so
    its later cards had no room for a line of notes: the NC ended after two cards
    saying most of its notes were not printed, and as that was fewer cards than at the
    normal size, the index card chose that zoom. Now a zoom that cuts the notes is
    passed over, and every word is printed."""
    nc = NarrativeCharacter(name=("MWMW " * 40).strip(),
                            notes=" ".join(f"word{i}" for i in range(500)))
    card = page_layout(PaperSize.LETTER, "index").cards[0]
    data, _pages = render_cards([nc], PaperSize.LETTER, size="index")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert "notes cut" not in text
    tokens = {token.strip("\u2026") for token in text.split()}
    assert [word for word in nc.notes.split() if word not in tokens] == []
    assert card_zoom(nc, card, CardSize.INDEX) < ZOOMS[0]

"""Issue 30's reproductions in the core: plain values the window hands over, Start over, the
problem's characteristic, characters from files, the Grip written back and the record."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from seforge.core.trackers import RefusedError
from seforge.systems.sword_of_life.character import SolCharacter
from seforge.systems.sword_of_life.conflict import (
    Method,
    draw_count,
    draw_exchange,
    grip_lost,
    mark_written_back,
    reset,
    score_name,
    set_kind,
    set_method,
    set_problem_tests,
    set_setting,
    set_side,
    set_use_specialty,
    side_character,
    take_character,
    to_write_back,
)
from seforge.systems.sword_of_life.conflict_model import FULL_DECK, DeckState, Side, SolConflict
from seforge.systems.sword_of_life.documents import CHARACTER, CONFLICT
from seforge.systems.sword_of_life.odds import ConflictKind, conflict
from seforge.systems.sword_of_life.reference import tables
from seforge.systems.sword_of_life.rules import take_wounds
from seforge.systems.sword_of_life.settings import AceRule, Reshuffle, TableSettings
from seforge.systems.sword_of_life.sheet import export_sheets

RED = [c for c in FULL_DECK if c[1] in "HD" and c[0] != "A"]
BLACK = [c for c in FULL_DECK if c[1] in "SC" and c[0] != "2"]


def stacked(conflict: SolConflict, cards: list[str]) -> None:
    """The deck deals ``cards`` in this order (and is not shuffled first)."""
    conflict.settings = TableSettings(reshuffle=Reshuffle.WHEN_EMPTY)
    conflict.deck = DeckState(draw_pile=list(reversed(cards)))


def test_plain_strings_become_the_models_types() -> None:
    doc = SolConflict()
    doc.kind = "debate"  # type: ignore[assignment]  # what Qt's currentData() hands over
    assert doc.kind is ConflictKind.DEBATE
    set_method(doc, "cinematic")
    assert doc.method is Method.CINEMATIC
    set_setting(doc, "aces", "auto")
    assert doc.settings.aces is AceRule.AUTO
    with pytest.raises(ValueError):
        set_kind(doc, "duel")
    with pytest.raises(RefusedError):
        set_setting(doc, "colour", "red")
    assert CONFLICT.model.model_validate_json(doc.model_dump_json()) == doc


def test_whole_odds_read_a_plain_kind_as_the_kind() -> None:
    """GM Screen > Odds handed 'combat' as a str: the rules took the debate branch (77.13%)."""
    as_str = conflict("combat", 5, 4, player_cards=5, opposition_cards=4)  # type: ignore[arg-type]
    assert as_str == conflict(ConflictKind.COMBAT, 5, 4, player_cards=5, opposition_cards=4)
    assert round(float(as_str.win), 4) == 0.8722
    assert round(float(as_str.expected_exchanges), 2) == 4.84
    three = conflict("combat", 3, 3, player_cards=5, opposition_cards=4)  # type: ignore[arg-type]
    assert round(float(three.win), 4) == 0.7640


def test_combat_debate_combat_keeps_edge_many_cards() -> None:
    doc = SolConflict(player=Side(cards=5, score=5, start=5),
                      opponents=[Side(cards=4, score=3, start=3)])
    for kind in ("debate", "combat"):
        set_kind(doc, kind)
    assert doc.kind is ConflictKind.COMBAT
    assert (draw_count(doc, doc.player), draw_count(doc, doc.opponents[0])) == (5, 4)
    stacked(doc, RED[:5] + RED[5:9])
    draw_exchange(doc, random.Random(1))
    assert len(doc.log[-1].player_cards) == 5 and len(doc.log[-1].opposition_cards) == 4


@pytest.mark.parametrize("method", ["carry", "cinematic"])
def test_less_realistic_and_cinematic_play_every_opponent(method: str) -> None:
    doc = SolConflict(player=Side(name="P", cards=5, score=5, start=5),
                      opponents=[Side(name="A", cards=1, score=1, start=1),
                                 Side(name="B", cards=2, score=2, start=2)])
    set_method(doc, method)
    hands = (RED[:5] + BLACK[:1] + BLACK[1:3] if method == "carry"
             else RED[:5] + BLACK[:1] + RED[5:10] + BLACK[1:3])
    stacked(doc, hands)
    draw_exchange(doc, random.Random(1))
    assert [c.opponent for c in doc.log] == ["A", "B"]
    assert [side.score for side in doc.opponents] == [0, 0]


def test_a_problem_costs_the_player_on_a_loss_whatever_the_table_says() -> None:
    """Example 3 (line 166): 1 success against 2, the character's Point drops by 1."""
    doc = SolConflict(player=Side(score=4, start=4), opponents=[Side(score=3, start=3)])
    set_kind(doc, "problem")
    stacked(doc, RED[:1] + BLACK[:3] + RED[1:3] + BLACK[3:4])
    doc.settings = TableSettings(reshuffle=Reshuffle.WHEN_EMPTY, symmetric_losses=False)
    draw_exchange(doc, random.Random(1))
    assert (doc.player.score, doc.opponents[0].score) == (3, 3)
    set_kind(doc, "combat")  # in combat the table's setting holds
    assert doc.kind is ConflictKind.COMBAT


def test_start_over_returns_to_the_scores_typed() -> None:
    doc = SolConflict()
    set_side(doc, None, score=5, cards=5)
    set_side(doc, 0, score=4, cards=4)
    draw_exchange(doc, random.Random(3))
    while doc.log and doc.player.score == 5 and doc.opponents[0].score == 4:
        draw_exchange(doc, random.Random(len(doc.log)))
    reset(doc)
    assert (doc.player.score, doc.opponents[0].score) == (5, 4)


def test_problems_test_any_characteristic() -> None:
    doc = SolConflict()
    set_kind(doc, ConflictKind.PROBLEM)
    for key, label in (("grip", "Grip"), ("temper", "Temper"), ("edge", "Edge")):
        set_problem_tests(doc, key)
        assert score_name(doc) == f"{label} / cards"
    with pytest.raises(RefusedError):
        set_problem_tests(doc, "luck")


def test_the_reference_separates_the_texts_rule_from_the_setting() -> None:
    outcomes = next(t for t in tables() if t.id == "outcomes")
    rows = {row[0]: row[1] for row in outcomes.rows}
    assert "line 166" in rows["less than 0, a problem"]
    assert "table setting" in rows["less than 0, combat or debate"]


def pilot() -> SolCharacter:
    return SolCharacter.model_validate({
        "name": "Vance", "career": "Military",
        "characteristics": {"edge": 6, "grip": 5, "point": 5, "temper": 4},
        "specialties": {"edge": "space fighter pilot",
                        "temper": {"name": "opera", "in_career": False}},
        "grip_now": 4})


def test_a_character_brings_its_ratings_and_specialties() -> None:
    held = side_character(pilot(), "vance.sol")
    assert held.ratings == {"edge": 6, "grip": 4, "point": 5, "temper": 4}  # Grip after wounds
    assert held.specialties == {"edge": 7, "temper": 4}
    doc = SolConflict()
    take_character(doc, None, held, "Vance")
    assert (doc.player.cards, doc.player.score, doc.player.start) == (6, 4, 4)
    set_use_specialty(doc, None, True)
    assert doc.player.cards == 7
    set_kind(doc, "debate")
    assert (doc.player.score, draw_count(doc, doc.player)) == (5, 5)
    set_kind(doc, "problem")
    set_problem_tests(doc, "temper")
    assert doc.player.score == 4
    draw_exchange(doc, random.Random(2))
    with pytest.raises(RefusedError):
        take_character(doc, 0, held, "Vance")


def test_grip_lost_reaches_the_character() -> None:
    doc = SolConflict()
    take_character(doc, None, side_character(pilot(), "vance.sol"), "Vance")
    doc.player.score = 1
    assert grip_lost(doc, doc.player) == 3
    assert [i for i, _ in to_write_back(doc)] == [None]
    hero = pilot()
    take_wounds(hero, grip_lost(doc, doc.player))
    assert hero.grip_now == 1
    take_wounds(hero, 9)
    assert hero.grip_now == 0
    mark_written_back(doc, None)
    assert to_write_back(doc) == []
    mark_written_back(doc, None, written=False)  # the write taken back on the sheet
    assert [i for i, _ in to_write_back(doc)] == [None]
    mark_written_back(doc, None)
    with pytest.raises(RefusedError):
        mark_written_back(doc, 5)
    set_kind(doc, "debate")  # Point lost in a debate is for the conversation only
    assert grip_lost(doc, doc.player) == 0


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def pdf_fonts(path: Path) -> str:
    return subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                          check=True).stdout


def test_the_conflict_record_prints_who_scores_and_every_exchange(tmp_path: Path) -> None:
    doc = SolConflict(name="Brawl at the docks " * 3)
    take_character(doc, None, side_character(pilot(), str(tmp_path / "vance.sol")), "Vance")
    set_side(doc, 0, name="Dock boss with a very long name that needs to wrap", cards=3,
             score=3)
    rng = random.Random(7)
    while not doc.log or (doc.player.score and doc.opponents[0].score):
        draw_exchange(doc, rng)
    for _ in range(40):  # a long log runs over pages
        doc.log.append(doc.log[0].model_copy())
    path = tmp_path / "brawl.solconflict"
    CONFLICT.save(doc, path)
    out = tmp_path / "record.pdf"
    pages = export_sheets([path], out)
    assert pages >= 2
    text = pdf_text(out)
    assert "CONFLICT RECORD" in text and "Vance" in text and "vance.sol" in text
    assert "needs to" in text and "wrap" in text
    assert text.count(doc.log[0].result[:20]) >= 41  # no exchange lost
    fonts = pdf_fonts(out).splitlines()[2:]
    assert fonts and all(" yes " in line for line in fonts)  # every font embedded
    for page in range(1, pages + 1):
        png = tmp_path / f"p{page}"
        subprocess.run(["pdftoppm", "-r", "30", "-png", "-f", str(page), "-l", str(page),
                        str(out), str(png)], check=True)


def test_the_sheets_grip_boxes_match_the_conflict(tmp_path: Path) -> None:
    """After a combat written back, the sheet crosses one Grip box per wound."""
    hero = pilot()
    path = tmp_path / "vance.sol"
    CHARACTER.save(hero, path)
    doc = SolConflict()
    take_character(doc, None, side_character(hero, str(path)), "Vance")
    doc.player.score = 2
    take_wounds(hero, grip_lost(doc, doc.player))
    CHARACTER.save(hero, path)
    assert CHARACTER.load(path).grip_now == 2
    from reportlab.pdfgen.canvas import Canvas

    from seforge.systems.sword_of_life import sheet

    crossed: list[tuple[float, float, float, float]] = []

    class Spy(Canvas):
        def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
            crossed.append((x1, y1, x2, y2))
            super().line(x1, y1, x2, y2)

    spy = Spy(str(tmp_path / "spy.pdf"))
    sheet.register_fonts()
    sheet.draw_sheet(spy, CHARACTER.load(path), (595.0, 842.0))
    diagonals = [c for c in crossed if abs(c[2] - c[0]) == 14 and abs(c[3] - c[1]) == 14]
    assert len(diagonals) == 2 * (5 - 2)  # two strokes per lost box, Grip 5 now 2
    # (a 14 pt Grip box's: an "in career" box is crossed too, smaller)


"""The shell's one way to show a refused change: one line where the user looks."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from PySide6.QtWidgets import QMessageBox, QPushButton, QWidget

from seforge.core.documents import DocumentKind
from seforge.core.refused import RefusedError
from ui.shell.document_owner import DocumentOwner
from ui.shell.refusal import (
    apply_or_refuse,
    refusal_box,
    refusal_text,
    refuse,
    sentence,
    show_refusal,
    status_line,
)


class Coins(BaseModel):
    coin: int = 0


COINS = DocumentKind(format_id="toy.coins", model=Coins, suffix=".coins", title="Coins")


def _spend(doc: Coins) -> None:
    if doc.coin < 1:
        raise RefusedError("the crew has no coin")
    doc.coin -= 1


def _earn(doc: Coins) -> None:
    doc.coin += 1


def test_the_reason_is_one_line_with_one_full_stop() -> None:
    assert refusal_text(RefusedError("the crew has no coin")) == "the crew has no coin"
    assert refusal_text(ValueError("bad value\n  a traceback line")) == "bad value"
    assert refusal_text(None) == refusal_text(ValueError("")) == "the rules do not allow it"
    assert sentence("Not done", "no coin") == "Not done: no coin."
    assert sentence("Not done", "no coin!") == "Not done: no coin!"
    assert sentence("", "no coin") == "no coin."


def test_a_refused_change_shows_in_the_status_line_and_changes_nothing(qtbot: Any) -> None:
    page = QWidget()
    qtbot.addWidget(page)
    status = status_line(page)
    page.show()
    owner: DocumentOwner[Coins] = DocumentOwner(COINS)
    assert status.isHidden() and status.accessibleName() == "Last refusal"
    assert not apply_or_refuse(owner, "Spend a coin", _spend, status)
    assert status.text() == "Not done: the crew has no coin." and status.isVisible()
    assert owner.document.coin == 0 and owner.undo_stack.count() == 0
    assert apply_or_refuse(owner, "Earn a coin", _earn, status)
    assert status.isHidden() and status.text() == ""
    assert apply_or_refuse(owner, "Spend a coin", _spend, status)
    assert owner.document.coin == 0 and owner.undo_stack.count() == 2


def test_show_refusal_takes_a_reason_or_an_error(qtbot: Any) -> None:
    status = status_line()
    qtbot.addWidget(status)
    show_refusal(status, "two different people", "Not kept")
    assert status.text() == "Not kept: two different people."
    assert status.toolTip() == status.text()
    show_refusal(status, ValueError("whole numbers only"), "")
    assert status.text() == "whole numbers only."


def test_a_refused_control_says_why_in_its_tooltip(qtbot: Any) -> None:
    button = QPushButton("Tick")
    qtbot.addWidget(button)
    refuse(button, "the clock is full", "Tick the clock")
    assert not button.isEnabled()
    assert button.toolTip() == "Tick the clock\nNot now: the clock is full."
    refuse(button, None, "Tick the clock")
    assert button.isEnabled() and button.toolTip() == "Tick the clock"


def test_a_refusal_with_no_place_of_its_own_opens_a_message_box(
        qtbot: Any, monkeypatch: Any) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _parent, title, text, *args: shown.append((title, text)))
    refusal_box(None, "Export", RefusedError("nothing to print"), "Not exported")
    assert shown == [("Export", "Not exported: nothing to print.")]


def test_a_status_line_with_no_page_never_becomes_a_window(qtbot: Any) -> None:
    """A refusal shown in a label that has no parent (made only to carry the text) left it
    a window of its own, mapped and destroyed inside the click: the app died in Qt's X11
    plugin. The text is kept; nothing is shown."""
    from PySide6.QtWidgets import QLabel

    from ui.shell.refusal import show_refusal

    label = QLabel()
    qtbot.addWidget(label)
    show_refusal(label, "the crew has no coin")
    assert label.text() == "Not done: the crew has no coin."
    assert label.isHidden() and not label.isVisible()

"""Found in a played session: the Play dock's Starting Luck, its stale Stress choice and
its refusals worded twice."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from seforge.systems.swords_edge.models import Trait
from tests.seforge.conftest import make_sarah
from ui.systems.swords_edge.document import CharacterDocument
from ui.systems.swords_edge.play import PlayPanel

P = Trait.PHYSIQUE


@pytest.fixture
def panel(qtbot) -> PlayPanel:  # type: ignore[no-untyped-def]
    document = CharacterDocument(make_sarah())
    panel = PlayPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    return panel


def _click(qtbot, button: QWidget) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _tab_chain(panel: PlayPanel) -> list[QWidget]:
    chain: list[QWidget] = []
    widget = panel.start_button.nextInFocusChain()
    while widget is not panel.start_button and len(chain) < 500:
        if (widget.isEnabled() and widget.isVisible()
                and widget.focusPolicy() & Qt.FocusPolicy.TabFocus):
            chain.append(widget)
        widget = widget.nextInFocusChain()
    return chain


def test_starting_luck_is_greyed_while_a_session_runs(panel: PlayPanel, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Starting Luck only counts when a session starts: while one runs it is greyed (and
    so out of the Tab order), its tooltip saying why in the core's words."""
    assert panel.start_luck.isEnabled()
    _click(qtbot, panel.start_button)
    assert panel.character.play.session_running
    assert not panel.start_luck.isEnabled()
    assert panel.start_luck not in _tab_chain(panel)
    tip = panel.start_luck.toolTip()
    assert "a session is already running" in tip and "start of a session" in tip
    panel.undo_stack.undo()  # no session any more: it is back
    assert panel.start_luck.isEnabled()
    assert "already running" not in panel.start_luck.toolTip()


def test_the_stress_choice_is_fresh_after_a_doom(panel: PlayPanel, qtbot) -> None:  # type: ignore[no-untyped-def]
    """After Legendary Stress and its Doom, the Take Stress box no longer offers the
    Legendary hit that is over: it shows the first Level again."""
    _click(qtbot, panel.start_button)
    panel.stress_trait.setCurrentIndex(panel.stress_trait.findText(P.value))
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)
    assert panel.stress_is_legendary()
    _click(qtbot, panel.stress_button)
    assert panel.character.play.doom_trait is P
    qtbot.keyClicks(panel.weakness_name, "Limp")
    qtbot.keyClicks(panel.legendary_weakness_name, "Scarred Hands")
    _click(qtbot, panel.survive_button)
    assert panel.character.play.doom_trait is None
    assert panel.stress_level.currentIndex() == 0
    assert "Doom" not in panel.stress_level.currentText()
    assert not panel.stress_is_legendary()
    assert panel.stress_count.value() == 1


def test_a_refusal_is_worded_once(panel: PlayPanel, qtbot) -> None:  # type: ignore[no-untyped-def]
    """'Not now: cannot take Stress: the character is out…' said 'cannot' twice, with two
    colons in a row: the control already names the step, the reason follows once."""
    _click(qtbot, panel.start_button)
    panel.stress_level.setCurrentIndex(panel.stress_level.count() - 1)
    _click(qtbot, panel.stress_button)
    _click(qtbot, panel.out_button)
    assert panel.character.play.out_of_play
    for button in (panel.stress_button, panel.gain_button, panel.end_day_button):
        tip = button.toolTip()
        assert tip.startswith("Not now: ") and tip.count(":") == 1, tip
        assert "cannot" not in tip and "out of the game" in tip
    panel.stress_button.setEnabled(True)  # as if the rules changed their mind
    _click(qtbot, panel.stress_button)
    shown = panel.last_error()
    assert shown.startswith("Not allowed: ") and shown.count(":") == 1, shown
    assert "out of the game" in shown


def test_the_past_view_shows_a_readable_local_time(panel: PlayPanel, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The past view said "(2026-11-27T05:50:11+00:00)": a local, readable date and time
    now, in the view and in the line's tooltip."""
    from datetime import datetime

    from PySide6.QtCore import QDateTime, QLocale

    _click(qtbot, panel.start_button)
    entry = panel.character.history[-1]
    assert "T" in entry.at  # stored as ISO 8601, in UTC
    panel.history.setCurrentCell(len(panel.character.history) - 1, 2)
    head = panel.past.toPlainText().splitlines()[0]
    when = datetime.fromisoformat(entry.at).astimezone()
    local = QLocale().toString(
        QDateTime.fromString(entry.at, Qt.DateFormat.ISODate).toLocalTime(),
        "d MMM yyyy, HH:mm")
    assert entry.at not in head and "+00:00" not in head
    assert local in head and f"{when:%H:%M}" in head and str(when.year) in head
    assert QLocale().monthName(when.month, QLocale.FormatType.ShortFormat) in head
    tip = panel.history.item(len(panel.character.history) - 1, 2).toolTip()
    assert entry.at not in tip and local in tip


def test_the_wheel_over_the_history_scrolls_the_dock(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The History scrolled inside the dock's scroll area: two scroll bars, and the wheel
    over its lines scrolled them, not the dock. It shows the latest lines as tall as they
    are (the rest in Show all...): the wheel over them scrolls the dock."""
    from PySide6.QtCore import QPoint, QPointF
    from PySide6.QtTest import QTest

    from ui.systems.swords_edge.play_dock import PlayDock

    dock = PlayDock()
    qtbot.addWidget(dock)
    document = CharacterDocument(make_sarah())
    dock.show_document(document)
    panel = dock.panel_for(document)
    dock.resize(360, 500)
    dock.show()
    qtbot.waitExposed(dock)
    assert panel.start_session()
    for n in range(30):
        assert panel.gain_luck(f"reason {n}") or panel.spend_luck("reroll")
    history = panel.history
    scroll = dock.stack.currentWidget()
    outer = scroll.verticalScrollBar()  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: outer.maximum() > 0)
    # the History's latest lines in view
    scroll.ensureWidgetVisible(history)  # type: ignore[attr-defined]
    assert history.verticalScrollBar().maximum() == 0
    before = outer.value()
    assert before > 0
    viewport = history.viewport()
    assert viewport.isVisible()
    # the wheel turned over the lines, as the window system hands it on (a spontaneous
    # event: one Qt passes to the widgets around when the one under the pointer leaves it)
    where = viewport.mapTo(dock.window(), viewport.rect().center())
    window = dock.window().windowHandle()
    assert window is not None
    QTest.wheelEvent(window, QPointF(where), QPoint(0, 120))  # up
    qtbot.waitUntil(lambda: outer.value() < before)

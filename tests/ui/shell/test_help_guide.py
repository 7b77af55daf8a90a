"""The user guide: a General section, then one section per installed game system, each with
the pages the system brings (the shell names no game)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QUrl

from ui.shell.help.guide import GENERAL, key_for_link, sections
from ui.shell.help.window import HelpWindow


class Installed:
    """What the guide reads of a system's UI part: its id and title."""

    def __init__(self, system_id: str, title: str) -> None:
        self.system_id, self.title = system_id, title


def test_a_built_in_system_brings_its_main_page_then_its_topics() -> None:
    found = sections([Installed("blades", "Blades in the Dark")])
    assert [s.title for s in found] == [GENERAL, "Blades in the Dark"]
    assert [p.key for p in found[0].pages] == ["start", "formats"]
    blades = found[1]
    assert [p.key for p in blades.pages] == ["blades", "blades.rules"]
    assert blades.pages[1].title == "How a Blades roll works"
    assert {p.section for p in blades.pages} == {"Blades in the Dark"}
    assert key_for_link("blades.rules.md", blades.pages) == "blades.rules"
    assert key_for_link("./files.md#limits") == "formats"
    assert key_for_link("https://example.org/blades.md", blades.pages) is None


def test_a_system_without_pages_gets_a_short_one() -> None:
    (only,) = sections([Installed("no-such-game", "No Such Game")])[1].pages
    assert only.key == "no-such-game" and only.title == "No Such Game"
    assert "File › New" in only.markdown


def test_an_installed_package_brings_pages_from_its_guide_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "dice_pool_ui"
    (package / "guide").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "dice_pool_ui.py").write_text(
        "class DicePoolUi:\n    system_id = 'dice-pool'\n    title = 'Dice Pool'\n",
        encoding="utf-8")
    (package / "guide" / "dice-pool.md").write_text("# Dice Pool\n\nRoll N dice.\n",
                                                    encoding="utf-8")
    (package / "guide" / "odds.md").write_text("# Dice Pool odds\n\nExact.\n",
                                               encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    from dice_pool_ui.dice_pool_ui import DicePoolUi  # type: ignore[import-not-found]

    try:
        found = sections([DicePoolUi()])[1]
    finally:
        for name in [n for n in sys.modules if n.startswith("dice_pool_ui")]:
            del sys.modules[name]
    assert found.title == "Dice Pool"
    assert [(p.key, p.title) for p in found.pages] == [
        ("dice-pool", "Dice Pool"), ("dice-pool.odds", "Dice Pool odds")]


def test_the_window_lists_headings_and_pages_and_filters_both(qtbot: Any) -> None:
    window = HelpWindow(systems=[Installed("2d20", "2d20 (SRD 2022 / Conan)"),
                                 Installed("sword-of-life", "Sword of Life")])
    qtbot.addWidget(window)
    assert window.page_titles() == [
        "General", "Getting started", "File formats",
        "2d20 (SRD 2022 / Conan)", "2d20", "How a 2d20 test works",
        "Sword of Life", "Sword of Life", "How a Sword of Life exchange works"]
    assert window.current_key == "start"
    heading = window.pages.item(3)
    assert not heading.flags() & Qt.ItemFlag.ItemIsSelectable
    window.pages.setCurrentRow(5)
    assert window.current_key == "2d20.rules" and "Momentum" in window.browser.toPlainText()
    window.browser.anchorClicked.emit(QUrl("sword-of-life.rules.md"))
    assert window.current_key == "sword-of-life.rules"
    window.filter_edit.setText("13 times in 51")
    shown = [window.pages.item(r).text().strip() for r in range(window.pages.count())
             if not window.pages.item(r).isHidden()]
    assert shown == ["Sword of Life", "How a Sword of Life exchange works"]
    window.show_page("no such page")  # an unknown key shows the first page, no crash
    assert window.current_key == "start"


def test_enter_in_find_selects_each_place_the_word_stands_in_turn(qtbot: Any) -> None:
    """Found with a real keyboard: typing a word and pressing Enter left the page at its
    top, the word somewhere below. Enter now selects its next place in the page shown,
    and goes round from the top after the last; a page picked while a word is typed
    opens at its first place."""
    window = HelpWindow(systems=[Installed("2d20", "2d20 (SRD 2022 / Conan)")])
    qtbot.addWidget(window)
    qtbot.keyClicks(window.filter_edit, "crash")
    assert window.current_key == "start"
    places = window.browser.toPlainText().casefold().count("crash")
    assert places >= 2, "the test needs a word that stands twice on the page"
    seen = []
    for _ in range(places + 1):
        qtbot.keyClick(window.filter_edit, Qt.Key.Key_Return)
        cursor = window.browser.textCursor()
        assert cursor.selectedText().casefold() == "crash"
        seen.append(cursor.selectionStart())
    assert seen[:places] == sorted(seen[:places]) and len(set(seen[:places])) == places
    assert seen[places] == seen[0]  # round again from the top
    window.filter_edit.setText("autosave")
    formats = next(r for r in range(window.pages.count())
                   if window.pages.item(r).text().strip() == "File formats")
    window.pages.setCurrentRow(formats)
    assert window.current_key == "formats"
    assert window.browser.textCursor().selectedText().casefold() == "autosave"

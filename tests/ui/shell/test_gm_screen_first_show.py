"""The GM Screen dock shows its page the first time it is raised (issue 26): with a
fresh profile, New Character, maximize and a click on the GM Screen tab showed
"System: Sword's Edge" over an empty area. The page had been built while the dock sat
behind the Budget tab (visible to Qt, but with no size), so it got no height."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from ui.shell.window import MainWindow


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def _shown_content(page: QWidget) -> list[QWidget]:
    return [w for w in page.findChildren(QTabWidget)
            if w.isVisible() and w.height() > 0 and w.width() > 0]


def test_the_gm_screen_is_not_blank_when_first_raised(window: MainWindow,
                                                      qtbot: QtBot) -> None:
    window.ensure_ready()
    _settle()
    window.start_page.choice_buttons[0].click()  # New Character
    _settle()
    dock = window.gm_screen_dock
    assert not dock.on_screen()  # behind the Budget tab
    window.showMaximized()
    _settle()
    dock.raise_()
    _settle()
    assert dock.on_screen()
    page = dock.built("swords-edge")
    assert page is not None and page.isVisible() and page.height() > 0
    assert _shown_content(page), "the Sword's Edge page shows its tabs"


def test_a_page_is_built_when_the_dock_comes_into_view(window: MainWindow,
                                                       qtbot: QtBot) -> None:
    window.ensure_ready()
    _settle()
    dock = window.gm_screen_dock
    for system in dock.system_ids():
        dock.follow(system)  # the document switches while the dock is out of sight
        assert dock.built(system) is None, system
    dock.follow("swords-edge")
    dock.raise_()
    _settle()
    page = dock.built("swords-edge")
    assert page is not None and _shown_content(page)

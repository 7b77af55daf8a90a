"""The window with a second game system: a toy SystemUi beside Sword's Edge.

The toy system (a DocumentKind, an editor of one line edit and a GM Screen label) stands
for the systems written in parallel: start page, File › New, Open, drops, saving,
the unsaved-changes prompt, autosave recovery and the GM Screen picker all work for it
through the shell alone.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from PySide6.QtCore import QMimeData, QUrl
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from seforge.core.documents import DocumentKind
from tests.ui.helpers import se_part
from ui.shell import dialogs
from ui.shell.document_owner import DocumentOwner
from ui.shell.opening import dropped_paths
from ui.shell.system_uis import UI_REGISTRY, NewDocumentChoice, SystemUi, SystemUiBase
from ui.shell.window import MainWindow


class Toy(BaseModel):
    name: str = ""
    hp: int = 3


TOY = DocumentKind(format_id="toy.hero", model=Toy, suffix=".toy", title="Toy hero")


class ToyEditor:
    """One line edit for the name, through the owner."""

    def __init__(self, owner: DocumentOwner[Toy], parent: QWidget | None = None) -> None:
        self.owner = owner
        self.edit = QLineEdit(parent)
        self.edit.setText(owner.document.name)
        self.edit.textEdited.connect(self._rename)
        owner.changed.connect(lambda: self.edit.setText(self.owner.document.name))

    def _rename(self, text: str) -> None:
        def mutate(hero: Toy) -> None:
            hero.name = text

        self.owner.apply("Rename", mutate)

    def widget(self) -> QWidget:
        return self.edit


class ToyUi(SystemUiBase):
    system_id = "toy"
    title = "Toy System"
    suffixes = (".toy",)
    format_ids = ("toy.hero",)
    file_filter = "Toy heroes"

    def __init__(self) -> None:
        self.screens = 0

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return (NewDocumentChoice("Toy System hero", "toy.hero", "A toy hero"),)

    def new_editor(self, format_id: str, parent: QWidget | None = None) -> ToyEditor:
        return ToyEditor(DocumentOwner(TOY), parent)

    def open_editor(self, path: Path, parent: QWidget | None = None) -> ToyEditor:
        return ToyEditor(DocumentOwner.load(TOY, path), parent)

    def gm_screen(self, parent: QWidget | None = None) -> QWidget:
        self.screens += 1
        label = QLabel("Toy screen", parent)
        label.setObjectName("toyScreen")
        return label


@dataclass
class FakeEntryPoint:
    """An installed ``seforge.ui_systems`` entry point, as importlib.metadata lists it."""

    name: str
    value: str

    def load(self) -> Any:
        module, _, attribute = self.value.partition(":")
        return getattr(importlib.import_module(module), attribute)


SWORDS_EDGE = FakeEntryPoint("swords-edge", "ui.systems.swords_edge.swords_edge_ui:SYSTEM_UI")


def installed(monkeypatch: pytest.MonkeyPatch, *entries: FakeEntryPoint) -> None:
    """The registry finds exactly ``entries`` among the installed entry points."""
    monkeypatch.setattr(UI_REGISTRY, "_loaded", {})
    monkeypatch.setattr(UI_REGISTRY, "_pending", {})
    monkeypatch.setattr(UI_REGISTRY, "broken", {})
    monkeypatch.setattr(UI_REGISTRY, "_discovered", False)
    monkeypatch.setattr(UI_REGISTRY, "discover", lambda group: list(entries))


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ToyUi:
    """Sword's Edge and the toy system only (the other built-ins have their own tests),
    the toy through an entry point of its own, as an installed plug-in comes."""
    ui = ToyUi()
    assert isinstance(ui, SystemUi)
    monkeypatch.setattr(sys.modules[__name__], "TOY_UI", ui, raising=False)
    installed(monkeypatch, SWORDS_EDGE, FakeEntryPoint("toy", f"{__name__}:TOY_UI"))
    return ui


@pytest.fixture
def win(qtbot: QtBot, qapp: QApplication, prompts: list[str], toy: ToyUi) -> Iterator[MainWindow]:
    window = MainWindow(autosave_interval_ms=50)
    qtbot.addWidget(window)
    window.show()
    window.ensure_ready()
    yield window
    window.close()


def toy_file(tmp_path: Path, name: str = "bob.toy", hero: str = "Bob") -> Path:
    path = tmp_path / name
    TOY.save(Toy(name=hero), path)
    return path


def test_start_page_and_file_new_list_every_system(win: MainWindow, toy: ToyUi) -> None:
    page = win.start_page
    titles = [w.text() for w in page.systems_box.findChildren(QLabel)]
    assert titles == ["Sword's Edge", "Toy System"]
    assert [b.text() for b in page.choice_buttons] == ["New Character", "New Hero"]
    assert page.new_button is page.choice_buttons[0]  # Ctrl+N: the first system's first
    page.choice_buttons[1].click()
    owner = win.current_document()
    assert isinstance(owner, DocumentOwner) and owner.kind is TOY
    assert win.tabs.tabText(0) == "Untitled"
    sections = [a.text() for a in win.new_menu.actions() if a.isSeparator()]
    assert sections == ["Sword's Edge", "Toy System"]
    labels = [a.text() for a in win.new_menu.actions() if not a.isSeparator()]
    assert labels == ["&Character", "Hero"]  # under their systems' headings
    win.new_action.trigger()  # Ctrl+N: a new document like the current tab's, a hero
    assert win.current_document().kind is TOY and win.tabs.count() == 2
    while win.tabs.count():
        assert win.close_current()
    win.new_action.trigger()  # from the start page: the first system's first
    assert type(win.current_document()).__name__ == "CharacterDocument"


def test_open_filter_suffix_and_format_route_to_the_system(
        win: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Toy heroes (*.toy)" in win.controller.file_filter().split(";;")
    assert win.controller.file_filter().startswith("SEForge documents (*.sechar")
    plain = toy_file(tmp_path)
    renamed = toy_file(tmp_path, "alice.json", "Alice")  # no suffix of ours: its format says
    seen: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(
        lambda _p, _t, _d, flt: (seen.append(flt), ([str(plain), str(renamed)], ""))[1]))
    win.open_action.trigger()
    assert seen and "*.toy" in seen[0]
    names = [d.document.name for d in win.documents()]
    assert names == ["Bob", "Alice"]
    assert win.windowTitle().startswith("alice.json")


def test_dropped_files_of_any_system_open(win: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    path = toy_file(tmp_path)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path)), QUrl.fromLocalFile(str(tmp_path / "x.txt"))])
    assert dropped_paths(mime, win.controller.suffixes()) == [path]
    assert dropped_paths(mime) == [path]  # the registered systems' suffixes
    assert win.open_paths([path]) == 1
    assert win.current_document().path == path


def test_save_undo_title_and_close_prompt(win: MainWindow, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          prompts: list[str]) -> None:
    owner = win.new_document("toy", "toy.hero")
    editor = win.current_editor()
    assert isinstance(editor, QLineEdit)
    editor.textEdited.emit("Zed")
    assert owner.document.name == "Zed"
    # a new document's placeholder title gives way to its name
    assert win.tabs.tabText(0) == "Zed *" and win.isWindowModified()
    win.undo_action.trigger()
    assert owner.document.name == "" and not owner.is_modified()
    win.redo_action.trigger()
    target = tmp_path / "zed"
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(target), "")))
    assert win.save()
    saved = tmp_path / "zed.toy"  # the kind's suffix is added
    assert json.loads(saved.read_text(encoding="utf-8"))["name"] == "Zed"
    assert win.tabs.tabText(0) == "zed.toy" and not win.isWindowModified()
    editor.textEdited.emit("Zed 2")
    monkeypatch.setattr(dialogs, "ask_choice", lambda *a, **k: "Revert")
    assert win.revert()
    assert owner.document.name == "Zed"
    editor.textEdited.emit("Zed 3")
    assert [(w.kind, w.title) for w in win.unsaved_work()] == [("Toy hero", "zed.toy")]
    assert win.close_current()
    assert prompts and "zed.toy" in prompts[-1]


def test_duplicate_and_changed_on_disk(win: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    path = toy_file(tmp_path)
    owner = win.open_path(path)
    copy = win.duplicate()
    assert copy is not owner and copy.path is None and copy.is_modified()
    assert copy.document == owner.document and win.tabs.tabText(1) == "bob.toy (copy) *"
    win.tabs.setCurrentIndex(0)
    TOY.save(Toy(name="Robert"), path)  # another program saves
    qtbot.waitUntil(lambda: owner.document.name == "Robert", timeout=3000)
    assert not owner.is_modified()


def test_autosave_and_recovery(win: MainWindow, qtbot: QtBot, toy: ToyUi,
                               monkeypatch: pytest.MonkeyPatch) -> None:
    win.new_document("toy", "toy.hero")
    win.current_editor().textEdited.emit("Saved by autosave")
    folder = win.autosaver.folder
    qtbot.waitUntil(lambda: len(list(folder.glob("*.toy"))) == 1, timeout=3000)
    win.autosaver.timer.stop()
    win.autosaver.lock.release()  # a crash: the files stay
    monkeypatch.setattr(dialogs, "ask_restore",
                        lambda _parent, titles: titles == ["Saved by autosave"])
    second = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(second)
    assert second.restore_autosaves() == 1
    restored = second.current_document()
    assert restored.document.name == "Saved by autosave" and restored.is_modified()
    assert second.tabs.tabText(0) == "Saved by autosave *"
    second.shutdown()


def test_gm_screen_follows_the_document_with_a_picker(win: MainWindow, toy: ToyUi) -> None:
    dock = win.gm_screen_dock
    assert dock.system_ids() == ["swords-edge", "toy"] and dock.picker.isVisibleTo(dock)
    dock.show()
    dock.raise_()
    win.new_document("toy", "toy.hero")
    assert dock.current_system() == "toy"
    assert dock.stack.currentWidget().objectName() == "toyScreen"
    win.new_document()  # a Sword's Edge character
    assert dock.current_system() == "swords-edge"
    assert dock.stack.currentWidget() is se_part(win).gm_dock
    dock.picker.activated.emit(dock.system_ids().index("toy"))
    assert dock.current_system() == "toy" and toy.screens == 1  # built once, kept
    win.tabs.setCurrentIndex(0)
    assert dock.stack.currentWidget().objectName() == "toyScreen" and toy.screens == 1


def test_an_installed_system_joins_the_start_page_and_the_gm_screen(
        qtbot: QtBot, toy: ToyUi, prompts: list[str]) -> None:
    """A system known only by its entry point (no list of systems anywhere): its row on
    the start page, its New choice, its GM Screen page; listed before it is loaded."""
    assert UI_REGISTRY.ids() == ["swords-edge", "toy"]
    assert "toy" not in UI_REGISTRY._loaded  # listing imports nothing
    window = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(window)
    rows = [w.text() for w in window.start_page.systems_box.findChildren(QLabel)]
    assert rows == ["Sword's Edge", "Toy System"]
    assert window.gm_screen_dock.system_ids() == ["swords-edge", "toy"]
    window.show()
    window.ensure_ready()
    window.gm_screen_dock.follow("toy")
    assert window.gm_screen_dock.page("toy").objectName() == "toyScreen"
    window.shutdown()


@pytest.mark.parametrize(("entry", "reason"), [
    (FakeEntryPoint("broken", "no.such.module:SYSTEM_UI"), "ModuleNotFoundError: No module"),
    (FakeEntryPoint("wrong", "ui.shell.system_uis:UI_REGISTRY"), "not a SystemUiBase"),
    (FakeEntryPoint("other", "ui.systems.swords_edge.swords_edge_ui:SYSTEM_UI"),
     "gives the system 'swords-edge'"),
])
def test_a_broken_system_is_left_out_with_one_line(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, toy: ToyUi, prompts: list[str],
        entry: FakeEntryPoint, reason: str) -> None:
    installed(monkeypatch, SWORDS_EDGE, FakeEntryPoint("toy", f"{__name__}:TOY_UI"), entry)
    window = MainWindow(autosave_interval_ms=60_000)
    qtbot.addWidget(window)
    assert window.gm_screen_dock.system_ids() == ["swords-edge", "toy"]
    assert [w.text() for w in window.start_page.systems_box.findChildren(QLabel)] == [
        "Sword's Edge", "Toy System"]
    problem = UI_REGISTRY.broken[entry.name]  # tried once, with its reason
    assert reason in problem and "\n" not in problem
    assert UI_REGISTRY.problems() == [problem]
    assert entry.name not in UI_REGISTRY.ids()
    window.shutdown()


def test_listing_the_entry_points_may_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_metadata(group: str) -> list[FakeEntryPoint]:
        raise OSError("unreadable metadata")

    installed(monkeypatch)
    monkeypatch.setattr(UI_REGISTRY, "discover", broken_metadata)
    assert UI_REGISTRY.ids() == []
    assert UI_REGISTRY.problems() == [
        "could not list the installed system UIs: unreadable metadata"]


def test_the_built_in_systems_are_in_the_window(window: MainWindow, tmp_path: Path) -> None:
    """Every built-in system present: on the start page and in File › New; a system UI
    without suffixes of its own gets them from its core (its document formats), so its
    files open from File › Open and drops."""
    present = [ui.system_id for ui in window.controller.systems()]
    assert present == ["swords-edge", "2d20", "blades", "sword-of-life"]  # default, titles
    rows = [w.text() for w in window.start_page.systems_box.findChildren(QLabel)]
    assert rows == [UI_REGISTRY.get(i).title for i in present]
    assert window.gm_screen_dock.system_ids() == present
    for system_id in present:
        if system_id == "swords-edge":
            continue
        ui = UI_REGISTRY.get(system_id)
        choice = ui.new_document_choices()[0]
        owner = window.new_document(system_id, choice.format_id)
        assert isinstance(owner, DocumentOwner)
        path = tmp_path / f"saved{owner.kind.suffix}"
        owner.save(path)
        assert f"*{owner.kind.suffix}" in window.controller.file_filter()
        window.close_current()
        assert window.open_file(path)
        assert window.current_document().path == path


def test_a_choice_drops_the_words_it_shares_with_its_system() -> None:
    from ui.shell.start_page import short_label

    assert short_label("Sword's Edge", "Sword's Edge character") == "Character"
    assert short_label("2d20 (SRD 2022 / Conan)", "2d20 conflict tracker") == "Conflict tracker"
    assert short_label("Blades in the Dark", "Blades in the Dark crew") == "Crew"
    assert short_label("Toy", "Toy") == "Toy"  # nothing left: the label stays whole


def test_sword_edge_side_docks_step_aside_for_another_system(win: MainWindow) -> None:
    """The Budget dock has nothing to say about a toy document: it hides while one is
    current and comes back with a character."""
    part = win.parts["swords-edge"]
    budget, play = part.budget_dock, part.play_dock
    budget.show()
    play.show()
    win.tabifyDockWidget(budget, play)  # the Play dock is a tab behind the Budget dock
    budget.raise_()
    win.new_document()  # a Sword's Edge character
    assert budget.isVisible()
    win.new_document("toy", "toy.hero")
    assert not budget.toggleViewAction().isChecked()
    assert not play.toggleViewAction().isChecked()
    assert not part.character_menu.menuAction().isVisible()
    win.tabs.setCurrentIndex(0)
    assert budget.toggleViewAction().isChecked() and play.toggleViewAction().isChecked()
    assert part.character_menu.menuAction().isVisible()
    win.tabs.setCurrentIndex(1)
    win.close_current()
    assert budget.toggleViewAction().isChecked()


def test_a_launch_with_another_systems_file_shows_no_sword_edge_dock(
        qtbot: QtBot, qapp: QApplication, prompts: list[str], tmp_path: Path) -> None:
    """Found at 1024x768: launched with a 2d20 record, the window showed an empty Sword's
    Edge Play dock ("Open a character to play it"). The Play dock is made as the window
    gets ready, hidden, and shown a moment later: it was not open yet when the record
    became current, so it did not step aside with the Budget."""
    from ui.app import first_window
    from ui.shell.settings import Preferences

    record = tmp_path / "ilse.s2d20"
    shipped = Path(__file__).resolve().parents[3] / "resources" / "systems" / "twod20"
    record.write_bytes((shipped / "ilse-varga.s2d20").read_bytes())
    window = first_window(Preferences())  # as ui.app.main launches with a file
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.when_ready(lambda: window.open_paths([record]))
    window.ensure_ready()
    qtbot.wait(200)
    part = se_part(window)
    assert part.play_dock is not None
    assert not part.budget_dock.isVisible() and not part.play_dock.isVisible()
    window.close_current()  # the start page: both come back
    qtbot.waitUntil(part.budget_dock.isVisible)
    assert part.play_dock.toggleViewAction().isChecked()
    window.shutdown()
    window.close()

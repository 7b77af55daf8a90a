"""Found in a played evening (session 15): the hero template adds two nameless Elements,
the NC editor saved them without a word, and the preview and the calculator called them
"Element +4". A nameless Element (or Flaw) is now a problem the core's NC check names,
shown in the editor, in the title over it, and by ``seforge check``."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from seforge.systems.swords_edge.cli.check import check_nc
from seforge.systems.swords_edge.fileformat import save_nc
from seforge.systems.swords_edge.library import load_nc as load_book_nc
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.nc_builder import nc_problems, new_nc, user_nc_folder
from seforge.systems.swords_edge.ranks import Rank
from ui.systems.swords_edge.gm_table.opponents import OpponentLibrary


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("SEFORGE_DATA_DIR", str(folder))
    return folder


def _choose(combo: object, data: object) -> None:
    index = combo.findData(data)  # type: ignore[attr-defined]
    combo.setCurrentIndex(index)  # type: ignore[attr-defined]
    combo.activated.emit(index)  # type: ignore[attr-defined]


def test_the_core_names_a_nameless_element(tmp_path: Path) -> None:
    hero = new_nc(NCType.HERO, Rank.GREAT, "Rustler Boss")
    problems = nc_problems(hero)
    assert len(problems) == 3  # the template leaves its Concept and two Elements unnamed
    assert problems[0].startswith("The Concept (+4) has no name")
    assert problems[1].startswith("Element 1 (+4) has no name")
    assert problems[2].startswith("Element 2 (+2) has no name")
    path = tmp_path / "boss.senc"
    save_nc(hero, path)
    report = check_nc(path)
    assert [p.severity for p in report.problems] == ["warning", "warning", "warning"]
    assert "Element 1 (+4) has no name" in report.text(path.name)
    named = hero.model_copy(deep=True)
    assert named.concept is not None
    named.concept.name = "Rustler boss of the Pecos"
    for index, element in enumerate(named.elements):
        element.name = f"Trick {index}"
    assert nc_problems(named) == []


def test_no_book_nc_is_flagged() -> None:
    from seforge.systems.swords_edge.library import list_entries

    flagged = {e.id: nc_problems(load_book_nc(e.id)) for e in list_entries("nc")}
    assert not {k: v for k, v in flagged.items() if v}


def test_the_editor_shows_the_problem_where_the_gm_looks(qtbot, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    lib = OpponentLibrary()
    qtbot.addWidget(lib)
    lib.show()
    qtbot.mouseClick(lib.new_button, Qt.MouseButton.LeftButton)
    editor = lib.editor
    _choose(editor.type_combo, "hero")
    editor.apply_template()
    assert editor.problems_label.isVisible()
    assert "Element 1 (+4) has no name" in editor.problems_label.text()
    name_field = editor.elements.rows[0][0]
    assert name_field.placeholderText() == "Name needed"
    qtbot.mouseClick(lib.save_button, Qt.MouseButton.LeftButton)
    assert list(user_nc_folder(data_dir).glob("*.senc"))  # saved, but not in silence
    assert lib.editor_title.text().endswith("· saved with 3 problems")
    assert "The Concept (+4) has no name" in editor.problems_label.text()
    for index in range(2):
        field = editor.elements.rows[index][0]
        qtbot.keyClicks(field, f"Trick {index}")
    assert editor.problems_label.isVisible()  # the Concept still has none
    qtbot.keyClicks(editor.concept_name, "Rustler boss")
    assert not editor.problems_label.isVisible()
    qtbot.mouseClick(lib.save_button, Qt.MouseButton.LeftButton)
    assert "problem" not in lib.editor_title.text()


def test_the_core_names_a_nameless_concept() -> None:
    """A blank Concept read "Concept +2" in the preview and the calculator."""
    hero = new_nc(NCType.HERO, Rank.GREAT, "Rustler Boss")
    for index, element in enumerate(hero.elements):
        element.name = f"Trick {index}"
    assert hero.concept is not None
    assert not hero.concept.name.strip()  # as the hero template leaves it
    problems = nc_problems(hero)
    assert len(problems) == 1 and problems[0].startswith("The Concept (")
    assert "has no name" in problems[0]
    hero.concept = None  # an NC without a Concept is not a problem
    assert nc_problems(hero) == []

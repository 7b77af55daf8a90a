"""Sword's Edge's SystemUi: what the window asks of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from seforge.core.documents import DocumentFileError
from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from ui.app import prepare_registry
from ui.shell.system_uis import UI_REGISTRY, DocumentEditor, OpenDocument, SystemUi
from ui.systems.swords_edge.swords_edge_ui import SYSTEM_UI


def test_registered_and_satisfies_the_protocol() -> None:
    prepare_registry()
    assert UI_REGISTRY.get("swords-edge") is SYSTEM_UI
    assert isinstance(SYSTEM_UI, SystemUi)
    assert [c.format_id for c in SYSTEM_UI.new_document_choices()] == ["swords-edge.character"]
    assert ".sechar" in SYSTEM_UI.suffixes


def test_new_and_open_editor(qtbot: QtBot, tmp_path: Path) -> None:
    new = SYSTEM_UI.new_editor("swords-edge.character")
    qtbot.addWidget(new.widget())
    assert isinstance(new, DocumentEditor)
    assert isinstance(new.owner, OpenDocument)
    assert not new.owner.is_modified() and new.owner.path is None
    with pytest.raises(ValueError):
        SYSTEM_UI.new_editor("blades.character")

    path = tmp_path / "jyrell.sechar"
    save_character(library.load_pc("jyrell"), path)
    opened = SYSTEM_UI.open_editor(path)
    qtbot.addWidget(opened.widget())
    assert opened.owner.character.name == "Jyrell" and opened.owner.path == path
    assert opened.widget().name_edit.text() == "Jyrell"  # type: ignore[attr-defined]
    bad = tmp_path / "bad.sechar"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(DocumentFileError):
        SYSTEM_UI.open_editor(bad)


def test_gm_screen_is_todays_gm_screen(qtbot: QtBot) -> None:
    page = SYSTEM_UI.gm_screen()
    qtbot.addWidget(page)
    page.ensure_built()  # type: ignore[attr-defined]
    titles = [page.tabs.tabText(i).replace("&", "")  # type: ignore[attr-defined]
              for i in range(page.tabs.count())]  # type: ignore[attr-defined]
    assert titles == ["Reference", "Test calculator", "SFX", "Recovery"]

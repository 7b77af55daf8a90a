"""The UI contract: every system UI subclasses SystemUiBase, whose optional members have
defaults the shell calls directly; GM pages with trackers are TrackerPages."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from seforge.core.trackers import CLOCK_SIZES
from ui.shell.gm_documents import page_documents
from ui.shell.system_uis import NewDocumentChoice, SystemUi, SystemUiBase, TrackerPage


class Bare(SystemUiBase):
    system_id = "bare"
    title = "Bare"

    def new_document_choices(self) -> Sequence[NewDocumentChoice]:
        return ()


def test_the_optional_members_have_their_defaults() -> None:
    ui = Bare()
    assert isinstance(ui, SystemUi)
    assert ui.suffixes is None and ui.format_ids is None  # the core's formats then
    assert ui.file_filter == ""
    assert tuple(ui.clock_sizes) == tuple(CLOCK_SIZES)
    assert tuple(ui.clock_kinds) == ()
    assert ui.window_part(object()) is None
    assert not ui.offers_pdf_export()
    with pytest.raises(NotImplementedError):
        ui.gm_screen()


@pytest.mark.parametrize(("module", "exports"), [
    ("ui.systems.swords_edge.swords_edge_ui", False),  # its own export actions
    ("ui.systems.twod20.twod20_ui", True),
    ("ui.systems.blades.blades_ui", True),
    ("ui.systems.sword_of_life.sword_of_life_ui", True),
])
def test_the_built_in_system_uis_subclass_the_base(module: str, exports: bool) -> None:
    import importlib

    ui = importlib.import_module(module).SYSTEM_UI
    assert isinstance(ui, SystemUiBase)
    assert ui.offers_pdf_export() is exports


def test_gm_pages_with_trackers_are_tracker_pages(qtbot: QtBot) -> None:
    from ui.systems.sword_of_life.sword_of_life_ui import SYSTEM_UI as SOL
    from ui.systems.twod20.twod20_ui import SYSTEM_UI as TWOD20

    for ui in (SOL, TWOD20):
        page = ui.gm_screen()
        qtbot.addWidget(page)
        assert isinstance(page, TrackerPage)
        owner = page_documents(page)[0]
        assert type(page.new_tracker(owner)) is type(owner.document)
    plain = QWidget()
    qtbot.addWidget(plain)
    assert not isinstance(plain, TrackerPage) and page_documents(plain) == []


def test_every_new_choice_is_a_format_its_core_reads() -> None:
    """The system UIs name their New choices' format ids without importing their models
    (start-up); each must still be a format its core system reads."""
    from seforge.systems import registry
    from ui.shell.system_uis import loaded_systems

    for ui in loaded_systems():
        core = registry().get(ui.system_id)
        known = {i for f in core.formats for i in (f.id, *f.aliases)}
        assert {c.format_id for c in ui.new_document_choices()} <= known, ui.system_id


def test_the_window_lists_systems_default_first_then_in_the_cores_order() -> None:
    from ui.shell.system_uis import SystemUiRegistry, loaded_systems

    def made(system_id: str, title: str) -> SystemUiBase:
        ui = Bare()
        ui.system_id, ui.title = system_id, title  # type: ignore[misc]
        return ui

    registry = SystemUiRegistry(discover=lambda _group: ())
    for system_id, title in (("zeta", "Zeta"), ("alpha", "Alpha"), ("late", "A Late One"),
                             ("main", "Main")):
        registry.register(made(system_id, title))
    registry.order = ["main", "zeta", "alpha"]
    registry.first = "main"
    assert [ui.system_id for ui in loaded_systems(registry)] == ["main", "zeta", "alpha",
                                                                 "late"]

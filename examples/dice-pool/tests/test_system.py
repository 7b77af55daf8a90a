"""The plug-in as SEForge finds it: the entry points, the protocol, a cheap import."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib.metadata import entry_points

from seforge.core.systems import GameSystem, SystemRegistry

from dice_pool.system import SYSTEM


def test_the_entry_points_name_the_system_and_its_ui() -> None:
    core = {e.name: e.value for e in entry_points(group="seforge.systems")}
    assert core["dice-pool"] == "dice_pool.system:SYSTEM"
    ui = {e.name: e.value for e in entry_points(group="seforge.ui_systems")}
    assert ui["dice-pool"] == "dice_pool_ui.system_ui:SYSTEM_UI"


def test_a_registry_finds_and_loads_it() -> None:
    registry = SystemRegistry()
    assert "dice-pool" in registry.ids()
    system = registry.get("dice-pool")
    assert system is SYSTEM
    assert isinstance(system, GameSystem)
    assert registry.for_suffix(".DICEPOOL")[1].id == "dice-pool.character"
    assert registry.for_format("dice-pool.character")[0] is SYSTEM


def test_what_it_declares() -> None:
    assert (SYSTEM.id, SYSTEM.title) == ("dice-pool", "Dice Pool")
    assert [(f.id, f.suffix) for f in SYSTEM.formats] == [("dice-pool.character", ".dicepool")]
    assert SYSTEM.sheet_reader is None and list(SYSTEM.cli_verbs) == []
    assert SYSTEM.export_options is None and list(SYSTEM.aliases) == []
    assert SYSTEM.order > 0  # after the games SEForge ships
    assert SYSTEM.odds is not None
    assert "--target" in SYSTEM.odds.parser("seforge odds --system dice-pool").format_help()
    assert list(SYSTEM.library()) == []
    assert [t.id for t in SYSTEM.reference_tables()] == ["rules", "odds"]


def imported_after(statement: str, modules: tuple[str, ...]) -> list[str]:
    code = (f"import sys; {statement}; "
            f"print([m for m in {modules!r} if m in sys.modules])")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, timeout=60)
    return list(ast.literal_eval(found.stdout))


def test_listing_it_stays_cheap() -> None:
    """The core part's module imports no pydantic, ReportLab or Qt; the UI part's no
    model, sheet or widget of its own (the shell it needs is SEForge's)."""
    heavy = ("pydantic", "reportlab", "PySide6", "dice_pool.models", "dice_pool.sheet")
    assert imported_after("import dice_pool.system", heavy) == []
    assert imported_after("import dice_pool_ui.system_ui", (
        "reportlab", "dice_pool.models", "dice_pool.sheet", "dice_pool_ui.builder",
        "dice_pool_ui.gm_screen")) == []


def test_the_guide_has_its_page() -> None:
    from ui.shell.help.guide import system_section

    from dice_pool_ui.system_ui import SYSTEM_UI

    section = system_section(SYSTEM_UI)
    assert [page.key for page in section.pages] == ["dice-pool"]
    assert section.pages[0].title == "Dice Pool"
    assert "at most 12: the budget" in " ".join(section.pages[0].markdown.split())

"""The shell is a set of parts, not one window with satellites: no part imports the
window, no two shell modules import each other (TYPE_CHECKING imports count too), and no
module is too long to hold one thing."""

from __future__ import annotations

from pathlib import Path

import pytest

SHELL = Path(__file__).resolve().parents[3] / "ui" / "shell"
MAX_LINES = 600


def shell_graph():  # type: ignore[no-untyped-def]
    grimp = pytest.importorskip("grimp")
    return grimp.build_graph("ui", include_external_packages=False)


def test_no_part_of_the_shell_imports_the_window() -> None:
    graph = shell_graph()
    importers = {m for m in graph.find_modules_that_directly_import("ui.shell.window")
                 if m.startswith("ui.shell")}
    assert importers == set()


def test_the_shell_has_no_import_cycle() -> None:
    graph = shell_graph()
    modules = [m for m in graph.modules if m.startswith("ui.shell")]
    cycles = sorted((a, b) for a in modules for b in graph.find_modules_directly_imported_by(a)
                    if b.startswith("ui.shell") and graph.chain_exists(importer=b, imported=a))
    assert cycles == []


def test_no_shell_module_is_over_600_lines() -> None:
    long = {p.name: n for p in SHELL.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}

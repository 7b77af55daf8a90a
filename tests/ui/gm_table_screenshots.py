"""Grab PNGs of the GM's table (NC editor, opponent library, party view, scene
tracker mid-scene) in a light and a dark palette.

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python tests/ui/gm_table_screenshots.py [folder]

Default folder: /tmp/gm_table_shots.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QApplication, QWidget

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from seforge.systems.swords_edge.models import Trait
from ui.shell.theme import apply_theme
from ui.systems.swords_edge.gm_table import GMTableWidget, NCEditor


def shoot(app: QApplication, folder: Path, theme: str, work: Path) -> list[Path]:
    apply_theme(app, theme)
    shots: list[Path] = []

    def grab(widget: QWidget, name: str) -> None:
        app.processEvents()
        path = folder / f"{theme}_{name}.png"
        widget.grab().save(str(path))
        shots.append(path)

    editor = NCEditor(library.load_nc("dragon"))
    editor.resize(1100, 720)
    editor.show()
    grab(editor, "nc_editor_dragon")
    editor.close()

    # One data folder per theme: the second table would otherwise offer (and wait on a
    # question about) the first one's autosaved scene.
    os.environ["SEFORGE_DATA_DIR"] = str(work / theme / "data")
    table = GMTableWidget()
    table.resize(1280, 820)
    table.show()
    table.opponents.search_edit.setText("troop")
    table.opponents.select("Shock Troopers")
    grab(table, "opponents")
    table.opponents.search_edit.clear()

    paths = []
    for pc_id in ("jyrell", "kyle-devos", "tella-of-jost"):
        path = work / f"{theme}-{pc_id}.sechar"
        save_character(library.load_pc(pc_id), path)
        paths.append(path)
    party = table.party
    party.add_characters(paths)
    party.name_edit.setText("The Infernum Wastes")
    party.set_notes("The Baron's legions march on the cavern gate.")
    clock = party.add_clock("The legions close in", 6)
    clock.dial.set_filled(3)
    party.add_clock("The cavern's secret", 4).dial.set_filled(1)
    table.tabs.setCurrentWidget(party)
    grab(table, "party")

    tracker = table.scene
    jyrell, kyle, tella = (tracker.add_pc_file(p) for p in paths)
    troopers = library.load_nc("shock-troopers")
    first = tracker.add_nc(troopers, 2)
    tracker.pair(jyrell, first)
    tracker.record_momentum(jyrell, True, "Good", ["trait:Physique", "element:1"])
    tracker.nc_takes_stress(first[0], 1)
    (leader,) = tracker.add_nc(library.load_nc("desert-acolytes-leader"))
    tracker.pair(tella, [leader])
    tracker.set_applied(tella, leader, "trait:Charisma", True)
    tracker.nc_takes_stress(leader, 1)
    tracker.pc_takes_stress(kyle, Trait.CUNNING, "Good", "a fusion rifle's glare")
    table.tabs.setCurrentWidget(tracker)
    grab(table, "scene")
    table.close()
    return shots


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/gm_table_shots")
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as work:
        for theme in ("light", "dark"):
            for path in shoot(app, folder, theme, Path(work)):  # type: ignore[arg-type]
                print(path)


if __name__ == "__main__":
    main()

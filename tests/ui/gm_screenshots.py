"""Grab PNGs of the GM screen (reference tab, calculator mid-example, SFX) in a light
and a dark palette.

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python tests/ui/gm_screenshots.py [folder]

Default folder: /tmp/gm_shots.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

from seforge.systems.swords_edge.library import load_pc
from tests.ui.helpers import against_two_troopers
from ui.shell.theme import apply_theme
from ui.systems.swords_edge.gm import GMDock


def shoot(app: QApplication, folder: Path, theme: str) -> list[Path]:
    apply_theme(app, theme)
    jyrell = load_pc("jyrell")
    window = QMainWindow()
    centre = QLabel("(character editor)")
    centre.setAlignment(Qt.AlignmentFlag.AlignCenter)
    window.setCentralWidget(centre)
    dock = GMDock(lambda: [jyrell], parent=window)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    window.resize(1300, 1000)
    window.resizeDocks([dock], [640], Qt.Orientation.Horizontal)
    window.show()
    shots: list[Path] = []

    def grab(name: str) -> None:
        app.processEvents()
        path = folder / f"{theme}_{name}.png"
        window.grab().save(str(path))
        shots.append(path)

    dock.tabs.setCurrentWidget(dock.reference)
    grab("reference")
    dock.reference.search.setText("undefended")
    grab("reference_search")
    dock.reference.search.clear()

    calc = against_two_troopers(dock, jyrell)
    calc.choose_quality("Fist and Feet")
    calc.die1.setValue(4)
    calc.die2.setValue(4)
    calc.judge_roll()
    grab("calc_momentum")
    calc.go_to(calc.verdict.next_steps[0])  # type: ignore[union-attr]
    calc.choose_quality("Blades")
    calc.die1.setValue(3)
    calc.die2.setValue(3)
    calc.judge_roll()
    app.processEvents()
    bar = calc.scroll_area.verticalScrollBar()
    bar.setValue(bar.maximum())
    grab("calc_action")

    dock.tabs.setCurrentWidget(dock.sfx)
    for key, label in (("reach", "close"), ("duration", "minute"), ("area", "personal"),
                       ("energy", "adult")):
        dock.sfx.choose(key, label)
    dock.sfx.modifier_spin.setValue(8)
    grab("sfx")
    dock.tabs.setCurrentWidget(dock.recovery)
    grab("recovery")
    big = dock.reference.sections["levels"].show_large()
    app.processEvents()
    path = folder / f"{theme}_large_table.png"
    big.grab().save(str(path))
    shots.append(path)
    big.close()
    window.close()
    return shots


def main(argv: list[str]) -> int:
    folder = Path(argv[1]) if len(argv) > 1 else Path("/tmp/gm_shots")
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(argv)
    assert isinstance(app, QApplication)
    for theme in ("light", "dark"):
        for path in shoot(app, folder, theme):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

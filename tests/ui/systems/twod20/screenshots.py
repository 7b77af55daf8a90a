"""Grab PNGs of the 2d20 GM screen (calculator, reference, conflict tracker) and the record
editor, in both profiles and both themes, at 1366x740.

    QT_QPA_PLATFORM=offscreen /work/venv/bin/python tests/ui/systems/twod20/screenshots.py [folder]

Default folder: /tmp/twod20_shots.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[4]))

from PySide6.QtWidgets import QApplication

from seforge.core.trackers import TimeUnit
from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.system import SYSTEM
from ui.shell.theme import apply_theme
from ui.systems.twod20.gm_screen import GmScreen
from ui.systems.twod20.twod20_ui import SYSTEM_UI


def _adder(name: str, side: cf.Side) -> Callable[[cf.Conflict], cf.Conflict]:
    return lambda d: cf.add_combatant(d, name, side)


def shoot(folder: Path) -> list[Path]:
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    saved: list[Path] = []
    for theme in ("light", "dark"):
        apply_theme(app, theme)
        for profile in ("srd2022", "conan"):
            gm = SYSTEM_UI.gm_screen()
            assert isinstance(gm, GmScreen)
            gm.resize(1366, 740)
            gm.profile.setCurrentIndex(gm.profile.findData(profile))
            gm.show()
            owner = gm.conflict_owner
            for name, side in (("Ilse", cf.Side.PC), ("Bram", cf.Side.PC),
                               ("Guard", cf.Side.NPC)):
                owner.apply("add", _adder(name, side))
            owner.apply("momentum", lambda d: cf.add_momentum(d, 3))
            owner.apply("turn", lambda d: cf.take_turn(d, "Ilse"))
            owner.apply("stress", lambda d: cf.take_stress(d, "Guard", 6))
            owner.apply("effect", lambda d: cf.add_effect(d, "Stunned", 1, TimeUnit.TURN,
                                                          "Guard"))
            calc = gm.calculator
            calc.tn.setValue(12)
            calc.focus.setValue(2)
            calc.dice_count.setValue(3)
            calc.opposed_group.setChecked(True)
            calc.faces.setText("2 11 19")
            calc.judge()
            for index, tab in enumerate(("calculator", "reference", "conflict")):
                gm.tabs.setCurrentIndex(index)
                app.processEvents()
                path = folder / f"gm-{tab}-{profile}-{theme}.png"
                gm.grab().save(str(path))
                saved.append(path)
            gm.close()
        for entry in SYSTEM.library():
            editor = SYSTEM_UI.open_editor(entry.path)
            widget = editor.widget()
            widget.resize(1366, 740)
            widget.show()
            app.processEvents()
            path = folder / f"record-{entry.id}-{theme}.png"
            widget.grab().save(str(path))
            saved.append(path)
            widget.close()
    return saved


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/twod20_shots")
    out.mkdir(parents=True, exist_ok=True)
    for shot in shoot(out):
        print(shot)

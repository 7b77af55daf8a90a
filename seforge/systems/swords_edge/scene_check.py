"""What ``seforge check`` says about a GM's Table scene (``.sescene``): who is in it, whom
each PC faces, the Tests in progress, and what in the file does not hold together (pure
core, no Qt).

An *error* is something the GM's Table cannot work with (a PC facing an NC the scene does
not have, two PCs or NCs with one id); a *warning* is something it works around (an NC
whose Stress would have taken it out, a Test naming an NC no longer in the scene, a PC
whose character file the autosave cannot find).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seforge.systems.swords_edge.judged_rolls import roll_line
from seforge.systems.swords_edge.models import NCType
from seforge.systems.swords_edge.pending_models import PendingTest
from seforge.systems.swords_edge.resolution.steps import STEP_TITLES
from seforge.systems.swords_edge.resolution.stress import apply_stress_to_nc
from seforge.systems.swords_edge.scene import Scene, ScenePC
from seforge.systems.swords_edge.scene_text import nc_state_text
from seforge.systems.swords_edge.wording import plural


@dataclass(frozen=True)
class SceneFinding:
    """One thing wrong in a scene file: a sentence, ``"error"`` or ``"warning"``, and a
    stable rule id (``scene.unknown_nc``)."""

    message: str
    severity: str
    rule: str


def _names(items: list[str]) -> str:
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _nc_title(scene: Scene, nc_id: str) -> str:
    found = next((n for n in scene.ncs if n.id == nc_id), None)
    if found is None:
        return f"{nc_id!r} (not in the scene)"
    return found.name + (" (out)" if found.removed else "")


def _momentum(entry: ScenePC) -> str:
    if entry.momentum == "pc":
        level = f" ({entry.momentum_level})" if entry.momentum_level else ""
        return f"holds the Momentum{level}"
    if entry.momentum == "nc":
        return "lost the Momentum"
    return "no Momentum Test yet"


def _test_line(scene: Scene, test: PendingTest) -> str:
    """``"Action, PC attacks, round 2; 3 rolls, the last: ..."``."""
    parts = [STEP_TITLES[test.step]]
    if test.step == "action":
        parts.append("PC attacks" if test.role == "attack" else "PC defends")
        target = next((o for o in test.opponents if o.uid == test.target), None)
        if target is not None:
            named = _nc_title(scene, target.scene_id) if target.scene_id else target.nc.name
            parts.append(f"against {named}")
        parts.append(f"round {test.round_number}")
    text = ", ".join(parts)
    if test.log:
        text += f"; {plural(len(test.log), 'roll')}, the last: {roll_line(test.log[-1])}"
    else:
        text += "; no roll yet"
    return text


def scene_lines(scene: Scene) -> list[str]:
    """The scene in a few lines: its name and state, each PC (whom they face, the
    Momentum, a Test in progress), each NC (Rank, Stress, out or not)."""
    name = f'"{scene.name}"' if scene.name else "(no name)"
    lines = [f"Scene {name}: {'ended' if scene.ended else 'in progress'}, "
             f"{plural(len(scene.pcs), 'PC')}, {plural(len(scene.ncs), 'NC')}, "
             f"{plural(len(scene.log), 'log line')}"]
    titles = scene.pc_titles()
    for entry in scene.pcs:
        title = titles.get(entry.id, entry.name or entry.id)
        faces = _names([_nc_title(scene, i) for i in entry.facing])
        text = f"PC {title}: faces {faces}; {_momentum(entry)}"
        if entry.undefended:
            text += "; Undefended for the rest of the scene"
        lines.append(text)
        if entry.test is not None:  # an ended scene's last Test is over, not in progress
            kind = "Last Test" if scene.ended else "Test in progress"
            lines.append(f"  {kind}: {_test_line(scene, entry.test)}")
    for nc in scene.ncs:
        lines.append(f"NC {nc.name} ({nc.nc.rank.label} {nc.nc.type.value}): "
                     f"{nc_state_text(nc)}")
    return lines


def scene_problems(scene: Scene) -> list[SceneFinding]:
    """What in the scene does not hold together (see the module's notes)."""
    found: list[SceneFinding] = []
    for what, ids in (("PCs", [p.id for p in scene.pcs]), ("NCs", [n.id for n in scene.ncs])):
        for dup, count in Counter(ids).items():
            if count > 1:
                found.append(SceneFinding(f"{count} {what} share the id {dup!r}: the GM's "
                                          "Table tells them apart by it.", "error",
                                          "scene.duplicate_id"))
    known = {n.id for n in scene.ncs}
    titles = scene.pc_titles()
    for entry in scene.pcs:
        title = titles.get(entry.id, entry.name or entry.id)
        for nc_id in entry.facing:
            if nc_id not in known:
                found.append(SceneFinding(f"{title} faces {nc_id!r}, which is not an NC of "
                                          "the scene.", "error", "scene.unknown_nc"))
        if entry.test is not None:
            for opponent in entry.test.opponents:
                if opponent.scene_id and opponent.scene_id not in known:
                    found.append(SceneFinding(
                        f"{title}'s Test in progress has {opponent.nc.name or 'an NC'} "
                        f"({opponent.scene_id!r}), which is not in the scene: opening the "
                        "Test leaves it out.", "warning", "scene.test_nc"))
    for nc in scene.ncs:
        if nc.removed:
            continue
        result = apply_stress_to_nc(nc.nc.type, nc.nc.rank, 0, nc.stress)
        if result.removed:
            found.append(SceneFinding(
                f"{nc.name} has taken {nc.stress} Stress, enough to be out, but is still in "
                "the scene.", "warning", "scene.nc_state"))
        elif nc.nc.type is NCType.HERO and result.rank is not None \
                and result.rank != nc.current_rank:
            found.append(SceneFinding(
                f"{nc.name} works at {nc.current_rank.label}, but {plural(nc.stress, 'Stress')} "
                f"leaves a {nc.nc.rank.label} hero at {result.rank.label}.", "warning",
                "scene.nc_state"))
    return found


def pc_file_problems(scene: Scene, sidecar: Path) -> list[SceneFinding]:
    """For an autosaved scene (the GM's Table keeps its PCs' files in ``sidecar``
    beside it): each PC whose character the Table could not bring back."""
    from seforge.core.documents import DocumentFileError
    from seforge.systems.swords_edge.scene_autosave import read_scene_pcs, restore_pc

    try:
        records = read_scene_pcs(sidecar).pcs
    except DocumentFileError as exc:
        return [SceneFinding(f"The PCs' record beside the scene cannot be read ({exc}): the "
                             "GM's Table brings the scene back without its PCs' files.",
                             "warning", "scene.pc_file")]
    found: list[SceneFinding] = []
    titles = scene.pc_titles()
    for entry in scene.pcs:
        title = titles.get(entry.id, entry.name or entry.id)
        restored = restore_pc(records.get(entry.id), title)
        if restored.character is None:
            found.append(SceneFinding(
                f"{title}: {restored.reason}; the GM's Table cannot bring this PC back "
                "with the scene.", "warning", "scene.pc_file"))
    return found


def _test_json(test: PendingTest) -> dict[str, Any]:
    return {"step": test.step, "role": test.role, "round": test.round_number,
            "against": [o.scene_id or o.nc.name for o in test.opponents],
            "rolls": len(test.log),
            "last_roll": roll_line(test.log[-1]) if test.log else None}


def scene_json(scene: Scene) -> dict[str, Any]:
    """The scene's summary as ``seforge check --json`` prints it (beside ``legal`` and
    ``problems``)."""
    titles = scene.pc_titles()
    return {
        "kind": "scene",
        "name": scene.name,
        "ended": scene.ended,
        "pcs": [{"id": p.id, "name": titles.get(p.id, p.name), "facing": list(p.facing),
                 "momentum": p.momentum,
                 "momentum_level": str(p.momentum_level) if p.momentum_level else None,
                 "undefended": p.undefended,
                 "test": _test_json(p.test) if p.test is not None else None}
                for p in scene.pcs],
        "ncs": [{"id": n.id, "name": n.name, "type": n.nc.type.value,
                 "rank": n.nc.rank.label, "current_rank": n.current_rank.label,
                 "stress": n.stress, "removed": n.removed} for n in scene.ncs],
        "log_lines": len(scene.log),
    }

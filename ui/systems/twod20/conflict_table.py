"""What the conflict tracker's table shows: its columns and one row's cells."""

from __future__ import annotations

from seforge.systems.twod20 import conflict as cf
from seforge.systems.twod20.conflict import Combatant, Conflict, Side
from seforge.systems.twod20.models import HarmKind
from seforge.systems.twod20.profiles import Profile

COLUMNS = ("Name", "Side", "Acted", "Fortune", "Stress", "Harms", "Cover", "Morale", "Status")
SHORT_HEADS = {"Fortune": "Fort", "Vigor / Resolve": "Vig/Res", "Harms": "Harm",
               "Cover": "Cov", "Morale": "Mor"}
"""The heads a narrow table shows (the GM Screen's at 1024x768), each whole in its tooltip."""
NAME_ROOM = 16
"""Letters of a name the Name column keeps room for (a longer one elides, whole in its
tooltip)."""


def row_cells(doc: Conflict, c: Combatant) -> tuple[str, ...]:
    """The table's cells for one character, in the order of :data:`COLUMNS`."""
    conan = doc.profile is Profile.CONAN
    # two words at most: a narrow column wraps it onto two lines, not three
    track = (f"{c.vigor}/{c.max_vigor} {c.resolve}/{c.max_resolve}" if conan
             else f"{c.stress}/{c.max_stress}")
    wounds = sum(h.kind is HarmKind.WOUND for h in c.harms)
    harms = f"{len(c.harms)} ({wounds}W {len(c.harms) - wounds}T)" if c.harms else "0"
    return (c.name, "PC" if c.side is Side.PC else "NPC", "yes" if c.acted else "",
            str(c.fortune), track, harms, str(c.cover_dice), str(c.morale_dice),
            cf.status(doc, c.name))

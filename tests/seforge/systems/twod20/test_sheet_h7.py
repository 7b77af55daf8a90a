"""Found in a played session (H7): the player sheet printed five Wound and five Trauma boxes
where the record's rules leave a character Defeated at three Harms, and the stat card did not
show the Stress marked."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from seforge.core.pdf.geometry import PaperSize
from seforge.systems.twod20.cards import card_blocks
from seforge.systems.twod20.documents import CHARACTER_KIND
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.player_sheet import render_player_sheet
from seforge.systems.twod20.settings import HarmLimitRule

RESOURCES = Path(__file__).parents[4] / "resources" / "systems" / "twod20"


def boxes(character: Character) -> dict[str, int]:
    fields = PdfReader(io.BytesIO(render_player_sheet(character, PaperSize.A4))).get_fields()
    assert fields is not None
    return {kind: sum(name.startswith(f"{kind}_") for name in fields)
            for kind in ("wound", "trauma")}


def test_the_harm_boxes_follow_the_record_s_harm_limit() -> None:
    ilse = CHARACTER_KIND.load(RESOURCES / "ilse-varga.s2d20")
    assert ilse.settings.harm_limit_rule is HarmLimitRule.DEFEATED
    assert ilse.settings.harm_limit == 3
    assert boxes(ilse) == {"wound": 3, "trauma": 3}
    four = ilse.model_copy(update={"settings": ilse.settings.model_copy(
        update={"harm_limit": 4})})
    assert boxes(four) == {"wound": 4, "trauma": 4}
    # no limit (the Conan screen's rule): five of each, as before
    free = ilse.model_copy(update={"settings": ilse.settings.model_copy(
        update={"harm_limit_rule": HarmLimitRule.NONE})})
    assert boxes(free) == {"wound": 5, "trauma": 5}


def test_the_stat_card_shows_the_stress_marked() -> None:
    ilse = CHARACTER_KIND.load(RESOURCES / "ilse-varga.s2d20").model_copy(update={"stress": 4})
    harms = dict(card_blocks(ilse))["Harms"]
    assert "Stress 4 of" in harms and "marked" in harms

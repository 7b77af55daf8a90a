"""Issue 24 (hostile input, round three) in the window: one-line messages, never a
traceback, and one owner per file."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from seforge.systems.swords_edge import library
from seforge.systems.swords_edge.fileformat import save_character
from ui.systems.swords_edge.gm_table.party import PartyView


def test_a_campaign_listing_a_path_with_a_zero_byte_shows_the_rest(
        qtbot: QtBot, tmp_path: Path) -> None:
    save_character(library.load_pc("jyrell"), tmp_path / "jyrell.sechar")
    campaign = tmp_path / "c.secampaign"
    campaign.write_text(json.dumps({
        "format": "seforge.campaign", "version": 1, "system": "swords-edge",
        "characters": ["bad\u0000name.sechar", "jyrell.sechar"]}), encoding="utf-8")
    view = PartyView()
    qtbot.addWidget(view)
    assert view.open_path(campaign)
    texts = view.column_texts()
    assert "bad\\0name.sechar: is not a valid file name (it holds a zero byte)" in texts[0]
    assert [c.name for c, _path in view.characters()] == ["Jyrell"]

"""``seforge check`` of a campaign of any game system: Sword's Edge checks its own (its
party's table rules too); any other's documents are each checked by their own system.
Before, every campaign went to Sword's Edge, and a Blades campaign was refused as "not
played with Sword's Edge"."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from seforge.cli import main
from seforge.core.resources import resource_path


def _campaign(folder: Path, system: str, documents: list[str]) -> Path:
    path = folder / "doskvol.secampaign"
    path.write_text(json.dumps({"format": "seforge.campaign", "version": 1, "system": system,
                                "name": "Doskvol", "documents": documents,
                                "clocks": [{"name": "Bluecoats", "segments": 6}]}),
                    encoding="utf-8")
    return path


def test_a_blades_campaign_has_each_document_checked_by_blades(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "pcs").mkdir()
    shutil.copy(resource_path("systems", "blades", "nadja-hound.blades"), tmp_path / "pcs")
    path = _campaign(tmp_path, "blades", ["pcs/nadja-hound.blades", "pcs/gone.blades"])
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert 'Campaign "Doskvol" (Blades in the Dark): 2 documents, 1 clock' in out
    assert "pcs/nadja-hound.blades: legal" in out
    assert "warning: The document pcs/gone.blades cannot be read" in out
    assert main(["check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["documents"] == 2
    assert [p["rule"] for p in data["problems"]] == ["campaign.file"]


def test_a_campaign_with_a_document_not_legal_is_legal_with_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scoundrel = json.loads(resource_path("systems", "blades", "nadja-hound.blades")
                           .read_text(encoding="utf-8"))
    scoundrel["armor_used"] = ["heavy"]  # the heavy box marked without heavy armor
    (tmp_path / "bad.blades").write_text(json.dumps(scoundrel), encoding="utf-8")
    assert main(["check", str(tmp_path / "bad.blades")]) == 1  # not legal on its own
    capsys.readouterr()
    path = _campaign(tmp_path, "blades", ["bad.blades"])
    assert main(["check", str(path)]) == 0  # the campaign file itself is fine
    out = capsys.readouterr().out
    assert "bad.blades: NOT legal" in out
    assert "warning: bad.blades is not legal; seforge check bad.blades says why." in out


def test_a_campaign_of_a_system_not_installed_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _campaign(tmp_path, "dice-pool", [])
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("seforge check: doskvol.secampaign: field 'system': a campaign of the "
                   "game system 'dice-pool', which is not installed")


def test_a_campaign_listing_a_campaign_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found with a hand-edited file: a campaign listing itself was read by Sword's Edge,
    which answered "not played with Sword's Edge"."""
    path = _campaign(tmp_path, "blades", ["doskvol.secampaign"])
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert ("warning: The document doskvol.secampaign cannot be read: doskvol.secampaign: "
            "is a campaign; check it on its own [campaign.file]") in out
    assert "Sword's Edge" not in out

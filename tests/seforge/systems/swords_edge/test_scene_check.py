"""``seforge check`` on a GM's Table scene and on a campaign: a short account of what is
in it and what does not hold together, with the character check's exit codes (0 fine, 1
an error, 2 unreadable)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seforge.cli import main
from seforge.core.campaign import CAMPAIGN_FORMAT
from seforge.systems.swords_edge import pending as pt
from seforge.systems.swords_edge.campaign import Campaign, ProgressClock, save_campaign
from seforge.systems.swords_edge.cli.check import CAMPAIGN_FORMAT as RESTATED_CAMPAIGN
from seforge.systems.swords_edge.cli.check import SCENE_FORMATS
from seforge.systems.swords_edge.fileformat import save_character, save_nc
from seforge.systems.swords_edge.library import load_nc, load_pc
from seforge.systems.swords_edge.models import RuleOptions
from seforge.systems.swords_edge.scene import SCENE_KIND, Scene, save_scene
from seforge.systems.swords_edge.scene_autosave import (
    PCS_FILE_NAME,
    SCENE_FILE_NAME,
    ScenePCs,
    autosave_record,
    save_autosave,
)


def _scene() -> Scene:
    """Jyrell against two Shock Troopers, her Momentum won and one attack judged; Tella
    in the scene, facing nobody yet."""
    scene = Scene(name="The cave mouth")
    jyrell = scene.add_pc(load_pc("jyrell"), start_session=True).ids[0]
    scene.add_pc(load_pc("tella-of-jost"), start_session=True)
    troopers = scene.add_nc(load_nc("shock-troopers"), 2).ids
    scene.pair(jyrell, troopers)
    scene.record_momentum(jyrell, True, "Good")
    test = scene.pairing_test(jyrell)
    pt.set_target(test, test.opponents[0].uid)
    pt.set_dice(test, 6, 5)
    pt.judge_test(test, scene.character(jyrell))
    scene.store_test(jyrell, test)
    return scene


def test_the_restated_format_ids_are_the_kinds() -> None:
    assert (SCENE_KIND.format_id, *SCENE_KIND.aliases) == SCENE_FORMATS
    assert RESTATED_CAMPAIGN == CAMPAIGN_FORMAT


def test_a_good_scene(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cave.sescene"
    save_scene(_scene(), path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: Sword's Edge scene, no problems"
    assert out[1] == '  Scene "The cave mouth": in progress, 2 PCs, 2 NCs, 7 log lines'
    assert out[2] == ("  PC Jyrell: faces Shock Troopers 1 and Shock Troopers 2; holds the "
                      "Momentum (Good)")
    assert out[3].startswith("    Test in progress: Action, PC attacks, against Shock "
                             "Troopers 1, round 1; 1 roll, the last: Jyrell · Action · "
                             "entered 6 and 5 · Success")
    assert out[4] == "  PC Tella of Jost: faces nobody; no Momentum Test yet"
    assert out[5:] == ["  NC Shock Troopers 1 (Poor minion): Poor (TN 5)",
                       "  NC Shock Troopers 2 (Poor minion): Poor (TN 5)"]
    assert main(["check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True and data["kind"] == "scene" and data["problems"] == []
    assert [p["name"] for p in data["pcs"]] == ["Jyrell", "Tella of Jost"]
    assert data["pcs"][0]["test"]["step"] == "action"
    assert data["pcs"][0]["test"]["rolls"] == 1 and data["pcs"][1]["test"] is None
    assert [n["id"] for n in data["ncs"]] == ["shock-troopers-1", "shock-troopers-2"]


def test_a_bad_scene(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = SCENE_KIND.to_data(_scene())
    data["pcs"][1]["facing"] = ["troll-9"]          # an NC the scene does not have
    data["ncs"][1]["stress"] = 1                    # a minion out at one Stress, still in
    data["ncs"].append(dict(data["ncs"][0]))        # two NCs of one id
    path = tmp_path / "bad.sescene"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.splitlines()[0] == f"{path}: Sword's Edge scene, 2 errors and 1 warning"
    assert ("  error: 2 NCs share the id 'shock-troopers-1': the GM's Table tells them "
            "apart by it. [scene.duplicate_id]") in out
    assert ("  error: Tella of Jost faces 'troll-9', which is not an NC of the scene. "
            "[scene.unknown_nc]") in out
    assert ("  warning: Shock Troopers 2 has taken 1 Stress, enough to be out, but is "
            "still in the scene. [scene.nc_state]") in out
    assert main(["check", str(path), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["legal"] is False
    assert [p["rule"] for p in result["problems"]] == [
        "scene.duplicate_id", "scene.unknown_nc", "scene.nc_state"]


@pytest.mark.parametrize(("text", "said"), [
    ('{"format": "swords-edge.scene", "version": 99, "pcs": []}', "99"),
    ('{"format": "swords-edge.scene", "version": 1, "pcs": [{"name": "no id"}]}', "id"),
    ('{"format": "swords-edge.scene", "version": 1, "pcs": [', "bad.sescene"),
])
def test_an_unreadable_scene(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             text: str, said: str) -> None:
    path = tmp_path / "bad.sescene"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("seforge check: bad.sescene") and said in captured.err
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err


def test_a_newer_scene_is_refused_in_one_line(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    data = SCENE_KIND.to_data(_scene())
    data["version"] = SCENE_KIND.version + 1
    path = tmp_path / "newer.sescene"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("seforge check: newer.sescene") and "newer" in err


def test_an_autosaved_scene_names_a_pc_whose_file_is_gone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = _scene()
    kept, gone = tmp_path / "jyrell.sechar", tmp_path / "tella.sechar"
    save_character(scene.character("jyrell"), kept)
    records = ScenePCs(pcs={"jyrell": autosave_record(kept, None),
                            "tella-of-jost": autosave_record(gone, None)})
    folder = tmp_path / "autosave"
    save_autosave(scene, records, folder)
    assert (folder / PCS_FILE_NAME).is_file()
    assert main(["check", str(folder / SCENE_FILE_NAME)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("Sword's Edge scene, 1 warning")
    assert "warning: Tella of Jost: " in out and "tella.sechar" in out
    assert "cannot bring this PC back with the scene. [scene.pc_file]" in out
    assert "Jyrell:" not in out.split("warning:")[1]


def test_a_campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save_character(load_pc("sarah-x"), tmp_path / "sarah.sechar")
    odd = load_pc("jyrell")  # 7 Ranks of 6 as printed: not legal
    odd.options = RuleOptions(sfx_subsystem=True)
    save_character(odd, tmp_path / "jyrell.sechar")
    save_nc(load_nc("shock-troopers"), tmp_path / "troopers.senc")
    campaign = Campaign(name="The Long March",
                        characters=["sarah.sechar", "jyrell.sechar", "lost.sechar"],
                        opponents=["troopers.senc"],
                        clocks=[ProgressClock(name="The legions close in", segments=6,
                                              filled=2)])
    path = tmp_path / "march.secampaign"
    save_campaign(campaign, path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{path}: Sword's Edge campaign, 3 warnings"
    assert out[1:6] == [
        '  Campaign "The Long March": 3 PCs, 1 opponent, 1 clock',
        "  PC Sarah X (sarah.sechar): legal",
        "  PC Jyrell (jyrell.sechar): NOT legal",
        "  Opponent Shock Troopers (troopers.senc): Poor minion, TN 5",
        "  Clock The legions close in: 2 of 6 filled",
    ]
    warnings = "\n".join(out[6:])
    assert "Jyrell is not legal" in warnings and "seforge check jyrell.sechar" in warnings
    assert "Jyrell plays with other table rules than the campaign: SFX Qualities " \
        "subsystem." in warnings
    assert "The PC file lost.sechar cannot be read" in warnings
    assert main(["check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "campaign" and data["legal"] is True
    assert [m.get("legal") for m in data["members"]] == [True, False, None, None]


def test_another_systems_campaign_goes_to_its_own_system(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Sword's Edge checks its own campaigns only: a Blades campaign is Blades' (see
    tests/seforge/test_cli_campaign_check.py), not refused as not Sword's Edge's."""
    path = tmp_path / "doskvol.secampaign"
    path.write_text('{"format": "seforge.campaign", "version": 1, "system": "blades", '
                    '"name": "Doskvol"}', encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(Blades in the Dark)" in out and "Sword's Edge" not in out


def test_an_ended_scene_calls_its_last_test_over(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found in a real session: an ended scene still printed its last Test as in
    progress."""
    scene = _scene()
    scene.end_scene()
    path = tmp_path / "over.sescene"
    save_scene(scene, path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith('  Scene "The cave mouth": ended, 2 PCs')
    assert out[3].startswith("    Last Test: Action, PC attacks, against Shock Troopers 1")
    assert not any("in progress" in line for line in out[2:])

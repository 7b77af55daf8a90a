"""The installed entry points, read from the distributions' metadata folders."""

from __future__ import annotations

from pathlib import Path

from seforge.core.entry_points import entry_points, parse


def _dist(folder: Path, name: str, text: str | None) -> None:
    meta = folder / name
    meta.mkdir(parents=True)
    if text is not None:
        (meta / "entry_points.txt").write_text(text, encoding="utf-8")


def test_the_group_is_read_in_path_order_and_the_first_name_wins(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    _dist(first, "my_game-1.0.dist-info",
          "[console_scripts]\nx = y:z\n\n[seforge.systems]\nmy-game = my_game.system:SYSTEM\n")
    _dist(second, "other-2.0.dist-info",
          "[seforge.systems]\nmy-game = other:SYSTEM\nyours = yours.system:SYSTEM\n")
    found = entry_points("seforge.systems", [str(first), str(second)])
    assert [(p.name, p.value, p.distribution) for p in found] == [
        ("my-game", "my_game.system:SYSTEM", "my-game"),
        ("yours", "yours.system:SYSTEM", "other")]
    assert found[0].module == "my_game.system"


def test_an_old_metadata_folder_without_entry_points_hides_nothing(tmp_path: Path) -> None:
    checkout, site = tmp_path / "checkout", tmp_path / "site"
    _dist(checkout, "seforge.egg-info", None)  # an earlier build's, in the source tree
    _dist(site, "seforge-0.1.0.dist-info", "[seforge.systems]\nblades = b.system:SYSTEM\n")
    assert [p.name for p in entry_points("seforge.systems", [str(checkout), str(site)])] == [
        "blades"]


def test_a_missing_folder_or_a_zip_on_the_path_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "base.zip").write_bytes(b"PK")
    assert entry_points("seforge.systems", [str(tmp_path / "gone"),
                                            str(tmp_path / "base.zip")]) == []


def test_parse_ignores_comments_and_other_groups() -> None:
    text = "# c\n[seforge.ui_systems]\n; c\nblades = ui.b:SYSTEM_UI\n[other]\nq = r:s\n"
    assert [(p.name, p.group) for p in parse(text, "seforge.ui_systems")] == [
        ("blades", "seforge.ui_systems")]
    assert parse(text, "seforge.systems") == []

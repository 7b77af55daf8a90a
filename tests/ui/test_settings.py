"""Preferences: versioned JSON, read tolerantly, written atomically."""

from __future__ import annotations

import json
from pathlib import Path

from ui.shell.settings import Preferences, load_preferences, preferences_path, save_preferences


def test_defaults_when_missing_or_broken(app_dirs: tuple[Path, Path]) -> None:
    assert load_preferences() == Preferences()
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text("{not json", "utf-8")
    assert load_preferences() == Preferences()
    path.write_text('["a list"]', "utf-8")
    assert load_preferences() == Preferences()


def test_bad_values_fall_back_one_by_one(app_dirs: tuple[Path, Path]) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({
        "version": 1, "theme": "purple", "paper": "letter",
        "recent_files": ["/a.sechar", 3, None], "window": "huge",
    }), "utf-8")
    prefs = load_preferences()
    assert prefs.theme == "system"
    assert prefs.paper == "letter"
    assert prefs.recent_files == ["/a.sechar"]
    assert prefs.window == {}


def test_round_trip_and_version(app_dirs: tuple[Path, Path], tmp_path: Path) -> None:
    prefs = Preferences(theme="dark", paper="letter", library_folders=["/lib"])
    prefs.add_recent(tmp_path / "one.sechar")
    prefs.add_recent(tmp_path / "two.sechar")
    prefs.add_recent(tmp_path / "one.sechar")
    save_preferences(prefs)
    data = json.loads(preferences_path().read_text("utf-8"))
    assert data["version"] == 1
    assert preferences_path().parent == app_dirs[0]
    loaded = load_preferences()
    assert loaded == prefs
    assert [Path(p).name for p in loaded.recent_files] == ["one.sechar", "two.sechar"]
    assert not [p for p in preferences_path().parent.iterdir() if p.name.endswith(".tmp")]


def test_recent_files_the_system_refuses_are_pruned_not_raised(tmp_path: Path) -> None:
    """A hand-edited preferences file may name a path too long for the system or with
    a NUL in it: asking whether it is a file raised, and the app stopped at launch."""
    kept = tmp_path / "kept.sechar"
    kept.write_text("{}", "utf-8")
    prefs = Preferences(recent_files=["x" * 100_000, "a\0b.sechar", str(kept),
                                      str(tmp_path)])
    assert prefs.prune_recent()
    assert prefs.recent_files == [str(kept)]

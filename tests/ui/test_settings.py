"""Preferences: versioned JSON, read tolerantly, written atomically."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import platformdirs
import pytest

from ui.shell.settings import (
    APP_NAME,
    Preferences,
    config_dir,
    data_dir,
    load_preferences,
    preferences_path,
    save_preferences,
    user_dir,
    xdg_user_dir,
)

XDG_CASES = [
    {"HOME": "/home/ana"},
    {"HOME": "/home/ana", "XDG_CONFIG_HOME": "/srv/cfg", "XDG_DATA_HOME": "/srv/data/"},
    {"HOME": "/home/ana", "XDG_CONFIG_HOME": "relative/cfg", "XDG_DATA_HOME": ""},
    {"HOME": "/"},
    {"HOME": "relative-home"},
    {},  # no HOME: the password database's
]


@pytest.mark.parametrize("env", XDG_CASES)
def test_the_user_folders_are_the_ones_platformdirs_names(
        monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> None:
    """On Linux the folders come from the XDG rules without importing platformdirs
    (about 4 ms of the first frame): they must be the folders it names, or a user's
    preferences and autosaves would be lost."""
    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "SEFORGE_CONFIG_DIR",
                 "SEFORGE_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert user_dir("config") == config_dir() == Path(platformdirs.user_config_dir(APP_NAME))
    assert user_dir("data") == data_dir() == Path(platformdirs.user_data_dir(APP_NAME))
    if sys.platform.startswith("linux") and env.get("HOME", "/").startswith("/"):
        assert xdg_user_dir("config") is not None  # found without platformdirs


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

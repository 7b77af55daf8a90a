"""User preferences: a small versioned JSON file in the user's config folder.

The file is read tolerantly (a missing, unreadable or malformed file gives the
defaults; unknown keys are dropped; bad values fall back one by one) and written
atomically. ``SEFORGE_CONFIG_DIR`` and ``SEFORGE_DATA_DIR`` override the folders
(the tests point them at a temporary directory).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from seforge.atomic import atomic_write_bytes

APP_NAME = "SEForge"
PREFERENCES_VERSION = 1
PREFERENCES_FILE = "preferences.json"
THEMES = ("system", "light", "dark")
PAPERS = ("a4", "letter")
MAX_RECENT = 10


def config_dir() -> Path:
    override = os.environ.get("SEFORGE_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def data_dir() -> Path:
    override = os.environ.get("SEFORGE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def preferences_path() -> Path:
    return config_dir() / PREFERENCES_FILE


@dataclass
class Preferences:
    theme: str = "system"
    paper: str = ""
    """"a4", "letter", or "" to follow the system locale."""
    recent_files: list[str] = field(default_factory=list)
    library_folders: list[str] = field(default_factory=list)
    window: dict[str, Any] = field(default_factory=dict)

    def add_recent(self, path: str | os.PathLike[str]) -> None:
        """Put ``path`` first in the recent files, without duplicates."""
        text = str(Path(path).resolve())
        self.recent_files = [text, *(p for p in self.recent_files if p != text)][:MAX_RECENT]

    def remove_recent(self, path: str) -> None:
        self.recent_files = [p for p in self.recent_files if p != path]

    def to_data(self) -> dict[str, Any]:
        return {
            "version": PREFERENCES_VERSION,
            "theme": self.theme,
            "paper": self.paper,
            "recent_files": list(self.recent_files),
            "library_folders": list(self.library_folders),
            "window": dict(self.window),
        }


def _string_list(value: Any) -> list[str]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, str)]


def preferences_from_data(data: Any) -> Preferences:
    """Preferences from parsed JSON; anything unusable falls back to its default."""
    prefs = Preferences()
    if not isinstance(data, dict):
        return prefs
    if data.get("theme") in THEMES:
        prefs.theme = data["theme"]
    if data.get("paper") in PAPERS:
        prefs.paper = data["paper"]
    prefs.recent_files = _string_list(data.get("recent_files"))[:MAX_RECENT]
    prefs.library_folders = _string_list(data.get("library_folders"))
    window = data.get("window")
    if isinstance(window, dict):
        prefs.window = {k: v for k, v in window.items() if isinstance(k, str)}
    return prefs


def load_preferences(path: Path | None = None) -> Preferences:
    target = path or preferences_path()
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Preferences()
    return preferences_from_data(data)


def save_preferences(prefs: Preferences, path: Path | None = None) -> None:
    target = path or preferences_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = json.dumps(prefs.to_data(), indent=2, ensure_ascii=False) + "\n"
    atomic_write_bytes(target, payload.encode("utf-8"))

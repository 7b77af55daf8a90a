"""User preferences: a small versioned JSON file in the user's config folder.

The file is read tolerantly (a missing, unreadable or malformed file gives the
defaults; unknown keys are dropped; bad values fall back one by one) and written
atomically. ``SEFORGE_CONFIG_DIR`` and ``SEFORGE_DATA_DIR`` override the folders
(the tests point them at a temporary directory).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

from seforge.core.atomic import atomic_write_bytes
from seforge.core.bounded_read import FileReadError, read_bounded

APP_NAME = "SEForge"
PREFERENCES_VERSION = 1
PREFERENCES_FILE = "preferences.json"
THEMES = ("system", "light", "dark")
PAPERS = ("a4", "letter")
MAX_RECENT = 10
MAX_PREFERENCES_BYTES = 1024 * 1024


XDG_HOMES = {"config": ("XDG_CONFIG_HOME", "~/.config"),
             "data": ("XDG_DATA_HOME", "~/.local/share")}
"""The XDG Base Directory variables of the user's folders, and their defaults."""


def config_dir() -> Path:
    override = os.environ.get("SEFORGE_CONFIG_DIR")
    return Path(override) if override else user_dir("config")


def data_dir() -> Path:
    override = os.environ.get("SEFORGE_DATA_DIR")
    return Path(override) if override else user_dir("data")


def user_dir(kind: str) -> Path:
    """SEForge's per-user ``kind`` folder ("config" or "data"), as ``platformdirs`` names it."""
    found = xdg_user_dir(kind)
    if found is not None:
        return found
    import platformdirs

    pick = platformdirs.user_config_dir if kind == "config" else platformdirs.user_data_dir
    return Path(pick(APP_NAME))


def xdg_user_dir(kind: str) -> Path | None:
    """On Linux and the BSDs, the folder by the XDG Base Directory rules, which is what
    ``platformdirs`` gives there (a test compares the two): an absolute ``$XDG_CONFIG_HOME``
    or ``$XDG_DATA_HOME``, else its default under the home folder. None elsewhere, and
    for an odd home (a relative ``$HOME``) or an Android build, which ``platformdirs``
    decides. (Importing ``platformdirs`` costs the window's first frame about 4 ms.)"""
    if (not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))
            or hasattr(sys, "getandroidapilevel") or os.environ.get("ANDROID_ROOT")):
        return None
    variable, default = XDG_HOMES[kind]
    base = os.environ.get(variable, "")
    if not base.startswith("/"):
        home = os.environ.get("HOME")
        if home is not None and not home.startswith("/"):
            return None
        base = os.path.expanduser(default)
        if not base.startswith("/"):
            return None
    return Path(base, APP_NAME)


def preferences_path() -> Path:
    return config_dir() / PREFERENCES_FILE


class Preferences:
    """The user's preferences (a plain class rather than a dataclass: importing
    :mod:`dataclasses` costs the first frame about 2 ms)."""

    def __init__(self, theme: str = "system", paper: str = "",
                 recent_files: list[str] | None = None,
                 library_folders: list[str] | None = None,
                 window: dict[str, Any] | None = None) -> None:
        self.theme = theme
        self.paper = paper
        """"a4", "letter", or "" to follow the system locale."""
        self.recent_files: list[str] = list(recent_files or [])
        self.library_folders: list[str] = list(library_folders or [])
        self.window: dict[str, Any] = dict(window or {})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Preferences):
            return NotImplemented
        return self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def __repr__(self) -> str:
        return (f"Preferences(theme={self.theme!r}, paper={self.paper!r}, "
                f"recent_files={self.recent_files!r}, "
                f"library_folders={self.library_folders!r}, window={self.window!r})")

    def add_recent(self, path: str | os.PathLike[str]) -> None:
        """Put ``path`` first in the recent files, without duplicates."""
        text = str(Path(path).resolve())
        self.recent_files = [text, *(p for p in self.recent_files if p != text)][:MAX_RECENT]

    def remove_recent(self, path: str) -> None:
        self.recent_files = [p for p in self.recent_files if p != path]

    def prune_recent(self) -> bool:
        """Drop recent files that no longer exist; True when the list changed."""
        kept = [p for p in self.recent_files if is_file(p)]
        changed = kept != self.recent_files
        self.recent_files = kept
        return changed

    def to_data(self) -> dict[str, Any]:
        return {
            "version": PREFERENCES_VERSION,
            "theme": self.theme,
            "paper": self.paper,
            "recent_files": list(self.recent_files),
            "library_folders": list(self.library_folders),
            "window": dict(self.window),
        }


def is_file(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a regular file; False, never an error, for a path the
    system refuses (a name too long, a NUL in a hand-edited preferences file)."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def recent_labels(paths: list[str]) -> list[str]:
    """How to show each recent file: its name, with its folder where names collide.

    ``/a/sarah.sechar`` and ``/b/sarah.sechar`` read ``sarah.sechar — a`` and
    ``sarah.sechar — b``; when the folder names collide too, the whole folder is shown.
    """
    names = [Path(p).name for p in paths]
    labels: list[str] = []
    for path, name in zip(paths, names, strict=True):
        if names.count(name) < 2:
            labels.append(name)
            continue
        twins = [Path(p).parent for p, n in zip(paths, names, strict=True) if n == name]
        folder = Path(path).parent
        short = folder.name or str(folder)
        if sum(1 for t in twins if (t.name or str(t)) == short) > 1:
            short = str(folder)
        labels.append(f"{name} — {short}")
    return labels


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


def set_aside(path: Path) -> Path:
    """Rename a damaged file of ours to ``<name>.corrupt-<stamp>`` beside it, so that
    it no longer stops anything and the user can still look at it; returns the new
    path. Raises OSError when it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    os.replace(path, target)
    return target


def _read_preferences(target: Path) -> bytes:
    """The file's bytes; ValueError for one that is no preferences file at all (a
    FIFO, a device, a folder or a huge file: set aside like bad JSON), FileReadError
    for one that cannot be read just now (left alone)."""
    try:
        return read_bounded(target, MAX_PREFERENCES_BYTES)
    except FileReadError as exc:
        try:
            info = os.stat(target)
        except OSError:
            raise exc from None
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_PREFERENCES_BYTES:
            raise ValueError("not a preferences file") from None
        raise


def load_preferences(path: Path | None = None, problems: list[str] | None = None) -> Preferences:
    """The preferences; never raises. A file that is not valid JSON (or not a JSON
    object) is set aside as ``preferences.json.corrupt-<stamp>`` and the defaults
    are used; each such event adds a one-line message to ``problems``."""
    target = path or preferences_path()
    if not os.path.lexists(target):
        return Preferences()
    try:
        text = _read_preferences(target).decode("utf-8")
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except FileReadError as exc:
        if problems is not None:
            problems.append(f"Your preferences ({target}) could not be read "
                            f"({exc.problem}); the defaults are used.")
        return Preferences()
    except (ValueError, RecursionError):
        message = f"Your preferences file ({target}) was damaged; the defaults are used"
        try:
            aside = set_aside(target)
        except OSError:
            message += "."
        else:
            message += f" and the damaged file was kept as {aside.name}."
        if problems is not None:
            problems.append(message)
        return Preferences()
    return preferences_from_data(data)


def save_preferences(prefs: Preferences, path: Path | None = None) -> None:
    target = path or preferences_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(target, preferences_bytes(prefs))


def preferences_bytes(prefs: Preferences) -> bytes:
    """The preferences file's UTF-8 bytes. A path that is not valid in the file
    system's encoding (``caf\udce9.sechar``, decoded with surrogate escapes) cannot be
    written as UTF-8: the file is then written with JSON escapes (``\\udce9``), which
    read back to the very same path."""
    data = prefs.to_data()
    try:
        return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:
        return (json.dumps(data, indent=2, ensure_ascii=True) + "\n").encode("ascii")

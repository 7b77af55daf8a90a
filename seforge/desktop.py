"""Desktop integration: the document types SEForge opens, and on Linux a desktop
entry, icons and MIME types in the user's XDG folders so that a double click on a
document of any installed game system (``.sechar``, ``.blades``, ``.s2d20``...) or on a
campaign (``.secampaign``) opens it in SEForge.

The document types come from the system registry (:func:`document_types`): every format of
every installed system that loads, so a system added as a plug-in gets its file
associations without an edit here; the PyInstaller spec reads the same list for macOS.

On Windows the same command registers the types for the current user in
``HKEY_CURRENT_USER\\Software\\Classes`` (the bundle is a zip, with no installer
to do it); macOS reads them from the bundle's Info.plist.

Everything here is plain file writing (no Qt), so the console program can do it
(``seforge desktop-install [--uninstall]``). The external tools
``update-mime-database``, ``update-desktop-database``, ``xdg-mime`` and
``gtk-update-icon-cache`` are run when present and skipped when not.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from seforge.core.resources import resource_path


@dataclass(frozen=True)
class DocumentType:
    suffix: str
    mime_type: str
    description: str
    format_id: str = ""
    """The document format id (``"swords-edge.character"``), also the macOS type name."""


MIME_PREFIX = "application/x-seforge-"
CAMPAIGN_TITLE = "SEForge campaign"


def mime_type_for(format_id: str) -> str:
    """The MIME type of a document format: ``swords-edge.character`` is
    ``application/x-seforge-swords-edge-character``, the core's ``seforge.campaign`` is
    ``application/x-seforge-campaign``."""
    return MIME_PREFIX + format_id.removeprefix("seforge.").replace(".", "-")


_types: tuple[DocumentType, ...] | None = None


def document_types() -> tuple[DocumentType, ...]:
    """Every document type SEForge opens: each format of every installed game system that
    loads (the registry's order), then the core's campaign file. A suffix is listed once
    (the first system to claim it keeps it). Read once per process."""
    global _types
    if _types is None:
        from seforge.core.campaign import CAMPAIGN_FORMAT, CAMPAIGN_SUFFIX
        from seforge.systems import registry

        found: dict[str, DocumentType] = {}
        systems, _failed = registry().load_all()
        for system in systems:
            for kind in system.formats:
                found.setdefault(kind.suffix.lower(), DocumentType(
                    kind.suffix.lower(), mime_type_for(kind.id), kind.title, kind.id))
        found.setdefault(CAMPAIGN_SUFFIX, DocumentType(
            CAMPAIGN_SUFFIX, mime_type_for(CAMPAIGN_FORMAT), CAMPAIGN_TITLE, CAMPAIGN_FORMAT))
        _types = tuple(found.values())
    return _types


def system_titles() -> list[str]:
    """The titles of the installed game systems that load (for the desktop entry)."""
    from seforge.systems import registry

    return [system.title for system in registry().load_all()[0]]


def _entry_value(text: str) -> str:
    """``text`` as one item of a desktop entry's list value (``;`` and ``\\`` escaped)."""
    return " ".join(text.split()).replace("\\", "\\\\").replace(";", "\\;")


def document_suffixes() -> tuple[str, ...]:
    """The suffixes (with their dot, lower case) of :func:`document_types`."""
    return tuple(t.suffix for t in document_types())


DESKTOP_ID = "seforge"
"""The desktop file's name without ``.desktop``; the app sets the same name
(``QGuiApplication.setDesktopFileName``) so the window is matched to it."""
ICON_NAME = "seforge"
GUI_NAME = "SEForge.exe" if sys.platform == "win32" else "SEForge"
"""The frozen GUI program, beside the frozen ``seforge-cli``."""
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)

ToolRunner = Callable[[Sequence[str]], None]


def is_document_name(name: str) -> bool:
    """True when ``name`` ends with one of SEForge's document suffixes."""
    return name.lower().endswith(document_suffixes())


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when unset or not absolute."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def app_command() -> list[str]:
    """The command that starts the app: the frozen ``SEForge`` beside this program,
    else an installed ``seforge`` script, else this Python with ``-m ui.launch`` (the
    launcher outside the core; ``-m seforge`` runs the verbs only)."""
    if getattr(sys, "frozen", False):
        return [str(Path(sys.executable).resolve().parent / GUI_NAME)]
    for script in ("seforge-gui", "seforge"):
        found = shutil.which(script)
        if found:
            return [str(Path(found).resolve())]
    return [sys.executable, "-m", "ui.launch"]


def _exec_quote(arg: str) -> str:
    """Quote one argument for a desktop entry's ``Exec`` key (Desktop Entry spec)."""
    if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`="):
        return arg.replace("%", "%%")
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return '"' + escaped.replace("%", "%%") + '"'


def desktop_entry(command: Sequence[str]) -> str:
    exec_line = " ".join(_exec_quote(a) for a in command) + " %F"
    mime = ";".join(t.mime_type for t in document_types()) + ";"
    keywords = "".join(_entry_value(title) + ";" for title in system_titles())
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        "Version=1.4\n"
        "Name=SEForge\n"
        "GenericName=Character Builder\n"
        "Comment=Build tabletop RPG characters, print their sheets and run the GM's table\n"
        f"Exec={exec_line}\n"
        f"Icon={ICON_NAME}\n"
        "Terminal=false\n"
        "Categories=Game;RolePlaying;\n"
        f"Keywords=RPG;tabletop;character sheet;{keywords}\n"
        f"MimeType={mime}\n"
        f"StartupWMClass={DESKTOP_ID}\n"
    )


def mime_package() -> str:
    from xml.sax.saxutils import escape

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">',
    ]
    for kind in document_types():
        lines += [
            f'  <mime-type type="{kind.mime_type}">',
            f"    <comment>{escape(kind.description)}</comment>",
            '    <sub-class-of type="application/json"/>',
            f'    <icon name="{ICON_NAME}"/>',
            f'    <glob pattern="*{kind.suffix}"/>',
            "  </mime-type>",
        ]
    lines.append("</mime-info>")
    return "\n".join(lines) + "\n"


@dataclass
class InstalledFiles:
    desktop_file: Path
    mime_file: Path
    icons: list[Path]

    def all(self) -> list[Path]:
        return [self.desktop_file, self.mime_file, *self.icons]


def installed_files(base: Path | None = None) -> InstalledFiles:
    """Where :func:`install` puts each file under ``base`` (the XDG data home)."""
    root = base or data_home()
    icons = [root / "icons" / "hicolor" / f"{n}x{n}" / "apps" / f"{ICON_NAME}.png"
             for n in ICON_SIZES]
    icons.append(root / "icons" / "hicolor" / "scalable" / "apps" / f"{ICON_NAME}.svg")
    return InstalledFiles(
        desktop_file=root / "applications" / f"{DESKTOP_ID}.desktop",
        mime_file=root / "mime" / "packages" / f"{DESKTOP_ID}.xml",
        icons=icons,
    )


def run_tool_if_present(command: Sequence[str]) -> None:
    """Run a desktop database tool; absent or failing tools are not an error (the
    files are in place and the desktop picks them up on its next scan)."""
    import subprocess  # imported here: `seforge FILE` checks names with this module

    if shutil.which(command[0]) is None:
        return
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(list(command), check=False, timeout=60,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _refresh(root: Path, run: ToolRunner, register_default: bool) -> None:
    run(["update-mime-database", str(root / "mime")])
    run(["update-desktop-database", str(root / "applications")])
    run(["gtk-update-icon-cache", "-q", "-t", "-f", str(root / "icons" / "hicolor")])
    if register_default:
        run(["xdg-mime", "default", f"{DESKTOP_ID}.desktop",
             *(t.mime_type for t in document_types())])


def _write_text(path: Path, text: str) -> None:
    from seforge.core.atomic import atomic_write_bytes

    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_bytes(path, text.encode("utf-8"))


def install(base: Path | None = None, command: Sequence[str] | None = None,
            run: ToolRunner = run_tool_if_present) -> InstalledFiles:
    """Install the desktop entry, the icons and the MIME types; returns the files
    written. Raises OSError when a file cannot be written."""
    root = base or data_home()
    files = installed_files(root)
    _write_text(files.desktop_file, desktop_entry(command or app_command()))
    _write_text(files.mime_file, mime_package())
    for size, target in zip(ICON_SIZES, files.icons, strict=False):
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(resource_path("icons", f"seforge-{size}.png"), target)
    svg = files.icons[-1]
    svg.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(resource_path("icons", "seforge.svg"), svg)
    _refresh(root, run, register_default=True)
    return files


def uninstall(base: Path | None = None, run: ToolRunner = run_tool_if_present) -> list[Path]:
    """Remove what :func:`install` wrote; returns the files removed."""
    root = base or data_home()
    removed: list[Path] = []
    for path in installed_files(root).all():
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
            removed.append(path)
    _refresh(root, run, register_default=False)
    return removed


# -- Windows: per-user file associations ------------------------------------------
PROG_ID_PREFIX = "SEForge."
CLASSES_KEY = "Software\\Classes"

RegistryValue = tuple[str, str, str]
"""(key under HKEY_CURRENT_USER, value name ("" for the default), text)."""


def windows_registry_values(command: Sequence[str], icon: str) -> list[RegistryValue]:
    """The registry values that make a double click on each document type open
    SEForge: one ProgID per type (name, icon, open command), and the suffix
    pointing to it."""
    import subprocess

    open_command = subprocess.list2cmdline(list(command)) + ' "%1"'
    values: list[RegistryValue] = []
    for kind in document_types():
        prog_id = PROG_ID_PREFIX + kind.suffix.lstrip(".")
        base = f"{CLASSES_KEY}\\{prog_id}"
        values += [
            (base, "", kind.description[0].upper() + kind.description[1:]),
            (f"{base}\\DefaultIcon", "", f"{icon},0"),
            (f"{base}\\shell\\open\\command", "", open_command),
            (f"{CLASSES_KEY}\\{kind.suffix}", "", prog_id),
            (f"{CLASSES_KEY}\\{kind.suffix}", "Content Type", kind.mime_type),
        ]
    return values


def windows_registry_keys() -> list[str]:
    """The keys :func:`windows_registry_values` creates, deepest first (for removal)."""
    keys: list[str] = []
    for kind in document_types():
        base = f"{CLASSES_KEY}\\{PROG_ID_PREFIX}{kind.suffix.lstrip('.')}"
        keys += [f"{base}\\shell\\open\\command", f"{base}\\shell\\open",
                 f"{base}\\shell", f"{base}\\DefaultIcon", base]
    return keys


if sys.platform == "win32":
    import ctypes
    import winreg

    def _notify_shell() -> None:
        # SHChangeNotify(SHCNE_ASSOCCHANGED, SHCNF_IDLIST): Explorer reloads the icons.
        with contextlib.suppress(OSError, AttributeError):
            ctypes.windll.shell32.SHChangeNotify(0x08000000, 0, None, None)

    def install_windows(command: Sequence[str] | None = None) -> list[RegistryValue]:
        """Register the document types for the current user; returns what was written."""
        cmd = list(command or app_command())
        values = windows_registry_values(cmd, cmd[0])
        for key, name, text in values:
            with winreg.CreateKey(winreg.HKEY_CURRENT_USER, key) as handle:
                winreg.SetValueEx(handle, name, 0, winreg.REG_SZ, text)
        _notify_shell()
        return values

    def uninstall_windows() -> list[str]:
        """Remove the ProgIDs (and each suffix's pointer to one of them)."""
        removed: list[str] = []
        for key in windows_registry_keys():
            with contextlib.suppress(FileNotFoundError):
                winreg.DeleteKey(winreg.HKEY_CURRENT_USER, key)
                removed.append(key)
        for kind in document_types():
            key = f"{CLASSES_KEY}\\{kind.suffix}"
            with contextlib.suppress(FileNotFoundError):
                with winreg.OpenKey(winreg.HKEY_CURRENT_USER, key, 0,
                                    winreg.KEY_ALL_ACCESS) as handle:
                    current, _kind = winreg.QueryValueEx(handle, "")
                if current.startswith(PROG_ID_PREFIX):
                    winreg.DeleteKey(winreg.HKEY_CURRENT_USER, key)
                    removed.append(key)
        _notify_shell()
        return removed


def command_line(command: Sequence[str]) -> str:
    """``command`` as one shell line, for messages."""
    import shlex

    return shlex.join(command)

"""Opening files from the command line, and the Linux desktop integration."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

import pytest

from seforge import cli, desktop
from seforge.core.atomic import remove_stale_temp_files
from seforge.systems.swords_edge.campaign import CAMPAIGN_SUFFIX
from seforge.systems.swords_edge.fileformat import CHARACTER_SUFFIX, NC_SUFFIX

ROOT = Path(__file__).resolve().parents[2]


def test_document_types_come_from_the_registry() -> None:
    """Issue 25: every suffix of every installed system (not three Sword's Edge ones),
    ``.sescene`` included, then the core's campaign file."""
    from seforge.systems import registry

    systems, _failed = registry().load_all()
    expected = [kind.suffix for system in systems for kind in system.formats]
    assert list(desktop.document_suffixes()) == [*expected, CAMPAIGN_SUFFIX]
    assert {CHARACTER_SUFFIX, NC_SUFFIX, ".sescene", ".blades", ".s2d20", ".sol"} <= set(
        desktop.document_suffixes())
    types = {t.suffix: t for t in desktop.document_types()}
    assert types[".sechar"].mime_type == "application/x-seforge-swords-edge-character"
    assert types[CAMPAIGN_SUFFIX].mime_type == "application/x-seforge-campaign"
    assert len({t.mime_type for t in types.values()}) == len(types)
    assert desktop.is_document_name("Nadja.BLADES") and not desktop.is_document_name("x.txt")


def test_a_plugin_system_gets_its_file_types(monkeypatch: pytest.MonkeyPatch) -> None:
    """A system the registry finds (here a fake one) adds its suffixes everywhere: the
    desktop entry, the MIME package and the Windows registry values."""
    from dataclasses import dataclass

    from seforge.core.systems import DocumentFormat

    @dataclass
    class Plugin:
        id: str = "dice-pool"
        title: str = "Dice Pool; d6"
        formats: tuple[DocumentFormat, ...] = (
            DocumentFormat("dice-pool.character", "Dice <Pool> character", ".dpool"),)

    class Registry:
        def load_all(self) -> tuple[list[object], list[str]]:
            return [Plugin()], []

    monkeypatch.setattr("seforge.systems.registry", lambda: Registry())
    monkeypatch.setattr(desktop, "_types", None)
    assert desktop.document_suffixes() == (".dpool", CAMPAIGN_SUFFIX)
    entry = desktop.desktop_entry(["seforge"])
    assert "MimeType=application/x-seforge-dice-pool-character;application/x-seforge-campaign;" \
        in entry
    assert "Keywords=RPG;tabletop;character sheet;Dice Pool\\; d6;\n" in entry
    root = ET.fromstring(desktop.mime_package())
    assert "Dice <Pool> character" in [c.text for c in root.iter(
        "{http://www.freedesktop.org/standards/shared-mime-info}comment")]
    values = desktop.windows_registry_values(["SEForge.exe"], "SEForge.exe")
    assert (r"Software\Classes\.dpool", "", "SEForge.dpool") in values
    monkeypatch.setattr(desktop, "_types", None)


def test_verbs_match_the_parser() -> None:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert tuple(sub.choices) == (*cli.VERBS, *cli.system_verbs())  # type: ignore[arg-type]


@pytest.mark.parametrize(("args", "files"), [
    (["jyrell.sechar"], ["jyrell.sechar"]),
    (["a.sechar", "b.SENC", "c.secampaign"], ["a.sechar", "b.SENC", "c.secampaign"]),
    (["some/folder/file"], ["some/folder/file"]),
    (["--", "check"], ["check"]),
    (["check", "x.sechar"], None),
    (["chek"], None),  # a mistyped verb stays an argparse error
    (["--version"], None),
    (["x.sechar", "--json"], None),
    ([], None),
])
def test_file_arguments_open_the_app(args: list[str], files: list[str] | None) -> None:
    assert cli.gui_files(args) == files


def test_an_existing_file_opens_whatever_its_name(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sarah").write_text("{}", encoding="utf-8")
    assert cli.gui_files(["sarah"]) == ["sarah"]
    (tmp_path / "check").mkdir()
    assert cli.gui_files(["check"]) is None  # a verb is a verb


def test_seforge_file_hands_the_files_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 13: ``seforge FILE`` was an argparse error. The ``seforge`` command is the
    launcher outside the core (issue 15): it hands files (and no arguments) to the app
    and verbs to the CLI."""
    from ui import launch

    got: list[list[str]] = []
    monkeypatch.setattr(launch, "open_app", lambda files: got.append(list(files)) or 0)
    assert launch.main(["jyrell.sechar", "wolf.senc"]) == 0
    assert launch.main([]) == 0
    assert got == [["jyrell.sechar", "wolf.senc"], []]
    assert launch.main(["odds", "--modifier", "2", "--tn", "12", "--json"]) == 0
    assert len(got) == 2  # a verb never opens the app


def test_the_core_cli_gives_a_hint_instead_of_opening_qt() -> None:
    """``python -m seforge FILE`` prints one line and never imports Qt or ui."""
    code = ("import sys\n"
            "from seforge.cli import main\n"
            "code = main(['jyrell.sechar'])\n"
            "assert 'PySide6' not in sys.modules and 'ui' not in sys.modules\n"
            "sys.exit(code)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == cli.EXIT_UNREADABLE, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "seforge FILE" in lines[0]


def test_the_launcher_starts_a_verb_without_qt() -> None:
    code = ("import sys, io, contextlib\n"
            "from ui.launch import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    code = main(['odds', '--modifier', '1', '--tn', '11'])\n"
            "assert 'PySide6' not in sys.modules, 'Qt imported'\n"
            "sys.exit(code)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr


def test_help_lists_every_verb_and_the_cli_does_not_load_qt() -> None:
    code = ("import sys, contextlib, io\n"
            "from seforge.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):\n"
            "    main(['--help'])\n"
            "assert 'PySide6' not in sys.modules, 'Qt imported'\n"
            "print(out.getvalue())\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    for verb in cli.VERBS:
        assert verb in result.stdout
    assert "FILE" in result.stdout


def test_desktop_install_and_uninstall(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[list[str]] = []

    def run(command: Sequence[str]) -> None:
        ran.append(list(command))

    base = tmp_path / "share"
    files = desktop.install(base, ["/opt/SE Forge/SEForge"], run=run)
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(files.desktop_file, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Exec"] == '"/opt/SE Forge/SEForge" %F'
    assert section["Icon"] == "seforge" and section["Type"] == "Application"
    assert section["MimeType"].split(";") == [
        *(t.mime_type for t in desktop.document_types()), ""]
    tree = ET.parse(files.mime_file)
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    globs = [g.get("pattern") for g in tree.getroot().iterfind("m:mime-type/m:glob", ns)]
    assert globs == [f"*{suffix}" for suffix in desktop.document_suffixes()]
    assert {"*.sechar", "*.senc", "*.sescene", "*.secampaign", "*.blades"} <= set(globs)
    assert all(p.is_file() and p.stat().st_size > 0 for p in files.icons)
    assert (base / "icons/hicolor/48x48/apps/seforge.png").is_file()
    assert ["update-mime-database", str(base / "mime")] in ran
    assert any(c[:2] == ["xdg-mime", "default"] for c in ran)

    ran.clear()
    removed = desktop.uninstall(base, run=run)
    assert sorted(removed) == sorted(files.all())
    assert not any(p.exists() for p in files.all())
    assert ["update-mime-database", str(base / "mime")] in ran
    assert desktop.uninstall(base, run=run) == []


def test_desktop_install_verb_without_the_tools(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))  # no update-mime-database
    assert cli.main(["desktop-install"]) == 0
    assert (tmp_path / "share/applications/seforge.desktop").is_file()
    assert "seforge.desktop" in capsys.readouterr().out
    assert cli.main(["desktop-install", "--uninstall"]) == 0
    assert not (tmp_path / "share/applications/seforge.desktop").exists()


def test_desktop_install_reports_an_unwritable_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    assert cli.main(["desktop-install"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("seforge desktop-install: cannot write") and err.count("\n") == 1


def test_windows_file_types_point_at_the_app() -> None:
    exe = r"C:\Program Files\SEForge\SEForge.exe"
    values = desktop.windows_registry_values([exe], exe)
    as_dict = {(key, name): text for key, name, text in values}
    assert as_dict[(r"Software\Classes\.sechar", "")] == "SEForge.sechar"
    assert as_dict[(r"Software\Classes\.secampaign", "")] == "SEForge.secampaign"
    command = as_dict[(r"Software\Classes\SEForge.senc\shell\open\command", "")]
    assert command == '"C:\\Program Files\\SEForge\\SEForge.exe" "%1"'
    keys = desktop.windows_registry_keys()
    assert set(keys) >= {k for k, _n, _t in values if not k.rsplit("\\", 1)[-1].startswith(".")}
    # deepest first, so that each key is empty when it is deleted
    for key in keys:
        assert not any(k.startswith(key + "\\") for k in keys[keys.index(key) + 1:])


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-utils not installed")
def test_the_desktop_entry_is_valid(tmp_path: Path) -> None:
    files = desktop.install(tmp_path, [sys.executable, "-m", "seforge"], run=lambda c: None)
    result = subprocess.run(["desktop-file-validate", str(files.desktop_file)],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_stale_temp_cleanup_is_exact(tmp_path: Path) -> None:
    now = time.time()
    names = {
        ".x.sechar.seforge-abcd1234.tmp": True, ".a b.secampaign.seforge-zz_zz_zz.tmp": True,
        ".x.sechar.seforge-ABCD1234.tmp": False, "x.sechar.seforge-abcd1234.tmp": False,
        ".x.sechar.seforge-abc.tmp": False, ".x.sechar.seforge-abcd1234.tmp.bak": False,
        ".x.sechar.abcd1234.tmp": False,  # not marked: another program's
    }
    for name in names:
        (tmp_path / name).write_bytes(b"")
        os.utime(tmp_path / name, (now - 700, now - 700))
    (tmp_path / ".folder.seforge-abcd1234.tmp").mkdir()
    os.utime(tmp_path / ".folder.seforge-abcd1234.tmp", (now - 700, now - 700))
    (tmp_path / ".link.seforge-abcd1234.tmp").symlink_to(tmp_path / ".x.sechar.abcd1234.tmp")
    removed = {p.name for p in remove_stale_temp_files(tmp_path, now=now)}
    assert removed == {n for n, gone in names.items() if gone}
    assert (tmp_path / ".folder.seforge-abcd1234.tmp").is_dir()
    assert (tmp_path / ".link.seforge-abcd1234.tmp").is_symlink()
    young = tmp_path / ".y.sechar.abcd1234.tmp"
    young.write_bytes(b"")
    assert remove_stale_temp_files(tmp_path, now=now) == []
    assert remove_stale_temp_files(tmp_path / "missing") == []

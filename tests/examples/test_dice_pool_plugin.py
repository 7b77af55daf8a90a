"""The example plug-in ``examples/dice-pool``, installed as an outside system would be.

A throwaway virtual environment in ``tmp_path`` sees this SEForge install through a ``.pth``
file (so nothing is downloaded), and ``pip install --no-deps --no-build-isolation`` puts the
plug-in in it, and only in it: nothing is installed into the environment running the tests.
Subprocesses of that environment then check that SEForge, unedited, finds the plug-in by
its entry points: ``seforge --help`` lists it, ``seforge odds --system dice-pool`` answers,
``check`` and ``export`` route its files to it, and the main window offers its New choice,
opens its file and shows its GM Screen page. The plug-in's own tests run there too.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = ROOT / "examples" / "dice-pool"
PROBE = Path(__file__).with_name("gui_probe.py")
NAMES = ("dice-pool", "dice_pool", "dicepool", "Dice Pool")
"""How the plug-in could be named; SEForge's own code names it nowhere."""

pytestmark = pytest.mark.timeout(600)


@dataclass(frozen=True)
class PluginEnv:
    python: Path
    plugin: Path
    """The plug-in's copy that was installed (its samples and tests)."""
    env: dict[str, str]
    work: Path

    def run(self, args: Sequence[str], cwd: Path | None = None,
            timeout: float = 180) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(self.python), *args], capture_output=True, text=True,
                              env=self.env, cwd=cwd or self.work, timeout=timeout,
                              encoding="utf-8", errors="replace")

    def seforge(self, *args: str) -> subprocess.CompletedProcess[str]:
        """The installed ``seforge`` command (``ui.launch``), run by the venv's Python."""
        return self.run(["-m", "ui.launch", *args])


def _host_site_dirs() -> list[str]:
    """Where this environment's packages are (SEForge, PySide6, pytest...)."""
    paths = sysconfig.get_paths()
    found = [paths["purelib"], paths["platlib"], *site.getsitepackages()]
    if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
        found.append(site.getusersitepackages())
    return list(dict.fromkeys(p for p in found if os.path.isdir(p)))


def _can_build_wheels() -> bool:
    """setuptools 70.1 and later build wheels themselves; older ones need ``wheel``."""
    return (importlib.util.find_spec("setuptools.command.bdist_wheel") is not None
            or importlib.util.find_spec("wheel") is not None)


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory: pytest.TempPathFactory) -> PluginEnv:
    if not _can_build_wheels():
        pytest.fail("installing the example plug-in offline needs setuptools>=70.1 here: "
                    "pip install -e '.[test]'")
    work = tmp_path_factory.mktemp("dice-pool")
    plugin = work / "dice-pool"
    shutil.copytree(PLUGIN, plugin, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__", ".*_cache"))  # the checkout stays clean
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=120)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    # addsitedir (not a bare path) so the host's own .pth files run too (an editable
    # SEForge is found through one)
    lines = [f"import site; site.addsitedir({d!r})" for d in _host_site_dirs()]
    Path(purelib, "seforge-host.pth").write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PIP_", "PYTHONPATH", "VIRTUAL_ENV", "PYTEST_"))}
    env.update(QT_QPA_PLATFORM="offscreen", PIP_NO_INDEX="1", PIP_NO_CACHE_DIR="1",
               PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONUTF8="1", COLUMNS="200",
               SEFORGE_CONFIG_DIR=str(work / "config"), SEFORGE_DATA_DIR=str(work / "data"))
    made = PluginEnv(python, plugin, env, work)
    installed = made.run(["-m", "pip", "install", "--no-deps", "--no-build-isolation",
                          "--no-index", "-q", str(plugin)], timeout=300)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return made


def test_nothing_is_installed_here(plugin_env: PluginEnv) -> None:
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("seforge-dice-pool")
    found = plugin_env.run(["-c", "import importlib.metadata as m, dice_pool; "
                                  "print(m.version('seforge-dice-pool'), dice_pool.__file__)"])
    assert found.returncode == 0, found.stderr
    version, where = found.stdout.split()
    assert version == "0.1.0"
    assert Path(where).is_relative_to(plugin_env.work / "venv")  # the installed copy


def _code_strings(path: Path) -> list[str]:
    """What a Python module's code names: its imports, names, attributes and string
    constants (docstrings and comments left out: an example in prose depends on nothing)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {id(body[0].value) for node in ast.walk(tree)
             if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                           | ast.AsyncFunctionDef)
             and (body := node.body) and isinstance(body[0], ast.Expr)
             and isinstance(body[0].value, ast.Constant)}
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in prose:
            found.append(node.value)
        elif isinstance(node, ast.Name):
            found.append(node.id)
        elif isinstance(node, ast.Attribute):
            found.append(node.attr)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found += [alias.name for alias in node.names]
            found.append(getattr(node, "module", None) or "")
    return found


def test_seforge_names_no_plugin() -> None:
    """Adding the system took no edit to SEForge: no code, build file or packaging of it
    names the plug-in."""
    naming: list[str] = []
    for path in [ROOT / "pyproject.toml", *(p for top in ("seforge", "ui", "packaging")
                                            for p in sorted((ROOT / top).rglob("*"))
                                            if p.suffix in (".py", ".toml", ".spec"))]:
        texts = (_code_strings(path) if path.suffix == ".py"
                 else [path.read_text(encoding="utf-8")])
        if any(name.casefold() in text.casefold() for text in texts for name in NAMES):
            naming.append(str(path.relative_to(ROOT)))
    assert naming == []


def test_help_lists_it(plugin_env: PluginEnv) -> None:
    shown = plugin_env.seforge("--help")
    assert shown.returncode == 0, shown.stderr
    assert "dice-pool = Dice Pool" in " ".join(shown.stdout.split())
    odds = plugin_env.seforge("odds", "--system", "dice-pool", "--help")
    assert odds.returncode == 0, odds.stderr
    assert "--target T" in odds.stdout and "--sides S" in odds.stdout


def test_odds(plugin_env: PluginEnv) -> None:
    found = plugin_env.seforge("odds", "--system", "dice-pool", "--dice", "3", "--target", "5",
                               "--json")
    assert found.returncode == 0, found.stderr
    data = json.loads(found.stdout)
    want = {"0": Fraction(8, 27), "1": Fraction(4, 9), "2": Fraction(2, 9), "3": Fraction(1, 27)}
    assert list(data) == ["successes"] and list(data["successes"]) == list(want)
    for k, p in want.items():
        assert data["successes"][k] == pytest.approx(float(p), abs=1e-12)
    exact = plugin_env.seforge("odds", "--system", "dice-pool", "--dice", "2", "--target", "3",
                               "--sides", "4", "--json", "--exact")
    assert json.loads(exact.stdout) == {"successes": {"0": "1/4", "1": "1/2", "2": "1/4"}}
    bad = plugin_env.seforge("odds", "--system", "dice-pool", "--dice", "3", "--target", "9")
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "target" in bad.stderr


def test_check_routes_to_it(plugin_env: PluginEnv, tmp_path: Path) -> None:
    samples = plugin_env.plugin / "samples"
    found = plugin_env.seforge("check", "--json", str(samples / "ada.dicepool"))
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["spent"] == 12
    greedy = tmp_path / "greedy.dicepool"
    greedy.write_text(json.dumps({"format": "dice-pool.character", "version": 1, "traits": [
        {"name": "A", "pool": 6}, {"name": "B", "pool": 6}, {"name": "C", "pool": 2}]}),
        encoding="utf-8")
    refused = plugin_env.seforge("check", str(greedy), str(samples / "cass.dicepool"))
    assert refused.returncode == 1, refused.stderr
    assert "greedy.dicepool: NOT legal" in refused.stdout
    assert "[dice-pool.budget]" in refused.stdout
    assert "cass.dicepool: legal" in refused.stdout


def test_export_routes_to_it(plugin_env: PluginEnv, tmp_path: Path) -> None:
    from pypdf import PdfReader

    samples = sorted((plugin_env.plugin / "samples").glob("*.dicepool"))
    out = tmp_path / "party.pdf"
    done = plugin_env.seforge("export", *map(str, samples), "-o", str(out), "--paper", "a4")
    assert done.returncode == 0, done.stderr
    reader = PdfReader(out)
    assert len(reader.pages) == 3
    assert "Brom of the Hills" in reader.pages[1].extract_text()
    # each file by its own system, in one PDF: a built-in's beside the plug-in's
    scoundrel = ROOT / "resources" / "systems" / "blades" / "nadja-hound.blades"
    mixed = tmp_path / "mixed.pdf"
    done = plugin_env.seforge("export", str(samples[0]), str(scoundrel), "-o", str(mixed),
                              "--paper", "letter", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["documents"] == 2
    pages = [page.extract_text() for page in PdfReader(mixed).pages]
    assert "Ada Quill" in pages[0] and "Nadja" in pages[1]


def test_the_window_offers_opens_and_screens_it(plugin_env: PluginEnv) -> None:
    probe = plugin_env.run([str(PROBE), str(plugin_env.plugin / "samples" / "ada.dicepool")],
                           timeout=120)
    assert probe.returncode == 0, probe.stderr
    seen = json.loads(probe.stdout.strip().splitlines()[-1])
    assert "New Dice Pool character" in seen["choices"], seen
    assert seen["new_editor"] == "DicePoolBuilder"
    assert seen["opened"] is True
    assert (seen["open_editor"], seen["open_name"]) == ("DicePoolBuilder", "Ada Quill")
    assert "dice-pool" in seen["gm_systems"]
    assert seen["gm_page"] == "dicePoolGmScreen" and seen["gm_current"]
    assert "dice-pool" in seen["guide"]  # Help's guide has the plug-in's own page
    assert seen["warnings"] == []


def test_the_plugins_own_tests_pass_there(plugin_env: PluginEnv) -> None:
    ran = plugin_env.run(["-m", "pytest", "-q", "-p", "no:cacheprovider"],
                         cwd=plugin_env.plugin, timeout=500)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert " passed" in ran.stdout and "failed" not in ran.stdout

"""Build the standalone SEForge app for this system, smoke-test it and archive it.

    python packaging/build.py              # build, smoke test, archive
    python packaging/build.py --no-smoke   # build and archive only
    python packaging/build.py --smoke-only # test an existing dist/SEForge

The result is ``dist/SEForge/`` (the ``SEForge`` GUI and the ``seforge-cli``
console program side by side; on macOS also ``dist/SEForge.app``) and an archive
``dist/SEForge-<version>-<os>-<arch>.tar.gz`` (Linux) or ``.zip`` (Windows, macOS).
The smoke test runs the frozen programs (CLI verbs, then the GUI offscreen for a
few seconds) with throw-away config and data folders. Exits non-zero on any failure.
Needs the build requirements at the pinned versions:
``pip install -r packaging/requirements-build.txt -c packaging/constraints.txt``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_ODDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "blades": ("seforge/systems/blades", ("--dice", "2")),
    "sword-of-life": ("seforge/systems/sword_of_life", ("--cards", "2", "--against", "1")),
    "2d20": ("seforge/systems/twod20", ("--tn", "10", "--difficulty", "1")),
}
"""A small odds question for each other built-in system (its package is imported by name
only, so an answer from the bundle proves the bundle holds it)."""
LIBRARY = ROOT / "resources" / "systems" / "swords_edge" / "library"
SPEC = ROOT / "packaging" / "seforge.spec"
APP_NAME = "SEForge"
CLI_NAME = "seforge-cli"
EXE = ".exe" if sys.platform == "win32" else ""
GUI_SECONDS = 4.0
SIZE_TARGET_MB = 150


class SmokeError(Exception):
    """A smoke test found a broken bundle."""


def version() -> str:
    text = (ROOT / "seforge" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    return match.group(1) if match else "0"


def os_tag() -> str:
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    machine = platform.machine().lower().replace("amd64", "x86_64") or "unknown"
    return f"{system.removesuffix('2')}-{machine}"  # linux2 on very old Pythons


def tree_size(path: Path) -> int:
    """Bytes of the regular files under ``path`` (symlinks count once, as links)."""
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            file = Path(folder, name)
            if not file.is_symlink():
                total += file.stat().st_size
    return total


def mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


# -- build ----------------------------------------------------------------------
def build(dist: Path, work: Path, clean: bool) -> float:
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
           "--distpath", str(dist), "--workpath", str(work)]
    if clean:
        cmd.append("--clean")
    cmd.append(str(SPEC))
    print("$", " ".join(cmd), flush=True)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, cwd=ROOT)
    return time.perf_counter() - start


def bundle_dir(dist: Path) -> Path:
    return dist / APP_NAME


def gui_executable(dist: Path) -> Path:
    if sys.platform == "darwin" and (dist / f"{APP_NAME}.app").is_dir():
        return dist / f"{APP_NAME}.app" / "Contents" / "MacOS" / APP_NAME
    return bundle_dir(dist) / f"{APP_NAME}{EXE}"


def cli_executable(dist: Path) -> Path:
    return bundle_dir(dist) / f"{CLI_NAME}{EXE}"


# -- smoke test -----------------------------------------------------------------
class Smoke:
    def __init__(self, dist: Path, scratch: Path) -> None:
        self.dist = dist
        self.scratch = scratch
        self.cli = cli_executable(dist)
        self.failures: list[str] = []
        self.env = dict(os.environ)
        self.env.update({
            "SEFORGE_CONFIG_DIR": str(scratch / "config"),
            "SEFORGE_DATA_DIR": str(scratch / "data"),
            "PYTHONIOENCODING": "utf-8",
        })
        # A checkout on PYTHONPATH must not leak into the frozen programs.
        self.env.pop("PYTHONPATH", None)

    def run_cli(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        result = subprocess.run([str(self.cli), *args], capture_output=True, text=True,
                                encoding="utf-8", errors="replace", env=self.env,
                                timeout=timeout, cwd=self.scratch)
        if "Traceback" in result.stderr:
            raise SmokeError(f"{CLI_NAME} {' '.join(args)} raised:\n{result.stderr}")
        return result

    def step(self, name: str, func) -> None:  # type: ignore[no-untyped-def]
        """Run one check. A check that cannot run (a missing verb, no sample, an export
        that writes nothing) fails like a broken one: nothing is ever skipped."""
        print(f"-- smoke: {name}", flush=True)
        try:
            message = func()
            if isinstance(message, str) and message.upper().startswith("SKIP"):
                raise SmokeError(message)
        except SmokeError as exc:
            self.failures.append(f"{name}: {exc}")
            print(f"   FAIL {exc}", flush=True)
        except (OSError, subprocess.SubprocessError) as exc:
            self.failures.append(f"{name}: {exc!r}")
            print(f"   FAIL {exc!r}", flush=True)
        else:
            print(f"   {message or 'ok'}", flush=True)

    def has_verb(self, verb: str) -> bool:
        """Whether the CLI registers ``verb`` (placeholder verbs are not registered)."""
        result = self.run_cli(verb, "--help")
        return result.returncode == 0 and "invalid choice" not in result.stderr

    # individual checks ------------------------------------------------------------
    def check_version(self) -> str:
        result = self.run_cli("--version")
        if result.returncode != 0 or version() not in result.stdout:
            raise SmokeError(f"--version gave {result.returncode}: {result.stdout!r}")
        return result.stdout.strip()

    def sample_character(self) -> Path | None:
        pcs = sorted((LIBRARY / "pcs").glob("*.json"))
        return pcs[0] if pcs else None

    def check_check(self) -> str:
        sample = self.sample_character()
        if sample is None:
            raise SmokeError("no book characters in resources/systems/swords_edge/library/pcs")
        result = self.run_cli("check", str(sample))
        if result.returncode not in (0, 1):
            raise SmokeError(f"check exited {result.returncode}:\n{result.stderr}")
        first = (result.stdout.strip().splitlines() or ["(no output)"])[0]
        verdict = "" if result.returncode == 0 else " (exit 1: not legal)"
        return f"{first}{verdict}"

    def check_export(self) -> str:
        sample = self.sample_character()
        if sample is None:
            raise SmokeError("no book characters in resources/systems/swords_edge/library/pcs")
        if not self.has_verb("export"):
            raise SmokeError("the export verb is not registered")
        out = self.scratch / "smoke sheet.pdf"
        result = self.run_cli("export", str(sample), "-o", str(out))
        if result.returncode != 0:
            raise SmokeError(f"export exited {result.returncode}:\n{result.stderr}")
        if not out.exists():
            raise SmokeError(f"export exited 0 but wrote nothing ({out.name} is missing)")
        head = out.read_bytes()[:5]
        if head != b"%PDF-":
            raise SmokeError(f"{out.name} does not start with %PDF- ({head!r})")
        text = ""
        if shutil.which("pdftotext"):  # poppler-utils: check the sheet has real text
            text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True,
                                  text=True, encoding="utf-8", errors="replace").stdout
            name = json.loads(sample.read_text(encoding="utf-8")).get("name", "")
            if name and name not in text:
                raise SmokeError(f"pdftotext finds no {name!r} in {out.name}")
        checked = ", name found by pdftotext" if text else ""
        return f"wrote a PDF of {out.stat().st_size:,} bytes{checked}"

    def check_library(self) -> str:
        if not self.has_verb("library"):
            raise SmokeError("the library verb is not registered")
        result = self.run_cli("library", "list", "--json")
        if result.returncode != 0:
            raise SmokeError(f"library list exited {result.returncode}:\n{result.stderr}")
        try:
            rows = json.loads(result.stdout)
        except json.JSONDecodeError as exc:
            raise SmokeError(f"library list --json printed no JSON ({exc})") from exc
        pcs = [r for r in rows if r.get("kind") == "pc"]
        expected = len(list((LIBRARY / "pcs").glob("*.json")))
        if len(pcs) != expected:
            raise SmokeError(f"{len(pcs)} PCs listed, {expected} in {LIBRARY / 'pcs'}")
        return f"{len(pcs)} PCs, {len(rows) - len(pcs)} NCs"

    def check_odds(self) -> str:
        if not self.has_verb("odds"):
            raise SmokeError("the odds verb is not registered")
        result = self.run_cli("odds", "--modifier", "2", "--tn", "12", "--luck", "3", "--json")
        if result.returncode != 0:
            raise SmokeError(f"odds exited {result.returncode}:\n{result.stderr}")
        try:
            data = json.loads(result.stdout)
        except json.JSONDecodeError as exc:
            raise SmokeError(f"odds --json printed no JSON ({exc})") from exc
        return f"success {data.get('success')!r}" if isinstance(data, dict) else "ok"

    def check_system_odds(self) -> str:
        answered = []
        for system_id, (package, args) in SYSTEM_ODDS.items():
            if not (ROOT / package).is_dir():
                continue  # not written yet
            result = self.run_cli("odds", "--system", system_id, *args, "--json")
            if result.returncode != 0:
                raise SmokeError(f"odds --system {system_id} exited {result.returncode}:\n"
                                 f"{result.stderr}")
            try:
                json.loads(result.stdout)
            except json.JSONDecodeError as exc:
                raise SmokeError(f"odds --system {system_id} printed no JSON ({exc})") from exc
            answered.append(system_id)
        if not answered:
            raise SmokeError("no other game system is bundled")
        return "answered: " + ", ".join(answered)

    def check_gui(self) -> str:
        if not (ROOT / "ui" / "app.py").exists():
            raise SmokeError("ui/app.py does not exist")
        exe = gui_executable(self.dist)
        crash_log = self.scratch / "gui-crash.log"
        env = dict(self.env, QT_QPA_PLATFORM="offscreen", SEFORGE_CRASH_LOG=str(crash_log))
        stderr_path = self.scratch / "gui-stderr.txt"
        args = [str(exe)]
        sample = self.sample_character()
        if sample is not None:  # open a book character too: loads the editor and budget
            opened = self.scratch / "smoke.sechar"
            shutil.copyfile(sample, opened)
            args.append(str(opened))
        with open(stderr_path, "w", encoding="utf-8") as err:
            proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err,
                                    env=env, cwd=self.scratch)
            try:
                code = proc.wait(timeout=GUI_SECONDS)
            except subprocess.TimeoutExpired:
                code = None
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()
        stderr = stderr_path.read_text(encoding="utf-8", errors="replace")
        crash = crash_log.read_text(encoding="utf-8") if crash_log.exists() else ""
        if crash or "Traceback" in stderr:
            raise SmokeError(f"{exe.name} raised:\n{crash or stderr}")
        if code is not None:
            raise SmokeError(f"{exe.name} exited with {code} within {GUI_SECONDS:.0f} s:\n"
                               f"{stderr}")
        noise = [line for line in stderr.splitlines() if line.strip()]
        extra = f" (stderr: {noise[0][:100]!r})" if noise else ""
        what = f" with {sample.name} open" if sample is not None else ""
        return f"{exe.name} ran {GUI_SECONDS:.0f} s offscreen{what} without error{extra}"

    def check_print_support(self) -> str:
        """Printing needs QtPrintSupport in the bundle (and its plugins where Qt has them)."""
        found = [p for p in bundle_dir(self.dist).rglob("*QtPrintSupport*")
                 if p.is_file() or p.is_symlink()]
        if sys.platform == "darwin":
            found += list(self.dist.glob(f"{APP_NAME}.app/**/*QtPrintSupport*"))
        if not found:
            raise SmokeError("QtPrintSupport is not in the bundle: printing would fail")
        return f"{len(found)} QtPrintSupport file(s) bundled"

    def run_all(self) -> list[str]:
        if not self.cli.exists():
            return [f"{self.cli} does not exist: build first"]
        self.step("seforge-cli --version", self.check_version)
        self.step("seforge-cli check <book PC>", self.check_check)
        self.step("seforge-cli export <book PC> -o sheet.pdf", self.check_export)
        self.step("seforge-cli library list --json", self.check_library)
        self.step("seforge-cli odds --json", self.check_odds)
        self.step("seforge-cli odds --system ... (each game system)", self.check_system_odds)
        self.step("SEForge (GUI, offscreen)", self.check_gui)
        self.step("QtPrintSupport bundled", self.check_print_support)
        return self.failures


# -- archive --------------------------------------------------------------------
def make_archive(dist: Path) -> Path:
    stem = f"{APP_NAME}-{version()}-{os_tag()}"
    if sys.platform.startswith("linux"):
        target = dist / f"{stem}.tar.gz"
        with tarfile.open(target, "w:gz", compresslevel=6) as tar:
            tar.add(bundle_dir(dist), arcname=APP_NAME)
        return target
    target = dist / f"{stem}.zip"
    target.unlink(missing_ok=True)
    app = dist / f"{APP_NAME}.app"
    if sys.platform == "darwin" and app.is_dir() and shutil.which("ditto"):
        # ditto keeps the symlinks and extended attributes an .app bundle needs.
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent",
                        str(app), str(target)], check=True)
        return target
    source = bundle_dir(dist)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for folder, _dirs, files in os.walk(source):
            for name in files:
                path = Path(folder, name)
                zf.write(path, Path(APP_NAME) / path.relative_to(source))
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, smoke-test and archive SEForge.")
    parser.add_argument("--no-smoke", action="store_true", help="skip the smoke test")
    parser.add_argument("--smoke-only", action="store_true",
                        help="only smoke-test an existing build")
    parser.add_argument("--no-archive", action="store_true", help="do not write the archive")
    parser.add_argument("--no-clean", action="store_true",
                        help="reuse PyInstaller's cache in build/ (faster rebuilds)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()

    if not args.smoke_only:
        seconds = build(dist, args.work.resolve(), clean=not args.no_clean)
        print(f"built in {seconds:.0f} s", flush=True)
    bundle = bundle_dir(dist)
    if not bundle.is_dir():
        print(f"build.py: no bundle at {bundle}", file=sys.stderr)
        return 1
    size = tree_size(bundle)
    print(f"bundle {bundle}: {mb(size)} (target < {SIZE_TARGET_MB} MB)")
    app = dist / f"{APP_NAME}.app"
    if sys.platform == "darwin" and app.is_dir():
        print(f"app bundle {app}: {mb(tree_size(app))}")

    failures: list[str] = []
    if not args.no_smoke:
        with tempfile.TemporaryDirectory(prefix="seforge-smoke-") as scratch:
            failures = Smoke(dist, Path(scratch)).run_all()

    if not args.no_archive and not failures:
        archive = make_archive(dist)
        print(f"archive {archive}: {mb(archive.stat().st_size)}")

    if failures:
        print(f"\nSMOKE TEST FAILED ({len(failures)}):", file=sys.stderr)
        for failure in failures:
            print(f"  - {failure}", file=sys.stderr)
        return 1
    print("build.py: OK")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

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
import configparser
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "seforge.spec"
APP_NAME = "SEForge"
CLI_NAME = "seforge-cli"
EXE = ".exe" if sys.platform == "win32" else ""
GUI_SECONDS = 4.0
SIZE_TARGET_MB = 130
"""The unpacked Linux bundle's size limit (issue 28); a bigger Linux bundle fails the build."""
LARGEST = 30
"""How many of the bundle's largest files the build lists."""


@dataclass(frozen=True)
class SystemSample:
    """One registered game system as the smoke test sees it (from the build's registry)."""

    id: str
    suffix: str
    """Its main document's suffix."""
    sample: Path | None
    """A ready-made document it ships (the first of its library), if any."""
    verbs: tuple[str, ...]
    """The command line verbs it adds."""


def registered_systems() -> list[SystemSample]:
    """Every game system the build's own registry loads: the bundle must hold each one
    (the spec collects them from the same entry points)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from seforge.systems import registry

    found = []
    for system in registry().load_all()[0]:
        samples = [entry.path for entry in system.library() if Path(entry.path).is_file()]
        found.append(SystemSample(system.id, system.formats[0].suffix,
                                  Path(samples[0]) if samples else None,
                                  tuple(verb.name for verb in system.cli_verbs)))
    return found


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
        self._systems: list[SystemSample] | None = None
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

    def samples(self) -> list[SystemSample]:
        if self._systems is None:
            self._systems = registered_systems()
        return self._systems

    def check_systems(self) -> str:
        """Each registered system answers in the bundle: its odds verb (``--help``, which
        its own parser prints), its own verbs, and ``check`` of the document it ships."""
        answered = []
        systems = self.samples()
        if not systems:
            raise SmokeError("the build's registry lists no game system")
        for system in systems:
            result = self.run_cli("odds", "--system", system.id, "--help")
            if result.returncode != 0:
                raise SmokeError(f"odds --system {system.id} --help exited "
                                 f"{result.returncode}:\n{result.stderr}")
            for verb in system.verbs:
                if not self.has_verb(verb):
                    raise SmokeError(f"{system.id}'s verb {verb!r} is not registered")
            if system.sample is None:
                raise SmokeError(f"{system.id} ships no document to check")
            result = self.run_cli("check", str(system.sample), "--json")
            if result.returncode not in (0, 1):
                raise SmokeError(f"check of {system.sample.name} exited {result.returncode}:\n"
                                 f"{result.stderr}")
            try:
                report = json.loads(result.stdout)
            except json.JSONDecodeError as exc:
                raise SmokeError(f"check --json of {system.sample.name} printed no JSON "
                                 f"({exc})") from exc
            if "legal" not in report:
                raise SmokeError(f"check --json of {system.sample.name} has no 'legal'")
            answered.append(system.id)
        return "answered: " + ", ".join(answered)

    def check_export(self) -> str:
        if not self.has_verb("export"):
            raise SmokeError("the export verb is not registered")
        done = []
        for system in self.samples():
            if system.sample is None:
                raise SmokeError(f"{system.id} ships no document to export")
            out = self.scratch / f"smoke {system.id}.pdf"
            result = self.run_cli("export", str(system.sample), "-o", str(out))
            if result.returncode != 0:
                raise SmokeError(f"export of {system.sample.name} exited {result.returncode}:"
                                 f"\n{result.stderr}")
            if not out.exists():
                raise SmokeError(f"export exited 0 but wrote nothing ({out.name} is missing)")
            head = out.read_bytes()[:5]
            if head != b"%PDF-":
                raise SmokeError(f"{out.name} does not start with %PDF- ({head!r})")
            checked = ""
            if shutil.which("pdftotext"):  # poppler-utils: check the sheet has real text
                text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True,
                                      text=True, encoding="utf-8", errors="replace").stdout
                name = _document_name(system.sample)
                if name and name not in text:
                    raise SmokeError(f"pdftotext finds no {name!r} in {out.name}")
                checked = " (name found)" if name else ""
            done.append(f"{system.id} {out.stat().st_size:,} bytes{checked}")
        return "PDFs: " + ", ".join(done)

    def check_bundled_metadata(self) -> str:
        """The bundle's package metadata declares every registered system's entry points
        (the frozen registry finds the systems through them)."""
        internal = bundle_dir(self.dist) / "_internal"
        if sys.platform == "darwin" and not internal.is_dir():
            return "not checked (macOS keeps metadata inside the .app)"
        declared: set[str] = set()
        for info in [*internal.glob("*.dist-info"), *internal.glob("*.egg-info")]:
            points = info / "entry_points.txt"
            if points.is_file():
                parser = configparser.ConfigParser(delimiters=("=",))
                parser.optionxform = str  # type: ignore[assignment,method-assign]
                parser.read(points, encoding="utf-8")
                if parser.has_section("seforge.systems"):
                    declared |= set(parser.options("seforge.systems"))
        missing = sorted({s.id for s in self.samples()} - declared)
        if missing:
            raise SmokeError(f"no bundled metadata declares the systems {missing}")
        return f"entry points of {len(declared)} systems bundled"

    def check_bundled_data(self) -> str:
        """Each system's ready-made documents are in the bundle (not only in the checkout
        the build ran in)."""
        internal = bundle_dir(self.dist) / "_internal"
        if sys.platform == "darwin" and not internal.is_dir():
            return "not checked (macOS keeps data inside the .app)"
        count = 0
        for system in self.samples():
            if system.sample is None:
                continue
            inside = _bundled_path(system.sample)
            if inside is None:
                raise SmokeError(f"{system.sample} is on no import path of the build")
            if not (internal / inside).is_file():
                raise SmokeError(f"{inside} ({system.id}) is not in the bundle")
            count += 1
        return f"{count} systems' documents bundled"

    def check_gui(self) -> str:
        if not (ROOT / "ui" / "app.py").exists():
            raise SmokeError("ui/app.py does not exist")
        exe = gui_executable(self.dist)
        crash_log = self.scratch / "gui-crash.log"
        env = dict(self.env, QT_QPA_PLATFORM="offscreen", SEFORGE_CRASH_LOG=str(crash_log))
        stderr_path = self.scratch / "gui-stderr.txt"
        args = [str(exe)]
        opened_names = []
        for system in self.samples():  # open a document of each system: loads its editor
            if system.sample is not None:
                opened = self.scratch / f"smoke-{system.id}{system.suffix}"
                shutil.copyfile(system.sample, opened)
                args.append(str(opened))
                opened_names.append(opened.name)
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
        what = f" with {', '.join(opened_names)} open" if opened_names else ""
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
        self.step("seforge-cli odds/verbs/check (each registered system)", self.check_systems)
        self.step("seforge-cli export <a document of each system> -o sheet.pdf",
                  self.check_export)
        self.step("each system's documents in the bundle", self.check_bundled_data)
        self.step("each system's entry points in the bundle", self.check_bundled_metadata)
        self.step("SEForge (GUI, offscreen)", self.check_gui)
        self.step("QtPrintSupport bundled", self.check_print_support)
        return self.failures


def _document_name(path: Path) -> str:
    """The ``name`` a JSON document gives its character, or ""."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) else ""


def _bundled_path(path: Path) -> Path | None:
    """Where ``path`` (a file under one of this Python's import paths) is in the bundle,
    relative to its ``_internal`` folder."""
    resolved = path.resolve()
    for base in sorted((Path(p).resolve() for p in sys.path if p), key=lambda b: -len(b.parts)):
        if resolved.is_relative_to(base) and resolved != base:
            return resolved.relative_to(base)
    return None


def largest_files(bundle: Path, count: int = LARGEST) -> list[tuple[int, Path]]:
    """The ``count`` largest regular files of the bundle, largest first."""
    sizes = []
    for folder, _dirs, files in os.walk(bundle):
        for name in files:
            file = Path(folder, name)
            if not file.is_symlink():
                sizes.append((file.stat().st_size, file.relative_to(bundle)))
    return sorted(sizes, key=lambda item: (-item[0], str(item[1])))[:count]


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
    print(f"bundle {bundle}: {mb(size)} (target <= {SIZE_TARGET_MB} MB on Linux); "
          f"the {LARGEST} largest files:")
    for file_size, name in largest_files(bundle):
        print(f"  {mb(file_size):>9}  {name}")
    app = dist / f"{APP_NAME}.app"
    if sys.platform == "darwin" and app.is_dir():
        print(f"app bundle {app}: {mb(tree_size(app))}")

    failures: list[str] = []
    if sys.platform.startswith("linux") and size > SIZE_TARGET_MB * 1_000_000:
        failures.append(f"the bundle is {mb(size)}, over the {SIZE_TARGET_MB} MB limit "
                        "(see the largest files above)")
    if not args.no_smoke:
        with tempfile.TemporaryDirectory(prefix="seforge-smoke-") as scratch:
            failures += Smoke(dist, Path(scratch)).run_all()

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

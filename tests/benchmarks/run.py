"""SEForge performance benchmarks: medians over repeated runs, a table and JSON.

    python -m tests.benchmarks                      # from the repository root
    python -m tests.benchmarks --out bench.json     # also write the figures as JSON
    python -m tests.benchmarks --only odds pdf      # a subset (names in the table)
    python -m tests.benchmarks --repeat 11          # more runs per figure

Not collected by pytest (``addopts = --ignore=tests/benchmarks``). A benchmark
whose part of SEForge does not exist yet prints "not available yet" and the run
goes on. GUI figures come from fresh subprocesses (tests/benchmarks/gui_probe.py)
started with QT_QPA_PLATFORM=offscreen and throw-away config/data folders.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "resources" / "systems" / "swords_edge" / "library"


class UnavailableError(Exception):
    """The part this benchmark measures does not exist yet."""


@dataclass
class Result:
    name: str
    what: str
    value: float | None = None
    unit: str = ""
    target: str = ""
    ok: bool | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    skipped: str = ""


def median(values: list[float]) -> float:
    return statistics.median(values)


def timed(func: Callable[[], object], repeat: int,
          setup: Callable[[], object] | None = None) -> list[float]:
    """Milliseconds of ``func()`` over ``repeat`` runs (``setup`` runs untimed first)."""
    out = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        t0 = time.perf_counter()
        func()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _require(module: str, *names: str) -> Any:
    import importlib

    try:
        mod = importlib.import_module(module)
    except ImportError as exc:
        raise UnavailableError(f"{module} cannot be imported ({exc})") from exc
    for name in names:
        if not hasattr(mod, name):
            raise UnavailableError(f"{module}.{name} does not exist")
    return mod


# -- subprocess helpers -------------------------------------------------------------
def _gui_env(scratch: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SEFORGE_CONFIG_DIR", "SEFORGE_DATA_DIR")}
    # throw-away folders; on Linux found the way a user's are (the XDG rules), which
    # SEFORGE_CONFIG_DIR and SEFORGE_DATA_DIR would skip
    folders = (("XDG_CONFIG_HOME", "XDG_DATA_HOME") if sys.platform.startswith("linux")
               else ("SEFORGE_CONFIG_DIR", "SEFORGE_DATA_DIR"))
    env.update({
        "QT_QPA_PLATFORM": "offscreen",
        folders[0]: str(scratch / "config"),
        folders[1]: str(scratch / "data"),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
        "PYTHONDONTWRITEBYTECODE": "",
    })
    return env


def _probe(args: list[str], env: dict[str, str], timeout: float = 120) -> str:
    result = subprocess.run([sys.executable, "-m", "tests.benchmarks.gui_probe", *args],
                            capture_output=True, text=True, env=env, cwd=ROOT,
                            timeout=timeout)
    if result.returncode != 0 or not result.stdout.strip():
        raise RuntimeError(f"gui_probe {' '.join(args)} failed ({result.returncode}):\n"
                           f"{result.stderr[-2000:]}")
    return result.stdout.strip().splitlines()[-1]


def _time_to_shown(kind: str, env: dict[str, str]) -> float:
    """Seconds from spawning the probe to its ``shown`` line."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tests.benchmarks.gui_probe", kind],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    elapsed = time.perf_counter() - t0
    _out, err = proc.communicate(timeout=60)
    if line.strip() != "shown":
        raise RuntimeError(f"gui_probe {kind} did not show a window:\n{err[-2000:]}")
    return elapsed


# -- the benchmarks -------------------------------------------------------------------
def bench_startup(repeat: int, scratch: Path) -> Result:
    _require("ui.app", "create_application")
    _require("ui.shell.window", "MainWindow")
    env = _gui_env(scratch)
    # a returning user: the preferences a session left (recent files, the window's size,
    # docks and their room), in folders of their own
    (scratch / "returning").mkdir()
    back = _gui_env(scratch / "returning")
    _probe(["returning", str(scratch / "returning")], back)
    for kind in ("bare", "bare_text", "app", "app_ready"):  # warm the OS file cache
        _time_to_shown(kind, env)
    _time_to_shown("app", back)
    bare, text, app, ready, returning = [], [], [], [], []
    for _ in range(repeat):  # interleaved, so drift hits all alike
        bare.append(_time_to_shown("bare", env) * 1000)
        text.append(_time_to_shown("bare_text", env) * 1000)
        app.append(_time_to_shown("app", env) * 1000)
        ready.append(_time_to_shown("app_ready", env) * 1000)
        returning.append(_time_to_shown("app", back) * 1000)
    ratio = median(app) / median(bare)
    # for reference: the same bare window with one line of text, which loads Qt's font
    # database (the bare window draws no text; any real first frame does)
    return Result("startup", "start to visible main window, ratio to a bare PySide6 window",
                  round(ratio, 2), "x", "<= 1.2", ratio <= 1.2,
                  {"app_ms": round(median(app), 1), "bare_ms": round(median(bare), 1),
                   "bare_text_ms": round(median(text), 1),
                   "ratio_to_bare_text": round(median(app) / median(text), 2),
                   # a returning user's start (recent files, a saved layout)
                   "returning_ms": round(median(returning), 1),
                   "ratio_returning": round(median(returning) / median(bare), 2),
                   # and until the rest of the window is built (systems, menus, docks)
                   "ready_ms": round(median(ready), 1),
                   "runs": repeat})


class _BusyMachine:
    """While in use, one process per usable CPU spins without pause at normal priority:
    the machine is as busy as it gets, for the window and the bare window alike."""

    def __enter__(self) -> _BusyMachine:
        count = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
            os.cpu_count() or 1)
        self.spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                         for _ in range(count)]
        time.sleep(0.5)  # all spinning before the first run
        return self

    def __exit__(self, *_exc: object) -> None:
        for spinner in self.spinners:
            spinner.kill()
        for spinner in self.spinners:
            spinner.wait()


def bench_startup_busy(repeat: int, scratch: Path) -> Result:
    """The start-up of ``startup`` (a first start and a returning user's) on a busy machine:
    every CPU taken by a spinning process, the bare window measured under the same load."""
    _require("ui.app", "create_application")
    env = _gui_env(scratch)
    (scratch / "returning").mkdir()
    back = _gui_env(scratch / "returning")
    _probe(["returning", str(scratch / "returning")], back)
    for kind in ("bare", "app"):  # warm the OS file cache
        _time_to_shown(kind, env)
    bare, app, returning = [], [], []
    with _BusyMachine() as busy:
        for _ in range(repeat):  # interleaved, so drift hits all alike
            bare.append(_time_to_shown("bare", env) * 1000)
            app.append(_time_to_shown("app", env) * 1000)
            returning.append(_time_to_shown("app", back) * 1000)
    ratio = median(app) / median(bare)
    return Result("startup_busy", "start to visible main window with every CPU busy, ratio to "
                  "a bare PySide6 window started under the same load", round(ratio, 2), "x",
                  "<= 1.2", ratio <= 1.2,
                  {"app_ms": round(median(app), 1), "bare_ms": round(median(bare), 1),
                   "returning_ms": round(median(returning), 1),
                   "ratio_returning": round(median(returning) / median(bare), 2),
                   "spinning_processes": len(busy.spinners), "runs": repeat})


def bench_rank(repeat: int, scratch: Path) -> Result:
    _require("ui.shell.window", "MainWindow")
    _require("ui.systems.swords_edge.commands", "SetRankCommand")
    _require("seforge.systems.swords_edge.library", "load_pc")
    data = json.loads(_probe(["rank", str(max(repeat, 5) * 4)], _gui_env(scratch)))
    sync = median(data["sync_ms"][2:])  # the first changes build caches
    total = median(data["with_events_ms"][2:])
    if data["panel_updates"] < data["count"]:
        raise RuntimeError(f"the budget panel changed on only {data['panel_updates']} of "
                           f"{data['count']} Rank changes")
    return Result("rank", "Rank change (undo stack) to budget panel updated",
                  round(sync, 2), "ms", "< 5 ms", sync < 5,
                  {"with_processEvents_ms": round(total, 2), "changes": data["count"],
                   "character": data["character"], "key": data["key"]})


def bench_history(repeat: int, scratch: Path) -> Result:
    _require("ui.systems.swords_edge.play.history_box", "PlayHistoryBox")
    lines = 500
    data = json.loads(_probe(["history", str(lines)], _gui_env(scratch), timeout=600))
    change = median(data["change_ms"][1:])  # the first builds caches
    return Result("history", f"a play change redrawn in the Play dock, {lines} history lines",
                  round(change, 1), "ms", "< 100 ms", change < 100,
                  {"rows": data["rows"], "changes": len(data["change_ms"])})


def bench_open(repeat: int, scratch: Path) -> Result:
    fileformat = _require(
        "seforge.systems.swords_edge.fileformat", "load_character", "save_character"
    )
    library = _require("seforge.systems.swords_edge.library", "list_entries", "load_pc")
    entries = library.list_entries("pc")
    if not entries:
        raise UnavailableError("no book characters in resources/systems/swords_edge/library/pcs")
    path = scratch / "open-bench.sechar"
    fileformat.save_character(library.load_pc(entries[0].id), path)
    runs = timed(lambda: fileformat.load_character(path), max(repeat, 5) * 10)
    return Result("open", "open one character file (load_character)",
                  round(median(runs), 3), "ms", "", None,
                  {"file": entries[0].id, "bytes": path.stat().st_size})


def bench_library(repeat: int, _scratch: Path) -> Result:
    library = _require(
        "seforge.systems.swords_edge.library", "list_entries", "load_pc", "clear_cache"
    )

    def load_all() -> None:
        for entry in library.list_entries("pc"):
            library.load_pc(entry.id)

    count = len(library.list_entries("pc"))
    if not count:
        raise UnavailableError("no book characters in resources/systems/swords_edge/library/pcs")
    runs = timed(load_all, max(repeat, 5) * 2, setup=library.clear_cache)
    return Result("library", f"load the library: index + all {count} book PCs (cold cache)",
                  round(median(runs), 2), "ms", "", None, {"pcs": count})


def _party(count: int) -> list[Any]:
    library = _require("seforge.systems.swords_edge.library", "list_entries", "load_pc")
    ids = [e.id for e in library.list_entries("pc")]
    if not ids:
        raise UnavailableError("no book characters in resources/systems/swords_edge/library/pcs")
    return [library.load_pc(ids[i % len(ids)]) for i in range(count)]


def bench_pdf(repeat: int, _scratch: Path) -> list[Result]:
    sheet = _require("seforge.systems.swords_edge.sheet", "export_sheets", "render_sheets")
    one, party, hundred = _party(1), _party(6), _party(100)
    long_note = _party(1)
    long_note[0].notes = " ".join(f"word{i:04d}" for i in range(1100))[:10_000]

    def export(characters: list[Any]) -> None:
        sheet.export_sheets(characters, io.BytesIO())

    t0 = time.perf_counter()
    export(one)  # registers the fonts: the first export in a process
    first = (time.perf_counter() - t0) * 1000
    single = timed(lambda: export(one), repeat)
    six = timed(lambda: export(party), repeat)
    many = timed(lambda: export(hundred), max(3, repeat // 3))
    note = timed(lambda: export(long_note), repeat)
    buf = io.BytesIO()
    sheet.export_sheets(party, buf)
    if not buf.getvalue().startswith(b"%PDF-"):
        raise RuntimeError("export_sheets wrote no PDF")
    _data, note_pages = sheet.render_sheets(long_note)
    return [
        Result("pdf_one", "PDF export, one sheet", round(median(single), 1), "ms", "", None,
               {"first_in_process_ms": round(first, 1)}),
        Result("pdf_party", "PDF export, party of 6", round(median(six), 1), "ms", "< 500 ms",
               median(six) < 500, {"bytes": len(buf.getvalue())}),
        Result("pdf_hundred", "PDF export, 100 sheets in one PDF", round(median(many), 1),
               "ms", "< 3000 ms", median(many) < 3000, {}),
        Result("pdf_long_note", "PDF export, one sheet with a 10,000-character note",
               round(median(note), 1), "ms", "< 1000 ms", median(note) < 1000,
               {"pages": note_pages}),
    ]


def _dice_cache_clear(dice: Any) -> None:
    for name in dir(dice):
        func = getattr(dice, name)
        if callable(getattr(func, "cache_clear", None)):
            func.cache_clear()


def bench_odds(repeat: int, _scratch: Path) -> list[Result]:
    dice = _require("seforge.systems.swords_edge.dice", "odds")
    cases = [(m, tn) for m in (-2, 0, 3, 6) for tn in (8, 11, 14, 17)]
    cold, warm = [], []
    for _ in range(max(repeat, 5)):
        for modifier, tn in cases:
            _dice_cache_clear(dice)
            t0 = time.perf_counter()
            dice.odds(modifier, tn, 3)
            cold.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            dice.odds(modifier, tn, 3)
            warm.append((time.perf_counter() - t0) * 1000)
    return [
        Result("odds_cold", "exact odds, one Test with 3 Luck rerolls (cold caches)",
               round(median(cold), 4), "ms", "< 1 ms", median(cold) < 1,
               {"max_ms": round(max(cold), 4), "cases": len(cases)}),
        Result("odds_warm", "exact odds, one Test with 3 Luck rerolls (warm caches)",
               round(median(warm), 4), "ms", "< 1 ms", median(warm) < 1, {}),
    ]


def _time_process(args: list[str], env: dict[str, str] | None = None) -> float:
    """Milliseconds from spawning ``python ARGS`` to its exit (no timeout: waiting with
    one polls in growing sleeps, which rounds the time up by up to 50 ms)."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, cwd=ROOT, check=False, env=env)
    return (time.perf_counter() - t0) * 1000


def _bytecode_env(scratch: Path) -> dict[str, str]:
    """The environment with Python's bytecode cache on, kept in ``scratch`` (the tree stays
    clean): an installed SEForge starts from compiled ``.pyc`` files, so the command line is
    timed that way even where ``PYTHONDONTWRITEBYTECODE`` is set (which would compile every
    SEForge module on every start)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    return env


def bench_cli(repeat: int, scratch: Path) -> list[Result]:
    """``seforge odds`` of every system and ``seforge check FILE`` of a file of every system,
    start to exit, against ``python -c pass``."""
    _require("seforge.cli", "main")
    captain = str(LIBRARY / "pcs" / "captain.json")
    systems = ROOT / "resources" / "systems"
    commands = {
        "cli_odds": ["-m", "seforge", "odds", "--modifier", "2", "--tn", "14"],
        "cli_odds_blades": ["-m", "seforge", "odds", "--system", "blades", "--dice", "2"],
        "cli_odds_sol": ["-m", "seforge", "odds", "--system", "sol", "--cards", "3",
                         "--against", "2"],
        "cli_odds_2d20": ["-m", "seforge", "odds", "--system", "2d20", "--tn", "10",
                          "--difficulty", "1"],
        "cli_check": ["-m", "seforge", "check", captain],
        "cli_check_blades": ["-m", "seforge", "check", str(systems / "blades" /
                                                           "nadja-hound.blades")],
        "cli_check_sol": ["-m", "seforge", "check", str(systems / "sword_of_life" / "library" /
                                                        "fighter-pilot.sol")],
        "cli_check_2d20": ["-m", "seforge", "check", str(systems / "twod20" /
                                                         "ilse-varga.s2d20")],
        "cli_help": ["-m", "seforge", "--help"],
        "cli_library": ["-m", "seforge", "library", "list", "--json"],
    }
    commands.update(_export_import_commands(scratch))
    # what the heavy verbs cannot go below: importing the libraries they read and write with
    floors = {
        "floor_pydantic": ["-c", "from pydantic import BaseModel"],
        "floor_reportlab": ["-c", "import reportlab.pdfgen.canvas"],
        "floor_pypdf": ["-c", "import pypdf"],
    }
    commands.update(floors)
    bare_args = ["-c", "pass"]
    env = _bytecode_env(scratch)
    for args in (bare_args, *commands.values()):  # warm the file cache and .pyc files
        _time_process(args, env)
    bare: list[float] = []
    runs: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(max(repeat, 7)):  # interleaved, so drift hits all alike
        bare.append(_time_process(bare_args, env))
        for name, args in commands.items():
            runs[name].append(_time_process(args, env))
    results = []
    for name, times in runs.items():
        ratio = median(times) / median(bare)
        if name in floors:
            results.append(Result(
                name, f"`python {' '.join(floors[name])}` (a floor, no target), ratio to "
                "`python -c pass`", round(ratio, 2), "x", "", None,
                {"ms": round(median(times), 1), "bare_ms": round(median(bare), 1),
                 "runs": len(times)}))
            continue
        verb = " ".join(Path(a).name if "/" in a else a for a in commands[name][2:])
        results.append(Result(
            name, f"`seforge {verb}` start to exit, ratio to `python -c pass`",
            round(ratio, 2), "x", "< 3", ratio < 3,
            {"ms": round(median(times), 1), "bare_ms": round(median(bare), 1),
             "runs": len(times)}))
    return results


def _export_import_commands(scratch: Path) -> dict[str, list[str]]:
    """``seforge export`` of a document each registered system ships, and ``seforge import``
    of the sheet of each system that reads its sheets back (from the registry)."""
    from seforge.systems import registry

    commands: dict[str, list[str]] = {}
    for system in registry().load_all()[0]:
        samples = [e.path for e in system.library() if Path(e.path).is_file()]
        if not samples:
            continue
        tag = system.id.replace("-", "_")
        sheet = scratch / f"{tag}.pdf"
        commands[f"cli_export_{tag}"] = ["-m", "seforge", "export", str(samples[0]),
                                         "-o", str(sheet)]
        if system.sheet_reader is None:
            continue
        subprocess.run([sys.executable, *commands[f"cli_export_{tag}"]], cwd=ROOT,
                       check=True, capture_output=True)
        out = scratch / f"imported-{tag}{system.formats[0].suffix}"
        commands[f"cli_import_{tag}"] = ["-m", "seforge", "import", str(sheet), "-o", str(out)]
    return commands


def bench_bundle(_repeat: int, _scratch: Path) -> Result:
    bundle = ROOT / "dist" / "SEForge"
    if not bundle.is_dir():
        raise UnavailableError("no dist/SEForge: run python packaging/build.py first")
    total = 0
    for folder, _dirs, files in os.walk(bundle):
        for name in files:
            path = Path(folder, name)
            if not path.is_symlink():
                total += path.stat().st_size
    archives = sorted(p.name for p in (ROOT / "dist").glob("SEForge-*") if p.is_file())
    return Result("bundle", "frozen bundle size (dist/SEForge)", round(total / 1e6, 1), "MB",
                  "<= 130 MB", total / 1e6 <= 130, {"archives": archives})


def bench_memory(repeat: int, scratch: Path) -> Result:
    _require("ui.shell.window", "MainWindow")
    _require("seforge.systems.swords_edge.library", "load_pc")
    runs = [json.loads(_probe(["memory"], _gui_env(scratch)))
            for _ in range(max(1, min(repeat, 3)))]
    peak = median([r["peak_rss_mb"] for r in runs])
    return Result("memory", "peak RSS of the GUI with five characters open and edited "
                  "(cycle collection from the event loop, as the app runs it)",
                  round(peak, 1), "MB", "", None,
                  {"opened_rss_mb": round(median([r["opened_rss_mb"] for r in runs]), 1),
                   "edits": runs[0]["edits"],
                   "loop_collections": runs[0]["loop_collections"],
                   "source": runs[0]["source"], "characters": runs[0]["characters"]})


BIG_SIZES = {"big10": 10_000_000, "biglimit": None}
"""The big character files: 10 MB (issue 28's) and one just under the size limit."""


def big_character(scratch: Path, name: str, size: int | None) -> Path:
    """A book character with one unknown field holding many small objects, ``size`` bytes
    long (None: just under the size limit)."""
    from seforge.core.limits import MAX_FILE_BYTES

    target = size or MAX_FILE_BYTES - 64 * 1024
    data = json.loads((LIBRARY / "pcs" / "captain.json").read_text(encoding="utf-8"))
    head = len(json.dumps(data, separators=(",", ":")))
    one = len(json.dumps({"k": 1, "v": "ab"}, separators=(",", ":"))) + 1
    data["x_unknown_objects"] = [{"k": i % 7, "v": "ab"} for i in range((target - head) // one)]
    path = scratch / f"{name}.sechar"
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return path


def _time_and_peak(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Milliseconds and peak RSS (MB) of ``python ARGS`` run by a fresh helper process, so
    the peak is that program's alone."""
    helper = ("import resource, subprocess, sys, time\n"
              "t = time.perf_counter()\n"
              "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
              "ms = (time.perf_counter() - t) * 1000\n"
              "print(ms, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", helper, sys.executable, *args], cwd=ROOT,
                         env=env, capture_output=True, text=True, check=True).stdout.split()
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024
    return float(out[0]), int(out[1]) / scale


def bench_bigfile(repeat: int, scratch: Path) -> list[Result]:
    """``seforge check`` of the big files (against ``python -c pass``) and opening them in
    the window (against a bare window shown), with each program's peak memory."""
    _require("seforge.systems.swords_edge.fileformat", "load_character")
    env = _bytecode_env(scratch)
    gui_env = _gui_env(scratch)
    results = []
    for name, size in BIG_SIZES.items():
        path = big_character(scratch, name, size)
        mb_size = path.stat().st_size / 1e6
        _time_and_peak(["-m", "seforge", "check", str(path)], env)  # warm
        bare, check, rss = [], [], []
        for _ in range(max(repeat, 5)):
            bare.append(_time_and_peak(["-c", "pass"], env)[0])
            ms, peak = _time_and_peak(["-m", "seforge", "check", str(path)], env)
            check.append(ms)
            rss.append(peak)
        results.append(Result(
            f"check_{name}", f"`seforge check` of a {mb_size:.1f} MB character file of small "
            "unknown objects, ratio to `python -c pass`",
            round(median(check) / median(bare), 1), "x", "< 2 s", median(check) < 2000,
            {"ms": round(median(check), 1), "bare_ms": round(median(bare), 1),
             "peak_rss_mb": round(median(rss), 1), "runs": len(check)}))
        opened = [json.loads(_probe(["open", str(path)], gui_env, timeout=300))
                  for _ in range(max(repeat, 5))]
        seconds = median([o["open_ms"] for o in opened])
        results.append(Result(
            f"open_{name}", f"open a {mb_size:.1f} MB character file in the window "
            "(File › Open to its tab shown)", round(seconds, 1), "ms", "< 2 s",
            seconds < 2000,
            {"peak_rss_mb": round(median([o["peak_rss_mb"] for o in opened]), 1),
             "runs": len(opened)}))
    return results


def limits_nc(scratch: Path) -> Path:
    """A Sword's Edge NC whose every text is as long as the file allows: name, genre,
    source, Concept, eight Elements and three flaws of 200 characters, 100,000
    characters of notes."""
    from seforge.core.limits import NAME_CHARS, NOTES_CHARS
    from seforge.systems.swords_edge import library
    from seforge.systems.swords_edge.fileformat import save_nc
    from seforge.systems.swords_edge.models import NCQuality, Trait
    from seforge.systems.swords_edge.ranks import Rank

    words = "ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod "

    def text(seed: str, chars: int = NAME_CHARS) -> str:
        return (f"{seed} " + words * (chars // len(words) + 1))[:chars].rstrip()

    nc = library.load_nc("dragon")
    nc.name, nc.genre, nc.source = text("Name"), text("Genre"), text("Source")
    if nc.concept is not None:
        nc.concept.name = text("Concept")
    nc.elements = [NCQuality(name=text(f"E{i}"), rank=Rank.GOOD, trait=Trait.CUNNING)
                   for i in range(8)]
    nc.flaws = [NCQuality(name=text(f"F{i}"), rank=Rank.GOOD) for i in range(3)]
    nc.notes = text("Notes", NOTES_CHARS)
    path = scratch / "limits.senc"
    save_nc(nc, path)
    return path


def bench_bigcards(repeat: int, scratch: Path) -> list[Result]:
    """``seforge export --cards`` of one NC at the text limits in each card size, start to
    exit (index and A6 cards took 13-15 s)."""
    _require("seforge.systems.swords_edge.cards", "render_cards")
    env = _bytecode_env(scratch)
    path = str(limits_nc(scratch))
    commands = {size: ["-m", "seforge", "export", "--cards", "--card-size", size,
                       "--paper", "letter", "-o", str(scratch / f"{size}.pdf"), path]
                for size in ("grid", "index", "a6")}
    for args in commands.values():  # warm
        _time_process(args, env)
    runs: dict[str, list[float]] = {size: [] for size in commands}
    for _ in range(max(1, min(repeat, 5))):
        for size, args in commands.items():
            runs[size].append(_time_process(args, env))
    return [Result(f"cards_limits_{size}", f"`seforge export --cards --card-size {size}` of "
                   "an NC with every text at its limit (100,000 characters of notes)",
                   round(median(times), 1), "ms", "< 2 s", median(times) < 2000,
                   {"runs": len(times)})
            for size, times in runs.items()]


BENCHMARKS: dict[str, Callable[[int, Path], Result | list[Result]]] = {
    "startup": bench_startup,
    "startup_busy": bench_startup_busy,
    "rank": bench_rank,
    "history": bench_history,
    "open": bench_open,
    "library": bench_library,
    "pdf": bench_pdf,
    "odds": bench_odds,
    "cli": bench_cli,
    "bundle": bench_bundle,
    "memory": bench_memory,
    "bigfile": bench_bigfile,
    "bigcards": bench_bigcards,
}


# -- machine and report ------------------------------------------------------------------
def machine() -> dict[str, Any]:
    info: dict[str, Any] = {
        "os": platform.platform(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    try:
        import PySide6

        info["pyside6"] = PySide6.__version__
    except ImportError:
        info["pyside6"] = None
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace")
        models = [ln.split(":", 1)[1].strip() for ln in cpuinfo.splitlines()
                  if ln.startswith("model name")]
        info["cpu"] = models[0] if models else platform.processor()
    except OSError:
        info["cpu"] = platform.processor()
    try:
        meminfo = Path("/proc/meminfo").read_text(encoding="ascii")
        kb = int(meminfo.split("MemTotal:")[1].split()[0])
        info["ram_gb"] = round(kb / 1024 / 1024, 1)
    except (OSError, IndexError, ValueError):
        info["ram_gb"] = None
    if hasattr(os, "sched_getaffinity"):
        info["cpus_usable"] = len(os.sched_getaffinity(0))
    return info


def _format(result: Result) -> str:
    if result.skipped:
        return f"{result.name:<24} not available yet: {result.skipped}"
    verdict = {True: "ok", False: "MISSED", None: ""}[result.ok]
    value = f"{result.value:g} {result.unit}"
    extra = ", ".join(f"{k}={v}" for k, v in result.detail.items())
    return (f"{result.name:<24} {value:>12}  {result.target:<10} {verdict:<6} {result.what}"
            + (f"  [{extra}]" if extra else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="SEForge benchmarks (medians).")
    parser.add_argument("--out", type=Path, help="write the results as JSON to this path")
    parser.add_argument("--repeat", type=int, default=7, help="runs per figure (default 7)")
    parser.add_argument("--only", nargs="+", choices=sorted(BENCHMARKS), metavar="NAME",
                        help=f"run only these: {', '.join(BENCHMARKS)}")
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    info = machine()
    print("machine: " + ", ".join(f"{k}={v}" for k, v in info.items()), flush=True)
    results: list[Result] = []
    errors = 0
    with tempfile.TemporaryDirectory(prefix="seforge-bench-") as tmp:
        for name in args.only or BENCHMARKS:
            scratch = Path(tmp) / name
            scratch.mkdir()
            try:
                produced = BENCHMARKS[name](args.repeat, scratch)
                batch = produced if isinstance(produced, list) else [produced]
            except UnavailableError as exc:
                batch = [Result(name, "", skipped=str(exc))]
            except Exception as exc:  # report it and go on with the rest
                errors += 1
                batch = [Result(name, "", skipped=f"ERROR {type(exc).__name__}: {exc}")]
            for result in batch:
                print(_format(result), flush=True)
            results.extend(batch)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        payload = {"machine": info, "repeat": args.repeat,
                   "results": [asdict(r) for r in results]}
        args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())

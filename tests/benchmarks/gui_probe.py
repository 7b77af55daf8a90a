"""GUI measurements run in a fresh subprocess (see run.py); prints one JSON line.

    python -m tests.benchmarks.gui_probe bare     # bare QMainWindow shown
    python -m tests.benchmarks.gui_probe bare_text  # the same with one line of text
    python -m tests.benchmarks.gui_probe app      # SEForge's first frame shown, as a launch
    python -m tests.benchmarks.gui_probe app_ready  # and the rest of the window built
    python -m tests.benchmarks.gui_probe returning DIR  # leave the preferences of a
        # returning user (three recent files saved in DIR, the window's layout), for ``app``
    python -m tests.benchmarks.gui_probe rank N   # N Rank changes through the undo stack
    python -m tests.benchmarks.gui_probe history N  # a play change with N history lines
    python -m tests.benchmarks.gui_probe memory   # peak RSS with five characters open
    python -m tests.benchmarks.gui_probe open F   # time to open file F in a tab, peak RSS

``bare``, ``bare_text`` and ``app`` print ``shown`` right after ``window.show()`` and
``QApplication.processEvents()``; the parent times spawn-to-line. Run with
QT_QPA_PLATFORM=offscreen and throw-away folders (XDG_CONFIG_HOME / XDG_DATA_HOME on
Linux, else SEFORGE_CONFIG_DIR / SEFORGE_DATA_DIR).
"""

from __future__ import annotations

import json
import os
import sys
import time


def _shown() -> None:
    sys.stdout.write("shown\n")
    sys.stdout.flush()
    os._exit(0)  # skip teardown: only the time to the first show counts


def bare() -> None:
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.resize(1200, 800)
    window.show()
    app.processEvents()
    _shown()


def bare_text() -> None:
    """The bare window with one line of text: the first text loads Qt's font database,
    which the bare window (no text at all) never does."""
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    app = QApplication(sys.argv[:1])
    window = QMainWindow()
    window.setCentralWidget(QLabel("SEForge"))
    window.resize(1200, 800)
    window.show()
    app.processEvents()
    _shown()


def app(ready: bool = False) -> None:
    """As ``ui.app.main`` starts: the first frame of the window (the systems, documents
    and docks load right after it is painted); ``ready``: and then the rest of it."""
    import gc

    from ui.app import create_application, first_window
    from ui.shell.settings import load_preferences
    from ui.shell.theme import apply_theme

    gc.disable()  # as ui.app.main does from its start
    qapp = create_application(sys.argv[:1])
    preferences = load_preferences()
    apply_theme(qapp, preferences.theme, first_frame=True)
    window = first_window(preferences)
    window.show()
    qapp.processEvents()
    if ready:
        window.ensure_ready()
        qapp.processEvents()
    _shown()


def returning(folder: str) -> None:
    """A session that ends as a user's does: three recent files, the window's size,
    docks and their room saved in the preferences (the next ``app`` starts from them)."""
    from pathlib import Path

    from seforge.systems.swords_edge import library
    from seforge.systems.swords_edge.fileformat import save_character
    from ui.app import create_application, first_window
    from ui.shell.settings import load_preferences

    qapp = create_application(sys.argv[:1])
    window = first_window(load_preferences())
    window.show()
    window.ensure_ready()
    qapp.processEvents()
    for entry in library.list_entries("pc")[:3]:
        path = Path(folder, f"{entry.id}.sechar")
        save_character(library.load_pc(entry.id), path)
        window.open_path(path)
        window.close_current()
    qapp.processEvents()
    window.shutdown()
    print(json.dumps({"recent_files": len(window.preferences.recent_files)}))
    sys.stdout.flush()
    os._exit(0)


def _main_window():  # type: ignore[no-untyped-def]
    from ui.app import build_window, create_application
    from ui.shell.settings import load_preferences

    qapp = create_application(sys.argv[:1])
    window = build_window(load_preferences())
    window.show()
    qapp.processEvents()
    return qapp, window


def rank(count: int) -> None:
    from seforge.systems.swords_edge import editing, library
    from seforge.systems.swords_edge.ranks import Rank
    from ui.systems.swords_edge.commands import SetRankCommand

    qapp, window = _main_window()
    entry = library.list_entries("pc")[0]
    document = window.part("swords-edge").open_book_character(library.load_pc(entry.id))
    qapp.processEvents()
    key = "trait:Physique"
    start = editing.get_rank(document.character, key)
    other = Rank(start + 1 if start < Rank.MYTHIC else start - 1)
    panel = window.part("swords-edge").budget_panel
    sync, total, updated = [], [], 0
    for i in range(count):
        target = other if i % 2 == 0 else start
        before = panel.ledger_lines()
        t0 = time.perf_counter()
        document.push(SetRankCommand(document, key, target))
        t1 = time.perf_counter()
        qapp.processEvents()
        t2 = time.perf_counter()
        sync.append((t1 - t0) * 1000)
        total.append((t2 - t0) * 1000)
        updated += panel.ledger_lines() != before
    print(json.dumps({"sync_ms": sync, "with_events_ms": total, "panel_updates": updated,
                      "count": count, "character": entry.id, "key": key}))
    sys.stdout.flush()
    os._exit(0)


def history(lines: int) -> None:
    """A character with ``lines`` lines of play history in the Play dock: the time of a
    play change (Luck gained through the panel) until the dock has redrawn."""
    from seforge.systems.swords_edge import library
    from seforge.systems.swords_edge.play.luck import record_roll
    from seforge.systems.swords_edge.play.session import start_session

    qapp, window = _main_window()
    character = library.load_pc(library.list_entries("pc")[0].id)
    start_session(character)
    for n in range(lines):
        record_roll(character, f"2d10 for a Test, line {n}", "a reason" if n % 3 else "")
    part = window.part("swords-edge")
    document = part.open_book_character(character)
    part.play_dock.show()
    part.play_dock.raise_()
    qapp.processEvents()
    panel = part.play_dock.panel_for(document)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        if not panel.gain_luck("a benchmark", 1):  # one more history line each
            raise SystemExit("the Luck gain was refused")
        qapp.processEvents()
        times.append((time.perf_counter() - t0) * 1000)
    shown = panel.history.rowCount()
    if shown != len(document.character.history):
        raise SystemExit(f"the Play dock shows {shown} history lines, not "
                         f"{len(document.character.history)}")
    print(json.dumps({"change_ms": times, "rows": shown}))
    sys.stdout.flush()
    os._exit(0)


def _peak_rss_mb() -> tuple[float, str]:
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024, "VmHWM"
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # kilobytes on Linux, bytes on macOS
    return (peak / 1024 / 1024 if sys.platform == "darwin" else peak / 1024), "ru_maxrss"


def _run_loop(qapp, ms: int) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def memory() -> None:
    """Five characters open, each tab shown, then a stretch of edits (Rank changes, each
    one undo step) with the event loop running, as in use: Python's cycle collection
    runs from the event loop, as ``ui.app.main`` has it (:mod:`ui.shell.collector`), so
    garbage made between its passes counts in the peak."""
    import gc

    from seforge.systems.swords_edge import editing, library
    from seforge.systems.swords_edge.ranks import Rank
    from ui.shell.collector import INTERVAL_MS, Collector
    from ui.systems.swords_edge.commands import SetRankCommand

    qapp, window = _main_window()
    collector = Collector(qapp)
    ids = [e.id for e in library.list_entries("pc")[:5]]
    documents = []
    for entry_id in ids:
        documents.append(
            window.part("swords-edge").open_book_character(library.load_pc(entry_id)))
        qapp.processEvents()
    for index in range(window.tabs.count()):  # show every tab once
        window.tabs.setCurrentIndex(index)
        qapp.processEvents()
    opened, _source = _peak_rss_mb()
    collected = 0
    for _round in range(3):  # each round longer than the collector's interval
        for document in documents:
            key = "trait:Physique"
            start = editing.get_rank(document.character, key)
            other = Rank(start + 1 if start < Rank.MYTHIC else start - 1)
            for i in range(20):
                document.push(SetRankCommand(document, key, other if i % 2 == 0 else start))
                qapp.processEvents()
        before = sum(stat["collections"] for stat in gc.get_stats())
        _run_loop(qapp, INTERVAL_MS + 200)
        collected += sum(stat["collections"] for stat in gc.get_stats()) - before
    collector.stop()
    peak, source = _peak_rss_mb()
    print(json.dumps({"peak_rss_mb": peak, "opened_rss_mb": opened, "source": source,
                      "edits": 3 * 20 * len(documents), "loop_collections": collected,
                      "characters": ids}))
    sys.stdout.flush()
    os._exit(0)


def open_file(path: str) -> None:
    from pathlib import Path

    qapp, window = _main_window()
    t0 = time.perf_counter()
    opened = window.open_paths([Path(path)])
    qapp.processEvents()
    elapsed = (time.perf_counter() - t0) * 1000
    if opened != 1:
        raise SystemExit(f"{path} did not open")
    peak, source = _peak_rss_mb()
    print(json.dumps({"open_ms": elapsed, "peak_rss_mb": peak, "source": source}))
    sys.stdout.flush()
    os._exit(0)


def main(argv: list[str]) -> None:
    what = argv[0] if argv else ""
    if what == "bare":
        bare()
    elif what == "bare_text":
        bare_text()
    elif what == "app":
        app()
    elif what == "app_ready":
        app(ready=True)
    elif what == "returning" and len(argv) > 1:
        returning(argv[1])
    elif what == "rank":
        rank(int(argv[1]) if len(argv) > 1 else 30)
    elif what == "history":
        history(int(argv[1]) if len(argv) > 1 else 500)
    elif what == "memory":
        memory()
    elif what == "open" and len(argv) > 1:
        open_file(argv[1])
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

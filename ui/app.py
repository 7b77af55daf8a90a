"""The app: composes the window from the shell and the registered game systems.

``main`` runs it (``seforge`` with no verb, ``seforge FILE ...``, the bundle's GUI
program; see :mod:`ui.launch`). One instance per user and data folder: when SEForge
already runs, the files are handed to it (it opens them and comes to the front) and this
launch exits.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

# The settings (json, the atomic writer) need no Qt; the theme and the window are
# imported where they are used, after PySide has been told that no module here selects
# one of its features: else it reads the source of each module imported after it
# (about 3 ms of the first frame, see ui.shell.pyside_scan).
from ui.shell.pyside_scan import skip_source_scans
from ui.shell.settings import APP_NAME, Preferences, data_dir, load_preferences

skip_source_scans()

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from ui.shell.window import MainWindow


def create_application(argv: list[str]) -> QApplication:
    from PySide6.QtWidgets import QApplication

    from ui.shell.theme import STYLE, STYLE_SET_PROPERTY

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        # The style is set as the launch argument -style: set with setStyle, it would
        # build PySide's enums of QStyle (about 12 ms) before the first frame.
        app = QApplication([*argv, "-style", STYLE])
        app.setProperty(STYLE_SET_PROPERTY, True)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("seforge")
    return app


def prepare_registry() -> None:
    """The shell's registry of system UIs, as the app uses it: the default system (the
    core's first in order, as the command line's) first,
    and a system UI that names no suffixes gets its core's (the installed systems come
    from the ``seforge.ui_systems`` entry points)."""
    from ui.shell.system_uis import UI_REGISTRY
    from ui.systems import core_file_info, core_library, system_order

    UI_REGISTRY.order = system_order()
    UI_REGISTRY.first = UI_REGISTRY.order[0] if UI_REGISTRY.order else ""
    if UI_REGISTRY.file_info is None:
        UI_REGISTRY.file_info = core_file_info
    if UI_REGISTRY.library is None:
        UI_REGISTRY.library = core_library


def build_window(preferences: Preferences | None = None,
                 autosave_interval_ms: int | None = None) -> MainWindow:
    """The main window with every installed game system."""
    from ui.shell.window import MainWindow

    prepare_registry()
    return MainWindow(preferences, autosave_interval_ms)


def first_window(preferences: Preferences) -> MainWindow:
    """The window as a launch shows it: its first frame only (the start page and the
    menu bar); the game systems, the documents and the docks are built right after that
    frame is painted (:meth:`MainWindow.ensure_ready`)."""
    from ui.shell.window import MainWindow

    return MainWindow(preferences, first_frame=True, prepare=prepare_registry)


def file_arguments(args: list[str]) -> list[str]:
    """The files among the launch's arguments: everything after ``--``; before it, each
    argument that does not start with ``-`` or names an existing file (``-dash.sechar``)."""
    if "--" in args:
        cut = args.index("--")
        return file_arguments(args[:cut]) + [a for a in args[cut + 1:] if a]
    return [a for a in args if a and (not a.startswith("-") or os.path.isfile(a))]


def qt_arguments(args: list[str]) -> list[str]:
    """The arguments Qt may see: only those that are real text. A file name that is
    not valid in the file system's encoding arrives with surrogate escapes
    (``caf\udce9.sechar``), which crash Qt's argument handling; the launch hands such
    files to the window itself (:func:`launch_files`)."""
    program = args[0] if args and is_text(args[0]) else "seforge"
    return [program, *(a for a in args[1:] if is_text(a))]


def is_text(name: str) -> bool:
    """True when ``name`` can be encoded as UTF-8 (no undecodable bytes in it)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def launch_files(given: list[str], qt_left: list[str]) -> list[str]:
    """The files of the launch arguments ``given`` (decoded from the command line with
    surrogate escapes), leaving out the options Qt took (``-platform offscreen``):
    Qt's remaining arguments ``qt_left`` say which ones it kept."""
    left = list(qt_left)
    kept: list[str] = []
    for arg in given:
        if not is_text(arg):
            kept.append(arg)
        elif arg in left:
            left.remove(arg)
            kept.append(arg)
    return file_arguments(kept)


def main(argv: list[str] | None = None) -> int:
    """Run the app; Python's automatic cycle collection stays off from the start.

    Starting builds tens of thousands of objects that live as long as the app (Qt's
    modules, the systems' models, the window): Python's automatic passes over them before
    the first frame (about 7 ms, some 30 of them) find nothing to free. The app's
    :class:`~ui.shell.collector.Collector`, made right after the first frame, runs the same
    passes from the event loop; collection is given back as it was when the app ends."""
    import gc

    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(argv)
    finally:
        if collecting:
            gc.enable()


def _run(argv: list[str] | None) -> int:
    # QtNetwork is loaded here rather than with the module: only a real start needs it.
    from ui.shell.single_instance import HandOver, InstanceServer, hand_over, server_name
    from ui.shell.theme import apply_theme

    args = [os.fsdecode(a) for a in (
        sys.argv if argv is None else [sys.argv[0] if sys.argv else "seforge", *argv])]
    app = create_application(qt_arguments(args))
    files = (launch_files(args[1:], app.arguments()[1:]) if argv is None
             else file_arguments(args[1:]))
    name = server_name(data_dir())
    # No private place for the socket (see single_instance): this launch runs on its own.
    first_try = HandOver.NOBODY if name is None else hand_over(name, files)
    if first_try is HandOver.SENT:
        return 0
    server = InstanceServer(name or "", app)
    if (name is not None and not server.listen() and first_try is HandOver.NOBODY
            and hand_over(name, files) is HandOver.SENT):
        return 0  # another launch started listening a moment ago
    # Else this launch runs on its own (an instance that does not answer keeps its
    # name; its session lock keeps this one away from its autosaves).

    problems: list[str] = []
    preferences = load_preferences(problems=problems)
    apply_theme(app, preferences.theme, first_frame=True)
    window = first_window(preferences)
    window.show()
    # Files the system hands over arrive as events once the loop runs: the filter
    # and the hand-over connection load after the first frame was asked for.
    from PySide6.QtCore import QTimer

    from ui.shell.collector import Collector
    from ui.shell.file_open import FileOpenFilter

    collector = Collector(app)
    file_filter = FileOpenFilter(window, app)
    app.installEventFilter(file_filter)
    server.files_received.connect(window.receive_from_other_launch)

    def after_start() -> None:
        from ui.shell.system_uis import UI_REGISTRY

        window.report_problems(problems + UI_REGISTRY.problems())
        window.restore_autosaves()
        window.open_paths([Path(f) for f in files])
        QTimer.singleShot(0, window.clean_stale_temp_files)

    window.when_ready(after_start)
    try:
        return app.exec()
    finally:
        app.removeEventFilter(file_filter)
        server.close()
        collector.stop()


if __name__ == "__main__":
    raise SystemExit(main())

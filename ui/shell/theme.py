"""Light and dark palettes on the Fusion style, following the system by default."""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

_LIGHT = {
    QPalette.ColorRole.Window: "#f3f1ec",
    QPalette.ColorRole.WindowText: "#1f1d1a",
    QPalette.ColorRole.Base: "#ffffff",
    QPalette.ColorRole.AlternateBase: "#f6f4ef",
    QPalette.ColorRole.ToolTipBase: "#fffbe6",
    QPalette.ColorRole.ToolTipText: "#1f1d1a",
    QPalette.ColorRole.PlaceholderText: "#8a857c",
    QPalette.ColorRole.Text: "#1f1d1a",
    QPalette.ColorRole.Button: "#ebe8e1",
    QPalette.ColorRole.ButtonText: "#1f1d1a",
    QPalette.ColorRole.BrightText: "#b00020",
    QPalette.ColorRole.Highlight: "#8c3b2a",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#8c3b2a",
    QPalette.ColorRole.Light: "#ffffff",
    QPalette.ColorRole.Midlight: "#e2ded5",
    QPalette.ColorRole.Mid: "#b9b3a7",
    QPalette.ColorRole.Dark: "#8f897d",
    QPalette.ColorRole.Shadow: "#4a463f",
}

_DARK = {
    QPalette.ColorRole.Window: "#26272b",
    QPalette.ColorRole.WindowText: "#e8e6e1",
    QPalette.ColorRole.Base: "#37393e",
    QPalette.ColorRole.AlternateBase: "#313338",
    QPalette.ColorRole.ToolTipBase: "#33353a",
    QPalette.ColorRole.ToolTipText: "#e8e6e1",
    QPalette.ColorRole.PlaceholderText: "#a09d96",
    QPalette.ColorRole.Text: "#e8e6e1",
    QPalette.ColorRole.Button: "#42444a",
    QPalette.ColorRole.ButtonText: "#e8e6e1",
    QPalette.ColorRole.BrightText: "#ff6b6b",
    QPalette.ColorRole.Highlight: "#c0634c",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#f0957c",
    QPalette.ColorRole.Light: "#45474d",
    QPalette.ColorRole.Midlight: "#3a3c41",
    QPalette.ColorRole.Mid: "#2c2e32",
    QPalette.ColorRole.Dark: "#18191b",
    QPalette.ColorRole.Shadow: "#000000",
}

STYLE = "Fusion"
"""The widget style every theme is drawn in."""
STYLE_SET_PROPERTY = "seforgeStyled"
"""Set on an application made with :data:`STYLE` as its launch argument
(:func:`ui.app.create_application`): its first theme needs no ``setStyle``."""

_DISABLED_LIGHT = "#8f8a80"
_DISABLED_DARK = "#8a8781"


def system_is_dark() -> bool:
    from PySide6.QtCore import Qt  # builds the Qt namespace's enums: not before the first frame

    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def system_palette_is_dark() -> bool:
    """Whether the system's own palette (the application's, before a theme was applied)
    is a dark one: the first frame's guess of :func:`system_is_dark`, which the window
    checks once it is built (:meth:`ui.shell.window.MainWindow.ensure_ready`)."""
    return QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128


def resolve_theme(name: str, first_frame: bool = False) -> str:
    """``light`` or ``dark`` for a preference of ``system``, ``light`` or ``dark``;
    ``first_frame``: the system's scheme guessed from its palette (no theme applied yet)."""
    if name == "system":
        dark = system_palette_is_dark() if first_frame else system_is_dark()
        return "dark" if dark else "light"
    return "dark" if name == "dark" else "light"


def make_palette(dark: bool) -> QPalette:
    palette = QPalette()
    for role, colour in (_DARK if dark else _LIGHT).items():
        palette.setColor(role, QColor(colour))
    disabled = QColor(_DISABLED_DARK if dark else _DISABLED_LIGHT)
    for role in (
        QPalette.ColorRole.WindowText,
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
    ):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return palette


def is_dark(app: QApplication | None = None) -> bool:
    """Whether the palette now in use is a dark one."""
    target = app or QApplication.instance()
    if not isinstance(target, QApplication):
        return False
    return target.palette().color(QPalette.ColorRole.Window).lightness() < 128


def apply_theme(app: QApplication, name: str, first_frame: bool = False) -> str:
    """Apply the theme preference ``name``; returns ``light`` or ``dark``.
    ``first_frame``: at launch, before any theme was applied (see :func:`resolve_theme`)."""
    resolved = resolve_theme(name, first_frame)
    if not (first_frame and app.property(STYLE_SET_PROPERTY) is True):
        app.setStyle(STYLE)
    app.setPalette(make_palette(resolved == "dark"))
    return resolved


_VERDICT = {(True, False): "#2e7d32", (False, False): "#c62828",
            (True, True): "#81c784", (False, True): "#ef7b7b"}


def verdict_colour(good: bool, dark: bool | None = None) -> str:
    """Green for a good verdict, red for a bad one, readable on the theme's background
    (``dark`` None: the palette now in use)."""
    return _VERDICT[(good, is_dark() if dark is None else dark)]

"""The Sword of Life pages' one scroll area: a page scrolls down, never sideways, its two
columns sit side by side only when the view, less its scroll bar, has the room, and the
keyboard focus stays in view; and what every page's tables share for the keyboard."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ui.shell.flow_layout import TwoColumns
from ui.shell.focus_nav import FocusInView


def scroll_page(page: QWidget, body: QWidget, margin: int, *,
                framed: bool = True) -> QScrollArea:
    """Fill ``page`` (``margin`` pixels round it) with a scroll area holding ``body`` that
    scrolls down, never sideways; one not ``framed`` draws no frame. The scroll area."""
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # not a Tab stop: it would show no focus
    if not framed:
        scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(body)
    layout = QVBoxLayout(page)
    layout.setContentsMargins(margin, margin, margin, margin)
    layout.addWidget(scroll)
    FocusInView(scroll)  # a child of the scroll area, which keeps it
    return scroll


def follow_view(columns: TwoColumns, scroll: QScrollArea, event: QResizeEvent) -> None:
    """On a resize of the page around ``scroll``: ``columns`` side by side when the view,
    less the scroll bar, has the room, else one above the other."""
    columns.follow(event.size().width() - scroll.verticalScrollBar().sizeHint().width())

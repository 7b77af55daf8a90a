"""The start page shown when no document is open: the registered game systems with
their new documents, Open, the buttons systems add, and the recent files."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QSize, Signal, SignalInstance
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from seforge.core.resources import resource_path
from ui.shell.font_scales import USER_ROLE, section_label, set_font_scale
from ui.shell.settings import recent_labels

if TYPE_CHECKING:
    from PySide6.QtWidgets import QListWidget

PATH_ROLE = USER_ROLE
LOGO_PX = 88
SCROLL_BAR_ROOM = 20
"""Room left for the page's vertical scroll bar (Fusion's is 14 px wide at 100 %)."""
"""The logo's size on the start page (resources/icons has it drawn at 1x and 2x)."""


Rows = list[tuple[str, str, list[tuple[str, str, str]]]]
"""The New rows: (system id, title, [(format id, label, tooltip)])."""
MAX_CACHED = 64
"""A kept layout with more rows, or more buttons in all, than this is not one SEForge
wrote: it is left out (a hand-edited 64 x 64 took the first frame over a second)."""
MAX_TEXT = 500


def cached_layout(data: object) -> tuple[Rows, list[tuple[str, str, str]]] | None:
    """The New rows and the systems' buttons of the start page as the preferences keep
    them (:meth:`StartPage.layout_cache`), or None when ``data`` is not such a layout."""

    def texts(items: object, count: int) -> bool:
        return (isinstance(items, list) and len(items) == count
                and all(isinstance(t, str) and len(t) <= MAX_TEXT for t in items))

    if not isinstance(data, dict):
        return None
    rows, buttons = data.get("rows"), data.get("buttons")
    if not (isinstance(rows, list) and isinstance(buttons, list) and len(rows) <= MAX_CACHED
            and all(isinstance(row, list) and len(row) == 3 and texts(row[:2], 2)
                    and isinstance(row[2], list) and all(texts(c, 3) for c in row[2])
                    for row in rows)
            and all(texts(b, 3) for b in buttons)
            and sum(len(row[2]) for row in rows) + len(buttons) <= MAX_CACHED):
        return None
    return ([(row[0], row[1], [(c[0], c[1], c[2]) for c in row[2]]) for row in rows],
            [(b[0], b[1], b[2]) for b in buttons])


def logo_pixmap(ratio: float) -> QPixmap:
    """The logo for a screen of device pixel ratio ``ratio``: at 1x and 2x the icon
    drawn at that size, loaded as it is (a QIcon would build PySide's enum of 150 theme
    icons before the first frame); at other ratios scaled smoothly from the 128 px one."""
    if ratio in (1.0, 2.0):
        drawn = QPixmap(str(resource_path("icons", f"seforge-{LOGO_PX * int(ratio)}.png")))
        if not drawn.isNull():
            drawn.setDevicePixelRatio(ratio)
            return drawn
    from PySide6.QtGui import QIcon

    return QIcon(str(resource_path("icons", "seforge-128.png"))).pixmap(LOGO_PX, LOGO_PX)


def short_label(system_title: str, label: str) -> str:
    """A choice's label without the words it shares with its system's name at the start
    ("Sword's Edge character" in the Sword's Edge row reads "Character", "2d20 conflict
    tracker" in the "2d20 (SRD 2022 / Conan)" row "Conflict tracker")."""
    words, title = label.split(), system_title.lower().split()
    shared = 0
    while shared < min(len(words), len(title)) and words[shared].lower() == title[shared]:
        shared += 1
    text = " ".join(words[shared:]).strip(" -—:") or label
    return text[:1].upper() + text[1:]


def _name_button(button: QPushButton, text: str, tip: str) -> None:
    """A button's text, its name for screen readers (without "…") and its tooltip."""
    button.setText(text)
    button.setAccessibleName(text.rstrip("…"))
    button.setToolTip(tip)


class StartPage(QWidget):
    new_requested = Signal()
    """The first system's first new document (Ctrl+N)."""
    new_choice_requested = Signal(str, str)
    """A new document: system id, format id."""
    open_requested = Signal()
    recent_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startPage")
        # The page scrolls rather than push the window taller than a short screen (a
        # docked GM's Table shares the height with it).
        self.content = QWidget()
        self.content.setObjectName("startContent")
        outer = QHBoxLayout(self.content)
        outer.addStretch(1)
        column = QVBoxLayout()
        column.addStretch(1)

        logo = QLabel(self)
        logo.setPixmap(logo_pixmap(logo.devicePixelRatioF()))
        title = QLabel("SEForge", self)
        set_font_scale(title, 2.4, bold=True)
        tagline = QLabel("Characters and GM screens for your table", self)
        tagline.setEnabled(False)
        for label in (logo, title, tagline):  # centred by stretches on either side
            row = QHBoxLayout()
            row.addStretch(1)
            row.addWidget(label)
            row.addStretch(1)
            column.addLayout(row)
        column.addSpacing(22)

        self.systems_heading = section_label("New")
        column.addWidget(self.systems_heading)
        self.systems_box = QWidget(self)
        self.systems_box.setObjectName("startSystems")
        self.systems_grid = QGridLayout(self.systems_box)
        self.systems_grid.setContentsMargins(0, 0, 0, 0)
        self.systems_grid.setHorizontalSpacing(10)
        self.systems_grid.setVerticalSpacing(6)
        column.addWidget(self.systems_box)
        self.systems_heading.hide()  # shown with the systems (set_systems)
        self.systems_box.hide()
        column.addSpacing(14)
        self.new_button: QPushButton | None = None
        """The first system's first new document (the default button)."""
        self.choice_buttons: list[QPushButton] = []
        self.open_button = self._big_button(
            "Open…", "Open a saved file of any game system (Ctrl+O)", self.open_requested
        )
        column.addWidget(self.open_button)
        self._buttons_column = column
        self._next_button_row = column.indexOf(self.open_button) + 1
        self.buttons: dict[str, QPushButton] = {}
        """Buttons the systems added (:meth:`add_button`), by name."""
        self.rows: Rows = []
        """The New rows shown (:meth:`set_systems`)."""
        self._button_texts: dict[str, tuple[str, str]] = {}
        self._stand_ins: dict[str, Callable[..., None]] = {}
        """Buttons shown from the last session's layout that no system has claimed yet
        (:meth:`show_cached`), with what their click does until then."""
        column.addSpacing(18)

        self.recent_heading = section_label("Open Recent")
        column.addWidget(self.recent_heading)
        self.recent_heading.hide()
        self.recent_list: QListWidget | None = None
        """The recent files (made with the first one: PySide's list types cost a first
        start about 1.5 ms)."""
        column.addStretch(2)
        holder = QWidget(self)
        holder.setLayout(column)
        holder.setMinimumWidth(400)  # wider when a system's choices need it
        self._column_holder = holder
        outer.addWidget(holder)
        outer.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setObjectName("startScroll")
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.content)
        self.scroll_area = scroll
        page = QVBoxLayout(self)
        page.setContentsMargins(0, 0, 0, 0)
        page.addWidget(scroll)

    def needed_width(self) -> int:
        """The width the page takes with every button's text whole and no sideways
        scrolling, with room for the bar that scrolls it up and down (a fixed allowance:
        asking the bar would build PySide's slider types before the first frame). Asked
        before the page was ever laid out, the column's size kept from before its rows
        were added is dropped first."""
        self._column_holder.updateGeometry()
        return self.content.sizeHint().width() + SCROLL_BAR_ROOM

    def reserve_room(self, left: int, right: int, bottom: int) -> None:
        """Leave this much room empty around the page (the docks' room, before the docks
        arrive), so the page is centred where it will stay."""
        page = self.layout()
        if page is not None:
            page.setContentsMargins(left, 0, right, bottom)

    def set_systems(self, systems: Rows) -> None:
        """One row per game system: its title and a button per new document.
        ``systems``: (system id, title, [(format id, label, tooltip)]). The same rows as
        shown keep their buttons."""
        systems = [(s, title, [(f, label, tip) for f, label, tip in choices])
                   for s, title, choices in systems]
        if systems == self.rows and (self.choice_buttons or not systems):
            return
        self.rows = systems
        keep_focus = self._holds_focus()
        while self.systems_grid.count():
            item = self.systems_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.choice_buttons = []
        self.new_button = None
        for row, (system_id, title, choices) in enumerate(systems):
            name = QLabel(title, self.systems_box)
            name.setObjectName("startSystemTitle")
            set_font_scale(name, 1.05, bold=True)
            self.systems_grid.addWidget(name, row, 0)
            buttons = QHBoxLayout()
            buttons.setSpacing(6)
            for format_id, label, tip in choices:
                button = QPushButton(self.systems_box)  # (text, parent): see _new_big_button
                button.setText(f"New {short_label(title, label)}")
                button.setAccessibleName(f"New {label}")
                button.setToolTip(tip or f"Start a new {label}")
                button.setMinimumHeight(40)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                set_font_scale(button, 1.1)
                button.clicked.connect(
                    lambda _c=False, s=system_id, f=format_id: self.new_choice_requested.emit(s, f))
                buttons.addWidget(button)
                self.choice_buttons.append(button)
                if self.new_button is None:
                    self.new_button = button
                    button.setDefault(True)
                    button.setToolTip(f"{button.toolTip()} (Ctrl+N)")
            self.systems_grid.addLayout(buttons, row, 1)
        self.systems_grid.setColumnStretch(1, 1)
        has = bool(systems)
        self.systems_heading.setVisible(has)
        self.systems_box.setVisible(has)
        self._order_tabs()
        if keep_focus:
            self.take_focus()

    def take_focus(self) -> None:
        """Give the keyboard to the first New button (the default one: Enter starts it),
        or to Open… while there is none."""
        (self.new_button or self.open_button).setFocus()

    def when_built(self) -> None:
        """Once the window is built (Qt's namespace costs a first frame about 17 ms): the
        keyboard goes from button to button (the page scrolls to the one with the focus),
        never to the scroll area, which shows no focus and takes no Enter."""
        from PySide6.QtCore import Qt

        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._default_follows_focus)
        if self._holds_focus():
            self.take_focus()

    def _default_follows_focus(self, _old: object, new: object) -> None:
        """The page's default button is the one with the focus (the first New button
        while the focus is elsewhere): Enter presses the button the user has tabbed to
        (outside a dialog Qt's buttons take no Enter), and only one button is drawn as
        the default, not the first New button and the focused one alike."""
        if not shiboken6.isValid(self) or self.new_button is None:
            return
        chosen = new if isinstance(new, QPushButton) and self.isAncestorOf(new) else None
        for button in (*self.choice_buttons, self.open_button, *self.buttons.values()):
            button.setDefault(button is (chosen or self.new_button))

    def _holds_focus(self) -> bool:
        """True when the page is shown and the focus is on it or nowhere yet (a launch's
        first frame): rebuilt buttons then take it back."""
        from PySide6.QtWidgets import QApplication

        focus = QApplication.focusWidget()
        return not self.isHidden() and (focus is None or self.isAncestorOf(focus))

    def add_button(self, name: str, text: str, tip: str) -> QPushButton:
        """A big button under Open… (a system's "Start from a Book Character"); the one
        shown from the last session's layout under that name, if there is one."""
        self._button_texts[name] = (text, tip)
        stand_in = self._stand_ins.pop(name, None)
        if stand_in is not None:
            button = self.buttons[name]
            button.clicked.disconnect(stand_in)
            _name_button(button, text, tip)
            return button
        button = self._new_big_button(text, tip)
        self._buttons_column.insertWidget(self._next_button_row, button)
        self._next_button_row += 1
        self.buttons[name] = button
        self._order_tabs()
        return button

    def _big_button(self, text: str, tip: str, signal: SignalInstance) -> QPushButton:
        button = self._new_big_button(text, tip)
        button.setIconSize(QSize(20, 20))
        button.clicked.connect(lambda: signal.emit())
        return button

    def _new_big_button(self, text: str, tip: str) -> QPushButton:
        """A full-width button of the page's column (Open…, a system's button)."""
        # (text, parent) would make PySide weigh the QIcon overloads, building QIcon's
        # type before the first frame: the text is set after
        button = QPushButton(self)
        _name_button(button, text, tip)
        button.setMinimumHeight(46)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        set_font_scale(button, 1.15)
        return button

    def set_recent(self, paths: list[str]) -> None:
        if self.recent_list is None:
            if not paths:
                return  # (before the import: a first start builds no list item type)
            self.recent_list = self._make_recent_list()
            self._order_tabs()
        from PySide6.QtWidgets import QListWidgetItem

        self.recent_list.clear()
        for path, label in zip(paths, recent_labels(paths), strict=True):
            item = QListWidgetItem(label)
            item.setData(PATH_ROLE, path)
            item.setToolTip(path)
            self.recent_list.addItem(item)
        has = bool(paths)
        self.recent_list.setVisible(has)
        self.recent_heading.setVisible(has)

    def layout_cache(self) -> dict[str, list[object]]:
        """The New rows and the systems' buttons, for the preferences: the next start
        shows them in its first frame (:meth:`show_cached`), so the page does not move
        when the systems arrive."""
        return {"rows": [[s, title, [list(c) for c in choices]]
                         for s, title, choices in self.rows],
                "buttons": [[name, *self._button_texts[name]] for name in self.buttons]}

    def show_cached(self, data: object, build: Callable[[], None]) -> None:
        """Show the rows and buttons of the last session's layout (``data``, see
        :meth:`layout_cache`; nothing when it is not one) until the systems give theirs.
        A click on a button no system has claimed yet runs ``build`` (which loads the
        systems), then clicks the button again if a system claimed it."""
        layout = cached_layout(data)
        if layout is None:
            return
        rows, buttons = layout
        self.set_systems(rows)
        for name, text, tip in buttons:
            button = self.add_button(name, text, tip)

            def stand_in(_checked: bool = False, name: str = name) -> None:
                build()
                claimed = self.buttons.get(name)
                if claimed is not None and name not in self._stand_ins:
                    claimed.click()

            button.clicked.connect(stand_in)
            self._stand_ins[name] = stand_in

    def drop_unclaimed(self) -> None:
        """Once the systems are in: the last session's buttons none of them gave again."""
        for name in list(self._stand_ins):
            del self._stand_ins[name]
            del self._button_texts[name]
            button = self.buttons.pop(name)
            self._buttons_column.removeWidget(button)
            self._next_button_row -= 1
            button.deleteLater()
        self._order_tabs()

    def offers(self, system_id: str, format_id: str) -> bool:
        """True when a New button of the page starts ``format_id`` of ``system_id``."""
        return any(s == system_id and any(f == format_id for f, _l, _t in choices)
                   for s, _title, choices in self.rows)

    def _order_tabs(self) -> None:
        """Tab goes down the page as it reads: the New buttons, Open…, the systems'
        buttons, the recent files (whatever order they were made in)."""
        chain: list[QWidget] = [*self.choice_buttons, self.open_button,
                                *self.buttons.values()]
        if self.recent_list is not None:
            chain.append(self.recent_list)
        for before, after in pairwise(chain):
            QWidget.setTabOrder(before, after)

    def _make_recent_list(self) -> QListWidget:
        from PySide6.QtWidgets import QListWidget

        recent = QListWidget(self)
        recent.setObjectName("recentList")
        recent.setAccessibleName("Recent characters")
        recent.setToolTip("Characters you opened lately; press Enter to open one")
        recent.setFrameShape(QFrame.Shape.StyledPanel)
        recent.setMaximumHeight(170)
        recent.itemActivated.connect(
            lambda item: self.recent_requested.emit(str(item.data(PATH_ROLE))))
        self._buttons_column.insertWidget(
            self._buttons_column.indexOf(self.recent_heading) + 1, recent)
        return recent

"""The crew editor's parts for the crew's place in the city: the faction ladder, the claims
and the GM's clocks (with the odds that the selected one fills), every change an undoable
apply of a :mod:`seforge.systems.blades.crew` mutator."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from seforge.core.probability_text import format_probability
from seforge.systems.blades import crew as rules
from seforge.systems.blades import odds
from seforge.systems.blades.facts import Effect
from seforge.systems.blades.models import Crew
from ui.shell.focus_nav import no_tab_trap
from ui.shell.name_pick import NamePick
from ui.shell.refusal import refuse
from ui.shell.widgets import filling, spin_box
from ui.systems.blades.clock_face import ClockFace
from ui.systems.blades.common import (
    ReflowRow,
    fill_row,
    header_tips,
    room_for_placeholder,
    share_columns,
    stretch_columns,
    text_item,
    wrap_list,
)
from ui.systems.blades.crew_base import CrewBase

FACE_SPACING = 4
"""From a clock face to its name, in pixels."""
FACE_LABEL_WIDTH = 90
"""A clock face's name label: its width, in pixels."""


def _face_label_height(label: QLabel) -> int:
    """A clock face's name label: three lines (the name on two, then the count)."""
    return 3 * label.fontMetrics().lineSpacing() + 2


def _two_lines(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` on two lines of ``width`` at most, broken between words where it can be,
    what does not fit on the second line elided."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split()
    first = ""
    while words and metrics.horizontalAdvance(f"{first} {words[0]}".strip()) <= width:
        first = f"{first} {words.pop(0)}".strip()
    if not first:  # one long word: cut it where the line ends
        first = metrics.elidedText(text, Qt.TextElideMode.ElideNone, width)
        cut = len(first)
        while cut > 1 and metrics.horizontalAdvance(text[:cut]) > width:
            cut -= 1
        first, rest = text[:cut], text[cut:]
    else:
        rest = " ".join(words)
    if not rest:
        return first
    return first + "\n" + metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width)


class WorldSections(CrewBase):
    """Factions, claims and clocks (built and redrawn by
    :class:`ui.systems.blades.crew_editor.CrewWidget`)."""

    def _build_factions_and_claims(self, layout: QVBoxLayout) -> None:
        """The faction ladder (add, set status, remove) beside the claims."""
        middle = ReflowRow()
        layout.addLayout(middle)
        factions = QGroupBox("Factions")
        fl = QVBoxLayout(factions)
        self.factions = no_tab_trap(QTableWidget(0, 4))
        self.factions.setAccessibleName("Factions")
        self.factions.setHorizontalHeaderLabels(["Faction", "Tier", "Hold", "Status"])
        header_tips(self.factions)
        self.factions.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.factions.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # a hold or Tier at war reads "weak (strong once the war ends)": long cells wrap
        # and their row grows (the page has no room to scroll sideways at 1024x768)
        stretch_columns(self.factions, wrap=True)
        # rows measured for columns of other widths (a crew opened from a file is filled
        # before the window lays it out) are measured again once the columns settle
        self.factions.horizontalHeader().sectionResized.connect(
            lambda *_: QTimer.singleShot(0, self.factions,
                                         self.factions.resizeRowsToContents))
        self.factions.setMinimumHeight(90)
        self.factions.itemSelectionChanged.connect(self._refresh_status)
        fl.addWidget(self.factions)
        self.faction_name = QLineEdit()
        self.faction_name.setAccessibleName("New faction")
        self.faction_name.setPlaceholderText("faction name")
        room_for_placeholder(self.faction_name)
        self.faction_tier = spin_box("New faction Tier", 0, 6, 0)
        self.add_faction = self._button("Add", self._add_faction)
        self.faction_name.textChanged.connect(lambda _t: self._refresh_add_faction())
        self.faction_name.returnPressed.connect(self.add_faction.click)  # Enter: Add
        row = fill_row(self.faction_name, self.faction_tier, self.add_faction)
        fl.addLayout(row)
        self.status_spin = spin_box("Faction status", -3, 3, 0, "-3 war … 0 neutral … +3 allies")
        self.set_status = self._button("Set status", self._set_status)
        self.remove_faction = self._button("Remove", self._remove_faction)
        row = fill_row(QLabel("Status"), self.status_spin, self.set_status, self.remove_faction)
        fl.addLayout(row)
        middle.addWidget(factions, 3)
        claims = QGroupBox("Claims")
        cl = QVBoxLayout(claims)
        self.claims = QListWidget()
        wrap_list(self.claims)
        self.claims.setAccessibleName("Claims")
        self.claims.itemChanged.connect(self._claim_toggled)
        cl.addWidget(self.claims)
        self.claim_name = QLineEdit()
        self.claim_name.setAccessibleName("New claim")
        self.claim_name.setPlaceholderText("claim name")
        room_for_placeholder(self.claim_name)
        self.claim_turf = QCheckBox("turf")
        self.claim_turf.setAccessibleName("New claim is turf")
        self.add_claim = self._button("Add", lambda: self.do(
            "Add claim", lambda c: rules.add_claim(c, self.claim_name.text(),
                                                   self.claim_turf.isChecked())))
        self.claim_name.returnPressed.connect(self.add_claim.click)  # Enter: Add
        row = fill_row(self.claim_name, self.claim_turf, self.add_claim)
        cl.addLayout(row)
        middle.addWidget(claims, 2)

    def _build_clocks(self, layout: QVBoxLayout) -> None:
        """The clocks: their faces, a table, ticking, adding, linking and the odds
        that the selected one fills."""
        clocks = QGroupBox("Clocks")
        kl = QVBoxLayout(clocks)
        # the faces have a row's room from the start, a note in it while there is no clock:
        # the first face no longer pushes the table and the controls under the pointer
        faces_area = QWidget()
        area = QVBoxLayout(faces_area)
        area.setContentsMargins(0, 0, 0, 0)
        self.no_faces = QLabel("No clocks yet. Each clock added below shows its face here: "
                               "click a segment to fill the clock up to it.")
        self.no_faces.setAccessibleName("Clock faces")
        self.no_faces.setWordWrap(True)
        self.no_faces.setAlignment(Qt.AlignmentFlag.AlignCenter)
        area.addWidget(self.no_faces)
        self.faces_host = QWidget()
        self.faces = QGridLayout(self.faces_host)
        self.faces.setContentsMargins(0, 0, 0, 0)
        self.faces.setVerticalSpacing(FACE_SPACING)
        self._faces: dict[str, tuple[ClockFace, QLabel]] = {}
        area.addWidget(self.faces_host)
        faces_area.setMinimumHeight(ClockFace("", 4, 0).sizeHint().height() + FACE_SPACING
                                    + _face_label_height(self.no_faces))
        kl.addWidget(faces_area)
        self.clocks = no_tab_trap(QTableWidget(0, 3))
        self.clocks.setAccessibleName("Clocks")
        self.clocks.setHorizontalHeaderLabels(["Clock", "Kind", "Filled"])
        header_tips(self.clocks)
        self.clocks.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.clocks.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        # the names take the room the kind and the squares leave (they were held to 100 px
        # while the squares had the rest); a name still too long elides, whole in its tooltip
        header = self.clocks.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.clocks.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.clocks.itemSelectionChanged.connect(self._refresh_clock_buttons)
        kl.addWidget(self.clocks)
        self.tick = self._button("Tick", lambda: self._tick(1))
        self.untick = self._button("Untick", lambda: self._tick(-1))
        self.remove_clock = self._button("Remove clock", self._remove_clock)
        row = fill_row(self.tick, self.untick, self.remove_clock)
        row.addStretch(1)
        kl.addLayout(row)
        self.clock_name = QLineEdit()
        self.clock_name.setAccessibleName("New clock")
        self.clock_name.setPlaceholderText("clock name")
        room_for_placeholder(self.clock_name)
        self.clock_size = QComboBox()
        self.clock_size.setAccessibleName("New clock segments")
        for size in rules.BLADES_CLOCK_SIZES:
            self.clock_size.addItem(rules.clock_size_label(size), size)
        self.clock_kind = QComboBox()
        self.clock_kind.setAccessibleName("New clock kind")
        self.clock_kind.addItems(list(rules.CLOCK_KINDS))
        self.add_clock = self._button("Add clock", self._add_clock)
        self.clock_name.textChanged.connect(lambda _t: self._refresh_clock_buttons())
        self.clock_name.returnPressed.connect(self.add_clock.click)  # Enter: Add clock
        row = fill_row(self.clock_name, self.clock_size, self.clock_kind, self.add_clock)
        kl.addLayout(row)
        self.link_kind = QComboBox()
        self.link_kind.setAccessibleName("Link kind")
        self.link_kind.addItems(["linked", "racing", "tug-of-war"])
        self.link_first = NamePick()
        self.link_first.setAccessibleName("First clock")
        self.link_second = NamePick()
        self.link_second.setAccessibleName("Second clock")
        self.link_button = self._button("Link", self._link)
        self.unlink_button = self._button("Unlink", self._unlink)
        for combo in (self.link_kind, self.link_first, self.link_second):
            combo.currentIndexChanged.connect(lambda _i: self._refresh_clock_buttons())
        row = fill_row(self.link_kind, self.link_first, self.link_second, self.link_button,
                       self.unlink_button)
        kl.addLayout(row)
        self.fill_dice = spin_box("Dice per roll against the clock", 0, odds.MAX_TRAIT_DICE, 2)
        self.fill_effect = QComboBox()
        self.fill_effect.setAccessibleName("Effect against the clock")
        for effect in Effect:
            self.fill_effect.addItem(effect.value.capitalize(), effect.value)
        self.fill_effect.setCurrentIndex(self.fill_effect.findData("standard"))
        self.fill_odds = QLabel()
        self.fill_odds.setAccessibleName("Fill odds of the selected clock")
        self.fill_odds.setWordWrap(True)
        # three lines held from the start: the odds of the clock picked, longer or shorter
        # than the note before it, do not move the page (scrolled to its end) up or down
        self.fill_odds.setMinimumHeight(3 * self.fill_odds.fontMetrics().lineSpacing())
        odds_row = fill_row(QLabel("Rolling"), self.fill_dice, QLabel("dice at"), self.fill_effect,
                            self.fill_odds)
        odds_row.setStretch(4, 1)
        kl.addLayout(odds_row)
        self.fill_dice.valueChanged.connect(lambda _v: self._refresh_fill_odds())
        self.fill_effect.currentIndexChanged.connect(lambda _i: self._refresh_fill_odds())
        self.links = QLabel()
        self.links.setAccessibleName("Clock links")
        self.links.setWordWrap(True)
        kl.addWidget(self.links)
        layout.addWidget(clocks, 1)

    def _add_faction(self) -> None:
        """Put the faction on the ladder, then ready the next: the name field empties and
        the new row is selected, so its status is set with one more click."""
        name, tier = self.faction_name.text(), self.faction_tier.value()
        if self.do("Add faction", lambda c: rules.add_faction(c, name, tier)):
            self.faction_name.clear()
            self.factions.selectRow(len(self.crew.factions) - 1)

    def _set_status(self) -> None:
        index, value = self._selected(self.factions), self.status_spin.value()
        self.do("Faction status", lambda c: rules.set_status(c, index, value))

    def _remove_faction(self) -> None:
        index = self._selected(self.factions)
        self.do("Remove faction", lambda c: rules.remove_faction(c, index))

    def _claim_toggled(self, item: QListWidgetItem) -> None:
        index = self.claims.row(item)
        held = item.checkState() == Qt.CheckState.Checked
        if index < len(self.crew.claims) and self.crew.claims[index].held != held:
            self.do("Hold claim", lambda c: rules.hold_claim(c, index, held))
            self.refresh()

    def _refresh_add_faction(self) -> None:
        refuse(self.add_faction, rules.why_not_add_faction(self.crew, self.faction_name.text()),
               "Put the faction on the ladder")

    def _refresh_status(self) -> None:
        index = self._selected(self.factions)
        reason = None if index >= 0 else "select a faction"
        refuse(self.set_status, reason, "Set the selected faction's status")
        refuse(self.remove_faction, reason, "Take the selected faction off the ladder")

    def _refresh_factions_and_claims(self, crew: Crew) -> None:
        """The faction ladder's rows and the claims, each ticked when held."""
        with filling(self.factions):
            self.factions.setRowCount(len(crew.factions))
            for r, faction in enumerate(crew.factions):
                self.factions.setItem(r, 0, text_item(faction.name))
                held = rules.faction_war_hold(faction)  # at war: a step of hold less
                self.factions.setItem(r, 1, text_item(held.tier_text()))
                self.factions.setItem(r, 2, text_item(held.hold_text()))
                self.factions.setItem(r, 3, text_item(
                    f"{faction.status:+d} {rules.STATUS_NAMES[faction.status]}"))
        # the short columns give the long ones their room; the names take what is left
        share_columns(self.factions)
        self.factions.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self._refresh_add_faction()
        self._refresh_status()
        self.claims.clear()
        for i, claim in enumerate(crew.claims):
            # a crew type's map has several "Turf" cells: each says where it is
            item = QListWidgetItem(rules.claim_text(crew, i) +
                                   (" — held" if claim.held else " — not held"))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if claim.held else Qt.CheckState.Unchecked)
            reason = rules.why_not_hold_claim(crew, i, True)
            item.setToolTip(f"On the crew sheet: {rules.place_text(i)}\n"
                            + (reason or "Tick when the crew holds it"))
            self.claims.addItem(item)

    def _clock_name(self) -> str:
        index = self._selected(self.clocks)
        return self.crew.clocks[index].name if 0 <= index < len(self.crew.clocks) else ""

    def _tick(self, amount: int) -> None:
        name = self._clock_name()
        if amount > 0:
            self.do(f"Tick {name}", lambda c: rules.tick(c, name, amount))
        else:
            self.do(f"Untick {name}", lambda c: rules.untick(c, name, -amount))

    def _fill_to(self, name: str, filled: int) -> None:
        clock = next((c for c in self.crew.clocks if c.name == name), None)
        if clock is None or filled == clock.filled:
            return
        if filled > clock.filled:
            self.do(f"Tick {name}", lambda c: rules.tick(c, name, filled - clock.filled))
        else:
            self.do(f"Untick {name}", lambda c: rules.untick(c, name, clock.filled - filled))

    def _refresh_faces(self) -> None:
        names = [c.name for c in self.crew.clocks]
        if list(self._faces) != names:
            for face, label in self._faces.values():
                for gone in (face, label):  # out of the grid now, not once deleted
                    self.faces.removeWidget(gone)
                    gone.hide()
                    gone.deleteLater()
            self._faces = {}
            for i, clock in enumerate(self.crew.clocks):
                face = ClockFace(clock.name, clock.segments, clock.filled)
                face.fill_requested.connect(self._fill_to)
                label = QLabel()
                label.setAlignment(Qt.AlignmentFlag.AlignHCenter)
                label.setFixedWidth(FACE_LABEL_WIDTH)
                label.setFixedHeight(_face_label_height(label))  # three lines, always
                self.faces.addWidget(face, (i // 6) * 2, i % 6,
                                     alignment=Qt.AlignmentFlag.AlignHCenter)
                self.faces.addWidget(label, (i // 6) * 2 + 1, i % 6)
                self._faces[clock.name] = (face, label)
            self.order_faces()
        self.no_faces.setVisible(not self._faces)
        self.faces_host.setVisible(bool(self._faces))  # the note alone has the room then
        for clock in self.crew.clocks:
            face, label = self._faces[clock.name]
            face.show_state(clock.segments, clock.filled)
            # the name on two lines at most, the count on the next; whole in the tooltip
            name = _two_lines(clock.name, label.fontMetrics(), FACE_LABEL_WIDTH - 4)
            label.setText(f"{name}\n{clock.filled}/{clock.segments}")
            label.setToolTip(f"{clock.name} {clock.filled}/{clock.segments}")

    def order_faces(self) -> None:
        """The clock faces sit above the clocks' table: Tab reaches them just before it
        (made when a clock is added, they came last, after the links and the odds)."""
        before: QWidget = self.add_claim
        for face, _label in self._faces.values():
            QWidget.setTabOrder(before, face)
            before = face
        QWidget.setTabOrder(before, self.clocks)

    def _remove_clock(self) -> None:
        name = self._clock_name()
        self.do(f"Remove {name}", lambda c: rules.remove_clock(c, name))

    def _add_clock(self) -> None:
        name, size = self.clock_name.text(), int(self.clock_size.currentData())
        kind = self.clock_kind.currentText()
        if self.do("Add clock", lambda c: rules.add_clock(c, name, size, kind)):
            self.clock_name.clear()  # and the new clock selected: Tick works at once
            self.clocks.selectRow(len(self.crew.clocks) - 1)

    def _link(self) -> None:
        kind = self.link_kind.currentText()
        first, second = self.link_first.currentText(), self.link_second.currentText()
        self.do("Link clocks", lambda c: rules.link(c, kind, first, second))

    def _unlink(self) -> None:
        first, second = self.link_first.currentText(), self.link_second.currentText()
        self.do("Unlink clocks", lambda c: rules.unlink(c, first, second))

    def _refresh_clock_buttons(self) -> None:
        crew = self.crew
        name = self._clock_name()
        if not name:
            for button in (self.tick, self.untick, self.remove_clock):
                refuse(button, "select a clock", button.text())
        else:
            refuse(self.tick, rules.why_not_tick(crew, name), f"Tick {name}")
            clock = next(c for c in crew.clocks if c.name == name)
            refuse(self.untick, None if clock.filled else f"{name} is empty", f"Untick {name}")
            refuse(self.remove_clock, None, f"Remove {name}")
        refuse(self.add_clock, rules.why_not_add_clock(
            crew, self.clock_name.text(), int(self.clock_size.currentData() or 4),
            self.clock_kind.currentText()), "Add the clock")
        refuse(self.link_button, rules.why_not_link(
            crew, self.link_kind.currentText(), self.link_first.currentText(),
            self.link_second.currentText()) if len(crew.clocks) >= 2 else
            "add two clocks first", "Link the two clocks")
        refuse(self.unlink_button, rules.why_not_unlink(
            crew, self.link_first.currentText(), self.link_second.currentText()),
            "Remove the link between the two clocks")
        self._refresh_fill_odds()

    def _refresh_fill_odds(self) -> None:
        name = self._clock_name()
        if not name:
            self.fill_odds.setText("Select a clock to see how soon it fills.")
            self.fill_odds.setToolTip("")
            return
        clock = next(c for c in self.crew.clocks if c.name == name)
        if clock.filled >= clock.segments:
            self.fill_odds.setText(f"{name} is full.")
            return
        effect = Effect(str(self.fill_effect.currentData()))
        dice = self.fill_dice.value()
        chances = [odds.clock_fill_odds(clock.segments, dice, effect, n,
                                        filled=clock.filled) for n in (1, 2, 3)]
        expected = odds.clock_expected_rolls(clock.segments, dice, effect,
                                             filled=clock.filled)
        average = ("never fills" if expected is None
                   else f"on average {float(expected):.1f} rolls")
        self.fill_odds.setText(
            f"{name}: within 1/2/3 rolls " + " / ".join(
                format_probability(p) for p in chances) + f"; {average}")
        self.fill_odds.setToolTip("exactly " + ", ".join(str(p) for p in chances) +
                                  (f"; expected {expected}" if expected is not None else ""))

    def _refresh_clocks(self, crew: Crew) -> None:
        """The clocks' table (the selection kept), faces, link choices and buttons."""
        selected = self._selected(self.clocks)
        with filling(self.clocks):
            self.clocks.setRowCount(len(crew.clocks))
            for r, clock in enumerate(crew.clocks):
                self.clocks.setItem(r, 0, text_item(clock.name))
                self.clocks.setItem(r, 1, text_item(clock.kind))
                self.clocks.setItem(r, 2, text_item(
                    "■" * clock.filled + "□" * (clock.segments - clock.filled) +
                    f"  {clock.filled}/{clock.segments}"))
        if 0 <= selected < len(crew.clocks):
            self.clocks.selectRow(selected)
        self._refresh_faces()
        names = [c.name for c in crew.clocks]
        for combo in (self.link_first, self.link_second):
            combo.set_names(names)
        self.links.setText("; ".join(rules.link_text(lk) for lk in crew.links) or "No links.")
        self._refresh_clock_buttons()

"""The 2d20 calculator's damage: the hit's inputs, the Soak, the Stress track and the Harm
threshold of whom the roller's damage hits (theirs when known, shown greyed; the boxes' own
values otherwise), and the exact odds of the damage, the Effects and the Harms, counted no
further than the Harms they have room for under their Harm limit, as applying marks them."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from seforge.core.probability_text import exactly, percent
from seforge.systems.twod20 import damage as dmg
from seforge.systems.twod20 import roller
from seforge.systems.twod20.conflict_model import Combatant
from seforge.systems.twod20.models import Character
from seforge.systems.twod20.profiles import Profile, profile_info
from seforge.systems.twod20.settings import DEFAULT_SETTINGS, TableSettings
from ui.shell.widgets import spin_box
from ui.systems.twod20.calculator_part import CalculatorPart, chance_column
from ui.systems.twod20.common import elide_headers, input_form, one_row_height

ARMOUR_TIP = ("Persistent Resistance (static Soak), for a target whose own Armour or Courage "
              "is not known")
"""The Armour box's tooltip while it holds the Soak typed by hand."""
THRESHOLD_TIP = ("Stress in one hit that causes a Harm (5, or 5 + Scale), for a target "
                 "whose own is not known")
"""The Harm threshold box's tooltip while it holds the threshold typed by hand."""
HIT_FROM = "set in the tracker or their record"
"""Where the values of whom the damage hits are set, as the boxes showing them say."""


class DamagePart(CalculatorPart):
    """The damage's inputs (:meth:`_build_damage`) and odds (:meth:`_build_damage_results`,
    :meth:`_damage`), against whom the roller's damage hits (:meth:`set_hit_target`)."""

    hit: tuple[Character | Combatant | None, str, bool]
    """Whom the roller's damage hits (None: nobody known), their name, and whether the
    damage is mental: their Armour or Courage is the damage's Soak when it is known, and
    their track the one its Harms are counted on (:meth:`set_hit_target`)."""
    hit_rules: Profile | None
    """The rules of the tracker a tracker character hit is in (None: the calculator's)."""
    hit_settings: TableSettings | None
    """The table settings of that tracker (None: the calculator's): its Harm threshold."""
    last_damage: dmg.DamageOdds | None
    _typed_soak: int
    """The Soak typed in the Armour box, used while the target's own is not known."""
    _typed_track: tuple[int, int]
    """The Current and Maximum Stress typed in their boxes, used while nobody is hit."""
    _typed_threshold: int
    """The Harm threshold typed in its box (or the table's), used while nobody is hit."""

    def _start_damage(self) -> None:
        """The damage's state before its boxes are built."""
        self.last_damage = None
        self.hit = (None, "", False)
        self.hit_rules = None
        self.hit_settings = None
        self._typed_soak = 0
        self._typed_track = (0, 10)
        self._typed_threshold = DEFAULT_SETTINGS.harm_threshold

    # -- building ----------------------------------------------------------------------
    def _build_damage(self, column: QVBoxLayout) -> None:
        group = self._optional_group("Damage", checked=True)
        self.damage_group = group
        form = input_form(group)
        self.dmg_dice = spin_box("Damage dice", 0, dmg.MAX_DAMAGE_DICE, 3,
                                 "Weapon dice + skill or attribute bonus + dice bought")
        self.dmg_flat = spin_box("Flat damage", 0, dmg.MAX_FLAT, 0,
                                 "Added to the total (Conan: +1 per Momentum)")
        self.vicious = spin_box("Vicious", 0, 9, 0, "+1 Stress per Effect per rating")
        self.piercing = spin_box("Piercing", 0, 9, 0, "Ignore this much Resistance per Effect")
        self.intense = QCheckBox("Intense")
        self.intense.setToolTip("One more Harm when an Effect is rolled and a Harm is caused "
                                "(applying the rolled damage adds it too)")
        self.armour = spin_box("Armour or Courage", 0, dmg.MAX_FLAT, 0, ARMOUR_TIP)
        # before the odds follow it: they take the Soak typed
        self.armour.valueChanged.connect(self._soak_typed)
        self.cover = spin_box("Cover or Morale dice", 0, dmg.MAX_COVER_DICE, 0,
                              "Conditional Resistance rolled as dice")
        self.sturdy = QCheckBox("Sturdy cover")
        self.sturdy.setToolTip("The cover adds +1 per Effect it rolls")
        self.current = spin_box("Current Stress", 0, dmg.MAX_FLAT, 0,
                                "Stress the target already has")
        self.maximum = spin_box("Maximum Stress", 0, dmg.MAX_FLAT, 10,
                                "The target's maximum Stress")
        # before the odds follow them, as the Armour box
        self.current.valueChanged.connect(lambda value: self._track_typed(0, value))
        self.maximum.valueChanged.connect(lambda value: self._track_typed(1, value))
        self.threshold = spin_box("Harm threshold", 1, 20, DEFAULT_SETTINGS.harm_threshold,
                                  THRESHOLD_TIP)
        # before the odds follow it, as the Armour box
        self.threshold.valueChanged.connect(self._threshold_typed)
        self.current_label = QLabel("Current Stress")
        self.max_label = QLabel("Maximum Stress")
        form.addRow("Damage dice", self.dmg_dice)
        form.addRow("Flat damage", self.dmg_flat)
        form.addRow("Vicious", self.vicious)
        form.addRow("Piercing", self.piercing)
        form.addRow(self.intense)
        form.addRow("Armour / Courage", self.armour)
        form.addRow("Cover / Morale dice", self.cover)
        form.addRow(self.sturdy)
        form.addRow(self.current_label, self.current)
        form.addRow(self.max_label, self.maximum)
        form.addRow("Harm threshold", self.threshold)
        column.addWidget(group)

    def _build_damage_results(self, column: QVBoxLayout) -> None:
        self.damage_box = QGroupBox("Damage")
        damage_layout = QVBoxLayout(self.damage_box)
        self.damage_summary = QLabel()
        self.damage_summary.setWordWrap(True)
        self.damage_summary.setAccessibleName("Damage summary")
        self.harm_table = QTableWidget(1, 0)
        self.harm_table.setVerticalHeaderLabels(["Chance"])
        self.harm_table.setAccessibleName("Harms after soak")
        self.harm_table.setToolTip("Chance of 0, 1, 2, or 3 or more Harms marked by this "
                                   "hit (no more than the Harm limit leaves room for)")
        self.harm_table.setFixedHeight(one_row_height(self.harm_table))
        self.total_table = QTableWidget(0, 3)
        self.total_table.setHorizontalHeaderLabels(["Dice total", "Chance", "With an Effect"])
        self.total_table.setAccessibleName("Damage dice totals")
        self.total_table.verticalHeader().setVisible(False)
        self.total_table.setMaximumHeight(200)
        self.effects_table = chance_column("Effects", "Effects rolled",
                                           "Chance of rolling exactly this many Effects")
        damage_layout.addWidget(self.damage_summary)
        damage_layout.addWidget(QLabel("Harms after soak"))
        damage_layout.addWidget(self.harm_table)
        damage_layout.addWidget(QLabel("Effects rolled"))
        damage_layout.addWidget(self.effects_table)
        damage_layout.addWidget(self.total_table)
        column.addWidget(self.damage_box)

    # -- whom the damage hits ------------------------------------------------------------
    def set_hit_target(self, target: Character | Combatant | None, name: str,
                       mental: bool, tracker: Profile | None = None,
                       tracker_settings: TableSettings | None = None) -> None:
        """Whom the roller's damage hits (None: nobody known), whether it is mental, and
        the rules and table settings of the tracker a tracker character is in
        (``tracker``, ``tracker_settings``; None: the calculator's). The odds soak with
        their Armour or Courage when it is known, as the roll does (the core's
        :func:`~seforge.systems.twod20.roller.hit_soak`), and count the Harms on their track
        by the rules applying the damage follows
        (:func:`~seforge.systems.twod20.roller.hit_track`), at the Harm threshold it uses
        (:func:`~seforge.systems.twod20.roller.hit_threshold`); the boxes show theirs,
        greyed, and get back the values typed once they are not known."""
        before = self._hit_shown()
        self.hit, self.hit_rules = (target, name, mental), tracker
        self.hit_settings = tracker_settings
        if self._hit_shown() == before:
            return
        self._show_soak()
        self._show_track()
        self._show_threshold()
        self.recompute()

    def _hit_shown(self) -> tuple[object, ...]:
        """What the boxes and the odds show of whom the damage hits."""
        target = self.hit[0]
        return (self.soak(), self.track(), self.harm_threshold(), self.hit_harms(),
                self.hit[1:], isinstance(target, Character))

    def soak(self) -> tuple[int, bool]:
        """The static Soak of the damage's odds, and whether it is the target's own."""
        target, _name, mental = self.hit
        return roller.hit_soak(target, mental, self._typed_soak)

    def typed_soak(self) -> int:
        """The Soak typed in the Armour box (the target's own counts when it is known)."""
        return self._typed_soak

    def soak_source(self) -> str:
        """Where the static Soak comes from, in words."""
        _target, name, mental = self.hit
        if self.soak()[1]:
            return f"{name}'s {'Courage' if mental else 'Armour'}"
        return f"the Armour / Courage box, as {name}'s own is not known" if name else (
            "the Armour / Courage box")

    def _soak_typed(self, value: int) -> None:
        """The box set (by hand, or by code while it shows the target's): kept for a target
        whose own Soak is not known; the box goes on showing the target's when it is."""
        self._typed_soak = value
        if self.soak()[1]:
            self._show_soak()

    def _show_soak(self) -> None:
        value, theirs = self.soak()
        self.armour.blockSignals(True)
        self.armour.setValue(value)
        self.armour.blockSignals(False)
        self.armour.setEnabled(not theirs)
        self.armour.setToolTip(
            f"{self.soak_source()}: the Soak of whom the roller's damage hits ({HIT_FROM}); "
            "the odds and the roll both use it" if theirs else ARMOUR_TIP)

    def track(self) -> tuple[roller.HitTrack, bool]:
        """The track the damage's Harms are counted on, and whether it is the target's own
        (else the Current and Maximum Stress typed, by the calculator's rules)."""
        target, _name, mental = self.hit
        typed = roller.HitTrack(self.profile, *self._typed_track)
        return roller.hit_track(target, mental, self.hit_rules or self.profile, typed)

    def track_source(self) -> str:
        """The track the Harms are counted on, in words."""
        track, theirs = self.track()
        if not theirs:
            return ("the Vigor or Resolve box" if track.profile is Profile.CONAN
                    else "the Stress boxes")
        _target, name, mental = self.hit
        rules = ("" if track.profile is self.profile
                 else f", by {profile_info(track.profile).title}'s rules")
        if track.profile is Profile.CONAN:
            return f"{name}'s {'Resolve' if mental else 'Vigor'} left, {track.current}{rules}"
        return f"{name}'s Stress {track.current} of {track.maximum}{rules}"

    def _track_typed(self, which: int, value: int) -> None:
        """A Stress box set (by hand, or by code while it shows the target's): kept for when
        nobody is hit; the boxes go on showing the target's track while someone is."""
        typed = list(self._typed_track)
        typed[which] = value
        self._typed_track = (typed[0], typed[1])
        if self.track()[1]:
            self._show_track()

    def _show_track(self) -> None:
        """The Stress boxes: the track the Harms are counted on, named by its rules."""
        track, theirs = self.track()
        conan = track.profile is Profile.CONAN
        self.current_label.setText("Vigor or Resolve left" if conan else "Current Stress")
        self.max_label.setVisible(not conan)
        self.maximum.setVisible(not conan)
        for box, value in ((self.current, track.current), (self.maximum, track.maximum)):
            box.blockSignals(True)
            box.setValue(value)
            box.blockSignals(False)
            box.setEnabled(not theirs)
        if not theirs:
            self.current.setToolTip("What the target's track holds now" if conan
                                    else "Stress the target already has")
            self.maximum.setToolTip("The target's maximum Stress")
            return
        name, mental = self.hit[1], self.hit[2]
        counted = ("the odds count the Harms from it, as applying the damage does")
        if conan:
            self.current.setToolTip(
                f"{name}'s {'Resolve' if mental else 'Vigor'} left, {track.current} of "
                f"{track.maximum} ({HIT_FROM}): {counted}, by "
                f"{profile_info(track.profile).title}'s rules")
        else:
            self.current.setToolTip(f"{name}'s Stress, {track.current} of {track.maximum} "
                                    f"({HIT_FROM}): {counted}")
        self.maximum.setToolTip(f"{name}'s maximum Stress ({HIT_FROM}): {counted}")

    def harm_threshold(self) -> tuple[int, bool]:
        """The Stress in one hit that causes a Harm, and whether it is the target's own (the
        record's table setting, or the tracker's for a tracker character), else the one
        typed in the Harm threshold box."""
        target = self.hit[0]
        return roller.hit_threshold(target, self.hit_settings or self.settings,
                                    self._typed_threshold)

    def threshold_source(self) -> str:
        """Where the Harm threshold comes from, in words."""
        target, name, _mental = self.hit
        if not self.harm_threshold()[1]:
            return "the Harm threshold box"
        if isinstance(target, Character):
            return f"{name}'s record's table settings"
        return f"the tracker's table settings, for {name}"

    def set_typed_threshold(self, value: int) -> None:
        """The Harm threshold for a target whose own is not known (the table's, as the
        calculator's settings change); the box shows it while nobody is hit."""
        self._typed_threshold = value
        self._show_threshold()

    def _threshold_typed(self, value: int) -> None:
        """The box set (by hand, or by code while it shows the target's): kept for when
        nobody is hit; the box goes on showing the target's threshold while someone is."""
        self._typed_threshold = value
        if self.harm_threshold()[1]:
            self._show_threshold()

    def _show_threshold(self) -> None:
        value, theirs = self.harm_threshold()
        source = self.threshold_source()
        self.threshold.blockSignals(True)
        self.threshold.setValue(value)
        self.threshold.blockSignals(False)
        self.threshold.setEnabled(not theirs)
        self.threshold.setToolTip(
            f"{source[:1].upper()}{source[1:]}: {value} or more Stress in one hit causes "
            f"{self.hit[1]} a Harm; the odds count with it, as applying the damage does"
            if theirs else THRESHOLD_TIP)

    def hit_harms(self) -> tuple[roller.HitHarms, bool]:
        """The Harms whom the damage hits holds and has room for, and whether they are the
        target's own (else none held, under the calculator's table settings): the odds count
        no more Harms than that room, as applying the damage marks no more."""
        return roller.hit_harms(self.hit[0], self.hit_settings or self.settings, 0)

    def harm_room_text(self, past: Fraction) -> str:
        """What the Harm limit leaves room for, in words ("" when nothing stops the Harms
        counted), and how often (``past``) the hit causes more than that."""
        harms, theirs = self.hit_harms()
        who = self.hit[1] if theirs else "the target"
        if harms.limit is None and not past:
            return ""
        held = (f"{who} holds {harms.held} Harm{'' if harms.held == 1 else 's'}"
                if theirs else "with no Harm held")
        limit = (f" of the {harms.limit} that leave them Defeated" if harms.limit is not None
                 else "")
        room = ("no more Harms are counted, as applying marks none" if harms.room == 0 else
                f"at most {harms.room} more Harm{'' if harms.room == 1 else 's'} counted, "
                "as applying marks no more")
        more = (f"; {percent(past)} of hits cause more (what a Harm past Defeated does is "
                "the GM's call)" if past else "")
        return f"; {held}{limit}: {room}{more}"

    # -- answers -------------------------------------------------------------------------
    def damage_spec(self) -> dmg.DamageSpec:
        track = self.track()[0]
        conan = track.profile is Profile.CONAN
        return dmg.DamageSpec(
            profile=track.profile, dice=self.dmg_dice.value(), flat=self.dmg_flat.value(),
            vicious=self.vicious.value(), piercing=self.piercing.value(),
            intense=self.intense.isChecked(), armour=self.soak()[0],
            cover_dice=self.cover.value(), sturdy=self.sturdy.isChecked(),
            current_stress=track.current,
            max_stress=track.current if conan else track.maximum,
            harm_threshold=self.harm_threshold()[0], harm_room=self.hit_harms()[0].room)

    def _damage(self) -> None:
        on = self.damage_group.isChecked()
        self.damage_box.setVisible(on)
        self.last_damage = None
        if not on:
            return
        spec = self.damage_spec()
        reason = dmg.why_not_damage(spec)
        if reason is not None:
            self.damage_summary.setText(reason)
            self.harm_table.setColumnCount(0)
            self.effects_table.setRowCount(0)
            self.total_table.setRowCount(0)
            return
        odds = dmg.damage_odds(spec)
        self.last_damage = odds
        effect = odds.dice.p(lambda o: o[1] >= 1)
        die = profile_info(self.profile).damage_die
        self.damage_summary.setText(
            f"{spec.dice} {die}: average total {float(odds.expected_total):.2f}, "
            f"at least one Effect {percent(effect)}; average Stress after soak "
            f"{float(odds.stress.mean()):.2f} (static Soak {spec.armour}: "
            f"{self.soak_source()}); Harms counted from {self.track_source()}, a Harm for "
            f"{spec.harm_threshold}+ Stress in one hit ({self.threshold_source()})"
            + ("; Intense's Harm counted" if spec.intense else "")
            + self.harm_room_text(odds.past_room) + ".")
        self.damage_summary.setToolTip(
            f"average total {exactly(odds.expected_total)}; Effect {exactly(effect)}"
            + (f"; more Harms than can be marked {exactly(odds.past_room)}"
               if odds.past_room else ""))
        self._fill_harms(odds, spec.harm_room)
        effect_counts = odds.dice.map(lambda o: o[1])
        self._fill_column(self.effects_table,
                          [(str(k), effect_counts[k]) for k in range(spec.dice + 1)])
        totals: dict[int, tuple[Fraction, Fraction]] = {}
        for (total, effects), p in odds.dice.items():
            all_p, with_effect = totals.get(total, (Fraction(0), Fraction(0)))
            totals[total] = (all_p + p, with_effect + (p if effects else 0))
        self.total_table.setRowCount(len(totals))
        for index, total in enumerate(sorted(totals)):
            all_p, with_effect = totals[total]
            self.total_table.setItem(index, 0, QTableWidgetItem(str(total)))
            for column, value in ((1, all_p), (2, with_effect)):
                item = QTableWidgetItem(percent(value))
                item.setToolTip(exactly(value))
                self.total_table.setItem(index, column, item)
        elide_headers(self.total_table)

    def _fill_harms(self, odds: dmg.DamageOdds, room: int) -> None:
        """The chance of each number of Harms marked; a number past the room the Harm limit
        leaves reads a dash, its head saying why (no hit marks it)."""
        bands = odds.harm_bands()
        self._fill_row(self.harm_table, [(f"{k} Harm{'' if k == '1' else 's'}", p)
                                         for k, p in bands.items()])
        who = self.hit[1] if self.hit_harms()[1] else "the target"
        tips = []
        for column, key in enumerate(bands):
            head = self.harm_table.horizontalHeaderItem(column)
            if int(key.rstrip("+")) <= room or head is None:
                tips.append("")
                continue
            cell = self.harm_table.item(0, column)
            if cell is not None:
                cell.setText("—")
            tips.append(f"{head.text()}: never marked, {who} has room for "
                        f"{room} more Harm{'' if room == 1 else 's'} under the Harm limit")
        elide_headers(self.harm_table, tips)

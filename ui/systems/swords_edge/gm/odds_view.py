"""The odds of one roll, as labels and a small bar chart (numbers from
seforge.systems.swords_edge.dice)."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QFormLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from seforge.systems.swords_edge.dice import LEVELS, CriticalsReading, needed_roll, odds
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.breakdown import undefended_pc_tn
from seforge.systems.swords_edge.resolution.tips import RULE_TIPS
from seforge.systems.swords_edge.resolution.undefended import UndefendedBands, undefended_pc_odds
from seforge.systems.swords_edge.resolution.verdicts import format_chance

LUCK_STEPS = (1, 2, 3)


class LevelChart(QWidget):
    """Bars for "fail" and each Level of Success, drawn in palette colours."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: list[tuple[str, Fraction, bool]] = []
        self.setMinimumHeight(96)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Chart of the chances of each Level")
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def sizeHint(self) -> QSize:
        return QSize(300, 110)

    def set_bars(self, bars: list[tuple[str, Fraction, bool]]) -> None:
        """``(label, chance, is_success)`` per bar, left to right."""
        self._bars = bars
        summary = ", ".join(f"{name} {format_chance(p)}" for name, p, _ in bars)
        self.setToolTip(summary)
        self.setAccessibleDescription(summary)
        self.setAccessibleName(f"Chances by Level: {summary}")
        self.update()

    def bars(self) -> list[tuple[str, Fraction, bool]]:
        return list(self._bars)

    def paintEvent(self, _event: object) -> None:
        if not self._bars:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pal = self.palette()
        text = pal.color(QPalette.ColorRole.WindowText)
        good = pal.color(QPalette.ColorRole.Highlight)
        bad = QColor(pal.color(QPalette.ColorRole.WindowText))
        bad.setAlphaF(0.35)
        fm = painter.fontMetrics()
        line = fm.height()
        width = self.width()
        height = self.height()
        count = len(self._bars)
        slot = width / count
        top = line + 2
        bottom = height - line - 4
        area = max(bottom - top, 4)
        peak = max((float(p) for _, p, _ in self._bars), default=0.0) or 1.0
        for index, (name, chance, success) in enumerate(self._bars):
            x = index * slot
            bar_h = area * float(chance) / peak
            colour = QColor(good) if success else bad
            if success:
                colour.setAlphaF(0.55 + 0.45 * (index / max(count - 1, 1)))
            rect = QRectF(x + slot * 0.15, bottom - bar_h, slot * 0.7, bar_h)
            painter.fillRect(rect, colour)
            painter.setPen(text)
            label = format_chance(chance)
            painter.drawText(QRectF(x, bottom - bar_h - line - 1, slot, line),
                             Qt.AlignmentFlag.AlignCenter, label)
            short = fm.elidedText(name, Qt.TextElideMode.ElideRight, int(slot) - 2)
            painter.drawText(QRectF(x, bottom + 2, slot, line), Qt.AlignmentFlag.AlignCenter,
                             short)
        painter.end()


class OddsPanel(QWidget):
    """Total modifier, TN, needed roll, chances (with Luck) and the chart."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: dict[str, QLabel] = {}
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        rows = [
            ("modifier", "Total modifier", "The modifier added to 2d10 for this step"),
            ("tn", "TN", "The Target Number to reach"),
            ("needs", "Needs", "The 2d10 total that just makes it"),
            ("success", "P(success)", "Chance of succeeding on the first roll"),
            ("levels", "P(each Level)", "Chance of succeeding at exactly each Level"),
            ("natural", "P(natural 2 / 20)", "Chance of a Critical Failure / Success"),
            ("luck", "P(success) with Luck", RULE_TIPS["luck_odds"]),
        ]
        for key, title, tip in rows:
            label = QLabel("—", self)
            label.setObjectName(f"odds_{key}")
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setToolTip(tip)
            label.setAccessibleName(title)
            self.labels[key] = label
            form.addRow(f"{title}:", label)
        self.chart = LevelChart(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.chart)

    def text(self, key: str) -> str:
        return self.labels[key].text()

    def show_test(self, modifier: int, tn: int, criticals: CriticalsReading = "first") -> None:
        """The odds of 2d10 + ``modifier`` against ``tn`` (from ``dice.odds``);
        ``criticals`` follows the table rule *Criticals follow Luck rerolls*."""
        result = odds(modifier, tn, max(LUCK_STEPS), criticals)
        self.labels["modifier"].setText(format_modifier(modifier))
        self.labels["tn"].setText(str(tn))
        self.labels["needs"].setText(f"{needed_roll(modifier, tn)}+ on 2d10")
        self.labels["success"].setText(format_chance(result.success))
        self.labels["levels"].setText(
            ", ".join(f"{name} {format_chance(result.levels[name])}" for name in LEVELS))
        self.labels["natural"].setText(
            f"{format_chance(result.critical_failure)} / {format_chance(result.critical_success)}")
        self.labels["luck"].setText(
            ", ".join(f"{k} Luck {format_chance(result.with_luck[k])}" for k in LUCK_STEPS))
        bars = [("Fail", result.failure, False)]
        bars += [(name, result.levels[name], True) for name in LEVELS]
        self.chart.set_bars(bars)

    def show_undefended_pc(self, modifier: int, bands: UndefendedBands = "seven") -> None:
        """An Undefended PC's roll: the chance of each hit Level, from the core."""
        chances = undefended_pc_odds(modifier, bands)
        tn = undefended_pc_tn().total
        self.labels["modifier"].setText(f"{format_modifier(modifier)} (Penalty Ranks only)")
        self.labels["tn"].setText(f"{tn} or more avoids the hit")
        self.labels["needs"].setText(f"{needed_roll(modifier, tn)}+ on 2d10 to avoid the hit")
        self.labels["success"].setText(f"{format_chance(chances[None])} (no hit)")
        self.labels["levels"].setText(
            "Hit at " + ", ".join(f"{name} {format_chance(chances[name])}" for name in LEVELS))
        result = odds(modifier, tn, max(LUCK_STEPS))
        self.labels["natural"].setText(
            f"{format_chance(result.critical_failure)} (Legendary hit) / "
            f"{format_chance(result.critical_success)} (no hit)")
        self.labels["luck"].setText("—")
        bars = [("No hit", chances[None], False)]
        bars += [(name, chances[name], True) for name in LEVELS]
        self.chart.set_bars(bars)

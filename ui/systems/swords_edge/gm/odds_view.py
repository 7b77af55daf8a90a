"""The odds of one roll, as labels and a small bar chart (numbers from
seforge.systems.swords_edge.dice)."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QEvent, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QResizeEvent
from PySide6.QtWidgets import QFormLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from seforge.systems.swords_edge.dice import LEVELS, CriticalsReading, needs_text, odds
from seforge.systems.swords_edge.ranks import format_modifier
from seforge.systems.swords_edge.resolution.breakdown import undefended_pc_tn
from seforge.systems.swords_edge.resolution.tips import RULE_TIPS
from seforge.systems.swords_edge.resolution.undefended import UndefendedBands, undefended_pc_odds
from seforge.systems.swords_edge.resolution.verdicts import format_chance

LUCK_STEPS = (1, 2, 3)


class LevelChart(QWidget):
    """Bars for "fail" and each Level of Success, drawn in palette colours.

    Each bar's name is written whole under it: when the names do not fit side by side,
    they take turns on two (or more) lines, each one then having the width of the bars
    around it, and the chart grows by those lines."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bars: list[tuple[str, Fraction, bool]] = []
        self._rows = 1
        self.setMinimumHeight(self._height(1))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Chart of the chances of each Level")
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def _height(self, rows: int) -> int:
        """The chart's height with its names on ``rows`` lines."""
        return 110 + (rows - 1) * self.fontMetrics().height()

    def sizeHint(self) -> QSize:
        return QSize(300, self._height(self._rows))

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self._height(self._rows))

    def set_bars(self, bars: list[tuple[str, Fraction, bool]]) -> None:
        """``(label, chance, is_success)`` per bar, left to right."""
        self._bars = bars
        summary = ", ".join(f"{name} {format_chance(p)}" for name, p, _ in bars)
        self.setToolTip(summary)
        self.setAccessibleDescription(summary)
        self.setAccessibleName(f"Chances by Level: {summary}")
        self._fit_rows()
        self.update()

    def bars(self) -> list[tuple[str, Fraction, bool]]:
        return list(self._bars)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_rows()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_rows()

    def _fit_rows(self) -> None:
        """Take as many lines for the names as the width needs (the height follows)."""
        rows = self._rows_needed(self.width())
        if rows != self._rows:
            self._rows = rows
            self.setMinimumHeight(self._height(rows))
            self.updateGeometry()

    def _rooms(self, width: float, rows: int) -> list[tuple[float, float]]:
        """Per bar, from where to where its name may go with the names on ``rows`` lines
        in turn: half way to the next bar's name on its line each side (the chart's
        edge when there is none)."""
        count = len(self._bars)
        slot = width / count if count else 0.0
        rooms = []
        for index in range(count):
            centre = (index + 0.5) * slot
            left = 0.0 if index - rows < 0 else centre - rows * slot / 2
            right = width if index + rows >= count else centre + rows * slot / 2
            rooms.append((left, right))
        return rooms

    def _fits(self, width: float, rows: int) -> bool:
        """Whether every name fits its room with the names on ``rows`` lines."""
        fm = self.fontMetrics()
        return all(fm.horizontalAdvance(name) <= right - left
                   for (name, _c, _s), (left, right)
                   in zip(self._bars, self._rooms(width, rows), strict=True))

    def _rows_needed(self, width: float) -> int:
        count = len(self._bars)
        if count == 0 or width <= 0:
            return 1
        return next((rows for rows in range(1, count + 1) if self._fits(width, rows)),
                    count)

    def label_layout(self) -> list[tuple[str, QRectF, QRectF]]:
        """Per bar, left to right: the label shown under it, the room it has and the
        rectangle its text takes (as near under its bar as its room allows)."""
        fm = self.fontMetrics()
        line = fm.height()
        count = len(self._bars)
        if not count:
            return []
        width = float(self.width())
        slot = width / count
        rows = self._rows_needed(width)
        first = self.height() - rows * line - 2
        found = []
        for index, ((name, _c, _s), (left, right)) in enumerate(
                zip(self._bars, self._rooms(width, rows), strict=True)):
            top = first + (index % rows) * line
            room = QRectF(left, top, right - left, line)
            advance = fm.horizontalAdvance(name)
            centre = (index + 0.5) * slot
            start = min(max(centre - advance / 2, left), right - advance)
            found.append((name, room, QRectF(start, top, advance, line)))
        return found

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
        count = len(self._bars)
        slot = width / count
        labels = self.label_layout()
        top = line + 2
        bottom = (labels[0][1].top() if labels else self.height()) - 2
        area = max(bottom - top, 4)
        peak = max((float(p) for _, p, _ in self._bars), default=0.0) or 1.0
        for index, (_name, chance, success) in enumerate(self._bars):
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
            name, _room, text_rect = labels[index]
            painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, name)
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
        self.labels["needs"].setText(needs_text(modifier, tn))
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
        self.labels["needs"].setText(f"{needs_text(modifier, tn)} to avoid the hit")
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

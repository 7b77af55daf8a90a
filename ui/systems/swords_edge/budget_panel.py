"""The budget panel: Ranks spent, where they went, and every rule problem."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from ui.shell.steady_text import ElidedLabel
from ui.shell.theme import is_dark, verdict_colour
from ui.systems.swords_edge.widgets import section_label, set_font_scale

if TYPE_CHECKING:  # the validation module loads the models: not needed to draw
    from seforge.systems.swords_edge.validation import CheckResult, Problem

LIST_MIN_HEIGHT = 48
"""The lists may shrink to about two lines (a short screen with the GM's Table open)."""
FIELD_ROLE = Qt.ItemDataRole.UserRole
RULE_ROLE = Qt.ItemDataRole.UserRole + 1


def problem_text(problem: Problem) -> str:
    return f"{problem.message} — {problem.section.value}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def status_text(errors: int, warnings: int, legal: bool, played: bool = False) -> str:
    """The legality line: it counts errors and warnings so the numbers add up to the
    items listed under Problems; a ``played`` character is no longer called new."""
    counts = [_count(errors, "error")] if errors else []
    if warnings:
        counts.append(_count(warnings, "warning"))
    head = ("✔ Legal character" if played else "✔ Legal new character") if legal \
        else "✘ Not legal yet"
    return f"{head} — {', '.join(counts)}" if counts else head


class WrappingDelegate(QStyledItemDelegate):
    """Sizes word-wrapped items for the text width left beside their icon (Qt's own
    size hint ignores the icon and cuts the last line)."""

    PADDING = 8

    def __init__(self, view: QListWidget) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        width = self.view.viewport().width() - 12
        icon = 0
        if not opt.icon.isNull():
            icon = opt.decorationSize.width() + 8
        text_width = max(60, width - icon)
        rect = opt.fontMetrics.boundingRect(
            QRect(0, 0, text_width, 100_000), int(Qt.TextFlag.TextWordWrap), opt.text
        )
        height = max(rect.height(), opt.decorationSize.height() if icon else 0)
        return QSize(width, height + self.PADDING)


class BudgetPanel(QWidget):
    """Shows a CheckResult; ``problem_activated(field, rule)`` when one is clicked."""

    problem_activated = Signal(object, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("budgetPanel")
        self._ledger_shown: tuple[str, ...] | None = None
        self._problems_shown: tuple[Problem, ...] | None = None
        self._summary_shown: str | None = None

        # one line: wrapped to two when a Weakness was added, it moved the ledger down
        self.summary = ElidedLabel(parent=self)
        self.summary.setObjectName("budgetSummary")
        self.summary.setAccessibleName("Budget summary")
        self.summary.setToolTip("Ranks spent against the Ranks this character has to spend")
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        set_font_scale(self.summary, 1.15, bold=True)

        self.status = QLabel(self)
        self.status.setObjectName("budgetStatus")
        self.status.setAccessibleName("Legality")
        self.status.setWordWrap(True)

        self.ledger = QListWidget(self)
        self.ledger.setObjectName("ledger")
        self.ledger.setAccessibleName("Where the Ranks went")
        self.ledger.setToolTip("Every Quality and what it cost")
        self.ledger.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.ledger.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.ledger.setWordWrap(True)
        self.ledger.setUniformItemSizes(False)
        self.ledger.setAlternatingRowColors(True)
        self.ledger.setItemDelegate(WrappingDelegate(self.ledger))

        self.problems = QListWidget(self)
        self.problems.setObjectName("problems")
        self.problems.setAccessibleName("Problems")
        self.problems.setToolTip("Click a problem to go to the field it is about")
        self.problems.setWordWrap(True)
        self.problems.setItemDelegate(WrappingDelegate(self.problems))
        self.problems.setIconSize(QSize(20, 20))
        self.problems.itemActivated.connect(self._on_activated)
        self.problems.itemClicked.connect(self._on_activated)

        for view in (self.ledger, self.problems):
            view.setMinimumHeight(LIST_MIN_HEIGHT)
            view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
            view.setResizeMode(QListWidget.ResizeMode.Adjust)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 10)
        layout.setSpacing(6)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addSpacing(4)
        self.ledger_label = section_label("Where the Ranks went")
        layout.addWidget(self.ledger_label)
        layout.addWidget(self.ledger, 3)
        layout.addSpacing(4)
        self.problems_label = section_label("Problems")
        layout.addWidget(self.problems_label)
        layout.addWidget(self.problems, 2)
        self._empty_stretch = layout.count()
        layout.addStretch(0)
        self._result_shown: CheckResult | None = None

    def _show_lists(self, shown: bool) -> None:
        """The ledger and the problem list only when there is a character to list."""
        for widget in (self.ledger_label, self.ledger, self.problems_label, self.problems):
            widget.setVisible(shown)
        layout = self.layout()
        if isinstance(layout, QVBoxLayout):
            layout.setStretch(self._empty_stretch, 0 if shown else 1)

    def changeEvent(self, event: QEvent) -> None:
        """A theme change re-tints the legality line (its colour depends on the theme)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._result_shown is not None:
            self._set_status(self._result_shown)

    def show_result(self, result: CheckResult | None) -> None:
        """Show ``result`` (None: nothing open); rebuilds only the parts that changed."""
        self._result_shown = result
        if result is None:
            self._set_summary("No character open")
            self.status.setText("Open or create a character to see its budget.")
            self._set_status_style("")
            self._set_ledger(())
            self._problems_shown = None
            self.problems.clear()
            self._show_lists(False)
            return
        self._show_lists(True)
        report = result.budget
        self._set_summary(report.summary())
        self._set_status(result)
        self._set_ledger(tuple(e.describe() for e in report.entries))
        self._set_problems(result.problems)

    def _set_status(self, result: CheckResult) -> None:
        """The legality line; its count is the count of the listed problems."""
        text = status_text(len(result.errors), len(result.warnings), result.legal,
                           result.played)
        self.status.setText(text)
        self.status.setProperty("legal", result.legal)
        colour = verdict_colour(result.legal, is_dark())
        self._set_status_style(f"color: {colour}; font-weight: 600;")

    def _set_status_style(self, style: str) -> None:
        """The legality line's colour, set only when it changes: each style sheet set
        re-polishes the label, and the line is redrawn at every change of the character."""
        if style != self.status.styleSheet():
            self.status.setStyleSheet(style)

    def _set_summary(self, text: str) -> None:
        if text != self._summary_shown:
            self._summary_shown = text
            self.summary.setText(text)

    def _set_ledger(self, lines: tuple[str, ...]) -> None:
        if lines == self._ledger_shown:
            return
        self._ledger_shown = lines
        self.ledger.clear()
        for line in lines:
            item = QListWidgetItem(line)
            item.setToolTip(line)
            self.ledger.addItem(item)

    def _set_problems(self, problems: tuple[Problem, ...]) -> None:
        if problems == self._problems_shown:
            return
        self._problems_shown = problems
        self.problems.clear()
        style = self.style()
        error_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical)
        warning_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        if not problems:
            item = QListWidgetItem("No problems: every rule is met.")
            item.setFlags(Qt.ItemFlag.NoItemFlags | Qt.ItemFlag.ItemIsEnabled)
            self.problems.addItem(item)
            return
        for problem in problems:
            item = QListWidgetItem(problem_text(problem))
            is_error = problem.severity.value == "error"
            item.setIcon(error_icon if is_error else warning_icon)
            item.setToolTip(
                f"{'Error' if is_error else 'Warning'}: {problem.message}\n"
                f"Book section: {problem.section.value}"
                + ("\nClick to go to the field." if problem.field else "")
            )
            item.setData(FIELD_ROLE, problem.field)
            item.setData(RULE_ROLE, problem.rule)
            self.problems.addItem(item)

    def problem_items(self) -> list[QListWidgetItem]:
        return [self.problems.item(i) for i in range(self.problems.count())]

    def ledger_lines(self) -> list[str]:
        return [self.ledger.item(i).text() for i in range(self.ledger.count())]

    def _on_activated(self, item: QListWidgetItem) -> None:
        rule = item.data(RULE_ROLE)
        if rule:
            self.problem_activated.emit(item.data(FIELD_ROLE), str(rule))

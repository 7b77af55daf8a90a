"""The scoundrel's ledger: where every action dot went and every problem, in plain words
(the Blades counterpart of the Sword's Edge Budget dock)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from seforge.systems.blades import rules
from seforge.systems.blades.models import Scoundrel
from ui.systems.blades.common import wrap_list


class LedgerPanel(QWidget):
    """Shows :func:`rules.ledger_lines` and :func:`rules.check_scoundrel` for a scoundrel."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Ledger")
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setAccessibleName("Legality")
        self.status.setWordWrap(True)
        font = self.status.font()
        font.setBold(True)
        self.status.setFont(font)
        layout.addWidget(self.status)
        title = QLabel("Where the dots went")
        title.setFont(font)
        layout.addWidget(title)
        self.lines = QListWidget()
        wrap_list(self.lines)
        self.lines.setAccessibleName("Dots by source")
        self.lines.setWordWrap(True)
        layout.addWidget(self.lines, 1)
        title = QLabel("Problems")
        title.setFont(font)
        layout.addWidget(title)
        self.problems = QListWidget()
        wrap_list(self.problems)
        self.problems.setAccessibleName("Problems")
        self.problems.setWordWrap(True)
        layout.addWidget(self.problems, 2)

    def show_held(self, lines: list[str]) -> None:
        """Values the builder refused but still shows where they were typed, each with its
        reason, listed above the problems (nothing typed is silently dropped)."""
        for i in reversed(range(self.problems.count())):
            item = self.problems.item(i)
            if item is not None and item.data(0x0100) == "held":
                self.problems.takeItem(i)
        style = self.style()
        for row, line in enumerate(lines):
            item = QListWidgetItem(style.standardIcon(
                QStyle.StandardPixmap.SP_MessageBoxCritical), line)
            item.setData(0x0100, "held")
            item.setToolTip(line)
            self.problems.insertItem(row, item)

    def show_scoundrel(self, scoundrel: Scoundrel) -> None:
        problems = rules.check_scoundrel(scoundrel)
        errors = sum(p.severity == "error" for p in problems)
        warnings = len(problems) - errors
        head = "✔ Legal" if not errors else "✘ Not legal"
        stage = "new scoundrel" if scoundrel.stage == "creation" else "scoundrel in play"
        counts = ", ".join(part for part in (
            f"{errors} error{'s' * (errors != 1)}" if errors else "",
            f"{warnings} warning{'s' * (warnings != 1)}" if warnings else "") if part)
        self.status.setText(f"{head} {stage}" + (f" — {counts}" if counts else ""))
        self.lines.clear()
        for line in rules.ledger_lines(scoundrel):
            self.lines.addItem(line)
        penalties = rules.harm_penalties(scoundrel)
        if penalties:
            self.lines.addItem("Harm penalties: " + ", ".join(penalties))
        self.problems.clear()
        style = self.style()
        for problem in problems:
            icon = style.standardIcon(
                QStyle.StandardPixmap.SP_MessageBoxCritical if problem.severity == "error"
                else QStyle.StandardPixmap.SP_MessageBoxWarning)
            item = QListWidgetItem(icon, problem.message)
            item.setToolTip(f"{problem.severity}: {problem.message}\nRule {problem.rule} — "
                            f"{rules.RULES.get(problem.rule, '')}")
            self.problems.addItem(item)
        if not problems:
            self.problems.addItem("Nothing to fix.")

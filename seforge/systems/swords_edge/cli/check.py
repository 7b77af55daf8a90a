"""What ``seforge check`` prints for a Sword's Edge character: the creation ledger, the
table rules in force and every rule problem, as text or as JSON.

:func:`check_file` gives a :class:`SwordsEdgeCheckReport`, a core
:class:`~seforge.core.systems.CheckReport` (figures ``spent`` and ``budget``, the
validation problems as CheckProblems with their rule ids) that also renders the full
ledger: ``seforge check`` prints :meth:`SwordsEdgeCheckReport.text` and
:meth:`SwordsEdgeCheckReport.as_json`, the same output as before game systems.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seforge.core.systems import CheckProblem, CheckReport

if TYPE_CHECKING:  # the models load when a file is checked
    from seforge.systems.swords_edge.models import RuleOptions
    from seforge.systems.swords_edge.validation import CheckResult


def result_json(result: CheckResult) -> dict[str, Any]:
    report = result.budget
    return {
        "legal": result.legal,
        "spent": report.spent,
        "budget": report.budget,
        "ledger": [
            {
                "key": e.key,
                "label": e.label,
                "kind": e.kind,
                "from": e.start.label if e.start else None,
                "to": e.end.label if e.end else None,
                "cost": e.cost,
                "budget_change": e.budget_change,
                "note": e.note,
                "text": e.describe(),
            }
            for e in report.entries
        ],
        "problems": [p.as_json() for p in result.problems],
    }


def rules_line(options: RuleOptions) -> str:
    """``Table rules: SFX Qualities subsystem, Fetish rule`` (empty when none is on)."""
    from seforge.systems.swords_edge.table_rules import rules_on

    titles = [rule.title for rule in rules_on(options)]
    return f"Table rules: {', '.join(titles)}" if titles else ""


def body_lines(result: CheckResult, options: RuleOptions | None = None) -> list[str]:
    """The report under the file's name, each line indented as printed."""
    lines: list[str] = []
    if options is not None and rules_line(options):
        lines.append(f"  {rules_line(options)}")
    lines.append(f"  {result.budget.summary()}")
    lines += [f"    {e.describe()}" for e in result.budget.entries]
    for p in result.problems:
        lines.append(f"  {p.severity.value}: {p.message} [{p.rule}; {p.section.value}]")
    return lines


def result_text(name: str, result: CheckResult, options: RuleOptions | None = None) -> str:
    lines = [f"{name}: {'legal' if result.legal else 'NOT legal'}"]
    return "\n".join(lines + body_lines(result, options))


class SwordsEdgeCheckReport(CheckReport):
    """A core CheckReport that keeps Sword's Edge's full JSON (with the ledger and the
    table rules) and its readable text."""

    __slots__ = ("body", "full_json")
    _FIELDS = (*CheckReport._FIELDS, "full_json", "body")
    full_json: Mapping[str, Any]
    body: tuple[str, ...]

    def __init__(self, problems: Iterable[CheckProblem] = (),
                 figures: Mapping[str, Any] | None = None, lines: Iterable[str] = (),
                 full_json: Mapping[str, Any] | None = None, body: Iterable[str] = ()) -> None:
        self._init(*self.core_fields(problems, figures, lines), dict(full_json or {}),
                   tuple(body))

    def as_json(self) -> dict[str, Any]:
        """``{"legal", "spent", "budget", "ledger", "problems", "table_rules"}``."""
        return dict(self.full_json)

    def text(self, name: str) -> str:
        """The report as ``seforge check`` prints it for the file ``name``."""
        return "\n".join([self.heading(name), *self.body])


def check_file(path: Path) -> SwordsEdgeCheckReport:
    """Check the character at ``path`` (DocumentFileError when it cannot be read)."""
    from seforge.systems.swords_edge.fileformat import load_character
    from seforge.systems.swords_edge.table_rules import rules_on
    from seforge.systems.swords_edge.validation import check_character

    character = load_character(path)
    result = check_character(character)
    body = body_lines(result, character.options)
    return SwordsEdgeCheckReport(
        problems=tuple(CheckProblem(p.message, p.severity.value, p.rule)
                       for p in result.problems),
        figures={"spent": result.budget.spent, "budget": result.budget.budget},
        lines=tuple(line.strip() for line in body),
        full_json={**result_json(result),
                   "table_rules": [rule.field for rule in rules_on(character.options)]},
        body=tuple(body),
    )

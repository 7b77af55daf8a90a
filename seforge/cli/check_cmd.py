"""``seforge check FILE...``: the ledger and the rule problems of characters."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from seforge.cli import VERB_HELP, one_line

if TYPE_CHECKING:  # the models load only when the verb runs (seforge odds stays fast)
    from seforge.core.systems import CheckReport
    from seforge.systems.swords_edge.models import RuleOptions
    from seforge.systems.swords_edge.validation import CheckResult

EXIT_LEGAL, EXIT_NOT_LEGAL, EXIT_UNREADABLE = 0, 1, 2


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "check",
        help=VERB_HELP["check"],
        description="Print the creation ledger and every rule problem of each file. "
        "Exit 0 when all are legal, 1 when one is not, 2 when a file cannot be read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="character files (.sechar)")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


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


def result_text(name: str, result: CheckResult, options: RuleOptions | None = None) -> str:
    lines = [f"{name}: {'legal' if result.legal else 'NOT legal'}"]
    if options is not None and rules_line(options):
        lines.append(f"  {rules_line(options)}")
    lines.append(f"  {result.budget.summary()}")
    lines += [f"    {e.describe()}" for e in result.budget.entries]
    for p in result.problems:
        lines.append(f"  {p.severity.value}: {p.message} [{p.rule}; {p.section.value}]")
    return "\n".join(lines)


def _other_system_check(path: str) -> tuple[CheckReport | None, str] | None:
    """Check a document of a system other than Sword's Edge: (report, readable text), or
    (None, message) when it cannot be read, or None when Sword's Edge reads it (or no
    system claims it, so that Sword's Edge's loader gives its usual message)."""
    from pathlib import Path

    from seforge.core.documents import DocumentFileError, peek_format
    from seforge.core.systems import SystemLoadError
    from seforge.systems import registry

    try:
        format_id = peek_format(Path(path))
    except DocumentFileError:
        return None
    if format_id.startswith(("seforge.character", "seforge.nc", "swords-edge.")):
        return None
    try:
        system, _ = registry().for_format(format_id)
    except SystemLoadError:
        return None
    try:
        report = system.check(Path(path))
    except (DocumentFileError, ValueError, OSError) as exc:
        return None, str(exc)
    status = "legal" if report.legal else "NOT legal"
    lines = [f"{path}: {status}", *(f"  {line}" for line in report.lines)]
    lines += [f"  {p.severity}: {p.message}" + (f" [{p.rule}]" if p.rule else "")
              for p in report.problems]
    return report, "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from seforge.systems.swords_edge.fileformat import CharacterFileError, load_character
    from seforge.systems.swords_edge.table_rules import rules_on
    from seforge.systems.swords_edge.validation import check_character

    outputs: list[dict[str, Any]] = []
    texts: list[str] = []
    code = EXIT_LEGAL
    for path in args.files:
        other = _other_system_check(path)
        if other is not None:
            report, readable = other
            if report is None:
                print(f"seforge check: {one_line(readable)}", file=sys.stderr)
                code = EXIT_UNREADABLE
                continue
            if not report.legal and code == EXIT_LEGAL:
                code = EXIT_NOT_LEGAL
            outputs.append({"file": path, **report.as_json()})
            texts.append(readable)
            continue
        try:
            character = load_character(path)
        except CharacterFileError as exc:
            print(f"seforge check: {one_line(str(exc))}", file=sys.stderr)
            code = EXIT_UNREADABLE
            continue
        result = check_character(character)
        if not result.legal and code == EXIT_LEGAL:
            code = EXIT_NOT_LEGAL
        outputs.append({"file": path, **result_json(result),
                        "table_rules": [rule.field for rule in rules_on(character.options)]})
        texts.append(result_text(path, result, character.options))
    if args.json:
        payload: Any = outputs[0] if len(args.files) == 1 and outputs else outputs
        if outputs or len(args.files) > 1:
            print(json.dumps(payload, indent=2, ensure_ascii=False))
    elif texts:
        print("\n\n".join(texts))
    return code

"""What ``seforge check`` prints for a Sword's Edge document, as text or as JSON.

A character: the creation ledger, the table rules in force and every rule problem.
:func:`check_file` gives a :class:`SwordsEdgeCheckReport`, a core
:class:`~seforge.core.systems.CheckReport` (figures ``spent`` and ``budget``, the
validation problems as CheckProblems with their rule ids) that also renders the full
ledger: ``seforge check`` prints :meth:`SwordsEdgeCheckReport.text` and
:meth:`SwordsEdgeCheckReport.as_json`, the same output as before game systems.

A GM's Table scene (``.sescene``), a campaign (``.secampaign``) or an NC (``.senc``): a
:class:`SummaryCheckReport`, what is in it and what does not hold together
(:mod:`seforge.systems.swords_edge.scene_check`; a campaign's PCs checked one by one).
Errors make the exit code 1, warnings do not, as for a character.
"""

from __future__ import annotations

from collections import Counter
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


class SummaryCheckReport(SwordsEdgeCheckReport):
    """The report of a scene or a campaign: what is in it and its problems; its first
    line names the kind of document and counts the problems."""

    __slots__ = ("what",)
    _FIELDS = (*SwordsEdgeCheckReport._FIELDS, "what")
    what: str

    def __init__(self, what: str, problems: Iterable[CheckProblem] = (),
                 lines: Iterable[str] = (), full_json: Mapping[str, Any] | None = None
                 ) -> None:
        problems = tuple(problems)
        body = [*(f"  {line}" for line in lines),
                *(f"  {p.severity}: {p.message} [{p.rule}]" for p in problems)]
        self._init(*self.core_fields(problems, None, lines),
                   {"legal": not any(p.severity == "error" for p in problems),
                    **dict(full_json or {}), "problems": [p.as_json() for p in problems]},
                   tuple(body), what)

    def heading(self, name: str) -> str:
        """``"current.sescene: Sword's Edge scene, 1 warning"``."""
        from seforge.systems.swords_edge.wording import plural

        counts = Counter(p.severity for p in self.problems)
        found = [plural(counts[k], k) for k in ("error", "warning") if counts[k]]
        return f"{name}: {self.what}, {' and '.join(found) if found else 'no problems'}"


SCENE_FORMATS = ("swords-edge.scene", "seforge.scene")
"""A scene's format id and its alias (restated from ``scene.SCENE_KIND``, which needs
pydantic; a test keeps them equal)."""
CAMPAIGN_FORMAT = "seforge.campaign"
"""The core's campaign format id (restated from ``seforge.core.campaign``)."""
NC_FORMATS = ("swords-edge.nc", "seforge.nc")
"""An NC's format id and its alias (restated from ``fileformat.NC_KIND``; a test keeps them
equal)."""


def check_file(path: Path) -> SwordsEdgeCheckReport:
    """Check the document at ``path``: a character, a GM's Table scene or a campaign,
    by the format written in it (DocumentFileError when it cannot be read)."""
    from seforge.core.documents import DocumentFileError, peek_format

    try:
        format_id = peek_format(path)
    except DocumentFileError:
        format_id = ""  # the character's reader says what is wrong
    if format_id in SCENE_FORMATS:
        return check_scene(path)
    if format_id == CAMPAIGN_FORMAT:
        return check_campaign(path)
    if format_id in NC_FORMATS:
        return check_nc(path)
    return check_character_file(path)


def check_nc(path: Path) -> SummaryCheckReport:
    """An NC of the GM's opponent library (``.senc``): its Rank, type and base TN, the TN
    each Quality sets, and where it departs from its type's template (a note, not a
    problem: a monster's extra Quality is a fair design). DocumentFileError when it
    cannot be read. A nameless Element or Flaw is a warning
    (:func:`~seforge.systems.swords_edge.nc_builder.nc_problems`)."""
    from seforge.systems.swords_edge.fileformat import load_nc
    from seforge.systems.swords_edge.nc_builder import (
        nc_problems,
        quality_rows,
        template_deviations,
    )

    nc = load_nc(path)
    rows = quality_rows(nc)
    notes = template_deviations(nc)
    problems = [CheckProblem(text, "warning", "nc.unnamed_quality")
                for text in nc_problems(nc)]
    lines = [f'NC "{nc.name}": {nc.rank.label} {nc.type.value} (TN {nc.rank.target_number})',
             *(f"{row.label}: TN {row.tn}" for row in rows),
             *(f"Beside its template: {note}" for note in notes)]
    return SummaryCheckReport(
        "Sword's Edge NC", problems, lines,
        {"kind": "nc", "name": nc.name, "type": nc.type.value, "rank": nc.rank.label,
         "tn": nc.rank.target_number,
         "qualities": [{"quality": row.label, "tn": row.tn} for row in rows],
         "template_notes": notes})


def check_scene(path: Path) -> SummaryCheckReport:
    """A GM's Table scene: its PCs, NCs and Tests in progress, and its problems; an
    autosaved one also has its PCs' files checked (DocumentFileError when unreadable)."""
    from seforge.systems.swords_edge.scene import load_scene
    from seforge.systems.swords_edge.scene_autosave import PCS_FILE_NAME
    from seforge.systems.swords_edge.scene_check import (
        pc_file_problems,
        scene_json,
        scene_lines,
        scene_problems,
    )

    scene = load_scene(path)
    findings = scene_problems(scene)
    sidecar = path.with_name(PCS_FILE_NAME)
    if sidecar.is_file():
        findings += pc_file_problems(scene, sidecar)
    return SummaryCheckReport(
        "Sword's Edge scene",
        [CheckProblem(f.message, f.severity, f.rule) for f in findings],
        scene_lines(scene), scene_json(scene))


def check_campaign(path: Path) -> SummaryCheckReport:
    """A Sword's Edge campaign: its party (each PC checked), opponents, clocks and table
    rules (DocumentFileError when unreadable, or a campaign of another game system)."""
    from seforge.core.documents import DocumentFileError
    from seforge.systems.swords_edge.campaign import load_campaign, resolve_paths, rules_differing
    from seforge.systems.swords_edge.fileformat import load_character, load_nc
    from seforge.systems.swords_edge.table_rules import rules_on
    from seforge.systems.swords_edge.validation import check_character as validate
    from seforge.systems.swords_edge.wording import plural as _count

    campaign = load_campaign(path)
    paths = resolve_paths(campaign, path)
    name = f'"{campaign.name}"' if campaign.name else "(no name)"
    lines = [f"Campaign {name}: {_count(len(campaign.characters), 'PC')}, "
             f"{_count(len(campaign.opponents), 'opponent')}, "
             f"{_count(len(campaign.clocks), 'clock')}"]
    if rules_line(campaign.table_rules):
        lines.append(rules_line(campaign.table_rules))
    problems: list[CheckProblem] = []
    members: list[dict[str, Any]] = []
    for written, resolved in zip(campaign.characters, paths.characters, strict=True):
        try:
            character = load_character(resolved)
        except DocumentFileError as exc:
            problems.append(CheckProblem(f"The PC file {written} cannot be read: {exc}",
                                         "warning", "campaign.file"))
            members.append({"file": written, "kind": "pc", "readable": False})
            continue
        who = character.name or written
        result = validate(character)
        errors = sum(1 for p in result.problems if p.severity.value == "error")
        lines.append(f"PC {who} ({written}): {'legal' if result.legal else 'NOT legal'}")
        members.append({"file": written, "kind": "pc", "readable": True, "name": who,
                        "legal": result.legal})
        if not result.legal:
            problems.append(CheckProblem(
                f"{who} is not legal ({_count(errors, 'error')}): seforge check {written} "
                "says why.", "warning", "campaign.pc_not_legal"))
        differing = rules_differing(character, campaign)
        if differing:
            problems.append(CheckProblem(
                f"{who} plays with other table rules than the campaign: "
                f"{', '.join(rule.title for rule in differing)}.", "warning",
                "campaign.table_rules"))
    for written, resolved in zip(campaign.opponents, paths.opponents, strict=True):
        try:
            nc = load_nc(resolved)
        except DocumentFileError as exc:
            problems.append(CheckProblem(f"The opponent file {written} cannot be read: "
                                         f"{exc}", "warning", "campaign.file"))
            members.append({"file": written, "kind": "opponent", "readable": False})
            continue
        lines.append(f"Opponent {nc.name or written} ({written}): {nc.rank.label} "
                     f"{nc.type.value}, TN {nc.base_tn}")
        members.append({"file": written, "kind": "opponent", "readable": True,
                        "name": nc.name})
    for clock in campaign.clocks:
        lines.append(f"Clock {clock.name or '(no name)'}: {clock.filled} of "
                     f"{clock.segments} filled")
    return SummaryCheckReport(
        "Sword's Edge campaign", problems, lines,
        {"kind": "campaign", "name": campaign.name, "members": members,
         "clocks": [{"name": c.name, "segments": c.segments, "filled": c.filled}
                    for c in campaign.clocks],
         "table_rules": [rule.field for rule in rules_on(campaign.table_rules)]})


def check_character_file(path: Path) -> SwordsEdgeCheckReport:
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

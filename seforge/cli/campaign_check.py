"""``seforge check`` of a campaign file (``.secampaign``) of any game system.

A campaign names its game system in its ``system`` field, not in its format id, so the
check verb routes it here: a system that checks its own campaigns (it says so with a
``checks_campaigns`` attribute, as Sword's Edge does, naming the party's table rules)
gets the file; for any other, each of the campaign's documents is checked by the system
that reads it, and the campaign is legal when every one of them is. A document that
cannot be read, or is not legal, is a warning of the campaign's (the campaign file
itself is fine); a campaign of a system that is not installed cannot be checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from seforge.core.systems import CheckReport, GameSystem


def campaign_system(path: Path) -> GameSystem | None:
    """The system that checks the campaign at ``path`` itself, if there is one; None when
    the generic check below does it (DocumentFileError: unreadable, or a system that is not
    installed)."""
    from seforge.cli.routing import default_system
    from seforge.core.campaign import peek_system
    from seforge.core.documents import DocumentFileError
    from seforge.core.systems import SystemLoadError
    from seforge.systems import registry

    primary = default_system()
    system_id = peek_system(path, legacy=primary.id)
    if system_id not in registry().ids():
        raise DocumentFileError(path.name, f"a campaign of the game system {system_id!r}, "
                                "which is not installed", "system")
    try:
        system = registry().get(system_id)
    except SystemLoadError as exc:
        raise DocumentFileError(path.name, str(exc)) from exc
    return system if getattr(system, "checks_campaigns", False) else None


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def check_campaign(path: Path) -> CheckReport:
    """Every document of the campaign at ``path``, each checked by its own system."""
    from seforge.cli.routing import system_for_file
    from seforge.core.campaign import CAMPAIGN_FORMAT, CAMPAIGN_KIND, document_paths
    from seforge.core.documents import DocumentFileError, peek_format
    from seforge.core.systems import CheckProblem, CheckReport
    from seforge.systems import registry

    campaign = CAMPAIGN_KIND.load(path)
    title = registry().get(campaign.system).title if campaign.system else ""
    name = f'"{campaign.name}"' if campaign.name else "(no name)"
    lines = [f"Campaign {name}" + (f" ({title})" if title else "") + ": "
             f"{_plural(len(campaign.documents), 'document')}, "
             f"{_plural(len(campaign.clocks), 'clock')}"]
    problems: list[CheckProblem] = []
    for written, resolved in zip(campaign.documents, document_paths(campaign, path),
                                 strict=True):
        try:
            if peek_format(resolved) == CAMPAIGN_FORMAT:  # never itself, nor a loop of them
                raise DocumentFileError(resolved.name, "is a campaign; check it on its own")
            report = system_for_file(resolved).check(resolved)
        except (DocumentFileError, ValueError, OSError) as exc:
            lines.append(f"{written}: cannot be read")
            problems.append(CheckProblem(f"The document {written} cannot be read: {exc}",
                                         "warning", "campaign.file"))
            continue
        lines.append(f"{written}: {'legal' if report.legal else 'NOT legal'}")
        if not report.legal:
            problems.append(CheckProblem(
                f"{written} is not legal; seforge check {resolved.name} says why.",
                "warning", "campaign.document_not_legal"))
    return CheckReport(problems, {"documents": len(campaign.documents)}, lines)

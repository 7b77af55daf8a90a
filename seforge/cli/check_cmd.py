"""``seforge check FILE...``: whether each document is legal, and why not.

Each file goes to the game system that reads its format (:mod:`seforge.cli.routing`),
whose ``check`` gives a :class:`~seforge.core.systems.CheckReport`; its ``text(name)`` is
the readable report (Sword's Edge's has its ledger). A campaign goes by the system it names
(:mod:`seforge.cli.campaign_check`). ``--json`` prints
``{"file", **report.as_json()}`` per file.
Exit 0 when all are legal, 1 when one is not, 2 when a file cannot be read.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from seforge.cli import VERB_HELP, one_line
from seforge.core.cli import PausedCollector, print_json

if TYPE_CHECKING:  # the systems load only when the verb runs (seforge odds stays fast)
    from pathlib import Path

    from seforge.core.systems import CheckReport

EXIT_LEGAL, EXIT_NOT_LEGAL, EXIT_UNREADABLE = 0, 1, 2


def register(sub: Any) -> None:
    parser = sub.add_parser(
        "check",
        help=VERB_HELP["check"],
        description="Check each document against its game system's rules: where the points "
        "went (a ledger) and every rule problem. A campaign has each of its documents "
        "checked, and a Sword's Edge scene gets a short account of what is in it and its "
        "problems. Exit 0 when all are legal, 1 when one is not, 2 when a file cannot be "
        "read.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE",
                        help="documents of any installed game system")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(func=run)


def report_text(path: str, report: CheckReport) -> str:
    """The readable report of one file (the system's report says how it reads)."""
    return report.text(path)


def check_one(path: Path) -> CheckReport:
    """The report of the document at ``path``, from the system that reads it (a campaign:
    its own system's check, else every document of it checked by its own system)."""
    from seforge.cli.routing import system_for_file
    from seforge.core.documents import DocumentFileError, peek_format

    try:
        is_campaign = peek_format(path) == "seforge.campaign"
    except DocumentFileError:
        is_campaign = False  # the system's loader gives its one-line message
    if is_campaign:
        from seforge.cli.campaign_check import campaign_system, check_campaign

        system = campaign_system(path)
        return system.check(path) if system is not None else check_campaign(path)
    return system_for_file(path).check(path)


def run(args: argparse.Namespace) -> int:
    """Check every file, without Python's cycle collector passing over the models and
    validators the check builds (:class:`~seforge.core.cli.PausedCollector`)."""
    with PausedCollector():
        return check_files(args)


def check_files(args: argparse.Namespace) -> int:
    """What :func:`run` prints for ``args.files`` and its exit code."""
    from pathlib import Path

    from seforge.core.documents import DocumentFileError

    outputs: list[dict[str, Any]] = []
    texts: list[str] = []
    code = EXIT_LEGAL
    for path in args.files:
        try:
            report = check_one(Path(path))
        except (DocumentFileError, ValueError, OSError) as exc:
            print(f"seforge check: {one_line(str(exc))}", file=sys.stderr)
            code = EXIT_UNREADABLE
            continue
        if not report.legal and code == EXIT_LEGAL:
            code = EXIT_NOT_LEGAL
        outputs.append({"file": path, **report.as_json()})
        texts.append(report_text(path, report))
    if args.json:
        payload: Any = outputs[0] if len(args.files) == 1 and outputs else outputs
        if outputs or len(args.files) > 1:
            print_json(payload, indent=2)
    elif texts:
        print("\n\n".join(texts))
    return code

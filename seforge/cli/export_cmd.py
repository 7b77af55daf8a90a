"""``seforge export FILE... -o OUT.pdf``: printable sheets of any game system's documents.

Every system takes FILE, ``-o``, ``--paper`` and ``--json``; a system with options of its
own (:attr:`~seforge.core.systems.GameSystem.export_options`; Sword's Edge: a blank sheet,
NC cards, reference pages) adds them in a group of its own. The output path is checked
here; then each file goes to the system that reads its format (:mod:`seforge.cli.routing`):

- when every file is one system's, that system writes the PDF (through its own options'
  ``run`` when it has them, else ``export_sheets``);
- when the files belong to several systems, each system writes its documents' sheets and
  the PDFs are joined in the order of the files' first appearance (a system's own options
  then refused, as they would apply to some files only); the sheets' page references
  ("more on p. N") count through the joined PDF: each system writes its part again with
  its first page's number once the parts' lengths are known;
- with no file, the system whose options were given (``--blank``) writes the PDF.

A file that cannot be read stops the export before anything is written (exit 2).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import stat
import sys
from typing import TYPE_CHECKING, Any

from seforge.cli import VERB_HELP, one_line
from seforge.core.cli import PausedCollector, print_json

if TYPE_CHECKING:  # imported when the verb runs: the other verbs start without them
    from pathlib import Path

    from seforge.core.systems import GameSystem

EXIT_OK, EXIT_UNREADABLE = 0, 2


def register(sub: Any) -> None:
    from seforge.systems import registry

    parser = sub.add_parser(
        "export",
        help=VERB_HELP["export"],
        description="Write the printable sheet of each FILE into one PDF; each file goes "
        "to the game system that reads it, and with several systems' files the sheets' page "
        "references (\"more on p. N\") count through the whole PDF. Exit 2 when a file "
        "cannot be read (nothing is written).",
    )
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="documents of any installed game system")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf",
                        help="the PDF to write (replaced atomically)")
    parser.add_argument("--paper", choices=("a4", "letter"), default=None,
                        help="paper size (default: from the system locale)")
    parser.add_argument("--json", action="store_true",
                        help='print {"output", "pages", "documents"} as JSON')
    for system in registry().load_all()[0]:
        if system.export_options is not None:
            group = parser.add_argument_group(f"{system.title} options")
            system.export_options.add(group)
    parser.set_defaults(func=run, export_parser=parser)


def _error(message: str) -> int:
    print(f"seforge export: {one_line(message)}", file=sys.stderr)
    return EXIT_UNREADABLE


def output_problem(output: Path, inputs: list[str]) -> str | None:
    """Why ``output`` must not be written, or None: it must end in ``.pdf``, must not
    be one of the ``inputs`` (through symlinks and other names too), and must be an
    ordinary file or not exist yet (never a device such as ``/dev/full``)."""
    from seforge.core.bounded_read import file_kind

    if output.suffix.lower() != ".pdf":
        return f"{output}: the output must be a PDF file ending in .pdf"
    real = os.path.realpath(output)
    try:
        st: os.stat_result | None = os.stat(output)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return f"{output}: cannot be written ({exc.strerror or exc})"
    if st is not None and not stat.S_ISREG(st.st_mode):
        return f"{output}: is {file_kind(st.st_mode)}, not a file; nothing was written"
    for name in inputs:
        same = os.path.realpath(name) == real
        if not same and st is not None:
            with contextlib.suppress(OSError):
                same = os.path.samefile(name, output)
        if same:
            return f"{output}: is also an input file; choose another output"
    return None


def _given_options(system: GameSystem, args: argparse.Namespace) -> list[str]:
    """The options of ``system``'s own that ``args`` set (away from their defaults)."""
    options = system.export_options
    if options is None:
        return []
    parser: argparse.ArgumentParser = args.export_parser
    return [dest for dest in options.dests
            if getattr(args, dest, None) != parser.get_default(dest)]


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _export_one(system: GameSystem, files: list[str], output: Path,
                paper: str | None, numbering: tuple[int, int] | None = None) -> int:
    """``system``'s ``export_sheets`` of ``files`` at ``output``: the page count
    (DocumentFileError, ValueError or OSError when it cannot). ``numbering``: (its first
    page, the pages in all) in a joined PDF."""
    from pathlib import Path

    paths = [Path(f) for f in files]
    if numbering is None:
        return system.export_sheets(paths, output, paper)
    first, total = numbering
    return system.export_sheets(paths, output, paper, first_page=first, total_pages=total)


def _report(args: argparse.Namespace, output: Path, pages: int, documents: int,
            titles: list[str]) -> int:
    if args.json:
        print_json({"output": str(output), "pages": pages, "documents": documents})
    else:
        print(f"{output}: {pages} page(s), {documents} document(s) "
              f"({', '.join(titles)})")
    return EXIT_OK


def _export_each(groups: dict[str, tuple[GameSystem, list[str]]], output: Path,
                 args: argparse.Namespace) -> int:
    """Several systems' files: each system's PDF, joined in one at ``output``."""
    import tempfile
    from pathlib import Path

    from pypdf import PdfReader, PdfWriter

    from seforge.core.atomic import atomic_write_bytes
    from seforge.core.documents import DocumentFileError

    with tempfile.TemporaryDirectory(prefix="seforge-export-") as scratch:
        parts = [Path(scratch) / f"{index}.pdf" for index in range(len(groups))]
        lengths: list[int] | None = None
        # Once to learn each part's length, then with the page numbers that gives; again
        # should a longer number ("p. 10") have moved a page break (at most four times).
        for _attempt in range(4):
            for index, (system, files) in enumerate(groups.values()):
                numbering = (None if lengths is None
                             else (1 + sum(lengths[:index]), sum(lengths)))
                try:
                    _export_one(system, files, parts[index], args.paper, numbering)
                except (DocumentFileError, ValueError) as exc:
                    return _error(str(exc))
            counted = [len(PdfReader(part).pages) for part in parts]
            if counted == lengths:
                break
            lengths = counted
        from io import BytesIO

        writer = PdfWriter()
        for part in parts:
            writer.append(str(part))
        buffer = BytesIO()
        writer.write(buffer)
        pages = len(writer.pages)
    try:
        atomic_write_bytes(output, buffer.getvalue())
    except OSError as exc:
        return _error(f"{output}: {exc.strerror or exc}")
    count = sum(len(files) for _system, files in groups.values())
    return _report(args, output, pages, count, [s.title for s, _f in groups.values()])


def _export_blank(systems: list[GameSystem], asked: dict[str, list[str]],
                  args: argparse.Namespace) -> int:
    """No FILE: the one system whose own options were given writes the PDF."""
    named = [system for system in systems if asked[system.id]]
    if len(named) != 1 or named[0].export_options is None:
        return _error("give at least one FILE, or a system's option that prints "
                      "without files (such as --blank)")
    return named[0].export_options.run(args)


def _stray_option(systems: list[GameSystem], asked: dict[str, list[str]],
                  groups: dict[str, tuple[GameSystem, list[str]]]) -> str | None:
    """Why a system's own option was given for files that are not all its, or None."""
    stray = [(system_id, dest) for system_id, dests in asked.items() if system_id not in groups
             or len(groups) > 1 for dest in dests]
    if not stray:
        return None
    system_id, dest = stray[0]
    title = next(s.title for s in systems if s.id == system_id)
    return (f"{_flag(dest)} is a {title} option: every FILE must then be a "
            f"{title} document")


def _export_single(system: GameSystem, files: list[str], output: Path,
                   args: argparse.Namespace) -> int:
    """Every file is ``system``'s: it writes the PDF."""
    from seforge.core.documents import DocumentFileError

    if system.export_options is not None:
        return system.export_options.run(args)
    try:
        pages = _export_one(system, files, output, args.paper)
    except (DocumentFileError, ValueError) as exc:
        return _error(str(exc))
    except OSError as exc:
        return _error(f"{output}: {exc.strerror or exc}")
    return _report(args, output, pages, len(files), [system.title])


def run(args: argparse.Namespace) -> int:
    """Run the verb without Python's cycle collector passing over the models, fonts and
    PDF objects it builds (:class:`~seforge.core.cli.PausedCollector`)."""
    with PausedCollector():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from seforge.cli.routing import system_for_file
    from seforge.systems import registry

    output = Path(args.output)
    problem = output_problem(output, list(args.files))
    if problem is not None:
        return _error(problem)
    systems = registry().load_all()[0]
    asked = {system.id: _given_options(system, args) for system in systems}
    if not args.files:
        return _export_blank(systems, asked, args)
    groups: dict[str, tuple[GameSystem, list[str]]] = {}
    for name in args.files:
        system = system_for_file(name)
        groups.setdefault(system.id, (system, []))[1].append(name)
    stray = _stray_option(systems, asked, groups)
    if stray is not None:
        return _error(stray)
    if not output.parent.is_dir():
        return _error(f"{output}: the folder {output.parent} does not exist")
    if len(groups) > 1:
        return _export_each(groups, output, args)
    system, files = next(iter(groups.values()))
    return _export_single(system, files, output, args)

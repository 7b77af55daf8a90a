"""The documentation that is read off the code, generated so it cannot drift from it.

- ``docs/cli.md``: every ``seforge`` verb and option, from the argument parsers (each
  system's ``seforge odds`` parser included);
- ``docs/schemas/*.json``: a JSON Schema per document kind, from its pydantic model;
- ``resources/guide/*.md``: the app's copy of the user guide in ``docs/user-guide/``
  (Help › User Guide reads it from the package data, so a wheel and the bundle have it).

Run from a checkout::

    python -m seforge.docgen            # rewrite the generated files
    python -m seforge.docgen --check    # exit 1 naming each file that is out of date

``tests/docs`` runs the check, so a changed parser or model fails the tests until the files
are regenerated. Nothing here imports Qt.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
"""The checkout that holds ``docs/`` (this module sits in ``seforge/``)."""

GUIDE_SOURCE = Path("docs", "user-guide")
GUIDE_COPY = Path("resources", "guide")
SCHEMAS = Path("docs", "schemas")
CLI_DOC = Path("docs", "cli.md")
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"



# -- the command line ------------------------------------------------------------------


def _top_parser() -> argparse.ArgumentParser:
    """``seforge`` with every verb's own parser registered (not just its help line)."""
    from seforge.cli import VERB_HELP, VERB_MODULES, OneLineParser, system_verbs

    parser = OneLineParser(prog="seforge", description="Character tools for tabletop games.")
    parser.add_argument("--version", action="version", version="seforge VERSION")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    modules = {name: f"seforge.cli.{module}" for name, module in VERB_MODULES.items()}
    modules.update({name: verb.module for name, verb in system_verbs().items()})
    for name, module in modules.items():
        before = set(sub.choices)
        importlib.import_module(module).register(sub)
        if name not in sub.choices or not set(sub.choices) - before:  # pragma: no cover
            sub.add_parser(name, help=VERB_HELP.get(name, ""))
    return parser


def odds_parsers() -> dict[str, argparse.ArgumentParser]:
    """Each installed system's ``seforge odds`` parser, by system id, in order."""
    from seforge.systems import registry

    parsers: dict[str, argparse.ArgumentParser] = {}
    for index, system in enumerate(registry().load_all()[0]):
        if system.odds is None:
            continue
        prog = "seforge odds" if index == 0 else f"seforge odds --system {system.id}"
        parsers[system.id] = system.odds.parser(prog)
    return parsers


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _sub_help(parser: argparse.ArgumentParser) -> dict[str, str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {a.dest: a.help or "" for a in action._choices_actions}
    return {}


def command_options() -> dict[str, set[str]]:
    """Every option string each verb accepts (its sub-commands' included), by verb; for
    ``odds``, every system's odds options and ``--system``. The claims test reads this."""
    result: dict[str, set[str]] = {"": {"-h", "--help", "--version"}}

    def walk(parser: argparse.ArgumentParser, into: set[str]) -> None:
        for action in parser._actions:
            into.update(action.option_strings)
        for child in _subparsers(parser).values():
            walk(child, into)

    for verb, parser in _subparsers(_top_parser()).items():
        result[verb] = set()
        walk(parser, result[verb])
    result.setdefault("odds", set()).add("--system")
    for parser in odds_parsers().values():
        walk(parser, result["odds"])
    return result


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _metavar(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    if action.choices is not None and action.metavar is None:
        return "{" + ",".join(str(c) for c in action.choices) + "}"
    metavar = action.metavar
    if isinstance(metavar, tuple):
        shown = " ".join(metavar)
    else:
        shown = metavar or (action.dest if not action.option_strings else action.dest.upper())
    if action.nargs in ("*", "+"):
        shown += " ..."
    elif action.nargs == "?":
        shown = f"[{shown}]"
    elif isinstance(action.nargs, int) and action.nargs > 1 and not isinstance(metavar, tuple):
        shown = " ".join([shown] * action.nargs)
    return shown


def _help(parser: argparse.ArgumentParser, action: argparse.Action) -> str:
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    return str(parser._get_formatter()._expand_help(action))


def _parser_markdown(title: str, parser: argparse.ArgumentParser, summary: str = "",
                     level: int = 2) -> list[str]:
    lines = [f"{'#' * level} `{title}`", ""]
    text = parser.description or summary
    if text:
        lines += [" ".join(text.split()), ""]
    rows = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction | argparse._HelpAction) \
                or action.help == argparse.SUPPRESS:
            continue
        name = ", ".join(f"`{o}`" for o in action.option_strings) or f"`{_metavar(action)}`"
        value = _metavar(action) if action.option_strings else ""
        rows.append(f"| {name} | {f'`{value}`' if value else ''} | "
                    f"{_cell(_help(parser, action))} |")
    if rows:
        lines += ["| argument | value | what it does |", "|---|---|---|", *rows, ""]
    if parser.epilog and parser.epilog.startswith("HELP-TEXT\n"):
        lines += ["```text", parser.epilog.partition("\n")[2].rstrip("\n"), "```", ""]
    elif parser.epilog:
        lines += [" ".join(parser.epilog.split()), ""]
    helps = _sub_help(parser)
    for name, child in _subparsers(parser).items():
        lines += _parser_markdown(f"{title} {name}", child, helps.get(name, ""), level + 1)
    return lines


CLI_INTRO = """\
# The `seforge` command line

<!-- Generated by `python -m seforge.docgen` from the argument parsers: do not edit by hand.
     A test fails when this file and the parsers disagree. -->

`seforge` with no command, or with files, opens the app (`seforge a.sechar b.senc`; write
`seforge -- check` to open a file named `check`). With a command it works without a window.
Every command exits 0 when all is well, 1 when `check` finds a document that breaks a rule,
and 2 with one line on stderr for bad input (an unreadable file, a bad argument); never a
traceback. Every command takes `-h` / `--help`. In the standalone bundle the same commands
are `seforge-cli`.

| command | what it does |
|---|---|
"""

ODDS_INTRO = """\
## `seforge odds`

Exact chances of a roll, computed by a game system: `--system ID` chooses the system
(the first one below when it is left out; a system may accept a short name, such as
`sol` for `sword-of-life`), and every other option belongs to that system's parser, shown
below. `seforge odds --system ID --help`
prints the same list.
"""


def cli_markdown() -> str:
    """The text of ``docs/cli.md``."""
    from seforge.systems import registry

    titles = {system.id: system.title for system in registry().load_all()[0]}
    top = _top_parser()
    helps = _sub_help(top)
    lines = [CLI_INTRO.rstrip("\n")]
    for verb in _subparsers(top):
        lines.append(f"| [`seforge {verb}`](#seforge-{verb}) | {_cell(helps.get(verb, ''))} |")
    lines.append("")
    for verb, parser in _subparsers(top).items():
        if verb == "odds":
            lines.append(ODDS_INTRO)
            for system_id, odds in odds_parsers().items():
                title = titles.get(system_id, system_id)
                lines.append(f"### {title}")
                lines.append("")
                lines += _parser_markdown(odds.prog, odds, level=4)
            continue
        lines += _parser_markdown(f"seforge {verb}", parser, helps.get(verb, ""))
    return "\n".join(lines).rstrip("\n") + "\n"


# -- the document schemas ---------------------------------------------------------------


def document_kinds() -> Iterator[tuple[str, Any]]:
    """Every :class:`~seforge.core.documents.DocumentKind` defined at the top of a module of
    ``seforge`` (or in a module's lazily made ``KINDS``), with the module that defines it."""
    import seforge
    from seforge.core.documents import DocumentKind

    seen: set[int] = set()
    for info in sorted(pkgutil.walk_packages(seforge.__path__, "seforge."),
                       key=lambda m: m.name):
        if info.name.endswith(("__main__", ".docgen")):
            continue
        module = importlib.import_module(info.name)
        values = list(vars(module).values())
        if "__getattr__" in vars(module):
            kinds = getattr(module, "KINDS", None)
            if isinstance(kinds, dict):
                values += list(kinds.values())
        for value in values:
            if isinstance(value, DocumentKind) and id(value) not in seen:
                seen.add(id(value))
                yield info.name, value


def _system_of(module: str) -> str:
    from seforge.core.entry_points import entry_points

    for point in entry_points("seforge.systems"):
        package = point.module.rsplit(".", 1)[0]
        if module == package or module.startswith(package + "."):
            return point.name
    return "core"


def document_schema(kind: Any) -> dict[str, Any]:
    """The JSON Schema of a file of ``kind``: its model's fields plus ``format`` and
    ``version`` (what other tools must write for SEForge to read the file).

    The model is first prepared as reading a file prepares it (unknown fields are kept,
    so every object allows more properties): the schema is then the same whether or not
    a file of that kind was read before in this process."""
    from seforge.core.documents import keep_unknown_fields

    keep_unknown_fields(kind.model)
    model_schema: dict[str, Any] = kind.model.model_json_schema(mode="validation")
    properties = {
        "format": {"description": "The document's kind; older ids in the enum still open.",
                   "enum": [kind.format_id, *kind.aliases]},
        "version": {"description": "The version of the format; a newer one is refused.",
                    "type": "integer", "minimum": 1, "maximum": kind.version},
        **model_schema.get("properties", {}),
    }
    schema: dict[str, Any] = {
        "$schema": SCHEMA_DIALECT,
        "title": kind.title,
        "description": f"A SEForge document, format id {kind.format_id!r}, suffix "
                       f"{kind.suffix!r}, version {kind.version}.",
        **{k: v for k, v in model_schema.items()
           if k not in ("title", "description", "properties", "required")},
        "properties": properties,
        "required": ["format", "version", *model_schema.get("required", [])],
    }
    return schema


def schema_files() -> dict[str, str]:
    """``{file name: JSON text}`` for ``docs/schemas``: ``FORMAT_ID.json``, and for a format
    id a system shares with the core (the campaign) ``FORMAT_ID.SYSTEM.json`` for the
    system's own model."""
    files: dict[str, str] = {}
    for module, kind in document_kinds():
        system = _system_of(module)
        name = f"{kind.format_id}.json"
        if not kind.format_id.startswith(system + ".") and system != "core":
            name = f"{kind.format_id}.{system}.json"
        text = json.dumps(document_schema(kind), indent=2, ensure_ascii=False) + "\n"
        if name in files and files[name] != text:  # pragma: no cover - two models, one id
            name = f"{kind.format_id}.{module.rsplit('.', 1)[-1]}.json"
        files[name] = text
    return dict(sorted(files.items()))


# -- all generated files ----------------------------------------------------------------


def expected_files(root: Path = ROOT) -> dict[Path, bytes]:
    """Every generated file under ``root`` and the bytes it should hold."""
    files: dict[Path, bytes] = {root / CLI_DOC: cli_markdown().encode()}
    for name, text in schema_files().items():
        files[root / SCHEMAS / name] = text.encode()
    for page in sorted((root / GUIDE_SOURCE).glob("*.md")):
        files[root / GUIDE_COPY / page.name] = page.read_bytes()
    return files


def generated_folders(root: Path = ROOT) -> dict[Path, str]:
    """The folders whose files are all generated, with the pattern they hold."""
    return {root / SCHEMAS: "*.json", root / GUIDE_COPY: "*.md"}


def stale_files(root: Path = ROOT) -> list[str]:
    """The generated files that are missing, differ, or are left over, relative to root."""
    expected = expected_files(root)
    stale = [path for path, data in expected.items()
             if not path.is_file() or path.read_bytes() != data]
    for folder, pattern in generated_folders(root).items():
        stale += [p for p in folder.glob(pattern) if p not in expected]
    return sorted(str(p.relative_to(root)) for p in stale)


def write_files(root: Path = ROOT) -> list[str]:
    """Rewrite every generated file that changed and drop the left-over ones."""
    changed = stale_files(root)
    expected = expected_files(root)
    for path, data in expected.items():
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    for folder, pattern in generated_folders(root).items():
        for path in folder.glob(pattern):
            if path not in expected:
                path.unlink()
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m seforge.docgen",
        description="Regenerate docs/cli.md, docs/schemas/ and the app's copy of the guide.")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 naming each file that is out of date")
    args = parser.parse_args(argv)
    if not (ROOT / GUIDE_SOURCE).is_dir():
        print(f"seforge.docgen: no {GUIDE_SOURCE} here (run it from a checkout)",
              file=sys.stderr)
        return 2
    if args.check:
        stale = stale_files()
        for name in stale:
            print(f"out of date: {name}")
        if stale:
            print("regenerate with: python -m seforge.docgen", file=sys.stderr)
        return 1 if stale else 0
    for name in write_files():
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

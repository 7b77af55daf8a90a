"""Game systems: what one system gives the app, and the registry that finds them.

A game system ("swords-edge", "2d20", "blades", "sword-of-life", or one installed as its own
package) is any object that satisfies the :class:`GameSystem` protocol: its id and title,
the document formats it reads and writes, its reference tables, its library, a ``check`` of
a document, a sheet export, and the optional capabilities it declares (odds on the command
line, its own export options, reading its sheets back, extra verbs). Every member is always
there: an optional capability a system lacks is ``None`` (or empty), never probed for.

The core never imports a system. Every system, built in or not, declares itself by an entry
point in the group ``seforge.systems`` of its distribution (``name = "package.module:SYSTEM"``,
the name being the system id); :class:`SystemRegistry` lists them from the installed
distributions' metadata without importing anything, and imports a system the first time it
is asked for. The target may name a system object or a callable with no arguments that
returns one (a class or a factory). A system that fails to load is reported by
:class:`SystemLoadError` with one line, and never stops the other systems from loading.
"""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from seforge.core.credits import SourceCredit
from seforge.core.frozen import FrozenRecord

if TYPE_CHECKING:  # the types only: listing systems stays light
    from seforge.core.library import LibraryEntry
    from seforge.core.reference import ReferenceTable

ENTRY_POINT_GROUP = "seforge.systems"
"""The entry-point group a separately installed system declares itself in."""

SYSTEM_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
"""A system id: lower case words joined by hyphens ("swords-edge", "2d20")."""

FORMAT_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$")
"""A document format id: the system id, a dot, the document kind ("swords-edge.character")."""


class DocumentFormat(FrozenRecord):
    """One kind of document a system reads and writes."""

    __slots__ = _FIELDS = ("id", "title", "suffix", "aliases")
    id: str
    """The format id written in the file, e.g. ``"swords-edge.character"``."""
    title: str
    """What the user calls it, e.g. "Sword's Edge character"."""
    suffix: str
    """The file suffix with its dot, e.g. ``".sechar"``."""
    aliases: tuple[str, ...]
    """Older format ids that still open as this format."""

    def __init__(self, id: str, title: str, suffix: str,
                 aliases: tuple[str, ...] = ()) -> None:
        if not FORMAT_ID.match(id):
            raise ValueError(f"a format id is 'system.kind' in lower case, not {id!r}")
        if not (suffix.startswith(".") and len(suffix) > 1):
            raise ValueError(f"a file suffix starts with a dot, not {suffix!r}")
        self._init(id, title, suffix, tuple(aliases))


class CliVerb(FrozenRecord):
    """A command line verb a system adds (``seforge VERB ...``).

    ``module`` is the dotted name of a module with ``register(subparsers)``, the same shape as
    the verbs in ``seforge.cli``; it is imported only when the command line is built.
    """

    __slots__ = _FIELDS = ("name", "summary", "module")
    name: str
    summary: str
    module: str

    def __init__(self, name: str, summary: str, module: str) -> None:
        self._init(name, summary, module)


class OddsVerb(FrozenRecord):
    """A system's optional capability: exact odds on the command line
    (``seforge odds --system ID ARGS``)."""

    __slots__ = _FIELDS = ("summary", "run", "parser")

    summary: str
    """One line for ``seforge odds --help`` (e.g. "2d10 + modifier against a TN")."""
    run: Callable[[Sequence[str], str], int]
    """Parses ``argv`` (the arguments after the system) with ``prog`` as its name, prints
    the exact odds (``--json``: one JSON object) and returns the exit code: 0, or 2 with
    one line on stderr for bad arguments."""
    parser: Callable[[str], Any]
    """Builds the ``argparse.ArgumentParser`` ``run`` uses, named ``prog``: its arguments,
    for ``--help`` and the generated CLI reference."""

    def __init__(self, summary: str, run: Callable[[Sequence[str], str], int],
                 parser: Callable[[str], Any]) -> None:
        self._init(summary, run, parser)

    @classmethod
    def in_module(cls, summary: str, module: str, run: str = "run",
                  parser: str = "build_parser") -> OddsVerb:
        """The verb whose ``run`` and ``parser`` are the functions so named in ``module``
        (a dotted name), imported only when one of them is called: the module declaring a
        system stays cheap to import."""

        def run_odds(argv: Sequence[str], prog: str) -> int:
            function: Callable[[Sequence[str], str], int] = getattr(
                importlib.import_module(module), run)
            return function(argv, prog)

        def build_parser(prog: str) -> Any:
            return getattr(importlib.import_module(module), parser)(prog)

        return cls(summary, run_odds, build_parser)


class ExportOptions(FrozenRecord):
    """A system's optional capability: options of its own for ``seforge export`` (beyond
    FILE, ``-o``, ``--paper`` and ``--json``, which every system takes).

    ``add`` puts the options in an argument group of the ``export`` parser; the dispatcher
    hands the parsed arguments to ``run`` when every FILE is this system's, or when there
    is no FILE and one of ``dests`` was given (e.g. a blank sheet). The output path is
    checked before ``run`` is called."""

    __slots__ = _FIELDS = ("add", "dests", "run")
    add: Callable[[Any], None]
    """Adds the options to an ``argparse`` argument group."""
    dests: tuple[str, ...]
    """The ``dest`` of each option ``add`` adds (to tell which system was asked)."""
    run: Callable[[Any], int]
    """Runs the export with the parsed ``argparse.Namespace``; returns the exit code."""

    def __init__(self, add: Callable[[Any], None], dests: tuple[str, ...],
                 run: Callable[[Any], int]) -> None:
        self._init(add, tuple(dests), run)


class CheckProblem(FrozenRecord):
    """One thing ``check`` found: an ``"error"`` makes a document not legal, a
    ``"warning"`` is advice (e.g. points still to spend)."""

    __slots__ = _FIELDS = ("message", "severity", "rule")

    message: str
    """One sentence for the user, in our own words."""
    severity: str
    """``"error"`` or ``"warning"``."""
    rule: str
    """A stable id of the rule, for tests and JSON readers (e.g. ``"blades.dots"``)."""

    def __init__(self, message: str, severity: str = "error", rule: str = "") -> None:
        self._init(message, severity, rule)

    def as_json(self) -> dict[str, str]:
        return {"severity": self.severity, "rule": self.rule, "message": self.message}


class CheckReport(FrozenRecord):
    """What ``check`` found in a document.

    ``figures`` are the numbers the command line prints beside ``legal`` (e.g.
    ``{"spent": 5, "budget": 7}``), in order; ``lines`` is the readable report
    (a ledger), printed by ``seforge check`` without ``--json``.
    """

    _FIELDS: tuple[str, ...] = ("problems", "figures", "lines")  # a system's report adds more
    __slots__ = _FIELDS
    problems: tuple[CheckProblem, ...]
    figures: Mapping[str, Any]
    lines: tuple[str, ...]

    def __init__(self, problems: Iterable[CheckProblem] = (),
                 figures: Mapping[str, Any] | None = None,
                 lines: Iterable[str] = ()) -> None:
        self._init(*self.core_fields(problems, figures, lines))

    @staticmethod
    def core_fields(problems: Iterable[CheckProblem], figures: Mapping[str, Any] | None,
                    lines: Iterable[str]) -> tuple[tuple[CheckProblem, ...],
                                                   dict[str, Any], tuple[str, ...]]:
        """The three fields as every report holds them (a system's report that adds
        fields of its own starts its ``_init`` with these)."""
        return tuple(problems), dict(figures or {}), tuple(lines)

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def heading(self, name: str) -> str:
        """The report's first line: the document called ``name`` and whether it is legal."""
        return f"{name}: {'legal' if self.legal else 'NOT legal'}"

    def text(self, name: str) -> str:
        """The readable report of the document called ``name``: its status, ``lines`` and
        problems (a system may give a report of its own shape)."""
        out = [self.heading(name), *(f"  {line}" for line in self.lines)]
        out += [f"  {p.severity}: {p.message}" + (f" [{p.rule}]" if p.rule else "")
                for p in self.problems]
        return "\n".join(out)

    def as_json(self) -> dict[str, Any]:
        """``{"legal", **figures, "problems"}``, the shape ``seforge check --json`` prints."""
        return {
            "legal": self.legal,
            **self.figures,
            "problems": [p.as_json() for p in self.problems],
        }


class SheetImport(FrozenRecord):
    """One document read back from a filled-in sheet PDF, not yet written."""

    __slots__ = _FIELDS = ("format", "write", "report")

    format: DocumentFormat
    """The kind of document read: the output file must end with its suffix."""
    write: Callable[[Path], None]
    """Writes the document at a path, atomically (OSError when it cannot)."""
    report: Callable[[Path, bool], str]
    """What ``seforge import`` prints once the document is written at the path: a
    readable report, or (``True``) one JSON object."""

    def __init__(self, format: DocumentFormat,
                 write: Callable[[Path], None], report: Callable[[Path, bool], str]) -> None:
        self._init(format, write, report)


class SheetReader(FrozenRecord):
    """A system's optional capability: reading its filled-in sheet PDFs back
    (``seforge import``). The dispatcher finds the system that wrote a PDF by the PDF's
    ``/Subject`` (one of :attr:`subjects`), or, when a PDF reader dropped it, by a form
    field whose whole name matches :attr:`field_name`."""

    __slots__ = _FIELDS = ("subjects", "field_name", "formats", "read")
    subjects: tuple[str, ...]
    """The ``/Subject`` values the system's sheets carry."""
    field_name: str
    """A regular expression the whole name of one of its sheets' form fields matches."""
    formats: tuple[str, ...]
    """The format ids of the documents a sheet can give back."""
    read: Callable[[Path, int], SheetImport]
    """Reads the ``number``-th document (from 1) of a sheet PDF; a ValueError with a
    one-line message when the PDF is not such a sheet or holds no such document."""

    def __init__(self, subjects: tuple[str, ...], field_name: str, formats: tuple[str, ...],
                 read: Callable[[Path, int], SheetImport]) -> None:
        self._init(tuple(subjects), field_name, tuple(formats), read)


@runtime_checkable
class GameSystem(Protocol):
    """Everything the Qt-free side of the app needs from one game system."""

    @property
    def id(self) -> str:
        """The system id, e.g. ``"swords-edge"`` (see :data:`SYSTEM_ID`)."""
        ...

    @property
    def title(self) -> str:
        """The system's name as the user reads it, e.g. "Sword's Edge"."""
        ...

    @property
    def order(self) -> int:
        """Where the system comes in lists (lowest first; ties by title). The first one
        is the default of ``seforge odds`` without ``--system`` and of the app's New."""
        ...

    @property
    def aliases(self) -> Sequence[str]:
        """Other names the command line accepts for the id (``sol``), may be empty."""
        ...

    @property
    def formats(self) -> Sequence[DocumentFormat]:
        """The document formats the system reads and writes, the main one first."""
        ...

    @property
    def credits(self) -> Sequence[SourceCredit]:
        """The works the system's rules and tables come from (Help › About)."""
        ...

    @property
    def cli_verbs(self) -> Sequence[CliVerb]:
        """The command line verbs the system adds (may be empty)."""
        ...

    @property
    def odds(self) -> OddsVerb | None:
        """``seforge odds --system ID``; None when the system has no odds verb."""
        ...

    @property
    def export_options(self) -> ExportOptions | None:
        """Options of its own for ``seforge export``; None when it takes only the common
        ones (then ``export_sheets`` does the work)."""
        ...

    @property
    def sheet_reader(self) -> SheetReader | None:
        """Reading the system's filled-in sheets back (``seforge import``); None when
        its sheets cannot be read back."""
        ...

    def reference_tables(self) -> Sequence[ReferenceTable]:
        """The system's reference tables, in the order the GM screen shows them."""
        ...

    def library(self) -> Sequence[LibraryEntry]:
        """The ready-made documents the system ships."""
        ...

    def check(self, path: Path) -> CheckReport:
        """Check one document of this system; an unreadable file raises
        ``seforge.core.documents.DocumentFileError`` (one line)."""
        ...

    def export_sheets(self, paths: Sequence[Path], out: Path, paper: str | None = None, *,
                      first_page: int = 1, total_pages: int | None = None) -> int:
        """Write one PDF at ``out`` with the printable sheet (or card) of each document,
        on ``paper`` (``"a4"`` or ``"letter"``; None: the locale's), and return its page
        count; an unreadable document raises ``DocumentFileError``
        (or ``ValueError``) with a one-line message, and then nothing is written.

        ``first_page`` and ``total_pages``: the PDF becomes pages ``first_page`` onwards of
        a joined document of ``total_pages`` (``seforge export`` of several systems'
        files), so page references printed on the sheets ("more on p. N", "page X of Y")
        count through it (:func:`seforge.core.pdf.flow.number_pages_from`); a system that
        prints none takes them and does nothing with them."""
        ...


class SystemLoadError(ValueError):
    """A system could not be found or loaded; the message is one line for the user."""


class _EntryPoint(Protocol):
    """The part of ``importlib.metadata.EntryPoint`` the registry uses."""

    @property
    def name(self) -> str: ...

    def load(self) -> Any: ...


def _installed_entry_points(group: str) -> Iterable[_EntryPoint]:
    from seforge.core.entry_points import entry_points

    return entry_points(group)


def _import_target(target: str) -> Any:
    module_name, _, attribute = target.partition(":")
    if not module_name or not attribute:
        raise SystemLoadError(f"a system target is 'module:attribute', not {target!r}")
    module = importlib.import_module(module_name)
    found: Any = module
    for part in attribute.split("."):
        found = getattr(found, part)
    return found


class _Pending:
    __slots__ = ("load", "origin")

    def __init__(self, load: Callable[[], Any], origin: str) -> None:
        self.load = load
        self.origin = origin


class SystemRegistry:
    """The game systems the app knows, loaded only when asked for."""

    def __init__(self, group: str = ENTRY_POINT_GROUP,
                 discover: Callable[[str], Iterable[_EntryPoint]] = _installed_entry_points,
                 ) -> None:
        self.group = group
        self.discover = discover
        """Lists the installed entry points of a group (replaceable in tests)."""
        self._loaded: dict[str, GameSystem] = {}
        self._pending: dict[str, _Pending] = {}
        self._failed: dict[str, str] = {}
        self._discovered = False

    # registering ------------------------------------------------------------------------

    def _claim(self, system_id: str) -> None:
        if not SYSTEM_ID.match(system_id):
            raise SystemLoadError(
                f"a system id is lower case words joined by hyphens, not {system_id!r}"
            )
        if system_id in self._loaded or system_id in self._pending:
            raise SystemLoadError(f"the system {system_id!r} is already registered")

    def register(self, system: GameSystem) -> None:
        """Register a built-in system object now."""
        self._claim(system.id)
        self._loaded[system.id] = _checked(system, system.id, "registered")

    def register_lazy(self, system_id: str, target: str) -> None:
        """Register a built-in system by ``"module:attribute"``, imported on first use."""
        self._claim(system_id)
        self._pending[system_id] = _Pending(lambda: _import_target(target), target)

    def _discover(self) -> None:
        if self._discovered:
            return
        self._discovered = True
        try:
            found = list(self.discover(self.group))
        except Exception as error:  # broken package metadata must not stop the app
            self._failed["?"] = f"could not list the installed systems: {error}"
            return
        for entry in found:
            name = entry.name
            if name in self._loaded or name in self._pending:
                continue  # a built-in wins over an installed package of the same id
            if not SYSTEM_ID.match(name):
                self._failed[name] = f"the installed system {name!r} has a malformed id"
                continue
            self._pending[name] = _Pending(entry.load, f"entry point {name!r}")

    # reading ----------------------------------------------------------------------------

    def ids(self) -> list[str]:
        """The ids of every known system, sorted, without importing any of them."""
        self._discover()
        return sorted({*self._loaded, *self._pending})

    def __contains__(self, system_id: object) -> bool:
        return isinstance(system_id, str) and system_id in self.ids()

    def get(self, system_id: str) -> GameSystem:
        """The system with this id (or one of its aliases), loading it if needed
        (SystemLoadError if it cannot)."""
        if system_id not in self._loaded and system_id not in self._pending:
            self._discover()
        if (system_id not in self._loaded and system_id not in self._pending
                and system_id not in self._failed):
            system_id = self._unalias(system_id)
        if system_id in self._loaded:
            return self._loaded[system_id]
        if system_id in self._failed:
            raise SystemLoadError(self._failed[system_id])
        pending = self._pending.get(system_id)
        if pending is None:
            known = ", ".join(self.ids()) or "none"
            raise SystemLoadError(f"there is no game system {system_id!r} (known: {known})")
        try:
            target = pending.load()
            system = target() if callable(target) and not _is_system(target) else target
            checked = _checked(system, system_id, pending.origin)
        except SystemLoadError as error:
            self._fail(system_id, str(error))
            raise
        except Exception as error:  # a plug-in's own bug: report it in one line
            message = f"the system {system_id!r} failed to load: {type(error).__name__}: {error}"
            self._fail(system_id, " ".join(message.split()))
            raise SystemLoadError(self._failed[system_id]) from error
        del self._pending[system_id]
        self._loaded[system_id] = checked
        return checked

    def _fail(self, system_id: str, message: str) -> None:
        self._pending.pop(system_id, None)
        self._failed[system_id] = message

    def _unalias(self, name: str) -> str:
        """The id of the system that accepts ``name`` as an alias (``name`` itself when
        none does); loads the systems."""
        for system in self.load_all()[0]:
            if name in system.aliases:
                return system.id
        return name

    def load_all(self) -> tuple[list[GameSystem], list[str]]:
        """Every system that loads, in :attr:`GameSystem.order` (then title), and a
        one-line message for each that does not."""
        systems: list[GameSystem] = []
        for system_id in self.ids():
            with contextlib.suppress(SystemLoadError):
                systems.append(self.get(system_id))
        systems.sort(key=lambda system: (system.order, system.title.casefold(), system.id))
        return systems, sorted(self._failed.values())

    def primary(self) -> GameSystem:
        """The first system in order: the default of ``seforge odds`` without
        ``--system`` (SystemLoadError when no system loads)."""
        systems = self.load_all()[0]
        if not systems:
            raise SystemLoadError("no game system is installed")
        return systems[0]

    def for_format(self, format_id: str) -> tuple[GameSystem, DocumentFormat]:
        """The system and format that read a format id (or one of its aliases)."""
        for system in self.load_all()[0]:
            for document_format in system.formats:
                if format_id == document_format.id or format_id in document_format.aliases:
                    return system, document_format
        raise SystemLoadError(f"no game system reads the format {format_id!r}")

    def for_suffix(self, suffix: str) -> tuple[GameSystem, DocumentFormat]:
        """The system and format whose files end with ``suffix`` (case does not matter)."""
        wanted = suffix.lower()
        for system in self.load_all()[0]:
            for document_format in system.formats:
                if document_format.suffix.lower() == wanted:
                    return system, document_format
        raise SystemLoadError(f"no game system opens '{suffix}' files")


def _is_system(candidate: object) -> bool:
    return not isinstance(candidate, type) and isinstance(candidate, GameSystem)


def _checked(system: object, system_id: str, origin: str) -> GameSystem:
    if not _is_system(system):
        raise SystemLoadError(f"{origin} does not give a game system (got {type(system).__name__})")
    assert isinstance(system, GameSystem)
    if system.id != system_id:
        raise SystemLoadError(f"{origin} gives the system {system.id!r}, not {system_id!r}")
    suffixes = [f.suffix.lower() for f in system.formats]
    if len(set(suffixes)) != len(suffixes):
        raise SystemLoadError(f"the system {system_id!r} lists a file suffix twice")
    return system


REGISTRY = SystemRegistry()
"""The app's registry: every installed system's entry point in :data:`ENTRY_POINT_GROUP`
(the four built-in systems are declared in SEForge's own ``pyproject.toml``)."""

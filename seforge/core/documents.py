"""SEForge documents: one JSON format for every kind of file, in every game system.

A document is a JSON object with ``format`` (``"system.kind"``, e.g.
``"swords-edge.character"``) and ``version`` first, then its model's fields. A
:class:`DocumentKind` describes one kind: its format id and older ids (aliases), its file
suffix, its pydantic model, its current version and a migration from each older version
to the next, so version N's files are turned into the current model before validation.

Reading is bounded (only ordinary files, at most :data:`MAX_FILE_BYTES`), and the parsed
JSON is checked against :mod:`seforge.core.limits` (nesting, number length, text lengths,
duplicate keys, lone surrogates). Every failure raises :class:`DocumentFileError`, whose
message is one line naming the file, the field and the problem. A file from a newer
SEForge is refused, never rewritten. Saving checks that the file will open again and is
atomic (:mod:`seforge.core.atomic`).
"""

from __future__ import annotations

import codecs
import errno
import json
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from seforge.core.atomic import atomic_write_bytes
from seforge.core.bounded_read import FileReadError, read_bounded, size_text
from seforge.core.limits import (
    KEY_CHARS,
    LINE_CHARS,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NUMBER_CHARS,
    MAX_WHOLE_NUMBER,
    text_limit,
    text_limits,
)
from seforge.core.unknown_fields import keep_unknown_fields as keep_unknown_fields

ModelT = TypeVar("ModelT", bound=BaseModel)
Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns the fields of a version N document into those of version N+1."""


def empty_list() -> list[Any]:
    """A new empty list: a document model's ``Field(default_factory=empty_list)``.

    pydantic asks each default factory for its signature while it builds a validator;
    ``list``'s is text that :mod:`inspect` parses with the tokenizer, whose first use
    compiles a large regular expression, a few milliseconds of every ``seforge check``
    (issue 28). A function's signature costs nothing of the kind."""
    return []


class DocumentFileError(Exception):
    """A file that cannot be read as a SEForge document; ``str()`` is one line."""

    def __init__(self, source: str, problem: str, field: str | None = None) -> None:
        source = source.replace("\0", "\\0")  # a name with a zero byte, shown plainly
        self.source = source
        self.field = field
        self.problem = problem
        where = f"field '{field}': " if field else ""
        super().__init__(f"{source}: {where}{problem}")


def read_json_file(path: Path) -> Any:
    """Read and parse a SEForge JSON document (character, NC, campaign, scene).

    At most :data:`MAX_FILE_BYTES` are read, and only from an ordinary file (see
    :func:`seforge.core.bounded_read.read_bounded`); every failure is a one-line
    DocumentFileError naming the file.
    """
    source = path.name or str(path)
    try:
        raw = read_bounded(path, MAX_FILE_BYTES, source=source)
    except FileReadError as exc:
        raise DocumentFileError(source, exc.problem) from None
    return parse_json_bytes(raw, source)


class _RefusedError(Exception):
    """Raised from inside the JSON parser's hooks; becomes a DocumentFileError."""

    def __init__(self, problem: str, field: str | None = None) -> None:
        super().__init__(problem)
        self.problem = problem
        self.field = field


def _short(text: str, keep: int = 40) -> str:
    """``text`` cut for a message (a key may be megabytes long)."""
    return text if len(text) <= keep else text[:keep] + "..."


def _number(text: str) -> None:
    if len(text) > MAX_NUMBER_CHARS:
        raise _RefusedError(
            f"has a number {len(text):,} characters long; numbers are limited to "
            f"{MAX_NUMBER_CHARS} characters"
        )


def _parse_int(text: str) -> int:
    _number(text)
    return int(text)


def _parse_float(text: str) -> float:
    _number(text)
    value = float(text)
    if not math.isfinite(value):
        raise _RefusedError(f"has a number too large to be read ({text})")
    return value


def _parse_constant(text: str) -> Any:
    raise _RefusedError(f"is not valid JSON: {text} is not a JSON number")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _RefusedError(
                    "appears twice in the same object; SEForge will not guess which one "
                    "is meant, so remove one",
                    field=_short(key),
                )
            seen.add(key)
    return obj


def _decode_text(raw: bytes, source: str) -> str:
    """UTF-8 (with or without BOM); UTF-16 and UTF-32 (Windows Notepad's "Unicode",
    with or without BOM) are recognised and read too."""
    encoding = "utf-8-sig"
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        encoding = "utf-32"
    elif raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif len(raw) >= 4 and raw[0] and not any(raw[1:4]):
        encoding = "utf-32-le"
    elif len(raw) >= 4 and not any(raw[0:3]) and raw[3]:
        encoding = "utf-32-be"
    elif len(raw) >= 2 and raw[0] and not raw[1]:
        encoding = "utf-16-le"
    elif len(raw) >= 2 and not raw[0] and raw[1]:
        encoding = "utf-16-be"
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        if encoding == "utf-8-sig":
            raise DocumentFileError(source, "is not a text file (not UTF-8 JSON)") from None
        name = encoding.split("-")[0].upper() + "-" + encoding.split("-")[1]
        raise DocumentFileError(
            source, f"looks like {name} text but is not valid {name}; save it as UTF-8"
        ) from None
    if "\0" in text:  # e.g. a file left full of zero bytes by a crash or a power cut
        raise DocumentFileError(source, "is not a text file (it holds zero bytes)")
    return text


def parse_json_bytes(raw: bytes, source: str) -> Any:
    """Decode and parse JSON text, turning every failure into a one-line
    DocumentFileError; the result is checked by :func:`check_document`."""
    text = _decode_text(raw, source)
    if not text.strip():
        raise DocumentFileError(source, "is empty")
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
        )
    except _RefusedError as exc:
        raise DocumentFileError(source, exc.problem, field=exc.field) from None
    except RecursionError:
        raise DocumentFileError(source, _too_deep()) from None
    except json.JSONDecodeError as exc:
        truncated = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        what = "is cut short (truncated JSON)" if truncated else "is not valid JSON"
        raise DocumentFileError(
            source, f"{what}: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except ValueError as exc:  # e.g. an integer over Python's digit limit
        raise DocumentFileError(source, f"is not valid JSON ({_short(str(exc), 80)})") from None
    check_document(data, source)
    return data


def _too_deep() -> str:
    return f"is nested too deeply (more than {MAX_DEPTH} levels of objects and lists)"


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{_short(key)}" if path else _short(key)


def check_document(data: Any, source: str, *, surrogates: bool = True) -> None:
    """Refuse what SEForge will not keep: nesting deeper than :data:`MAX_DEPTH`,
    a text (or key) over its limit (:func:`seforge.core.limits.text_limit`), and, with
    ``surrogates``, a lone surrogate (``"\\udfff"``), which is not text and could
    never be saved again. Raises a one-line DocumentFileError naming the field.

    A document within the limits is walked once without naming a field (issue 28: a
    file at the size limit holds a million objects); only one that breaks a limit is
    walked again to name the field in the message."""
    if not _within_limits(data, surrogates):
        _check_document_naming(data, source, surrogates)


def _is_text(text: str) -> bool:
    """False for a string holding a lone surrogate (it cannot be written as UTF-8)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _any_text(text: str) -> bool:
    """Every string is text when surrogates are not checked."""
    return True


def _within_limits(data: Any, surrogates: bool) -> bool:
    """Whether ``data`` keeps every limit :func:`check_document` checks, as fast as Python
    walks it: no path is built, leaves are checked in their container's loop, and the
    objects of a list (a file of many small objects) in the list's loop, so only deeper
    containers are stacked. False for anything :func:`_check_document_naming` refuses."""
    limits, line, key_chars, max_depth = text_limits(), LINE_CHARS, KEY_CHARS, MAX_DEPTH
    is_text = _is_text if surrogates else _any_text  # only asked of non-ASCII strings
    if isinstance(data, str):
        return len(data) <= line and is_text(data)
    containers = (dict, list)
    stack: list[tuple[Any, int, int]] = [(data, 0, line)]
    push = stack.append
    while stack:
        value, depth, limit = stack.pop()
        if depth >= max_depth:
            return False
        if isinstance(value, dict):
            objects: Any = (value,)
            depth -= 1  # its fields are one level down, as an object's in a list
        elif isinstance(value, list):
            objects = _list_within(value, depth, limit, is_text, push)
            if objects is None:
                return False
        else:
            continue
        for obj in objects:  # fields at depth + 2
            for key, item in obj.items():
                if len(key) > key_chars or (not key.isascii() and not is_text(key)):
                    return False
                if isinstance(item, str):
                    if len(item) > limits.get(key, line) or (
                            not item.isascii() and not is_text(item)):
                        return False
                elif isinstance(item, containers):
                    push((item, depth + 2, limits.get(key, line)))
    return True


def _list_within(value: list[Any], depth: int, limit: int, is_text: Callable[[str], bool],
                 push: Callable[[tuple[Any, int, int]], None]) -> list[Any] | None:
    """:func:`_within_limits` of a list at ``depth``: its texts checked, its lists
    stacked, its objects returned for their fields to be checked (None when a text or
    the depth breaks a limit)."""
    objects = []
    for item in value:
        if isinstance(item, str):
            if len(item) > limit or (not item.isascii() and not is_text(item)):
                return None
        elif isinstance(item, dict):
            objects.append(item)
        elif isinstance(item, list):
            push((item, depth + 1, limit))
    if objects and depth + 1 >= MAX_DEPTH:
        return None
    return objects


def _check_document_naming(data: Any, source: str, surrogates: bool) -> None:
    """:func:`check_document`'s walk that names the field of the first problem."""
    stack: list[tuple[Any, int, str, str | None]] = [(data, 0, "", None)]
    while stack:
        value, depth, path, field = stack.pop()
        if isinstance(value, str):
            _check_text(value, source, path, text_limit(field), surrogates)
        elif isinstance(value, dict):
            if depth >= MAX_DEPTH:
                raise DocumentFileError(source, _too_deep())
            for key, item in reversed(value.items()):
                if len(key) > KEY_CHARS:
                    raise DocumentFileError(
                        source,
                        f"has a field name {len(key):,} characters long; the limit is "
                        f"{KEY_CHARS}",
                        field=path or None,
                    )
                child = _join(path, key)
                if surrogates and not key.isascii():
                    _check_text(key, source, child, KEY_CHARS, surrogates)
                stack.append((item, depth + 1, child, key))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                raise DocumentFileError(source, _too_deep())
            for index in range(len(value) - 1, -1, -1):
                stack.append((value[index], depth + 1, _join(path, index), field))


def _check_text(text: str, source: str, path: str, limit: int, surrogates: bool) -> None:
    field = path or None
    if len(text) > limit:
        raise DocumentFileError(
            source, f"is {len(text):,} characters long; the limit is {limit:,}", field=field
        )
    if surrogates and not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            code = ord(text[exc.start])
            raise DocumentFileError(
                source,
                f"holds a lone surrogate (\\u{code:04x}), which is not a character; "
                "remove it",
                field=field,
            ) from None


def _format_loc(loc: tuple[int | str, ...]) -> str:
    parts: list[str] = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"[{item}]")
        elif parts:
            parts.append(f".{item}")
        else:
            parts.append(str(item))
    return "".join(parts)


def _validation_message(exc: ValidationError) -> tuple[str, str]:
    errors = exc.errors(include_url=False)
    first = errors[0]
    field = _format_loc(tuple(first["loc"])) or "(top level)"
    message = str(first["msg"])
    for prefix in ("Value error, ", "Assertion failed, "):
        message = message.removeprefix(prefix)
    if first["type"] == "missing":
        message = "is required but missing"
    if len(errors) > 1:
        message += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return field, message


def decode_document(
    data: Any,
    source: str,
    *,
    expected_format: str,
    model: type[ModelT],
    migrations: Mapping[int, Migration],
    current_version: int = 1,
    aliases: tuple[str, ...] = (),
) -> ModelT:
    """Check ``format`` and ``version``, migrate, then validate into ``model``.

    Each format has its own version line (``current_version``) and migrations; a file
    whose ``format`` is one of ``aliases`` (an older id of the same format) reads as
    ``expected_format`` at the same version.
    """
    if not isinstance(data, dict):
        raise DocumentFileError(source, f"expected a JSON object, found {type(data).__name__}")
    fmt = data.get("format")
    if fmt is None:
        raise DocumentFileError(
            source, f"is missing; expected '{expected_format}'", field="format"
        )
    if fmt != expected_format and fmt not in aliases:
        raise DocumentFileError(
            source, f"expected '{expected_format}', found {fmt!r}", field="format"
        )
    version = data.get("version")
    if version is None:
        raise DocumentFileError(
            source, "is missing: the file has no version (SEForge writes one in every file)",
            field="version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise DocumentFileError(
            source, f"must be a whole number, found {version!r}", field="version"
        )
    if version > current_version:
        raise DocumentFileError(
            source,
            f"the file is version {version}, written by a newer SEForge; this one reads up "
            f"to version {current_version}. Update SEForge to open it",
            field="version",
        )
    if version < 1:
        raise DocumentFileError(source, f"version {version} does not exist", field="version")
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    for step in range(version, current_version):
        body = migrations[step](body)
    keep_unknown_fields(model)
    try:
        document = model.model_validate(body)
    except ValidationError as exc:
        field, message = _validation_message(exc)
        raise DocumentFileError(source, message, field=field) from None
    check_whole_numbers(document, source)
    return document


def check_whole_numbers(document: BaseModel, source: str) -> None:
    """Refuse a whole number beyond :data:`MAX_WHOLE_NUMBER` in any known field of
    ``document`` (nested models, lists and dicts included; unknown fields are kept as
    they are): one rule for every system, so a model field without its own bounds never
    reaches a widget or a loop with ``10**30``."""
    stack: list[tuple[Any, str]] = [(document, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, BaseModel):
            for name in type(value).model_fields:
                stack.append((getattr(value, name, None), _join(path, name)))
        elif isinstance(value, dict):
            stack.extend((item, _join(path, str(key))) for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((item, _join(path, index)) for index, item in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and (
                abs(value) > MAX_WHOLE_NUMBER):
            shown = str(value) if len(str(value)) <= 12 else f"{str(value)[:12]}..."
            raise DocumentFileError(
                source, f"is {shown}; whole numbers in a document stay between "
                f"-{MAX_WHOLE_NUMBER:,} and {MAX_WHOLE_NUMBER:,}", field=path or None)


def dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def dumps_compact(data: Mapping[str, Any]) -> str:
    """The document on one line, without spaces: what :func:`encode_document` writes when
    the indented form would pass :data:`MAX_FILE_BYTES`."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _utf8(text: str) -> bytes:
    """UTF-8 bytes; a lone surrogate becomes U+FFFD rather than failing the save."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        fixed = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
        return fixed.encode("utf-8")


class UnsavableTextError(OSError):
    """A text field is longer than SEForge will read back: nothing was written.
    ``strerror`` names the field and the limit (a message for the user)."""

    def __init__(self, problem: str) -> None:
        super().__init__(errno.EFBIG, problem)


def encode_document(data: Mapping[str, Any]) -> bytes:
    """The UTF-8 bytes written for ``data``, checked so the file opens again.

    Indented, or compact when the indented form would pass :data:`MAX_FILE_BYTES`.
    Raises :class:`UnsavableTextError` when a text is over its limit (see
    :mod:`seforge.core.limits`) or even the compact form is over the limit. A lone
    surrogate (pasted from a broken clipboard) is written as U+FFFD instead of
    failing every save.
    """
    try:
        check_document(data, "", surrogates=False)
    except DocumentFileError as exc:
        where = f"field '{exc.field}' " if exc.field else "the document "
        raise UnsavableTextError(f"{where}{exc.problem}; nothing was written") from None
    payload = _utf8(dumps(data))
    if len(payload) > MAX_FILE_BYTES:
        # A file that opened must save back: its indented form may pass the limit (a
        # 10 MB file of many small objects), so it is written compact instead.
        payload = _utf8(dumps_compact(data))
    if len(payload) > MAX_FILE_BYTES:
        raise UnsavableTextError(
            f"the document would be {len(payload) / (1024 * 1024):.1f} MB, over the "
            f"{size_text(MAX_FILE_BYTES)} SEForge can read back; nothing was written"
        )
    return payload


_LEADING_FORMAT = re.compile(r'\s*\{\s*"format"\s*:\s*"([a-z0-9][a-z0-9._-]{0,199})"\s*[,}]')
"""A document that starts with its ``format`` (as every file SEForge writes does)."""


def peek_format(path: str | os.PathLike[str]) -> str:
    """The ``format`` id written in the document at ``path``.

    When ``format`` comes first, as SEForge writes it, only the file's start is parsed
    (issue 28: the routing that asks for it then loads the file with every check, so a
    file at the size limit is parsed once, not twice); otherwise the whole file is read
    with every check. Raises DocumentFileError for an unreadable file or one without a
    text ``format``.
    """
    p = Path(path)
    source = p.name or str(p)
    try:
        raw = read_bounded(p, MAX_FILE_BYTES, source=source)
    except FileReadError as exc:
        raise DocumentFileError(source, exc.problem) from None
    leading = _LEADING_FORMAT.match(_decode_text(raw, source))
    if leading:
        return leading.group(1)
    data = parse_json_bytes(raw, source)
    fmt = data.get("format") if isinstance(data, dict) else None
    if not isinstance(fmt, str):
        raise DocumentFileError(source, "is missing; this is not a SEForge document",
                                field="format")
    return fmt


@dataclass(frozen=True)
class DocumentKind(Generic[ModelT]):
    """One kind of document: how it is named, read, migrated, checked and written."""

    format_id: str
    """The id written in new files, ``"system.kind"`` (e.g. ``"blades.character"``)."""
    model: type[ModelT]
    """The pydantic model of the document's fields (everything but format and version)."""
    suffix: str
    """The file suffix with its dot (e.g. ``".sechar"``)."""
    title: str
    """What the user calls it (e.g. "Sword's Edge character")."""
    version: int = 1
    """The version written in new files; older ones are migrated when read."""
    aliases: tuple[str, ...] = ()
    """Older format ids that read as this kind (migrated by the version loaders)."""
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    """``{n: step}`` turns version n's fields into version n+1's, for n < version."""

    def __post_init__(self) -> None:
        missing = [n for n in range(1, self.version) if n not in self.migrations]
        if missing:
            raise ValueError(f"{self.format_id}: no migration from version {missing[0]}")

    def accepts(self, format_id: object) -> bool:
        """Whether a file whose ``format`` is ``format_id`` reads as this kind."""
        return format_id == self.format_id or format_id in self.aliases

    def from_data(self, data: Any, source: str = "<data>") -> ModelT:
        """The document in ``data`` (a parsed JSON object), migrated and validated."""
        return decode_document(
            data,
            source,
            expected_format=self.format_id,
            model=self.model,
            migrations=self.migrations,
            current_version=self.version,
            aliases=self.aliases,
        )

    def to_data(self, document: ModelT) -> dict[str, Any]:
        """The JSON object written for ``document`` (format and version first). A value
        a mutator assigned in its plain form (``"debate"`` for a StrEnum field: a model
        without ``validate_assignment``) is written as it is, without pydantic's
        serializer warnings on the console."""
        return {
            "format": self.format_id,
            "version": self.version,
            **document.model_dump(mode="json", warnings=False),
        }

    def load(self, path: str | os.PathLike[str]) -> ModelT:
        """Read a document of this kind (any file name). Raises DocumentFileError."""
        p = Path(path)
        return self.from_data(read_json_file(p), p.name or str(p))

    def encode(self, document: ModelT) -> bytes:
        """The bytes :meth:`save` writes (UnsavableTextError if they would not open)."""
        return encode_document(self.to_data(document))

    def save(
        self,
        document: ModelT,
        path: str | os.PathLike[str],
        *,
        overwrite_read_only: bool = False,
    ) -> None:
        """Write ``document`` atomically.

        Raises ReadOnlyFileError for a read-only file unless ``overwrite_read_only``,
        NotRegularFileError for a device or FIFO and UnsavableTextError for an over-long
        text (all are OSError); nothing is written then.
        """
        atomic_write_bytes(path, self.encode(document), overwrite_read_only=overwrite_read_only)

"""What the README and docs/ say that a program can check: links, commands, module paths."""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOP_FOLDERS = ("seforge", "ui", "tests", "packaging", "resources", "docs", ".github", ".ci")
"""A path named in the docs is checked when it starts in one of these folders of the
checkout (``~/.config/SEForge/`` or ``dist/SEForge`` are places on a user's disk)."""

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
MODULE = re.compile(r"^(seforge|ui|tests|packaging)(\.[A-Za-z_]\w*)+$")
OPTION = re.compile(r"^-{1,2}[a-z][a-z0-9-]*$")
PLACEHOLDERS = {"mygame", "my-game", "X", "..."}
"""Names that stand for any system (``seforge.systems.X``, CONTRIBUTING.md's ``mygame``)."""
FILE_SUFFIXES = (".ico", ".svg", ".png", ".json", ".txt", ".md", ".spec", ".py", ".toml")


def _placeholder(span: str) -> bool:
    return any(part in PLACEHOLDERS for part in re.split(r"[./]", span)) or "..." in span


@cache
def format_ids() -> frozenset[str]:
    """Every document format id and alias (``seforge.campaign`` is a format, not a module)."""
    from seforge.docgen import document_kinds

    return frozenset(i for _module, kind in document_kinds()
                     for i in (kind.format_id, *kind.aliases))


def doc_files() -> list[Path]:
    """The Markdown the project writes for people (the guide's copy in resources/ aside)."""
    files = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "THIRD-PARTY-NOTICES.md"]
    return files + sorted((ROOT / "docs").rglob("*.md"))


def slug(heading: str) -> str:
    """The anchor a forge gives a heading (GitHub's rule, which GitLab and Gitea share)."""
    text = heading.strip().lower().replace("`", "")
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {slug(m.group(1)) for m in re.finditer(r"^#{1,6} (.+)$", text, re.M)}


def links(path: Path) -> Iterator[str]:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    for match in LINK.finditer(text):
        yield match.group(1)


def broken_link(path: Path, target: str) -> str | None:
    """Why ``target`` (a link in ``path``) does not resolve, or None."""
    if re.match(r"^[a-z]+:", target):  # http:, https:, mailto:
        return None
    file_part, _, anchor = target.partition("#")
    goal = (path.parent / file_part).resolve() if file_part else path
    if not goal.exists():
        return f"{target}: no such file"
    if anchor and goal.suffix == ".md" and anchor not in anchors(goal):
        return f"{target}: no heading #{anchor} in {goal.name}"
    return None


def code_spans(path: Path) -> Iterator[str]:
    """Every inline code span, and every line of a fenced block that starts with ``$``."""
    text = path.read_text(encoding="utf-8")
    for block in FENCE.findall(text):
        for line in block.splitlines():
            if line.startswith("$ "):
                yield line[2:]
    for match in CODE_SPAN.finditer(FENCE.sub("", text)):
        yield match.group(1).replace("\\|", "|")


def command_claims(span: str) -> Iterator[tuple[str, str]]:
    """``(verb, option)`` for each option in a ``seforge ...`` command span."""
    words = span.split()
    if not words or words[0] not in ("seforge", "seforge-cli"):
        return
    verb = ""
    for word in re.split(r"[\s\[\]|]+", " ".join(words[1:])):
        word = word.partition("=")[0].rstrip(".,;:")
        if not verb and word and not word.startswith("-"):
            verb = word
        elif OPTION.match(word):
            yield verb, word


def module_claim(span: str) -> str | None:
    """Why the dotted name ``span`` (a module, or a module's attribute) does not exist."""
    if (not MODULE.match(span) or _placeholder(span) or span in format_ids()
            or span.endswith(FILE_SUFFIXES)):
        return None
    parts = span.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            found = importlib.util.find_spec(name) is not None
        except (ModuleNotFoundError, ValueError):
            found = False
        if not found:
            continue
        if cut == len(parts):
            return None
        obj: object = importlib.import_module(name)
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return f"{span}: {name} has no {'.'.join(parts[cut:])}"
            obj = getattr(obj, attr)
        return None
    return f"{span}: no such module"


def path_claim(span: str) -> str | None:
    """Why the repository path ``span`` does not exist."""
    if " " in span or "/" not in span or any(c in span for c in "<>*$%~{}") \
            or _placeholder(span):
        return None
    if span.split("/")[0] not in TOP_FOLDERS:
        return None
    if not (ROOT / span.rstrip("/")).exists():
        return f"{span}: no such file or folder"
    return None

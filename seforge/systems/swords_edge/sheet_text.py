"""A character as text for chat and forum play: plain text or Markdown.

The same facts as the printed sheet, in reading order: who the character is, the
Concept, Background and Faculty, the Traits, the Elements, the Pivots, the state
in play (Luck, Penalty Ranks, held Advancements) and the notes::

    print(character_text(sarah))
    print(character_text(sarah, markdown=True))
"""

from __future__ import annotations

import re

from seforge.systems.swords_edge.kinds import TRAITS, ElementKind, Trait
from seforge.systems.swords_edge.models import Character, Element, LinkedQuality, Quality
from seforge.systems.swords_edge.play.state import effective_sfx, effective_trait
from seforge.systems.swords_edge.ranks import Rank

__all__ = ["KIND_NAMES", "character_markdown", "character_plain_text", "character_text"]

KIND_NAMES: dict[ElementKind, str] = {
    ElementKind.QUALITY: "",
    ElementKind.ITEM: "Item",
    ElementKind.SFX: "SFX",
    ElementKind.WEAKNESS: "Weakness",
    ElementKind.FETISH: "Fetish",
    ElementKind.STUNT: "Stunt",
}
"""The word shown after an Element's name for its kind ("" for a plain Quality)."""

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>|~])")
_LINE_START = re.compile(r"^(\s*)([#+=>-])")
_NUMBERED = re.compile(r"^(\s*\d+)([.)])")


def _escape(text: str) -> str:
    """Markdown-safe text: emphasis, links, code, tables and HTML cannot start in it,
    nor a heading or a list at the start of a line."""
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    text = _LINE_START.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", text)
    return _NUMBERED.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", text)


def _one_line(text: str) -> str:
    return " ".join(text.split())


class _Writer:
    """Collects lines in one of the two styles."""

    def __init__(self, markdown: bool) -> None:
        self.markdown = markdown
        self.lines: list[str] = []

    def text(self, value: str) -> str:
        value = _one_line(value)
        return _escape(value) if self.markdown else value

    def strong(self, value: str) -> str:
        return f"**{value}**" if self.markdown else value

    def title(self, value: str) -> None:
        self.lines.append(f"## {value}" if self.markdown else value)
        if not self.markdown:
            self.lines.append("=" * len(value))

    def heading(self, value: str) -> None:
        self.blank()
        self.lines.append(f"### {value}" if self.markdown else value)
        if not self.markdown:
            self.lines.append("-" * len(value))

    def item(self, value: str) -> None:
        self.lines.append(f"- {value}" if self.markdown else f"  {value}")

    def line(self, value: str) -> None:
        # Markdown joins consecutive lines into one paragraph unless they end in two spaces.
        self.lines.append(value + ("  " if self.markdown else ""))

    def blank(self) -> None:
        if self.lines and self.lines[-1] != "":
            self.lines.append("")

    def result(self) -> str:
        while self.lines and self.lines[-1] == "":
            self.lines.pop()
        return "\n".join(line.rstrip() if not self.markdown else line
                         for line in self.lines).rstrip() + "\n"


def _rank_text(rank: Rank) -> str:
    return rank.display()


def _now_text(rank: Rank, now: Rank) -> str:
    """``"Great +4"``, or ``"Great +4, now Good +2"`` when Penalty Ranks lower it."""
    if now == rank:
        return _rank_text(rank)
    return f"{_rank_text(rank)}, now {_rank_text(now)}"


def _quality_line(w: _Writer, label: str, quality: Quality | LinkedQuality) -> str:
    name = w.text(quality.name) or "—"
    details = [_rank_text(quality.rank)]
    trait = getattr(quality, "trait", None)
    if isinstance(trait, Trait):
        details.append(trait.value.capitalize())
    return f"{w.strong(label + ':')} {name} ({', '.join(details)})"


def _element_line(w: _Writer, character: Character, element: Element) -> str:
    name = w.strong(w.text(element.name) or "(unnamed)")
    rank = element.rank
    now = effective_sfx(character, element) if element.kind is ElementKind.SFX else rank
    details = [_now_text(rank, now)]
    if KIND_NAMES[element.kind]:
        kind = KIND_NAMES[element.kind]
        if element.kind is ElementKind.FETISH and element.fetish_of:
            kind += f" of {w.text(element.fetish_of)}"
        details.append(kind)
    if element.trait is not None:
        details.append(element.trait.value.capitalize())
    return f"{name}: {', '.join(details)}"


def _play_lines(w: _Writer, character: Character) -> list[str]:
    play = character.play
    lines: list[str] = []
    if play.session_running or play.session or play.luck:
        where = f"session {play.session}, scene {play.scene}" if play.session else ""
        lines.append(f"{w.strong('Luck:')} {play.luck}" + (f" ({where})" if where else ""))
    penalties = [f"{trait.value.capitalize()} {n}"
                 for trait, n in play.penalty_ranks.items() if n > 0]
    penalties += [f"{w.text(name)} {n}" for name, n in play.sfx_penalty_ranks.items() if n > 0]
    if penalties:
        lines.append(f"{w.strong('Penalty Ranks:')} {', '.join(penalties)}")
    if play.advancements:
        count = len(play.advancements)
        lines.append(f"{w.strong('Advancements held:')} {count}")
    if play.doom_trait is not None:
        lines.append(f"{w.strong('Doomed:')} {play.doom_trait.value.capitalize()}")
    return lines


def character_text(character: Character, *, markdown: bool = False) -> str:
    """``character`` as plain text (``markdown=False``) or as Markdown."""
    w = _Writer(markdown)
    _write_header(w, character)
    _write_traits(w, character, markdown)
    if character.elements:
        w.heading("Elements")
        for element in character.elements:
            w.item(_element_line(w, character, element))
    _write_pivots(w, character)
    play = _play_lines(w, character)
    if play:
        w.heading("In play")
        for line in play:
            w.item(line)
    _write_notes(w, character, markdown)
    return w.result()


def _write_header(w: _Writer, character: Character) -> None:
    """The name, what the character is about, and the three core Qualities."""
    w.title(w.text(character.name) or "Unnamed character")
    about = [w.text(v) for v in (character.genre, character.campaign) if v.strip()]
    if character.player.strip():
        about.append(f"played by {w.text(character.player)}")
    if about:
        w.line(" · ".join(about))
    w.blank()
    w.line(_quality_line(w, "Concept", character.concept))
    w.line(_quality_line(w, "Background", character.background))
    w.line(_quality_line(w, "Faculty", character.faculty))


def _write_traits(w: _Writer, character: Character, markdown: bool) -> None:
    w.heading("Traits")
    width = max(len(t.value) for t in TRAITS)
    for trait in TRAITS:
        rank = character.traits.get(trait, Rank.AVERAGE)
        shown = _now_text(rank, effective_trait(character, trait))
        label = trait.value.capitalize()
        w.item(f"{w.strong(label)} {shown}" if markdown else f"{label:<{width}}  {shown}")


def _write_pivots(w: _Writer, character: Character) -> None:
    pivots = [(label, value) for label, value in (
        ("Goal", character.pivots.goal), ("Quirk", character.pivots.quirk),
        ("Style", character.pivots.style)) if value and value.strip()]
    if pivots:
        w.heading("Pivots")
        for label, value in pivots:
            w.item(f"{w.strong(label + ':')} {w.text(value)}")


def _write_notes(w: _Writer, character: Character, markdown: bool) -> None:
    if character.notes.strip():
        w.heading("Notes")
        for paragraph in character.notes.strip().splitlines():
            if not paragraph.strip():
                w.blank()
            elif markdown:
                w.line(_escape(paragraph.strip()))
            else:
                w.line(paragraph.rstrip())


def character_plain_text(character: Character) -> str:
    return character_text(character)


def character_markdown(character: Character) -> str:
    return character_text(character, markdown=True)

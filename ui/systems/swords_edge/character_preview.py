"""A read-only HTML summary of a character, with the core's budget and verdict."""

from __future__ import annotations

from html import escape

from seforge.systems.swords_edge.models import TRAITS, Character
from seforge.systems.swords_edge.validation import check_character
from ui.shell.theme import verdict_colour
from ui.systems.swords_edge.commands import kind_label
from ui.systems.swords_edge.trait_style import trait_colour


def preview_html(character: Character, dark: bool = False) -> str:
    result = check_character(character)
    parts = [f"<h2 style='margin-bottom:2px'>{escape(character.name or 'Unnamed')}</h2>"]
    subtitle = " · ".join(escape(x) for x in (character.genre, character.source) if x)
    if subtitle:
        parts.append(f"<p style='margin-top:0'><i>{subtitle}</i></p>")

    def row(label: str, name: str, rank_text: str, extra: str = "") -> str:
        return (f"<tr><td><b>{label}</b></td><td>{escape(name) or '—'}</td>"
                f"<td align='right'>{rank_text}</td><td>{extra}</td></tr>")

    def trait_span(trait: object) -> str:
        if trait is None:
            return ""
        colour = trait_colour(trait, dark).name()  # type: ignore[arg-type]
        return f"<span style='color:{colour}'><b>{escape(str(trait))}</b></span>"

    rows = [
        row("Concept", character.concept.name, character.concept.rank.display()),
        row("Background", character.background.name, character.background.rank.display()),
        row("Faculty", character.faculty.name, character.faculty.rank.display(),
            trait_span(character.faculty.trait)),
    ]
    rows += [row(trait_span(t), "", character.trait_rank(t).display()) for t in TRAITS]
    for element in character.elements:
        rows.append(row(kind_label(element.kind), element.name, element.rank.display(),
                        trait_span(element.trait)))
    parts.append("<table cellspacing='0' cellpadding='3'>" + "".join(rows) + "</table>")
    pivots = [(n, getattr(character.pivots, n)) for n in ("goal", "quirk", "style")]
    shown = [f"<b>{n.capitalize()}:</b> {escape(v)}" for n, v in pivots if v]
    if shown:
        parts.append("<p>" + "<br>".join(shown) + "</p>")
    colour = verdict_colour(result.legal, dark)
    verdict = ("Legal character" if result.played else "Legal new character") \
        if result.legal else "Breaks the creation rules"
    parts.append(f"<p><b>{escape(result.budget.summary())}</b><br>"
                 f"<span style='color:{colour}'>{verdict}</span></p>")
    if result.problems:
        items = "".join(f"<li>{escape(p.message)}</li>" for p in result.problems)
        parts.append(f"<ul style='margin-left:-20px'>{items}</ul>")
    return "".join(parts)

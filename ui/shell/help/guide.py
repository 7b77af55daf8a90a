"""The user guide's pages: how to build, play and run a scene with SEForge.

Written in our own words. Where a page leans on the rules it names the book's
section (as printed in *Sword's Edge*) so a reader can look the rule up; the
rules themselves live in ``seforge`` and in the book, not here.
"""

from __future__ import annotations

import html
from dataclasses import dataclass


@dataclass(frozen=True)
class GuidePage:
    key: str
    title: str
    body: str
    """HTML of the page without its title."""
    sections: tuple[str, ...] = ()
    """The book's sections this page relies on."""


def _list(items: tuple[str, ...]) -> str:
    return "".join(f"<li>{item}</li>" for item in items)


PAGES: tuple[GuidePage, ...] = (
    GuidePage("start", "Getting started", f"""
<p>SEForge keeps a player's characters and a GM's table in one window. Each open
character has its own tab; the docks on the right hold the <b>Budget</b>, the
<b>Play</b> panel and the <b>GM Screen</b>, and the <b>GM's Table</b> opens at the
bottom (View › GM's Table).</p>
<ul>{_list((
    "<b>New Character</b> (Ctrl+N) starts an empty sheet; <b>Start from a Book "
    "Character</b> copies one of the rulebook's samples for you to change.",
    "<b>Open</b> (Ctrl+O) reads a <code>.sechar</code> file; <b>Open Recent</b> lists the "
    "files you used lately (a file that is gone leaves the list; where two files share a "
    "name the folder is shown).",
    "Everything you change can be undone (Edit › Undo) and is autosaved: after a crash "
    "SEForge offers the unsaved characters back.",
))}</ul>
<p>The pages on the left walk through building a character, playing one, running a
scene as the GM, and printing. <a href="help:formats">File formats</a> describes the
files SEForge writes.</p>
"""),
    GuidePage("build", "Building a character", f"""
<p>The editor follows the order of the book's sheet. Work from the top:</p>
<ol>{_list((
    "<b>Name, player, genre.</b> Who the character is and which game they belong to.",
    "<b>Concept, Background and Faculty.</b> One phrase each. They start at Good; "
    "raising one spends Ranks from the creation budget.",
    "<b>Traits.</b> Physique, Charisma and Cunning start at Average. Lowering one gives "
    "Ranks back only when your table plays that way (Character › Table Rules…).",
    "<b>Elements.</b> Extra Qualities, each tied to a Trait: plain Qualities, Items, SFX, "
    "Weaknesses, Fetishes and Stunts. Add one with Character › Add Element (Ctrl+E).",
    "<b>Pivots.</b> A Goal, a Quirk and a Style: what drives the character in play.",
))}</ol>
<p>Every Rank box shows the name and the modifier together (“Great +4”) and
offers only the steps the creation rules allow; hover a greyed-out step to read why.
The <b>Budget</b> dock counts every Rank and lists each problem with the book section it
comes from. Click a problem and the field it concerns is shown and highlighted.</p>
""", ("Player Character Creation", "Character Qualities", "Elements", "Items", "Weakness",
      "Pivots", "SFX Qualities")),
    GuidePage("play", "Playing a character", f"""
<p>The <b>Play</b> dock follows a character through sessions and scenes.</p>
<ul>{_list((
    "<b>Start session</b> begins a session with fresh Luck; <b>End scene</b> and "
    "<b>End session</b> close them, with the Recovery the rules give at each.",
    "<b>Luck</b> is spent on a reroll, on adding a Quality, or on clearing Penalty Ranks. "
    "The GM Screen shows the exact chance of success with each Luck you are willing to spend.",
    "<b>Penalty Ranks</b> lower a Trait for the rest of the scene or session; when a "
    "Trait can fall no further the character faces <b>Doom</b>.",
    "<b>Advancements</b> come from Pivots and from critical failures. The Advancement "
    "dialog offers only what the rules allow at that moment and says why the rest is not "
    "offered.",
    "The <b>History</b> records every change with the session and scene; select a line to "
    "see the character as they were then.",
))}</ul>
""", ("Luck", "Advancement", "Damage", "Doom", "Recovery", "Critical Failure")),
    GuidePage("gm", "Running a scene", f"""
<p>The GM works from two places: the <b>GM Screen</b> dock (reference tables and the
Test calculator) and the <b>GM's Table</b> (opponents, party and the scene tracker).</p>
<ol>{_list((
    "<b>Prepare the opposition.</b> In GM's Table › Opponents, find one of the book's NCs "
    "or build your own from a template. A book opponent is never changed: <b>Edit a copy</b> "
    "makes one of yours. Select several and <b>Print cards</b> for the table.",
    "<b>Gather the party.</b> GM's Table › Party reads a campaign file and shows the PCs "
    "side by side, with notes and progress clocks.",
    "<b>Run the scene.</b> GM's Table › Scene pairs each PC with what they face and keeps "
    "Momentum, the Qualities used, NC Stress and PC Doom. From any pairing, open the "
    "calculator with both sides filled in.",
    "<b>Resolve a Test.</b> The calculator walks through the Momentum Test, the Action "
    "and Seizing the Momentum, gives the exact odds of every Level of Success, and names "
    "the result once you enter the dice.",
    "<b>End the scene.</b> Each PC is walked through Recovery and any Pivot Advancement, "
    "and their files are written.",
))}</ol>
""", ("Running the Game", "Tests", "Momentum", "Seize the Momentum", "Action",
      "Levels of Success", "Undefended", "Range", "Narrative Characters")),
    GuidePage("print", "Sheets and printing", f"""
<ul>{_list((
    "<b>File › Export Sheet</b> writes the current character's sheet as a PDF; <b>Export "
    "Party</b> puts every open character into one PDF; <b>Print Blank Sheet</b> writes an "
    "empty one. After an export you can open the PDF, preview it or print it straight away.",
    "<b>File › Print Preview</b>, <b>Print Sheet</b> and <b>Print Party</b> send the same "
    "pages to a printer without writing a file first. In the GM's Table, right-click the "
    "opponent list to print the selected cards, or the Party tab to print the campaign's "
    "sheets.",
    "<b>File › Paper Size</b> chooses A4 or Letter; by default the system's locale decides. "
    "The choice applies to the next export or printout, opponent cards included.",
    "<b>Edit › Copy Sheet as Text</b> and <b>as Markdown</b> put the character on the "
    "clipboard for chat or forum play.",
))}</ul>
"""),
    GuidePage("formats", "File formats", f"""
<p>SEForge's files are versioned, readable JSON, saved in UTF-8. Saving is atomic: a
crash never leaves half a file.</p>
<ul>{_list((
    "<code>.sechar</code> — a character (<code>format: swords-edge.character</code>; "
    "files saying <code>seforge.character</code> open too).",
    "<code>.senc</code> — a narrative character, an opponent "
    "(<code>format: swords-edge.nc</code>).",
    "<code>.secampaign</code> — a campaign: its PCs, opponents, notes and clocks.",
))}</ul>
<p>Every file carries <code>format</code> and <code>version</code>; other fields are
optional and take their defaults. Ranks are written by name (Weak to Legendary), Traits
as Physique, Charisma and Cunning. A file written by a newer SEForge is refused with a
message and never rewritten. Fields SEForge does not know (from another tool, say) are
kept and written back; a file saved by Notepad as “Unicode” opens too, and is saved as
UTF-8 the next time. SEForge asks before replacing a read-only file.</p>
<p>The full description of every field is in the README's section
“The character file (<code>.sechar</code>)”, shipped with the source.</p>
"""),
)


def page(key: str) -> GuidePage:
    for item in PAGES:
        if item.key == key:
            return item
    raise KeyError(key)


def page_html(item: GuidePage) -> str:
    """The whole page: title, body and the book's sections it relies on."""
    sections = ""
    if item.sections:
        names = ", ".join(f"<i>{html.escape(s)}</i>" for s in item.sections)
        sections = f"<p><small>In the book: {names}.</small></p>"
    return f"<h2>{html.escape(item.title)}</h2>{item.body}{sections}"

"""Help › About credits every game system's sources with their licences (issue 26),
read from the systems themselves: the frame names none of them."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from seforge.core.credits import SourceCredit, credits_of
from seforge.systems import registry
from ui.shell.help import AboutDialog
from ui.shell.help.about import about_html, system_credits
from ui.shell.window import MainWindow

BLADES_ATTRIBUTION = (
    "This work is based on Blades in the Dark (found at http://www.bladesinthedark.com/), "
    "product of One Seven Design, developed and authored by John Harper, and licensed for "
    "our use under the Creative Commons Attribution 3.0 Unported license")


def _plain(html: str) -> str:
    return " ".join(html.replace("&#x27;", "'").replace("&quot;", '"').split())


def test_every_built_in_system_declares_its_sources() -> None:
    for system in registry().load_all()[0]:
        assert credits_of(system), system.id


def test_about_lists_each_source_and_licence(window: MainWindow, qtbot: QtBot) -> None:
    titles = [title for title, _credits in system_credits()]
    assert titles[0] == "Sword's Edge" and len(titles) >= 4
    dialog = AboutDialog(None, window)
    qtbot.addWidget(dialog)
    text = _plain(dialog.text.text())
    for needed in ("Sword's Edge Role-Playing Game", "Fraser Ronald",
                   "2d20 System SRD", "2022 Edition", "Modiphius Entertainment",
                   "Conan", "gamemaster screen",
                   "Blades in the Dark SRD",
                   "Creative Commons Attribution 3.0 Unported licence (CC BY 3.0)",
                   BLADES_ATTRIBUTION, "Sword of Life", "Craig Russell",
                   "Apache License 2.0"):
        assert needed in text, needed


def test_a_system_without_credits_or_with_bad_ones_shows_no_credits() -> None:
    class Bare:
        credits = "not a list"

    assert credits_of(Bare()) == ()  # a plug-in's malformed credits are left out
    one = SourceCredit("A Game", "Someone", licence="CC0", url="https://example.org/")
    html = about_html([("Toy", (one,)), ("Empty", ())])
    assert '<a href="https://example.org/"' in html and "Someone. CC0" in html
    assert "Empty</b>" not in html
    assert "<i>Toy</i>, <i>Empty</i>" in html


def test_credits_escape_their_text() -> None:
    credit = SourceCredit("<b>Bold</b> & Co", "A <script>")
    html = about_html([("T", (credit,))])
    assert "<script>" not in html and "&lt;b&gt;Bold&lt;/b&gt; &amp; Co" in html

"""Help: the user guide window and the About dialog."""

from ui.shell.help.about import AboutDialog, about_html
from ui.shell.help.guide import GuidePage, GuideSection, page, pages, sections
from ui.shell.help.window import HelpWindow

__all__ = ["AboutDialog", "GuidePage", "GuideSection", "HelpWindow", "about_html", "page", "pages",
           "sections"]

"""Help: the user guide window and the About dialog."""

from ui.shell.help.about import AboutDialog, about_html
from ui.shell.help.guide import GuidePage, page, pages
from ui.shell.help.window import HelpWindow

__all__ = ["AboutDialog", "GuidePage", "HelpWindow", "about_html", "page", "pages"]

"""Help: the in-app user guide and the About box."""

from ui.shell.help.about import AboutDialog, about_html
from ui.shell.help.guide import PAGES, GuidePage, page_html
from ui.shell.help.window import HelpWindow

__all__ = ["PAGES", "AboutDialog", "GuidePage", "HelpWindow", "about_html", "page_html"]

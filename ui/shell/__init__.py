"""The application frame every game system shares: the main window (``window``), its
documents (``documents``), menus (``actions``), autosave, opening files, the start page,
the GM Screen dock, help, settings and theme, and the system UI registry.

``ui.shell`` never imports ``ui.systems``: a system's UI is found through the
``seforge.ui_systems`` entry points (:mod:`ui.shell.system_uis`), and what it adds to the
window through :mod:`ui.shell.window_part`. The window's parts depend on the narrow
interfaces of :mod:`ui.shell.window_api` and :mod:`ui.shell.document_api`, never on the
window itself.
"""

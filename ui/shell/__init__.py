"""The application frame every game system shares: document owners, the system UI
registry, and (as they move here) the main window, autosave, settings and theme.

``ui.shell`` never imports ``ui.systems``: a system's UI is found through
:mod:`ui.shell.system_ui`.
"""

"""SEForge core: rules, models, file format, odds, sheets and the CLI.

This package never imports Qt; the ``ui`` package builds on it.
"""

__version__ = "0.1.0"

"""The 2d20 system's desktop UI: record editor, GM screen (calculator, dice judge, reference
tables, conflict tracker). Uses only ``seforge.systems.twod20``, ``seforge.core`` and
``ui.shell``; every rule comes from the core."""

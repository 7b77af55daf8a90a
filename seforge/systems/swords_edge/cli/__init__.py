"""Sword's Edge's command line: its ``odds`` parser, what ``check`` and ``export`` print for
its files, and its own verbs ``library`` and ``import`` (``seforge.cli`` dispatches to them
through :data:`seforge.systems.swords_edge.system.SYSTEM`)."""

"""Blades in the Dark's editors and GM Screen page: the scoundrel builder with its ledger,
the crew editor, and the odds, clocks and reference tables. Every rule is asked of
``seforge.systems.blades``; every change goes through a ``DocumentOwner``."""

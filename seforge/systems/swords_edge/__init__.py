"""Sword's Edge: the first game system, the rules, sheets, cards and library of
Fraser Ronald's *Sword's Edge* (its models, Ranks and Budget, validation, Tests and their
odds, play and advancement, scenes, campaigns and the GM's reference)."""

from seforge.core.limits import declare_text_limits as _declare_text_limits
from seforge.systems.swords_edge.limits import TEXT_LIMITS as _TEXT_LIMITS

_declare_text_limits(_TEXT_LIMITS)  # before any Sword's Edge file is read or written

"""Sword's Edge: the first game system, the rules, sheets, cards and library of
Fraser Ronald's *Sword's Edge* (its models, Ranks and Budget, validation, Tests and their
odds, play and advancement, scenes, campaigns and the GM's reference)."""

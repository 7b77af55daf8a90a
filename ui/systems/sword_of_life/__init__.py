"""The Sword of Life builder, conflict screen and GM Screen page."""

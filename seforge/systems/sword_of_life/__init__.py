"""Sword of Life (Craig Russell's light card-draw game): builder, exact card odds, conflicts."""

"""Beleaguered Castle and Streets and Alleys: every card face up, one card at a time.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

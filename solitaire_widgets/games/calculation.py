"""Calculation: four foundations built by ones, twos, threes and fours.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

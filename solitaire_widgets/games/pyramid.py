"""Pyramid: two exposed cards that make 13 leave together.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

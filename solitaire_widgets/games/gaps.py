"""Gaps (Montana): a grid with four gaps, each filled by the card one above its left neighbour.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

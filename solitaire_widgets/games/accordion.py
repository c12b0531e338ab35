"""Accordion: a row of piles that moves onto its neighbour or the third to its left.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

"""Forty Thieves and Fortune's Favor: columns built down in suit, a stock turned onto a waste.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

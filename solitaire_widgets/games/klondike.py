"""Klondike and the games that build like it: Klondike, Whitehead, Yukon, Russian Solitaire.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

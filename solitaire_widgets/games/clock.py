"""Clock: thirteen piles round a clock, every card to its hour.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

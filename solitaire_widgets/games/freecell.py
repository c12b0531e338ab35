"""FreeCell and its family: FreeCell, Baker's Game, Eight Off, Seahaven Towers, King Albert.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

"""Canfield: a reserve, a base rank the deal fixes, columns that wrap from ace to king.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

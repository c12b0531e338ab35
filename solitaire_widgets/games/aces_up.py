"""Aces Up: discard a card when a higher one of its suit shows.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

"""Fan, La Belle Lucie and Baker's Dozen: fans of cards built down, one card at a time.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

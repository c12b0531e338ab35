"""Spider and its family: Spider, Spiderette, Scorpion, Simple Simon: suits built king to ace leave the table.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

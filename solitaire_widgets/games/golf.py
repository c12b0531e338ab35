"""Golf, Black Hole and TriPeaks: one foundation built a rank up or down.

(Its games are yet to come.)
"""

from __future__ import annotations

from ..game import Game

GAMES: tuple[type[Game], ...] = ()

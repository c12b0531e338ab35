"""solitaire_widgets: Frog, Leap Year, Bobby, Cruel and Midshipman for Python
and Jupyter.

>>> import solitaire_widgets as sw
>>> game = sw.new_game("cruel", seed=7)
>>> move = game.legal_moves()[0]
>>> game.play(move) == move, game.status
(True, 'playing')

The engine (everything here but ``SolitaireWidget`` and ``play``) imports no
Jupyter package; those two load the widget layer on first use.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, standard_deck
from .errors import IllegalMoveError, NothingToUndoError
from .game import Game, GameChange
from .games.bobby import Bobby
from .games.cruel import Cruel
from .games.frog import Frog
from .games.leap_year import LeapYear
from .games.midshipman import Midshipman
from .moves import Move
from .rules import Variant, rules, variants
from .saving import load, new_game
from .solver import Hint, Solution, WinRate, WinRateInterrupted, solve, winnability

GAMES: dict[str, type[Game]] = {
    cls.name: cls for cls in (Frog, LeapYear, Bobby, Cruel, Midshipman)
}

__version__ = "0.1.0"

__all__ = [
    "GAMES", "Bobby", "Card", "Cruel", "Frog", "Game", "GameChange", "Hint", "IllegalMoveError",
    "LeapYear", "Midshipman", "Move", "NothingToUndoError", "Solution", "SolitaireWidget", "Variant",
    "WinRate", "WinRateInterrupted", "load", "new_game", "play", "rules", "solve", "standard_deck", "variants",
    "winnability",
]


def __getattr__(name: str) -> Any:
    # The widget layer needs anywidget; load it only when asked for.
    if name in ("SolitaireWidget", "play"):
        from . import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'solitaire_widgets' has no attribute {name!r}")

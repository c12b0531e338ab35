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

from .compiled import COMPILED  # (first: it decides whether the compiled modules load)
from . import games
from .cards import Card, standard_deck
from .errors import HookError, IllegalMoveError, NothingToRedoError, NothingToUndoError
from .game import Game, GameChange
from .games import *  # noqa: F403  (the registry, and every built-in game class by its name)
from .layout import Layout, Row, Slot
from .moves import Move
from .picture import Picture
from .piles import piles_by_role
from .rules import Variant, Variants, rules, variants
from .saving import load, new_game
from .solver import (Analysis, Deal, Grade, Hint, MoveCheck, NoWinnableDeal, Puzzle, PuzzlesNotFound, Solution,
                     WinRate, WinRateInterrupted, check_move, grade, puzzles, solve, winnability)

__version__ = "0.1.0"

__all__ = [
    "COMPILED",  # whether the solver's hot loop runs compiled (solitaire_widgets/compiled.py)
    "Analysis", "Card", "Deal", "Game", "GameChange", "Grade", "Hint", "HookError", "IllegalMoveError", "Layout",
    "Move", "MoveCheck", "NoWinnableDeal", "NothingToRedoError", "NothingToUndoError", "Picture", "Puzzle",
    "PuzzlesNotFound", "Row", "Slot", "Solution", "SolitaireWidget", "Variant", "Variants", "WinRate",
    "WinRateInterrupted", "check_move", "grade", "load", "new_game", "piles_by_role", "play", "puzzles", "rules",
    "solve", "standard_deck", "variants", "winnability",
]
__all__ += games.__all__


def __getattr__(name: str) -> Any:
    # The widget layer needs anywidget; load it only when asked for.
    if name in ("SolitaireWidget", "play"):
        from . import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'solitaire_widgets' has no attribute {name!r}")

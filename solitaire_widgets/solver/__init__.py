"""Solver, hints and win rates on the engine's fast path.

``solve`` searches a position with perfect information (``search``); a loss
it proves without searching every line comes from the game's dead-end test
(``dead_ends``, with ``walks`` for foundations that walk the ranks), whose
witness says why.  ``hint`` (also ``Game.hint``) suggests a move;
``winnability`` measures win rates over many deals on any
``concurrent.futures.Executor`` (``winrate``); ``background`` runs a solve
or a play-out in a worker thread for the table.  What they return is in
``results``, their argument checks in ``checks``.
"""

from .analysis import analyse, check_move
from .deals import NoWinnableDeal, winnable_deal
from .grades import GRADES, grade
from .puzzles import PuzzlesNotFound, puzzles
from .reports import Analysis, Grade, MoveCheck, Puzzle
from .results import Deal, Hint, Solution, WinRate
from .search import solve
from .winrate import WinRateInterrupted, winnability

__all__ = ["Analysis", "Deal", "GRADES", "Grade", "Hint", "MoveCheck", "NoWinnableDeal", "Puzzle", "PuzzlesNotFound",
           "Solution", "WinRate", "WinRateInterrupted", "analyse", "check_move", "grade", "puzzles", "solve",
           "winnability", "winnable_deal"]

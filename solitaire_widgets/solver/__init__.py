"""Solver, hints and win rates on the engine's fast path.

``solve`` searches a position with perfect information (``search``); a loss
it proves without searching every line comes from the game's dead-end test
(``dead_ends``, with ``walks`` for foundations that walk the ranks), whose
witness says why.  ``hint`` (also ``Game.hint``) suggests a move;
``winnability`` measures win rates over many deals on any
``concurrent.futures.Executor`` (``winrate``); the teaching tools analyse a
game (``analysis``), deal winnable deals (``deals``), grade them
(``grades``) and find puzzles (``puzzles``), each also as steps a caller
runs in slices.  What they return is in ``results`` and ``reports``, their
argument checks in ``checks``.  The table's side of them (running them
beside the kernel, what it says meanwhile) is ``solitaire_widgets.assist``.
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

"""Solver, hints and win rates on the engine's lean path.

``solve`` searches a position with perfect information (``search``), and a
loss it proves says why (``reasons``); ``hint`` (also ``Game.hint``)
suggests a move; ``winnability`` measures win rates over many deals on any
``concurrent.futures.Executor`` (``winrate``); ``background`` runs a solve
or a play-out in a worker thread for the table.
"""

from .hint import Hint
from .search import Solution, solve
from .winrate import Deal, WinRate, WinRateInterrupted, winnability

__all__ = ["Deal", "Hint", "Solution", "WinRate", "WinRateInterrupted", "solve", "winnability"]

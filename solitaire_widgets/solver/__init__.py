"""Solver, hints and win rates on the engine's lean path.

``solve`` searches a position with perfect information; ``hint`` (also
``Game.hint``) suggests a move; ``winnability`` measures win rates over many
deals on any ``concurrent.futures.Executor``.
"""

from .hint import Hint
from .search import Solution, solve
from .winrate import Deal, WinRate, winnability

__all__ = ["Deal", "Hint", "Solution", "WinRate", "solve", "winnability"]

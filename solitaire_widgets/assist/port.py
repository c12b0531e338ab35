"""What the solver's help reads and sets of the table it serves: the
port (``TablePort``) a ``SolitaireWidget`` gives its ``SolverHelp``, as
the page's features get ``api.js``'s object instead of the table.  The
help reads the game, the version, the lock and the settings, and shows
what it found through the traits named here; it never sees the widget.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Protocol

from ..game import Game
from ..protocol import Reply
from .states import Assist


@dataclass(frozen=True)
class HelpSettings:
    """The table's settings the help reads, as they are when it asks
    (``SolitaireWidget``'s traits of the same names: seconds, and the
    grade of a winnable deal, "" for any)."""

    hint_seconds: Optional[float]
    watch_seconds: float
    solve_seconds: float
    play_pace: float
    analyse_seconds: float
    guard_seconds: float
    deal_seconds: float
    difficulty: str


class TablePort(Protocol):
    """The table as the solver's help sees it."""

    @property
    def game(self) -> Game:
        """The engine game the table shows now."""

    @property
    def version(self) -> int:
        """The table's version: the game's, and more after a switch of games."""

    @property
    def lock(self) -> threading.RLock:
        """Held around every change of the table (a worker's callbacks take it too)."""

    @property
    def settings(self) -> HelpSettings:
        """The settings as they are now."""

    def show_assist(self, state: Assist) -> None:
        """The ``assist`` trait: what the help says about the position."""

    def show_line(self, moves: int) -> None:
        """The ``line`` trait: the moves left of a winning line the table knows."""

    def show_no_win(self, reason: str) -> None:
        """The ``no_win`` trait: why no win is left ("" when not proven)."""

    def show_analysis(self, report: Mapping[str, Any]) -> None:
        """The ``analysis`` trait: the report of What went wrong? (``{}``: none)."""

    def show_puzzle(self, state: Optional[Mapping[str, Any]]) -> None:
        """The ``puzzle`` trait and the Puzzle panel offered (None: no puzzle)."""

    def reply(self, request_id: Any, reason: Optional[str], extra: Optional[Mapping[str, Any]] = None,
              message: bool = True) -> None:
        """Answer a page request whose handler answered ``LATER``: ok, or
        refused for ``reason`` (also the table's message unless
        ``message`` is False)."""

    def seek(self, to: Any) -> Reply:
        """Undo or redo until ``to`` moves are played, as Replay does."""

"""How hard a winnable deal is: ``grade`` plays it as players who look a
little, then further, ahead before each move, and grades it by the
shortest look-ahead that wins it.

The *look-ahead player* of budget N searches N positions from where it
stands (the solver's search, never entering a position it has been
through), plays the first move of the best line it found, and looks again;
when its search finds a whole winning line it has won.  Its budget is how
far ahead it looks: 10 positions is a move or two, 300 a good stretch of
the game.  A deal is

* **easy** when a player looking 10 or 30 positions ahead wins it,
* **medium** when it takes 100,
* **hard** when it takes 300,
* **expert** when none of them wins it: only a longer search does (the
  solver's, which won it).

The measure is checked against a player that did not define it
(``benchmarks/teaching.py``, docs/solver.md): a player without any
look-ahead, which follows the game's usual way of winning with random slips,
wins a smaller share of the deals of each grade than of the grade before.

>>> import solitaire_widgets as sw
>>> g = grade(sw.Cruel(seed=19))
>>> g.level, g.lookahead
('medium', 100)
"""

from __future__ import annotations

import time
from typing import Callable, Generator, Optional

from ..game import Game
from .checks import check_callbacks, check_game, check_limits
from .reports import Grade
from .search import Search, finish, solve_steps

GRADES = ("easy", "medium", "hard", "expert")
# Positions the solver searches for a deal's win: for each seed where
# ``winnable_deal`` (``deals``) looks for a winnable deal, and here for a deal
# to grade that has no winning line yet (see docs/solver.md for what it costs
# per game).
DEAL_STATES = 5_000
# Positions the look-ahead player searches before each move, tried in turn,
# and the grade of a deal the first to win it wins: easy up to 30 positions
# (10 first: a deal a shorter look-ahead wins is easy whatever a longer one
# does), medium at 100, hard at 300, expert beyond.
LADDER = (10, 30, 100, 300)
LADDER_GRADES = ("easy", "easy", "medium", "hard")


class NoWinFound(ValueError):
    """``grade`` of a deal the solver did not win within its budget (a
    ``ValueError``: only a winnable deal has a grade)."""
MAX_MOVES = 2000  # a look-ahead player's game ends after this many moves


def lookahead_game(game: Game, lookahead: int, *, stop: Optional[Callable[[], bool]] = None,
                   deadline: Optional[float] = None, max_moves: int = MAX_MOVES) -> tuple[str, int]:
    """Play ``game`` (a copy of it) as the look-ahead player that searches
    ``lookahead`` positions before each move; return (end, moves played):
    end is ``"won"``, ``"lost"`` (no move left, or every move left goes back
    to a position it has been through), or ``"stopped"`` (``stop()``, the
    ``deadline`` or Ctrl-C: see ``time.perf_counter``).

    >>> import solitaire_widgets as sw
    >>> lookahead_game(sw.Cruel(seed=38), 10)
    ('won', 71)
    """
    return finish(lookahead_steps(game, lookahead, stop=stop, deadline=deadline, max_moves=max_moves))


def lookahead_steps(game: Game, lookahead: int, *, stop: Optional[Callable[[], bool]] = None,
                    deadline: Optional[float] = None,
                    max_moves: int = MAX_MOVES) -> Generator[None, None, tuple[str, int]]:
    """``lookahead_game`` in slices: a pause after each move (and within
    each search, see ``Search.steps``)."""
    position = game.copy(history=False)
    shape = position.SHAPE
    passed = {position.search_key()}
    played = 0
    while position.status == "playing" and played < max_moves:
        if deadline is not None and time.perf_counter() >= deadline:
            return "stopped", played
        search = Search(position, time_limit=None, max_states=lookahead, avoid=passed, stop=stop)
        status, codes, _, stopped_by = yield from search.steps()
        if stopped_by == "interrupt":
            raise KeyboardInterrupt
        if stopped_by == "stopped":
            return "stopped", played
        if status == "won":
            return "won", played + len(codes)
        if status == "lost" and not search.avoided:
            return "lost", played  # proved: no line from here wins
        code = (search.best_line[0] if search.best_line
                else search.first_onward(search.avoid | {search.fast.search_key()}))
        if code is None:
            return "lost", played  # every move goes back to where it has been
        position.play(shape.move(code))
        passed.add(position.search_key())
        played += 1
        yield
    return ("won" if position.status == "won" else "lost"), played


def grade(game: Game, *, time_limit: Optional[float] = None, max_states: Optional[int] = None,
          stop: Optional[Callable[[], bool]] = None) -> Grade:
    """The grade of ``game``'s deal (its start, whatever was played since):
    easy, medium, hard or expert (see the module's docstring).

    The deal must be winnable: its ``winning_line``, or a win the solver
    finds in ``max_states`` positions (default: as many as
    ``winnable_deal`` searches), else ``NoWinFound`` (a ``ValueError``).
    ``time_limit`` bounds the grading; ``stop()`` ends it.  A grading cut
    short has no ``level`` and says why in ``stopped_by``; Ctrl-C raises
    ``KeyboardInterrupt``.

    >>> import solitaire_widgets as sw
    >>> print(grade(sw.Cruel(seed=38)))
    easy: a player looking 10 positions ahead before each move wins it (the solver's line: 64 moves)
    """
    return finish(grade_steps(game, time_limit=time_limit, max_states=max_states, stop=stop))


def grade_steps(game: Game, *, time_limit: Optional[float] = None, max_states: Optional[int] = None,
                stop: Optional[Callable[[], bool]] = None) -> Generator[None, None, Grade]:
    """``grade`` in slices (see ``Search.steps``); the arguments are
    checked at the call, before the first slice."""
    check_game(game)
    time_limit, max_states = check_limits(time_limit, max_states)
    check_callbacks(None, stop)
    return _grade(game, time_limit, max_states, stop)


def _grade(game: Game, time_limit: Optional[float], max_states: Optional[int],
           stop: Optional[Callable[[], bool]]) -> Generator[None, None, Grade]:
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    deal = next(iter(game.replay()))[1]
    line = game.winning_line
    if not line:
        solution = yield from solve_steps(deal, time_limit=time_limit, stop=stop,
                                          max_states=DEAL_STATES if max_states is None else max_states)
        if solution.stopped_by == "interrupt":
            raise KeyboardInterrupt
        if solution.status != "won":
            if solution.stopped_by in ("time", "stopped"):
                return Grade(None, None, (), 0, time.perf_counter() - started, solution.stopped_by)
            raise NoWinFound(f"grade needs a winnable deal: the solver found no win of {game!r}'s deal "
                             f"({solution})")
        line = solution.moves
    played: list = []
    for rung, lookahead in enumerate(LADDER):
        end, moves = yield from lookahead_steps(deal, lookahead, stop=stop, deadline=deadline)
        if end == "stopped":
            why = "stopped" if stop is not None and stop() else "time"
            return Grade(None, None, tuple(played), len(line), time.perf_counter() - started, why)
        played.append((lookahead, end == "won", moves))
        if end == "won":
            return Grade(LADDER_GRADES[rung], lookahead, tuple(played), len(line), time.perf_counter() - started)
    return Grade(GRADES[-1], None, tuple(played), len(line), time.perf_counter() - started)

"""The move that lost it: ``analyse`` (also ``Game.analyse``) judges every
position of a game's history, and ``check_move`` one move before it is
played (the table's guard, a puzzle's answer).

A position is *won* when a win is still possible from it, *lost* when none
is, *unknown* when the search did not decide in the time given.  Verdicts
follow the history: if a position is won, every earlier one is too (the
moves played lead to it); if one is lost, so is every later one.  So the
analysis searches a few positions, halving the stretch between the last
position proved won and the first proved lost, and infers the rest; where
the moves played follow a winning line a search found (or the game's own
``winning_line``), the positions on it are won without a search.  It
never calls a position lost that no search proved lost, or that no later
proof covers: a position it could not decide stays unknown.

>>> import solitaire_widgets as sw
>>> game = sw.Cruel(seed=2)
>>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]: _ = game.play(move)
>>> game.status, game.end_reason
('lost', 'no legal move is left')
>>> a = game.analyse(time_limit=None, max_states=5_000)
>>> a.verdicts
('won', 'won', 'won', 'won', 'won', 'won', 'won', 'won', 'lost')
>>> a.losing_move, a.played, a.better
(7, Move('redeal'), Move('t6', 't11'))
>>> print(a)  # doctest: +ELLIPSIS
Cruel seed 2, 8 moves, lost: Move 8, redeal, gave up the win.
  Moves 1–7 kept a win possible; after move 8, redeal (deals the cards again), no win was left: no legal move is left.
  Better: t6 t11 (moves 8♦ onto 9♦ (t11) and frees 6♣ in t6), the first move of a winning line of 66 moves.
  9 positions: 8 won, 1 lost, 0 not decided (2 positions searched, ... states, ... s).
"""

from __future__ import annotations

import math
import time
from typing import Callable, Generator, Mapping, Optional

from ..game import Game, MoveLike
from ..moves import Move
from .checks import check_callbacks, check_game, check_limits
from .hint import line_ahead
from .reports import Analysis, MoveCheck
from .results import Solution
from .search import finish, solve_steps


def analyse(game: Game, *, time_limit: Optional[float] = 10.0, max_states: Optional[int] = None,
            progress: Optional[Callable[[int, float], None]] = None,
            stop: Optional[Callable[[], bool]] = None) -> Analysis:
    """Judge every position of ``game``'s history; ``game`` is not changed.

    ``time_limit``: seconds for the whole analysis, shared among the
    searches still needed; ``max_states``: positions per search (with
    ``time_limit=None`` the analysis is deterministic).  ``progress(searched,
    seconds)`` is called after each position searched; ``stop()`` returning
    True ends the analysis.  Positions on the game's own ``winning_line``
    are won without a search.  An analysis cut short (the time limit,
    ``stop()`` or Ctrl-C, see ``Analysis.stopped_by``) keeps what it proved
    and calls the rest unknown.

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=2)
    >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3"]: _ = game.play(move)
    >>> a = analyse(game, time_limit=None, max_states=5_000)  # a game still going
    >>> a.verdicts, a.losing_move, a.headline()
    (('won', 'won', 'won', 'won', 'won'), None, 'A win is still possible: no move so far gave it up.')
    """
    return finish(analyse_steps(game, time_limit=time_limit, max_states=max_states, progress=progress, stop=stop))


def analyse_steps(game: Game, *, time_limit: Optional[float] = 10.0, max_states: Optional[int] = None,
                  progress: Optional[Callable[[int, float], None]] = None,
                  stop: Optional[Callable[[], bool]] = None) -> Generator[None, None, Analysis]:
    """``analyse`` in slices (see ``Search.steps``), for a table where no
    thread can start.  The arguments are checked, and the game copied (with
    its history and winning line), at the call, before the first slice."""
    check_game(game)
    time_limit, max_states = check_limits(time_limit, max_states)
    check_callbacks(progress, stop)
    return _analyse(game.copy(), time_limit, max_states, progress, stop)


def _analyse(final: Game, time_limit: Optional[float], max_states: Optional[int],
             progress: Optional[Callable[[int, float], None]],
             stop: Optional[Callable[[], bool]]) -> Generator[None, None, Analysis]:
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    history = final.history
    n = len(history)
    # Proved won up to ``lo`` (-1: none), lost from ``hi`` (n + 1: none).
    lo, hi = -1, n + 1
    lines: dict[int, tuple[Move, ...]] = {}  # won positions: a winning line from there
    searched: dict[int, Solution] = {}
    stopped_by = None
    try:  # from the start: rebuilding a long game's positions takes a while
        if final.winning_line:
            lo = _follow(history, 0, final.winning_line, lines)
        if final.status == "won":
            lo = n
        elif final.status == "lost":
            hi = n
        positions = [position for _, position in final.replay()]
        while hi - lo > 1:
            untried = [i for i in range(lo + 1, hi) if i not in searched]
            if not untried:
                break  # every position left in between was searched, undecided
            i = _next_probe(lo, hi, searched, n)
            limit = None
            if deadline is not None:
                # the time left, shared among the searches a halving still needs
                limit = (deadline - time.perf_counter()) / max(1, math.ceil(math.log2(len(untried) + 1)))
                if limit <= 0.001:
                    stopped_by = "time"
                    break
            solution = yield from solve_steps(positions[i], time_limit=limit, max_states=max_states, stop=stop)
            searched[i] = solution
            if solution.status == "won":
                lo = _follow(history, i, solution.moves, lines)
            elif solution.status == "lost":
                hi = i
            if solution.stopped_by in ("stopped", "interrupt"):  # (a win too: Ctrl-C as its line was shortened)
                stopped_by = solution.stopped_by
                break
            if progress is not None:
                progress(len(searched), time.perf_counter() - started)
    except KeyboardInterrupt:  # between two searches: end as a search would, with what is proved
        stopped_by = "interrupt"
    if stopped_by is None and deadline is not None and hi - lo > 1 and any(
            s.stopped_by == "time" for s in searched.values()):
        stopped_by = "time"
    verdicts = tuple("won" if i <= lo else "lost" if i >= hi else "unknown" for i in range(n + 1))
    losing = lo if 0 <= lo and hi == lo + 1 <= n else None
    why = searched.get(hi)
    if why is not None:
        reason, cards = why.reason, why.reason_cards
    elif hi == n:
        reason, cards = final.end_reason or "", ()
    else:
        reason, cards = "", ()
    line = lines[losing] if losing is not None else ()
    return Analysis(final, verdicts, losing, line[0] if line else None, line, reason, cards, searched,
                    time.perf_counter() - started, stopped_by)


def _follow(history: tuple[Move, ...], start: int, line: tuple[Move, ...], lines: dict[int, tuple[Move, ...]]) -> int:
    """The last position of ``history`` on ``line``, a winning line from
    position ``start``: every position the history passes through while it
    plays the line's moves is won.  Keeps the rest of the line in ``lines``.

    >>> _follow(tuple("abcd"), 1, tuple("bcx"), lines := {})
    3
    >>> lines
    {3: ('x',)}
    """
    on = start
    while on < len(history) and on - start < len(line) and history[on] == line[on - start]:
        on += 1
    lines[on] = line[on - start:]
    return on


def _next_probe(lo: int, hi: int, searched: Mapping[int, Solution], n: int) -> int:
    """The next position to search, between ``lo`` (proved won up to there)
    and ``hi`` (proved lost from there), some of which is untried.

    First the game's last position when it is not decided (whether a game
    still going can be won decides everything); then the middle of the
    wider of the two untried stretches next to ``lo`` and ``hi``, so that a
    position the search cannot decide is followed by one nearer a decided
    one (positions near the end of a lost game are proved lost sooner);
    when both are searched, the middle of the widest untried stretch.

    >>> _next_probe(-1, 101, {}, 100), _next_probe(-1, 100, {}, 100)
    (100, 49)
    >>> _next_probe(-1, 100, {49: None, 75: None}, 100)  # (-1, 49) is wider than (75, 100)
    24
    """
    if hi > n and n not in searched:
        return n
    inside = sorted(i for i in searched if lo < i < hi)
    edges = {(lo, inside[0] if inside else hi), (inside[-1] if inside else lo, hi)}
    gaps = [(a, b) for a, b in edges if b - a > 1]
    if not gaps:
        points = [lo, *inside, hi]
        gaps = [(a, b) for a, b in zip(points, points[1:]) if b - a > 1]
    a, b = max(gaps, key=lambda gap: (gap[1] - gap[0], -gap[0]))
    return (a + b) // 2


def check_move(game: Game, move: MoveLike, *, time_limit: Optional[float] = 0.5, max_states: Optional[int] = None,
               stop: Optional[Callable[[], bool]] = None) -> MoveCheck:
    """Whether playing ``move`` now would give up the win, before it is
    played (``game`` is not changed): a ``MoveCheck`` with the verdicts of
    the position before and after it, why no win is left after it, and a
    move that keeps the win.

    The position after the move is searched first (``time_limit`` seconds
    in all, ``max_states`` positions per search); the one before only when
    no win is left after it, unless the game's ``winning_line`` already
    says.  What a search did not decide is ``"unknown"``; Ctrl-C raises
    ``KeyboardInterrupt``.  An illegal move raises ``IllegalMoveError``.

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=2)
    >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3"]: _ = game.play(move)
    >>> check = check_move(game, "redeal", time_limit=None, max_states=5_000)
    >>> check.gives_up_win, check.better
    (True, Move('t6', 't11'))
    >>> print(check)
    The move redeal gives up the win: no win is left after it (no legal move is left); t6 t11 keeps it.
    >>> check_move(game, "t6 t11", time_limit=None, max_states=5_000).keeps_win
    True
    """
    return finish(check_move_steps(game, move, time_limit=time_limit, max_states=max_states, stop=stop))


def check_move_steps(game: Game, move: MoveLike, *, time_limit: Optional[float] = 0.5,
                     max_states: Optional[int] = None,
                     stop: Optional[Callable[[], bool]] = None) -> Generator[None, None, MoveCheck]:
    """``check_move`` in slices (see ``Search.steps``): the table's guard.
    The arguments and the move are checked, and the game copied, at the
    call, before the first slice (an illegal move raises
    ``IllegalMoveError`` here)."""
    check_game(game)
    time_limit, max_states = check_limits(time_limit, max_states)
    check_callbacks(None, stop)
    after_game = game.copy(history=False)
    parsed = after_game.play(move)  # an illegal move raises IllegalMoveError here
    return _check_move(game.copy(), parsed, after_game, time_limit, max_states, stop)


def _check_move(game: Game, parsed: Move, after_game: Game, time_limit: Optional[float],
                max_states: Optional[int], stop: Optional[Callable[[], bool]]) -> Generator[None, None, MoveCheck]:
    started = time.perf_counter()
    ahead = line_ahead(game)
    before, line = ("won", ahead) if ahead else ("unknown", ())
    if ahead and ahead[0] == parsed:
        return MoveCheck(parsed, "won", "won", line=ahead[1:], seconds=time.perf_counter() - started)
    share = time_limit if time_limit is None or ahead else time_limit / 2
    after, reason, cards, after_line = yield from _verdict(after_game, share, max_states, stop)
    if after == "won":
        return MoveCheck(parsed, "won", "won", line=after_line, seconds=time.perf_counter() - started)
    if after == "lost" and not ahead:
        left = None if time_limit is None else time_limit - (time.perf_counter() - started)
        if left is None or left > 0.001:
            before, _, _, line = yield from _verdict(game, left, max_states, stop)
    better = line[0] if before == "won" and after == "lost" else None
    return MoveCheck(parsed, before, after, reason, cards, better, line if better else (),
                     time.perf_counter() - started)


def _verdict(game: Game, time_limit: Optional[float], max_states: Optional[int], stop: Optional[Callable[[], bool]]
             ) -> Generator[None, None, tuple[str, str, tuple[int, ...], tuple[Move, ...]]]:
    """(verdict, why lost, the cards that says it about, a winning line) of
    ``game``'s position; Ctrl-C raises ``KeyboardInterrupt``."""
    if game.status != "playing":
        return game.status, "" if game.status == "won" else game.end_reason or "", (), ()
    solution = yield from solve_steps(game, time_limit=time_limit, max_states=max_states, stop=stop)
    if solution.stopped_by == "interrupt":
        raise KeyboardInterrupt
    return solution.status, solution.reason, solution.reason_cards, solution.moves

"""Find the move: ``puzzles`` picks positions of solved deals where exactly
one move keeps the win (a *crossroads*), each with its answer and, for
every other move, why it loses.

It deals winnable deals (``deals.winnable_deal``) and walks each won line
back from its end, where the search proves losses quickest (at most
``WALK_STATES`` positions searched per deal), checking at each position
every other legal move, likeliest winners first: a puzzle is a position where each of
them was proved lost (or, with ``proven=False``, lost or not decided: the
puzzle says which).  A move that leads to the same position as the answer
(a card to either of two empty piles alike) is the answer too, so such
positions are passed over.  Of a deal's crossroads it keeps the most
instructive: one where a player without look-ahead would go wrong (the
solver's move order does not put the answer first), then the one with
most moves to choose from and most cards still out.  A deal whose best
crossroads is neither (two moves, the obvious one right) gives a puzzle
only when ``DEALS_PER_PUZZLE`` deals a puzzle have not given enough better
ones.

>>> import solitaire_widgets as sw
>>> [puzzle] = puzzles("cruel", 1, seed=6)
>>> puzzle.check(puzzle.answer).keeps_win, all(c.after == "lost" for c in puzzle.others.values())
(True, True)
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Callable, Optional

from ..arguments import whole_number
from ..game import Game
from ..games import GameName, game_class
from ..moves import Move
from .checks import check_callbacks, check_limits
from .deals import SEEDS, NoWinnableDeal, winnable_deal
from .reports import MoveCheck, Puzzle
from .search import Search, solve

PUZZLE_STATES = 2_000  # positions searched to prove that one other move loses
PUZZLE_SECONDS = 120.0
PER_DEAL = 3  # crossroads of one deal found before the best of them is kept
WALK_STATES = 100_000  # positions searched along one deal's line at most (then the next deal)
DEALS_PER_PUZZLE = 4  # deals looked at per puzzle asked for before plain puzzles fill the list


class PuzzlesNotFound(RuntimeError):
    """``puzzles`` found fewer puzzles than asked for before its time
    limit or a ``stop()``: ``found`` holds those it found, ``stopped_by``
    is ``"time"`` or ``"stopped"``."""

    def __init__(self, message: str, *, found: list[Puzzle], stopped_by: str) -> None:
        super().__init__(message)
        self.found, self.stopped_by = found, stopped_by


def puzzles(name: GameName, n: int = 3, *, seed: Optional[int] = None, difficulty: Optional[str] = None,
            proven: bool = True, max_states: Optional[int] = PUZZLE_STATES,
            time_limit: Optional[float] = PUZZLE_SECONDS, progress: Optional[Callable[[int, float], None]] = None,
            stop: Optional[Callable[[], bool]] = None, **options: Any) -> list[Puzzle]:
    """``n`` "find the move" puzzles of game ``name``, one per winnable
    deal, the deals found from ``seed`` on (None: a random start; with
    ``difficulty``, deals of that grade).

    Every other legal move of a puzzle's position was searched for
    ``max_states`` positions: with ``proven`` (the default) each was proved
    lost; with ``proven=False`` a move the search did not decide is allowed
    too, and its check says so.  ``progress(found, seconds)`` is called
    after each puzzle found; ``time_limit`` seconds or ``stop()`` raise
    ``PuzzlesNotFound`` (holding those found); Ctrl-C raises
    ``KeyboardInterrupt``.  The same ``seed`` and arguments give the same
    puzzles on any machine, unless the time limit cuts the search short.

    >>> import solitaire_widgets as sw
    >>> [p] = puzzles("cruel", 1, seed=6)
    >>> print(p)
    Cruel seed 6, after move 31: find the one move that keeps the win (2 legal moves).
      Answer: redeal (deals the cards again), the first move of a winning line of 34 moves.
      A player without look-ahead would play t1 t7.
      t1 t7 (moves 3♦ onto 4♦ (t7) and frees J♣ in t1) loses: every line after it was searched.
    """
    cls = game_class(name)
    chosen: dict[str, Any] = cls.checked_options(options)
    if not whole_number(n, at_least=1):
        raise ValueError(f"n must be a whole number ≥ 1 (how many puzzles), not {n!r}")
    if seed is not None and not whole_number(seed, at_least=0, below=SEEDS):
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1 (where the search starts) or None, "
                         f"not {seed!r}")
    if not isinstance(proven, bool):
        raise ValueError(f"proven must be True or False, not {proven!r}")
    time_limit, max_states = check_limits(time_limit, max_states)
    check_callbacks(progress, stop)
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    next_seed = secrets.randbelow(1_000_000_000) if seed is None else int(seed)
    found: list[Puzzle] = []  # instructive ones
    plain: list[Puzzle] = []  # two moves, the obvious one right: kept to fill the list
    deals = 0
    while len(found) < n and (deals < DEALS_PER_PUZZLE * n or len(found) + len(plain) < n):
        left = None if deadline is None else deadline - time.perf_counter()
        try:
            if left is not None and left <= 0:
                raise NoWinnableDeal("", tried=0, first_seed=next_seed, seconds=0.0, stopped_by="time")
            passed_over = [0]  # the seeds before the one that gave the deal (deals built from a win have no seed)

            def passing(tried: int, _seconds: float, seen: list[int] = passed_over) -> None:
                seen[0] = tried

            game = winnable_deal(cls, seed=next_seed, difficulty=difficulty, time_limit=left, stop=stop,
                                 progress=passing, **chosen)
        except NoWinnableDeal as err:
            raise _not_found(cls.title, n, found + plain, err.stopped_by) from None
        next_seed = (next_seed + passed_over[0] + 1) % SEEDS
        deals += 1
        puzzle = crossroads(game, proven=proven, max_states=max_states, deadline=deadline, stop=stop)
        if puzzle is not None:
            (found if puzzle.tricky or len(puzzle.others) > 1 else plain).append(puzzle)
            if progress is not None:
                progress(min(n, len(found) + len(plain)), time.perf_counter() - started)
        elif stop is not None and stop():
            raise _not_found(cls.title, n, found + plain, "stopped")
    return found + plain[:n - len(found)]


def _not_found(title: str, n: int, found: list[Puzzle], stopped_by: str) -> PuzzlesNotFound:
    why = "stop() ended the search" if stopped_by == "stopped" else "the time limit ran out"
    return PuzzlesNotFound(f"{why} after {len(found)} of {n} {title} puzzle{'s' * (n != 1)}: "
                           f".found holds {'it' if len(found) == 1 else 'them'}", found=found, stopped_by=stopped_by)


def crossroads(game: Game, *, proven: bool = True, max_states: Optional[int] = PUZZLE_STATES,
               deadline: Optional[float] = None, stop: Optional[Callable[[], bool]] = None) -> Optional[Puzzle]:
    """The most instructive crossroads on ``game.winning_line`` (see the
    module's docstring), or None when none was found (or the ``deadline``
    or ``stop()`` came first).  Ctrl-C raises ``KeyboardInterrupt``."""
    line = game.winning_line
    if not line:
        raise ValueError(f"crossroads needs a game with a winning_line (a winnable deal), not {game!r}")
    positions = [next(iter(game.replay()))[1]]
    for move in line[:-1]:
        after = positions[-1].copy(history=False)
        after.play(move)
        positions.append(after)
    kept: list[tuple[tuple, Puzzle]] = []
    spent = [0]  # positions searched so far along this line
    for i in reversed(range(len(line))):
        if deadline is not None and time.perf_counter() >= deadline or stop is not None and stop() or \
                spent[0] >= WALK_STATES:
            break
        puzzle = _puzzle_at(positions[i], line[i:], i, game.seed, proven, max_states, stop, spent)
        if puzzle is None:
            continue
        kept.append(((puzzle.tricky, min(len(puzzle.others), 4), puzzle.game.card_count - puzzle.game.cards_home),
                     puzzle))
        if sum(tricky for (tricky, *_), _ in kept) >= PER_DEAL or len(kept) >= 4 * PER_DEAL:
            break
    return max(kept, key=lambda pair: pair[0])[1] if kept else None


def _puzzle_at(position: Game, line: tuple[Move, ...], played: int, seed: Optional[int], proven: bool,
               max_states: Optional[int], stop: Optional[Callable[[], bool]], spent: list[int]) -> Optional[Puzzle]:
    """The puzzle at ``position`` (``line``: a winning line from there), or
    None when another move also keeps the win, or may (``proven``).
    ``spent[0]`` counts the positions searched."""
    answer = line[0]
    legal = position.legal_moves()
    if len(legal) < 2:
        return None
    shape = position.SHAPE
    order = [shape.move(code) for code in Search(position, time_limit=None).moves_in_order()]
    legal.sort(key=lambda move: order.index(move) if move in order else len(order))  # likeliest winners first
    keys = {}
    for move in legal:
        after = position.copy(history=False)
        after.play(move)
        keys[move] = (after.search_key(), after)
    if any(keys[m][0] == keys[answer][0] for m in legal if m != answer):
        return None  # another move leads to the same position: two answers
    checks = {}
    for move in legal:
        if move == answer:
            continue
        after = keys[move][1]
        if after.status == "won":
            return None
        if after.status == "lost":
            verdict, reason, cards = "lost", after.end_reason or "", tuple[int, ...]()
        else:
            solution = solve(after, time_limit=None, max_states=max_states, stop=stop)
            spent[0] += solution.states
            if solution.stopped_by == "interrupt":
                raise KeyboardInterrupt
            if solution.status == "won" or solution.stopped_by == "stopped" or (
                    proven and solution.status != "lost"):
                return None
            verdict, reason, cards = solution.status, solution.reason, solution.reason_cards
        checks[move] = MoveCheck(move, "won", verdict, reason, cards, better=answer, line=line)
    return Puzzle(puzzle_position(position), answer, checks, line, seed, played, order[0] if order else None)


def puzzle_position(position: Game) -> Game:
    """A game set up at ``position`` (``Game.from_position``): ``restart()``
    comes back to it, and it holds no history of how it was reached."""
    piles = {pile: " ".join(card.code for card in position[pile]) for pile in position.PILES if position[pile]}
    down = {pile: position.face_down(pile) for pile in position.PILES
            if position.ROLES[pile] != "stock" and position.face_down(pile)}
    return type(position).from_position(piles, face_down=down, redeals=position.redeals,
                                         state=position.state or None, seed=position.seed, **position.options)

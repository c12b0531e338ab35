"""Winnable deals: ``winnable_deal`` (``sw.new_game(name, winnable=True)``)
deals seeds in order from a random start until the solver wins one, and
keeps the won line on the game (``Game.winning_line``), so a hint from the
start, or from anywhere on that line, needs no search.

Each seed gets the same budget of positions (``max_states``: by default
the game's ``DEAL_STATES``, or 5,000), so the deal a start seed leads to is
the same on any machine; ``time_limit`` bounds the whole search.  With
``difficulty``, a won deal is also graded (``grades``) and kept only when
its grade is the one asked for.

Where a game declares ``DEALS_FROM_A_WIN`` (Pyramid with one pass, whose
winnable deals are about one in a thousand), each seed instead builds a
deal from a random win (``built_deals``), which the solver then wins on
its own budget: the game is dealt from that card order (``game.deck``;
``game.seed`` is None), and the same start seed builds the same deal.

>>> import solitaire_widgets as sw
>>> game = winnable_deal("cruel", seed=4)  # seeds 4 and 5 are lost from the deal
>>> game.seed, len(game.winning_line), game.hint().winning
(6, 65, True)
"""

from __future__ import annotations

import secrets
import time
from typing import Any, Callable, Generator, Literal, Optional, Union

from ..arguments import whole_number
from ..game import Game
from ..games import GameName, game_class
from ..pile_rules import resolve
from .built_deals import deal_from_a_win_steps
from .checks import check_callbacks, check_limits
from .grades import DEAL_STATES, GRADES, grade_steps
from .search import finish, solve_steps

DEAL_SECONDS = 60.0  # the whole search for a winnable deal, at most
SEEDS = 2**64  # seeds run from 0 to 2**64 - 1 (and wrap round)
GAMES_OWN: Literal["game"] = "game"  # max_states: the game's DEAL_STATES, or DEAL_STATES where it declares none
Budget = Union[int, None, Literal["game"]]


def deal_words(game: Game) -> str:
    """The deal of a winnable game, in words: its seed, or that it was
    built from a win (a save keeps its card order).

    >>> deal_words(winnable_deal("cruel", seed=4)), deal_words(winnable_deal("pyramid", seed=0, passes="1"))
    ('seed 6', 'built from a win')
    """
    return "built from a win" if game.seed is None else f"seed {game.seed}"


def won_words(game: Game) -> str:
    """How the solver won a winnable deal, in words.

    >>> won_words(winnable_deal("cruel", seed=4))
    'the solver won it in 65 moves'
    """
    n = len(game.winning_line)
    return f"the solver won it in {n} move{'s' * (n != 1)}"


class NoWinnableDeal(RuntimeError):
    """``winnable_deal`` found no deal it could win (of the grade asked for)
    before its time limit or a ``stop()``.  ``tried`` deals were tried,
    seeds ``first_seed`` onwards, in ``seconds``; ``stopped_by`` is
    ``"time"`` or ``"stopped"``."""

    def __init__(self, message: str, *, tried: int, first_seed: int, seconds: float, stopped_by: str) -> None:
        super().__init__(message)
        self.tried, self.first_seed, self.seconds, self.stopped_by = tried, first_seed, seconds, stopped_by


def winnable_deal(name: GameName, *, seed: Optional[int] = None, difficulty: Optional[str] = None,
                  max_states: Budget = GAMES_OWN, time_limit: Optional[float] = DEAL_SECONDS,
                  progress: Optional[Callable[[int, float], None]] = None,
                  stop: Optional[Callable[[], bool]] = None, **options: str) -> Game:
    """A deal of game ``name`` the solver has won, with the won line kept
    as its ``winning_line``.

    Seeds are tried in order from ``seed`` (None: a random one), each
    searched for ``max_states`` positions (by default the game's
    ``DEAL_STATES``, or 5,000; None: no limit); the first won (and, with
    ``difficulty``, of that grade: see ``grades.GRADES``) is dealt.  The
    game's ``seed`` is the one found: the same seed deals the same deal
    anywhere, and from it this function finds that deal again at once.
    Where the game declares ``DEALS_FROM_A_WIN``, each seed builds a deal
    from a win instead, dealt from its card order (``deck``).
    ``progress(deals_tried, seconds)`` is called after each seed;
    ``stop()`` returning True, or ``time_limit`` seconds passing, raises
    ``NoWinnableDeal``; Ctrl-C raises ``KeyboardInterrupt``.

    >>> import solitaire_widgets as sw
    >>> winnable_deal("cruel", seed=4, gather="pysol").options
    {'gather': 'pysol'}
    """
    return finish(winnable_deal_steps(name, seed=seed, difficulty=difficulty, max_states=max_states,
                                      time_limit=time_limit, progress=progress, stop=stop, **options))


def winnable_deal_steps(name: GameName, *, seed: Optional[int] = None, difficulty: Optional[str] = None,
                        max_states: Budget = GAMES_OWN, time_limit: Optional[float] = DEAL_SECONDS,
                        progress: Optional[Callable[[int, float], None]] = None,
                        stop: Optional[Callable[[], bool]] = None, **options: str) -> Generator[None, None, Game]:
    """``winnable_deal`` in slices (see ``Search.steps``), for a table where
    no thread can start; the arguments are checked, and the start seed
    drawn, at the call, before the first slice."""
    cls, chosen = check_deal_arguments(name, seed, difficulty, options)
    if max_states == GAMES_OWN:
        max_states = deal_states(cls)
    time_limit, max_states = check_limits(time_limit, max_states)
    check_callbacks(progress, stop)
    first = secrets.randbelow(1_000_000_000) if seed is None else int(seed)
    return _winnable_deal(cls, chosen, first, difficulty, max_states, time_limit, progress, stop)


def _winnable_deal(cls: type[Game], chosen: dict[str, str], first: int, difficulty: Optional[str],
                   max_states: Optional[int], time_limit: Optional[float],
                   progress: Optional[Callable[[int, float], None]],
                   stop: Optional[Callable[[], bool]]) -> Generator[None, None, Game]:
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    tried = 0
    built: bool = resolve(cls.DEALS_FROM_A_WIN, chosen)

    def time_left() -> Optional[float]:
        """The seconds left for the next search; the search for a deal ends,
        out of time, when none are (the budget may run out between a won
        solve and its grading)."""
        if deadline is None:
            return None
        left = deadline - time.perf_counter()
        if left <= 0:
            raise _not_found(cls.title, difficulty, tried, first, started, "time", max_states, time_limit, built)
        return left

    while True:
        seed = (first + tried) % SEEDS
        if built:
            game = yield from deal_from_a_win_steps(cls, chosen, seed)
            time_left()
            if stop is not None and stop():
                raise _not_found(cls.title, difficulty, tried, first, started, "stopped", max_states, time_limit,
                                 built)
        else:
            game = cls(seed=seed, **chosen)
        solution = yield from solve_steps(game, time_limit=time_left(), max_states=max_states, stop=stop)
        if solution.stopped_by == "interrupt":
            raise KeyboardInterrupt
        if solution.stopped_by in ("time", "stopped"):
            raise _not_found(cls.title, difficulty, tried, first, started, solution.stopped_by, max_states,
                             time_limit, built)
        if built and solution.status == "lost":  # (its winning_line was replayed to a win)
            raise RuntimeError(f"the solver proved lost a {cls.title} deal built from a win (start seed {seed}, "
                               f"deck {' '.join(game.deck or ())}): a loss proof is wrong")
        tried += 1
        if solution.status == "won":
            game.set_winning_line(solution.moves)
            if difficulty is None:
                return game
            graded = yield from grade_steps(game, time_limit=time_left(), stop=stop)
            if graded.stopped_by in ("time", "stopped"):
                raise _not_found(cls.title, difficulty, tried, first, started, graded.stopped_by, max_states,
                                 time_limit, built)
            if graded.level == difficulty:
                return game
        if progress is not None:
            progress(tried, time.perf_counter() - started)


def deal_states(cls: type[Game]) -> int:
    """The positions ``winnable_deal`` searches each seed of ``cls`` for by
    default: the game's ``DEAL_STATES``, or ``DEAL_STATES`` (5,000).

    >>> import solitaire_widgets as sw
    >>> deal_states(sw.Cruel), deal_states(sw.Golf)
    (5000, 1000)
    """
    return DEAL_STATES if cls.DEAL_STATES is None else cls.DEAL_STATES


def check_deal_arguments(name: GameName, seed: Any, difficulty: Any,
                         options: dict[str, Any]) -> tuple[type[Game], dict[str, str]]:
    """``winnable_deal``'s game, start seed, difficulty and options, checked:
    the game class and the options with their defaults filled in."""
    cls = game_class(name)
    chosen = cls.checked_options(options)
    if seed is not None and not whole_number(seed, at_least=0, below=SEEDS):
        raise ValueError(f"seed must be a whole number from 0 to 2**64 - 1 (where the search starts) or None, "
                         f"not {seed!r}")
    if difficulty is not None and difficulty not in GRADES:
        raise ValueError(f"difficulty must be one of {', '.join(GRADES)} or None, not {difficulty!r}")
    return cls, chosen


def _not_found(title: str, difficulty: Optional[str], tried: int, first: int, started: float, stopped_by: str,
               max_states: Optional[int], time_limit: Optional[float], built: bool) -> NoWinnableDeal:
    seconds = time.perf_counter() - started
    what = f"{difficulty} winnable" if difficulty else "winnable"
    seeds = f"seed {first}" if tried <= 1 else f"seeds {first} to {(first + tried - 1) % SEEDS}"
    deals = f"{tried:,} deal{'s' * (tried != 1)}"
    budget = f" within {max_states:,} positions each" if max_states is not None else ""
    if stopped_by == "stopped":
        why = "stop() ended the search"
    elif built and not difficulty:  # (every deal built from a win is winnable: the solver did not win it)
        why = (f"the solver won none of the deals built from a win from {seeds} ({deals}){budget} in "
               f"{time_limit:g} s: give more time (time_limit) or positions (max_states)")
    else:
        built_from = "the deals built from a win from " if built else ""
        why = (f"none of {built_from}{seeds} ({deals}) was a {what} deal{budget} in "
               f"{time_limit:g} s: give more time (time_limit) or positions (max_states)")
    return NoWinnableDeal(f"no {what} {title} deal found: {why}", tried=tried, first_seed=first, seconds=seconds,
                          stopped_by=stopped_by)

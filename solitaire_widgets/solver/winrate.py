"""Win rates over many deals: the solver, a greedy player and a random one.

>>> import solitaire_widgets as sw
>>> r = sw.winnability("bobby", deals=4, player="greedy", executor="inline", progress=False)
>>> r.deals, r.won + r.lost + r.unknown
(4, 4)
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..game import Game
from ..games import GameLike, game_class
from .search import Search, check_limits, solve, whole_number

PLAYERS = ("solver", "greedy", "random")
MAX_PLAYER_MOVES = 2000  # random play can shuttle a card forever: a game ends after this many moves
CHUNK = 8  # deals per task sent to the executor


@dataclass(frozen=True)
class Deal:
    """One deal's result: ``status`` is won/lost/unknown (players: won/lost)."""

    seed: int
    status: str
    moves: int  # length of the winning line (solver) or of the game played
    cards_home: int  # most cards home (solver: in any position searched)
    states: int
    seconds: float
    reason: str = ""  # the solver's proven losses: why no win exists (``Solution.reason``)


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(0, 100)]
    [0.0, 0.037]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class WinRate:
    """Win rate of one game (and options) for one player over a run of seeds."""

    name: str
    options: dict
    player: str
    start_seed: int
    time_limit: Optional[float]
    max_states: Optional[int]
    rows: tuple[Deal, ...] = field(repr=False)

    @property
    def deals(self) -> int:
        return len(self.rows)

    def _count(self, status: str) -> int:
        return sum(r.status == status for r in self.rows)

    @property
    def won(self) -> int:
        return self._count("won")

    @property
    def lost(self) -> int:
        return self._count("lost")

    @property
    def unknown(self) -> int:
        return self._count("unknown")

    @property
    def rate(self) -> float:
        """Share of deals won (proven wins for the solver)."""
        return self.won / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the win rate, counting proven wins only."""
        return wilson(self.won, self.deals)

    @property
    def interval_with_unknown(self) -> tuple[float, float]:
        """95% Wilson interval counting every undecided deal as a win (the most it can be)."""
        return wilson(self.won + self.unknown, self.deals)

    @property
    def interval_range(self) -> tuple[float, float]:
        """Where the true rate lies: low end of ``interval`` to high end of ``interval_with_unknown``."""
        return (self.interval[0], self.interval_with_unknown[1])

    @property
    def median_seconds(self) -> float:
        return statistics.median(r.seconds for r in self.rows) if self.rows else 0.0

    @property
    def p95_seconds(self) -> float:
        if not self.rows:
            return 0.0
        times = sorted(r.seconds for r in self.rows)
        return times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]

    @property
    def mean_cards_home(self) -> float:
        return statistics.fmean(r.cards_home for r in self.rows) if self.rows else 0.0

    def summary(self) -> dict[str, Any]:
        """The figures as a dict (one table row)."""
        lo, hi = self.interval
        return {
            "game": self.name + "".join(f" {k}={v}" for k, v in self.options.items()),
            "player": self.player, "deals": self.deals, "won": self.won, "lost": self.lost,
            "unknown": self.unknown, "win rate": f"{self.rate:.1%}",
            "95% interval": f"{lo:.1%}–{hi:.1%}",
            "with unknowns": f"≤ {self.interval_with_unknown[1]:.1%}",
            "mean cards home": f"{self.mean_cards_home:.1f}",
            "median s": f"{self.median_seconds:.3f}", "p95 s": f"{self.p95_seconds:.3f}",
        }

    def __str__(self) -> str:
        return "\n".join(f"{k:>16}: {v}" for k, v in self.summary().items())

    def _repr_html_(self) -> str:
        from html import escape

        row = self.summary()
        head = "".join(f"<th>{escape(k)}</th>" for k in row)
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in row.values())
        return f"<table><tr>{head}</tr><tr>{cells}</tr></table>"


# --- one deal ----------------------------------------------------------------
def play_deal(name: GameLike, seed: int, player: str, time_limit: Optional[float], max_states: Optional[int],
              options: dict) -> Deal:
    """Play or solve one deal (a top-level function, so any executor can run it)."""
    game = game_class(name)(seed=seed, **options)
    started = time.perf_counter()
    if player == "solver":
        s = solve(game, time_limit=time_limit, max_states=max_states)
        return Deal(seed, s.status, len(s.moves), s.cards_home, s.states, s.seconds, s.reason)
    if player == "greedy":
        moves, home = greedy_game(game)
    else:
        moves = random_game(game, random.Random(seed))
        home = game.cards_home
    status = "won" if home == game.card_count else "lost"
    return Deal(seed, status, moves, home, moves, time.perf_counter() - started)


def greedy_game(game: Game) -> tuple[int, int]:
    """Play ``game`` greedily on a copy; return (moves played, cards home).

    The greedy policy: take the first move in the solver's order (a safe move
    home; else moves home, then moves that turn a card up or empty a pile,
    then other card moves, stock actions last) whose position has not been
    seen before in this game; stop when there is none.  No lookahead.
    """
    search = Search(game, time_limit=None)
    passed = {search.game._search_key()}
    played = 0
    while search.home < game.card_count and (code := search.first_onward(passed)) is not None:
        search.apply(code)
        passed.add(search.game._search_key())
        played += 1
    return played, search.home


def random_game(game: Game, rng: random.Random) -> int:
    """Play uniformly random legal moves on ``game`` (at most ``MAX_PLAYER_MOVES``)."""
    played = 0
    while played < MAX_PLAYER_MOVES and game.cards_home < game.card_count:
        codes = game._move_codes()
        if not codes:
            break
        game._lean_apply(rng.choice(codes))
        played += 1
    return played


def _play_chunk(name: GameLike, seeds: list[int], player: str, time_limit: Optional[float],
                max_states: Optional[int], options: dict) -> list[Deal]:
    return [play_deal(name, seed, player, time_limit, max_states, options) for seed in seeds]


# --- many deals ----------------------------------------------------------------
def winnability(name: GameLike, deals: int = 1000, *, start_seed: int = 0, time_limit: Optional[float] = 1.0,
                max_states: Optional[int] = None, player: str = "solver",
                executor: Union[Executor, str, None] = None, jobs: Optional[int] = None,
                progress: bool = True, **options: str) -> WinRate:
    """Win rate of game ``name`` over seeds ``start_seed … start_seed+deals-1``.

    ``name``: a game's name in any spelling (``"Leap Year"``), a game class
    or a game (its options are not used: pass them as keywords).

    ``player``: ``"solver"`` (``sw.solve`` with ``time_limit``/``max_states``
    per deal), ``"greedy"`` (see ``greedy_game``) or ``"random"``.
    ``executor``: any ``concurrent.futures.Executor`` (a Dask cluster's
    ``client.get_executor()``, Ray's …); None uses a local process pool of
    ``jobs`` processes (default: every core); ``"inline"`` runs here.  Rows
    come back in seed order, so every executor gives the same result; with
    ``time_limit=None, max_states=N`` that result does not depend on the
    machine's speed either.  ``progress`` shows a ``tqdm.auto`` bar.

    >>> import solitaire_widgets as sw
    >>> r = sw.winnability("cruel", 3, start_seed=3, max_states=3000, time_limit=None, executor="inline",
    ...                    progress=False)
    >>> [(d.seed, d.status) for d in r.rows]  # seeds 4 and 5 are lost from the deal
    [(3, 'won'), (4, 'lost'), (5, 'lost')]
    >>> r.rows[1].reason[:22]
    'K♠ can never leave t0,'
    >>> r.won, r.lost, r.unknown
    (1, 2, 0)
    """
    cls = game_class(name)
    chosen = cls._check_options(options)
    if player not in PLAYERS:
        raise ValueError(f"player must be one of {', '.join(PLAYERS)}, not {player!r}")
    if not whole_number(deals, at_least=1):
        raise ValueError(f"deals must be a whole number ≥ 1, not {deals!r}")
    check_limits(time_limit, max_states)  # here, before any deal is sent out
    if jobs is not None and not whole_number(jobs, at_least=1):
        raise ValueError(f"jobs must be a whole number ≥ 1 or None (every core), not {jobs!r}")
    if executor is not None and executor != "inline" and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, 'inline' or None, not {executor!r}")
    seeds = list(range(start_seed, start_seed + deals))
    chunks = [seeds[i:i + CHUNK] for i in range(0, len(seeds), CHUNK)]
    args = (player, time_limit, max_states, options)
    bar = _progress_bar(deals, f"{cls.name} {player}") if progress else None
    rows: list[Deal] = []
    try:
        if executor == "inline":
            for chunk in chunks:
                rows += _play_chunk(cls, chunk, *args)
                if bar is not None:
                    bar.update(len(chunk))
        else:
            own = executor is None
            pool = ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1) if own else executor
            try:
                futures = [pool.submit(_play_chunk, cls, chunk, *args) for chunk in chunks]  # type: ignore[union-attr]
                for future in as_completed(futures):
                    done = future.result()
                    rows += done
                    if bar is not None:
                        bar.update(len(done))
            finally:
                if own:
                    pool.shutdown(cancel_futures=True)  # type: ignore[union-attr]
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda r: r.seed)
    return WinRate(cls.name, chosen, player, start_seed, time_limit, max_states, tuple(rows))


def _progress_bar(total: int, desc: str) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: no bar without it
        return None
    return tqdm(total=total, desc=desc, unit="deal")

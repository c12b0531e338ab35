"""Win rates over many deals: the solver, a greedy player and a random one.

>>> import solitaire_widgets as sw
>>> r = sw.winnability("bobby", deals=4, player="greedy", executor="inline", progress=False)
>>> r.deals, r.won + r.lost + r.unknown
(4, 4)
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import signal
import sys
import statistics
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from ..arguments import whole_number
from ..game import Game
from ..games import GameName, game_class
from .search import Search, check_limits, solve

PLAYERS = ("solver", "greedy", "random")
MAX_PLAYER_MOVES = 2000  # random play can shuttle a card forever: a game ends after this many moves


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


@dataclass(frozen=True, repr=False)
class WinRate:
    """Win rate of one game (and options) for one player over a run of seeds.

    ``interrupted`` is True for the partial result of a run stopped by Ctrl-C
    (``WinRateInterrupted.partial``): its rows are the deals that finished.
    """

    name: str
    options: dict
    player: str
    start_seed: int
    time_limit: Optional[float]
    max_states: Optional[int]
    rows: tuple[Deal, ...]
    interrupted: bool = False

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
        """The figures as a dict (one table row); a partial result (Ctrl-C)
        has one more entry, ``"interrupted"``."""
        lo, hi = self.interval
        row = {
            "game": self._game_text(), "player": self.player, "deals": self.deals, "won": self.won,
            "lost": self.lost, "unknown": self.unknown, "win rate": f"{self.rate:.1%}",
            "95% interval": f"{lo:.1%}–{hi:.1%}",
            "with unknowns": f"≤ {self.interval_with_unknown[1]:.1%}",
            "mean cards home": f"{self.mean_cards_home:.1f}",
            "median s": f"{self.median_seconds:.3f}", "p95 s": f"{self.p95_seconds:.3f}",
        }
        if self.interrupted:
            row["interrupted"] = "yes: only the deals that finished are counted"
        return row

    def _game_text(self) -> str:
        return self.name + "".join(f" {k}={v}" for k, v in self.options.items())

    def __str__(self) -> str:
        return "\n".join(f"{k:>16}: {v}" for k, v in self.summary().items())

    def __repr__(self) -> str:
        """One line: the game, the player, the counts and the rate.

        >>> import solitaire_widgets as sw
        >>> sw.winnability("bobby", 4, player="greedy", executor="inline", progress=False)
        <WinRate bobby redeal=shuffle, greedy: 4 deals, 0 won, 4 lost, 0 unknown, win rate 0.0%>
        """
        partial = " (interrupted)" if self.interrupted else ""
        return (f"<WinRate {self._game_text()}, {self.player}: {self.deals} deal{'s' * (self.deals != 1)}"
                f"{partial}, {self.won} won, {self.lost} lost, {self.unknown} unknown, win rate {self.rate:.1%}>")

    def _repr_html_(self) -> str:
        from html import escape

        row = self.summary()
        head = "".join(f"<th>{escape(k)}</th>" for k in row)
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in row.values())
        return f"<table><tr>{head}</tr><tr>{cells}</tr></table>"


class WinRateInterrupted(KeyboardInterrupt):
    """Ctrl-C (a notebook's Interrupt) stopped ``winnability``.

    A ``KeyboardInterrupt``, so it stops a script or a loop as Ctrl-C does;
    ``partial`` is the ``WinRate`` of the deals that finished before it
    (``partial.interrupted`` is True), ``requested`` the number of deals
    asked for.  A deal the interrupt cut short is not in it, not even as
    unknown.  To keep what finished:

    >>> import solitaire_widgets as sw
    >>> try:
    ...     result = sw.winnability("cruel", 3, player="random", executor="inline", progress=False)
    ... except sw.WinRateInterrupted as stop:  # Ctrl-C: keep the deals that finished
    ...     result = stop.partial
    >>> result.deals, result.interrupted
    (3, False)
    """

    def __init__(self, partial: WinRate, requested: int) -> None:
        super().__init__(f"interrupted after {partial.deals} of {requested} deals; "
                         f".partial holds the ones that finished: {partial!r}")
        self.partial = partial
        self.requested = requested


# --- one deal ----------------------------------------------------------------
# In the worker processes of winnability's own pool: the event the main
# process sets on Ctrl-C, which ends the search of the deal in hand.
_stop_event: Any = None


def _start_worker(stop_event: Any) -> None:
    """Initializer of winnability's own process pool."""
    global _stop_event
    _stop_event = stop_event
    # Ctrl-C in a terminal or a notebook's Interrupt signals the whole process
    # group: the main process alone decides, and tells the workers by the event.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_deal(name: GameName, seed: int, player: str, time_limit: Optional[float], max_states: Optional[int],
              options: dict) -> Deal:
    """Play or solve one deal (a top-level function, so any executor can run it).

    Raises ``KeyboardInterrupt`` when Ctrl-C (or, in winnability's own pool,
    the main process) cuts the search short: such a deal has no result.
    """
    from .. import new_game

    game = new_game(name, seed=seed, **options)
    started = time.perf_counter()
    if player == "solver":
        stop: Optional[Callable[[], bool]] = _stop_event.is_set if _stop_event is not None else None
        s = solve(game, time_limit=time_limit, max_states=max_states, stop=stop)
        if s.stopped_by in ("interrupt", "stopped"):
            raise KeyboardInterrupt(f"the search of seed {seed} was interrupted")
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


# --- many deals ----------------------------------------------------------------
def winnability(name: GameName, deals: int = 1000, *, start_seed: int = 0, time_limit: Optional[float] = 1.0,
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
    machine's speed either.  ``progress`` shows a ``tqdm.auto`` bar that
    moves deal by deal.  Every argument is checked before any deal is dealt.

    Ctrl-C (a notebook's Interrupt) stops the whole run at once and raises
    ``WinRateInterrupted``, a ``KeyboardInterrupt`` whose ``partial`` is the
    ``WinRate`` of the deals that finished; a deal cut short is not counted.
    Deals not yet started are cancelled; the own pool's workers stop their
    search and are shut down.  An executor of your own is left running (its
    deals in hand finish, within their budget, and are not counted).

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
    if not whole_number(deals, at_least=1):
        raise ValueError(f"deals must be a whole number ≥ 1, not {deals!r}")
    deals = int(deals)
    if not whole_number(start_seed, at_least=0, below=2**64 - deals + 1):
        raise ValueError(f"start_seed must be a whole number from 0 to 2**64 - deals "
                         f"(seeds are below 2**64), not {start_seed!r}")
    start_seed = int(start_seed)
    check_limits(time_limit, max_states)
    time_limit = None if time_limit is None else float(time_limit)
    max_states = None if max_states is None else int(max_states)
    if not isinstance(player, str) or player not in PLAYERS:
        raise ValueError(f"player must be one of {', '.join(PLAYERS)}, not {player!r}")
    if executor is not None and executor != "inline" and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, 'inline' or None, not {executor!r}")
    if jobs is not None:
        if not whole_number(jobs, at_least=1):
            raise ValueError(f"jobs must be a whole number ≥ 1 or None (every core), not {jobs!r}")
        if executor is not None:
            raise ValueError("jobs sets the size of winnability's own process pool: "
                             f"give it with executor=None, not with executor={executor!r}")
        jobs = int(jobs)
    if not isinstance(progress, bool):
        raise ValueError(f"progress must be True or False, not {progress!r}")
    if executor is None:
        _check_workers_can_import(cls)

    seeds = range(start_seed, start_seed + deals)
    args = (player, time_limit, max_states, chosen)
    rows: list[Deal] = []
    bar = _progress_bar(deals, f"{cls.name} {player}") if progress else None
    try:
        if executor == "inline":
            interrupted = _inline(cls, seeds, args, bar, rows)
        else:
            interrupted = _on_executor(executor, jobs, cls, seeds, args, bar, rows)  # type: ignore[arg-type]
    finally:
        if bar is not None:
            bar.close()
    rows.sort(key=lambda r: r.seed)
    result = WinRate(cls.name, chosen, player, start_seed, time_limit, max_states, tuple(rows), interrupted)
    if interrupted:
        raise WinRateInterrupted(result, deals)
    return result


def _inline(cls: type[Game], seeds: range, args: tuple, bar: Any, rows: list[Deal]) -> bool:
    """Play the deals of ``seeds`` here, onto ``rows``; True if Ctrl-C stopped it."""
    try:
        for seed in seeds:
            rows.append(play_deal(cls, seed, *args))
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        return True
    return False


def _check_workers_can_import(cls: type[Game]) -> None:
    """Raise ``ValueError`` when the own pool's workers could not find
    ``cls``: unless they fork from this process, they import it by its
    module, and a class defined in a notebook or a script is not in one."""
    method = multiprocessing.get_context().get_start_method()
    if method == "fork":
        return
    found: Any = sys.modules.get(cls.__module__) if cls.__module__ != "__main__" else None
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    if found is not cls:
        raise ValueError(f"winnability's worker processes (started by {method!r}) cannot import {cls.__name__}, "
                         f"defined in {cls.__module__} (a notebook or a script): pass executor='inline', "
                         "or define the class in a module")


def _on_executor(executor: Optional[Executor], jobs: Optional[int], cls: type[Game], seeds: range, args: tuple,
                 bar: Any, rows: list[Deal]) -> bool:
    """Play the deals of ``seeds``, one task each, on ``executor`` (None: a
    process pool of our own), onto ``rows``; True if Ctrl-C stopped it."""
    stop_event = None
    pool: Executor
    if executor is None:
        context = multiprocessing.get_context()
        stop_event = context.Event()
        pool = ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1, mp_context=context,
                                   initializer=_start_worker, initargs=(stop_event,))
    else:
        pool = executor
    futures: list[Future] = []
    try:
        for seed in seeds:
            futures.append(pool.submit(play_deal, cls, seed, *args))
        for future in as_completed(futures):
            rows.append(future.result())
            if bar is not None:
                bar.update(1)
    except KeyboardInterrupt:
        if stop_event is not None:
            stop_event.set()  # the workers' searches end at their next look at the clock
        for future in futures:
            future.cancel()
        # Deals that finished but were not collected yet count too; none cut short does.
        collected = {row.seed for row in rows}
        rows += [row for future in futures if future.done() and not future.cancelled()
                 and future.exception() is None and (row := future.result()).seed not in collected]
        return True
    finally:
        if executor is None:
            pool.shutdown(wait=True, cancel_futures=True)
    return False


def _progress_bar(total: int, desc: str) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: no bar without it
        return None
    return tqdm(total=total, desc=desc, unit="deal")

"""Win rates over many deals: the solver, a greedy player and a random one.

>>> import solitaire_widgets as sw
>>> r = sw.winnability("bobby", deals=4, player="greedy", executor="inline", progress=False)
>>> r.deals, r.won + r.lost + r.unknown
(4, 4)
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import queue
import random
import signal
import sys
import threading
import time
import warnings
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator, Optional, Union

from ..fast_path import FastPath
from ..game import Game
from ..games import GameName, game_class
from .checks import check_win_rate_run
from .results import Deal, WinRate
from .search import Search, solve

PLAYERS = ("solver", "greedy", "random")
NO_PROCESSES = ("winnability: this Python cannot start worker processes (Pyodide in a browser), "
                "so the deals run here, one by one")
POLL_SECONDS = 0.05  # how often the collecting of a pool's deals looks at Ctrl-C
MAX_PLAYER_MOVES = 2000  # random play can shuttle a card forever: a game ends after this many moves


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


class CtrlC:
    """What Ctrl-C does while ``winnability`` runs.  While it is
    ``polled`` (the arguments checked, deals on an executor) a press is
    only counted, and the run looks at ``pressed`` between its steps, so
    that no press lands halfway through starting a worker process (in a
    fork's hooks, or in a worker forked before it ignores Ctrl-C) or inside
    the pool's locks; otherwise (deals played here) the first press raises
    ``KeyboardInterrupt`` as usual.  Any press once the run cleans up
    (``hold``) is counted too, so no cleanup is cut short (an interrupted
    pool shutdown used to hang the process at exit), and asks it to hurry
    (``hurry``): the own pool's workers are killed rather than waited for.

    >>> c = CtrlC(polled=True)
    >>> c(signal.SIGINT, None); c.pressed, c.hurry
    (1, False)
    >>> c.hold(); c(signal.SIGINT, None); c.hurry
    True
    """

    def __init__(self, polled: bool = False) -> None:
        self.polled = polled
        self.held = False
        self.pressed = 0  # Ctrl-C seen
        self.held_at = 0  # of those, the one that stopped the run (0 or 1)

    def __call__(self, signum: int, frame: Optional[FrameType]) -> None:
        self.pressed += 1
        if not self.polled and not self.held:
            self.hold()
            raise KeyboardInterrupt

    def hold(self) -> None:
        """From now on Ctrl-C is counted, not raised: a cleanup begins."""
        if not self.held:
            self.held = True
            self.held_at = min(self.pressed, 1)

    @property
    def hurry(self) -> bool:
        """Whether Ctrl-C was pressed since the one that stopped the run
        (or at all, when it ended by itself)."""
        return self.held and self.pressed > self.held_at

    @contextmanager
    def installed(self) -> Iterator["CtrlC"]:
        """Be the SIGINT handler for the length of the block, where Ctrl-C
        raises ``KeyboardInterrupt`` (Python's default, a notebook's) and this
        is the main thread; elsewhere leave the handler alone."""
        previous = None
        try:
            if (threading.current_thread() is threading.main_thread()
                    and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
                previous = signal.signal(signal.SIGINT, self)
        except (AttributeError, OSError, ValueError):  # a Python without signals
            previous = None
        try:
            yield self
        finally:
            if previous is not None:
                signal.signal(signal.SIGINT, previous)


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
    # A worker starts with SIGINT blocked (_sigint_blocked): ignored, it can
    # be let through.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def play_deal(name: GameName, seed: int, player: str, time_limit: Optional[float], max_states: Optional[int],
              options: dict) -> Deal:
    """Play or solve one deal (a top-level function, so any executor can run it).

    Raises ``KeyboardInterrupt`` when Ctrl-C (or, in winnability's own pool,
    the main process) cuts the search short: such a deal has no result.
    """
    game = game_class(name)(seed=seed, **options)
    started = time.perf_counter()
    if player == "solver":
        stop: Optional[Callable[[], bool]] = _stop_event.is_set if _stop_event is not None else None
        s = solve(game, time_limit=time_limit, max_states=max_states, stop=stop)
        if s.stopped_by in ("interrupt", "stopped"):
            raise KeyboardInterrupt(f"the search of seed {seed} was interrupted")
        return Deal(seed, s.status, len(s.moves), s.cards_home, s.states, s.seconds, s.reason)
    if player == "greedy":
        moves, home, won = greedy_game(game)
    else:
        moves, home, won = random_game(game, random.Random(seed))
    return Deal(seed, "won" if won else "lost", moves, home, moves, time.perf_counter() - started)


def greedy_game(game: Game) -> tuple[int, int, bool]:
    """Play ``game`` greedily on a copy; return (moves played, cards home, won).

    The greedy policy: take the first move in the solver's order (a safe move
    home; else moves home, then moves that turn a card up or empty a pile,
    then other card moves, stock actions last) whose position has not been
    seen before in this game; stop when there is none.  No lookahead.
    """
    search = Search(game, time_limit=None)
    fast = search.fast
    passed = {fast.search_key()}
    played = 0
    while not fast.won() and not fast.lost() and (code := search.first_onward(passed)) is not None:
        search.apply(code)
        passed.add(fast.search_key())
        played += 1
    return played, search.home, fast.won()


def random_game(game: Game, rng: random.Random) -> tuple[int, int, bool]:
    """Play uniformly random legal moves on a copy of ``game`` (at most
    ``MAX_PLAYER_MOVES``); return (moves played, cards home, won)."""
    fast = FastPath(game)
    played = 0
    while played < MAX_PLAYER_MOVES and not fast.won() and not fast.lost():
        codes = fast.move_codes()
        if not codes:
            break
        fast.apply(rng.choice(codes))
        played += 1
    return played, fast.game.cards_home, fast.won()


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
    ``jobs`` processes (default: every core), or runs here with a
    ``RuntimeWarning`` saying so where no process can start (Pyodide in a
    browser: ``processes_start``); ``"inline"`` runs here.  Rows
    come back in seed order, so every executor gives the same result; with
    ``time_limit=None, max_states=N`` that result does not depend on the
    machine's speed either.  ``progress`` shows a ``tqdm.auto`` bar that
    moves deal by deal.  Every argument is checked before any deal is dealt.

    Ctrl-C (a notebook's Interrupt) stops the whole run at once, at any
    moment (while the own pool starts its workers too), and raises
    ``WinRateInterrupted``, a ``KeyboardInterrupt`` whose ``partial`` is the
    ``WinRate`` of the deals that finished; a deal cut short is not counted.
    Deals not yet started are cancelled; the own pool's workers stop their
    search and are shut down.  A second Ctrl-C while that happens kills the
    workers instead of waiting for them (their deals in hand are not
    counted) and still raises ``WinRateInterrupted``.  An executor of your
    own is left running (its deals in hand finish, within their budget, and
    are not counted).

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
    # Ctrl-C from the first moment: counted while the arguments are checked.
    with CtrlC(polled=True).installed() as ctrl_c:
        cls = game_class(name)
        chosen = cls.checked_options(options)
        deals, start_seed, time_limit, max_states, jobs = check_win_rate_run(
            deals, start_seed, time_limit, max_states, player, PLAYERS, executor, jobs, progress)
        if executor is None and not processes_start():
            warnings.warn(NO_PROCESSES, RuntimeWarning, stacklevel=2)
            executor = "inline"
        if executor is None:
            _check_workers_can_import(cls)
        rows: list[Deal] = []
        interrupted = _run(cls, range(start_seed, start_seed + deals), (player, time_limit, max_states, chosen),
                           executor, jobs, f"{cls.name} {player}" if progress else None, rows, ctrl_c)
        rows.sort(key=lambda r: r.seed)
        result = WinRate(cls.name, chosen, player, start_seed, time_limit, max_states, tuple(rows), interrupted)
        if interrupted:
            raise WinRateInterrupted(result, deals)
    return result


def _run(cls: type[Game], seeds: range, args: tuple, executor: Union[Executor, str, None], jobs: Optional[int],
         bar_label: Optional[str], rows: list[Deal], ctrl_c: CtrlC) -> bool:
    """Play the deals of ``seeds`` onto ``rows``, under a progress bar
    when it has a label; True if Ctrl-C stopped the run (or came while it
    cleaned up)."""
    bar = None
    try:
        ctrl_c.polled = executor != "inline"
        if ctrl_c.pressed:
            raise KeyboardInterrupt
        bar = _progress_bar(len(seeds), bar_label) if bar_label else None
        if executor == "inline":
            _inline(cls, seeds, args, bar, rows)
        else:
            _on_executor(executor, jobs, cls, seeds, args, bar, rows, ctrl_c)  # type: ignore[arg-type]
        interrupted = False
    except KeyboardInterrupt:
        interrupted = True
    finally:
        ctrl_c.hold()
        if bar is not None:
            bar.close()
    return interrupted or ctrl_c.pressed > 0


def processes_start() -> bool:
    """Whether this Python can start worker processes: not in a browser
    (Pyodide) nor under WASI, where ``winnability`` runs its deals inline.

    >>> processes_start() or sys.platform == "emscripten"
    True
    """
    return sys.platform not in ("emscripten", "wasi")


def _inline(cls: type[Game], seeds: range, args: tuple, bar: Any, rows: list[Deal]) -> None:
    """Play the deals of ``seeds`` here, onto ``rows``; Ctrl-C raises
    ``KeyboardInterrupt`` (a deal it cuts short has no row)."""
    for seed in seeds:
        rows.append(play_deal(cls, seed, *args))
        if bar is not None:
            bar.update(1)


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
                 bar: Any, rows: list[Deal], ctrl_c: CtrlC) -> None:
    """Play the deals of ``seeds``, one task each, on ``executor`` (None: a
    process pool of our own), onto ``rows``; Ctrl-C raises
    ``KeyboardInterrupt`` once the deals in hand are stopped or cancelled
    and those that finished are in ``rows``.

    Ctrl-C is polled here (``ctrl_c.pressed``), never raised: one raised
    inside a fork, the fork's hooks or the pool's locks left a worker no one
    would stop, or a lock held."""
    own: Optional[_OwnPool] = None
    finished: queue.SimpleQueue[Future] = queue.SimpleQueue()
    futures: list[Future] = []

    def send(pool: Executor, some: range) -> None:
        for seed in some:
            if ctrl_c.pressed:
                return
            future = pool.submit(play_deal, cls, seed, *args)
            future.add_done_callback(finished.put)
            futures.append(future)

    try:
        if executor is None:
            own = _OwnPool(jobs)
            executor = own.start()
            with _sigint_blocked():  # the first deals start the workers: they start deaf to Ctrl-C
                send(executor, seeds[:own.jobs])
            send(executor, seeds[own.jobs:])
        else:
            send(executor, seeds)
        collected = 0
        while collected < len(futures) and not ctrl_c.pressed:
            try:
                future = finished.get(timeout=POLL_SECONDS)
            except queue.Empty:
                continue
            try:
                rows.append(future.result())  # a deal's own error ends the run, as inline
            except BrokenProcessPool:
                if ctrl_c.pressed:  # a worker the Ctrl-C reached before it could ignore it
                    break
                raise
            collected += 1
            if bar is not None:
                bar.update(1)
        if not ctrl_c.pressed:
            return
    except KeyboardInterrupt:  # raised after all: a SIGINT handler of your own, a deal stopped elsewhere
        pass
    finally:
        ctrl_c.hold()
        if own is not None:
            own.stop()  # the workers' searches end at their next look at the clock
        for future in futures:
            future.cancel()
        if own is not None:
            own.close(ctrl_c)
    # Deals that finished but were not collected yet count too; none cut short does.
    collected_seeds = {row.seed for row in rows}
    rows += [row for future in futures if future.done() and not future.cancelled()
             and future.exception() is None and (row := future.result()).seed not in collected_seeds]
    raise KeyboardInterrupt


class _OwnPool:
    """winnability's own process pool: started and closed so that no worker
    outlives the run, however it ends."""

    def __init__(self, jobs: Optional[int]) -> None:
        self.jobs = jobs or os.cpu_count() or 1
        self.context = multiprocessing.get_context()
        self.pool: Optional[ProcessPoolExecutor] = None
        self.stop_event: Any = None
        # Its workers and its threads: those that appear once it starts.
        self.others = set(multiprocessing.active_children())
        self.threads = set(threading.enumerate())

    def start(self) -> ProcessPoolExecutor:
        """The pool, its workers started (a fork start starts them all at
        the first task; others, one a task)."""
        self.stop_event = self.context.Event()
        self.pool = ProcessPoolExecutor(max_workers=self.jobs, mp_context=self.context, initializer=_start_worker,
                                        initargs=(self.stop_event,))
        return self.pool

    def stop(self) -> None:
        """Tell the workers to end the search in hand."""
        if self.stop_event is not None:
            self.stop_event.set()

    def close(self, ctrl_c: CtrlC) -> None:
        """Shut the pool down and wait for its workers and thread to end."""
        if self.pool is None:
            return
        managed = self._pool_threads()
        self.pool.shutdown(wait=False, cancel_futures=True)
        workers = set(multiprocessing.active_children()) - self.others
        if not managed:
            # A start that failed after a fork (a fork that failed: no pool
            # thread) leaves workers no one will send home, nor join.
            for worker in workers:
                worker.kill()
            for worker in workers:
                worker.join()
            return
        _wait_for(workers, ctrl_c)
        # With its workers gone the pool's thread ends at once: wait for it,
        # or it may still be closing its pipes when Python exits and wakes
        # it there ("Bad file descriptor" printed at exit).
        for thread in managed:
            thread.join(timeout=5)

    def _pool_threads(self) -> list[threading.Thread]:
        return [thread for thread in set(threading.enumerate()) - self.threads
                if type(thread).__module__ == ProcessPoolExecutor.__module__]


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread for the length of the block, and in the
    processes it starts until they unblock it (``_start_worker``): a
    spawned worker would meet Ctrl-C with Python's own handler and die
    starting.  This process still counts a press: another thread takes it,
    or it waits until the block ends."""
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, OSError, ValueError):  # no signal masks (Windows, a Python without signals)
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _wait_for(workers: set[Any], ctrl_c: CtrlC) -> None:
    """Wait until the pool's ``workers`` (processes) have ended, killing
    them once Ctrl-C asks to hurry.  Waits on their sentinels, not by
    joining, which the pool's own thread does too."""
    waiting = {worker.sentinel: worker for worker in workers}
    while waiting:
        if ctrl_c.hurry:
            for worker in waiting.values():
                worker.kill()
        for ended in multiprocessing.connection.wait(list(waiting), timeout=0.05):
            del waiting[ended]


def _progress_bar(total: int, desc: str) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:  # tqdm is optional: no bar without it
        return None
    return tqdm(total=total, desc=desc, unit="deal")

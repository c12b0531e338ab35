"""The solver and its winning lines beside the caller, with a stop flag, so
the caller (the table's kernel) keeps answering while they run.

Where threads start, the work runs in a worker thread.  Where none can
(Pyodide in a browser: JupyterLite, a marimo WASM page), it runs
cooperatively instead, in slices of ``SLICE`` seconds on the caller's
asyncio event loop, so the kernel answers requests (Stop among them) between
two slices and the page stays responsive.  The API is the same either way.

``solve_in_background`` searches a copy taken in the caller's thread (the
game may change afterwards; the search never sees it); so does
``analyse_in_background`` (``Game.analyse``) and ``check_in_background``
(``check_move``, the table's guard), and ``deal_in_background`` looks for a
winnable deal (``solver.deals.winnable_deal``).  ``play_in_background``
plays a line on the game itself, one move per ``pace`` seconds, each through
``game.play`` like any other move, and stops at once when the game changes
under it or ``stop()`` is called.

>>> import solitaire_widgets as sw
>>> game = sw.Bobby(deck=sw.standard_deck())
>>> found = []
>>> task = solve_in_background(game, time_limit=5.0, on_done=found.append)
>>> task.wait(30) and found[0].status
'won'
>>> ends = []
>>> task = play_in_background(game, found[0].moves, pace=0.0, on_done=ends.append)
>>> task.wait(30), ends, game.status
(True, ['won'], 'won')
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import threading
import time
from typing import Any, Callable, ContextManager, Generator, Iterator, Literal, Optional, Sequence, TypeVar, get_args

from ..game import Game, MoveLike
from ..games import GameName
from ..moves import Move
from ..solver.reports import Analysis, MoveCheck
from ..solver.results import Solution
from ..solver.search import Search, solution_steps

ThreadClass = Callable[..., threading.Thread]
# A task's work: called with the stop flag; a plain function runs to its end,
# a generator pauses at each ``yield delay`` (seconds to wait, 0 for none).
Work = Callable[[threading.Event], Optional[Iterator[float]]]
R = TypeVar("R")

log = logging.getLogger(__name__)

PlayEnd = Literal["won", "finished", "stopped", "changed", "failed"]  # how a play-out ends
PLAY_ENDS: tuple[PlayEnd, ...] = get_args(PlayEnd)

SLICE = 0.05  # seconds of work between two turns of the event loop where no thread starts

_threads: Optional[bool] = None


def threads_start() -> bool:
    """Whether this Python can start a thread (not in Pyodide), tried once.

    >>> threads_start() or sys.platform == "emscripten"
    True
    """
    global _threads
    if _threads is None:
        try:
            probe = threading.Thread(target=lambda: None, name="solitaire-widgets-probe", daemon=True)
            probe.start()
            probe.join()
            _threads = True
        except RuntimeError:  # "can't start new thread"
            _threads = False
    return _threads


def _event_loop() -> Optional[asyncio.AbstractEventLoop]:
    """The loop to run cooperative work on: the running one, or Pyodide's
    (its WebLoop runs tasks whenever the browser is idle); None without."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()
    return None


class Task:
    """One piece of background work with a stop flag: ``stop()`` asks it to
    end soon, ``wait(timeout)`` waits for it (True once it has ended).

    In a worker thread made by ``thread`` (``threading.Thread`` or a
    subclass a host needs, such as marimo's ``mo.Thread``) where threads
    start; otherwise in slices on the event loop (``cooperative`` is then
    True), where ``wait`` finishes the work at once, skipping its pauses:
    nothing else could run it while the caller waits.  An error of the
    work is logged, and ``on_error(err)`` (if given) tells the caller, who
    would otherwise wait for a result that never comes.
    """

    def __init__(self, work: Work, name: str, thread: ThreadClass = threading.Thread,
                 stop: Optional[threading.Event] = None,
                 on_error: Optional[Callable[[Exception], None]] = None) -> None:
        self._stop = threading.Event() if stop is None else stop  # the flag the work itself asks, if it has one
        self._on_error = on_error  # told of an error of the work (after it is logged), so the caller can say so
        self._work = work
        self._steps: Optional[Iterator[float]] = None
        self._ended = False
        self._wake: Optional[asyncio.Event] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self.cooperative = not threads_start()
        if self.cooperative:
            self._loop = _event_loop()
            if self._loop is not None:
                self._future = asyncio.ensure_future(self._on_loop(), loop=self._loop)
        else:
            self._thread = thread(target=self._in_thread, name=name, daemon=True)
            self._thread.start()

    # --- the two ways of running ------------------------------------------------
    def _in_thread(self) -> None:
        with self._guard():
            steps = self._work(self._stop)
            for delay in steps or ():
                if delay > 0:
                    self._stop.wait(delay)

    async def _on_loop(self) -> None:
        self._wake = asyncio.Event()
        if self._stop.is_set():
            self._wake.set()
        await asyncio.sleep(0)  # the caller's request is answered first
        with self._guard():
            slice_end = time.perf_counter() + SLICE
            while (delay := self._step()) is not None:
                if delay > 0:
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(self._wake.wait(), delay)
                elif time.perf_counter() < slice_end:
                    continue
                else:
                    await asyncio.sleep(0)
                slice_end = time.perf_counter() + SLICE

    def _step(self) -> Optional[float]:
        """Run the work to its next pause; its delay, or None once it has ended."""
        if self._ended:
            return None
        if self._steps is None:
            steps = self._work(self._stop)
            if steps is None:  # a plain function: done
                self._ended = True
                return None
            self._steps = iter(steps)
        try:
            return next(self._steps)
        except StopIteration:
            self._ended = True
            return None
        except BaseException:
            self._ended = True
            raise

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except Exception as err:  # a worker's error is logged, never lost
            self._failed(err)
        finally:
            self._ended = True

    def _failed(self, err: Exception) -> None:
        log.exception("solitaire_widgets: the solver's worker failed", exc_info=err)
        if self._on_error is not None:
            try:
                self._on_error(err)
            except Exception:
                log.exception("solitaire_widgets: a worker's error handler failed")

    # --- the public side ----------------------------------------------------------
    def stop(self) -> None:
        self._stop.set()
        wake, loop = self._wake, self._loop
        if wake is not None and loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(wake.set)

    @property
    def stopped(self) -> bool:
        return self._stop.is_set()

    @property
    def running(self) -> bool:
        if self._thread is not None:
            return self._thread.is_alive()
        return not self._ended

    def wait(self, timeout: Optional[float] = None) -> bool:
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        deadline = None if timeout is None else time.perf_counter() + timeout
        try:
            while self._step() is not None:
                if deadline is not None and time.perf_counter() > deadline:
                    return False
        except Exception as err:  # as in a worker: logged, and the task has ended
            self._failed(err)
        return True


def solve_in_background(game: Game, *, on_done: Callable[[Solution], None], time_limit: Optional[float] = 5.0,
                        max_states: Optional[int] = None, thread: ThreadClass = threading.Thread,
                        after: float = 0.0) -> Task:
    """Search ``game``'s position in the background (see ``Task``);
    ``on_done(solution)`` runs when the search ends (``status="unknown"``,
    ``stopped_by="stopped"`` after ``task.stop()``).  With ``after``, the
    search starts that many seconds later; ``stop()`` before then ends the
    task with no search and no ``on_done``."""
    position = game.copy(history=False)  # taken now, in the caller's thread

    def work(stop: threading.Event) -> Iterator[float]:
        if after > 0:
            yield after  # a pause that stop() cuts short
            if stop.is_set():
                return
        search = Search(position, time_limit=time_limit, max_states=max_states, stop=stop.is_set)
        steps = solution_steps(position, search)
        while True:
            try:
                next(steps)
            except StopIteration as end:
                on_done(end.value)
                return
            yield 0.0

    return Task(work, "solitaire-widgets-solve", thread)


def _slices(steps: Generator[None, None, R]) -> Generator[float, None, R]:
    """A generator of slices as a task's work: a pause (0 s) after each
    slice; its value at the end."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
        yield 0.0


def _then(steps: Generator[None, None, R], on_done: Callable[[R], None]) -> Work:
    """The work of running ``steps`` to their end, then ``on_done(value)``."""

    def work(_stop: threading.Event) -> Iterator[float]:
        on_done((yield from _slices(steps)))

    return work


def analyse_in_background(game: Game, *, on_done: Callable[[Analysis], None],
                          on_progress: Optional[Callable[[int, float], None]] = None,
                          time_limit: Optional[float] = 10.0, max_states: Optional[int] = None,
                          thread: ThreadClass = threading.Thread,
                          on_error: Optional[Callable[[Exception], None]] = None) -> Task:
    """Analyse ``game`` (``Game.analyse``) in the background (see ``Task``),
    on a copy taken now, in the caller's thread, with its history and
    winning line; ``on_progress(searched, seconds)`` runs after each
    position searched, ``on_done(analysis)`` when it ends
    (``stopped_by="stopped"`` after ``task.stop()``: what it proved so far).
    The arguments are checked here, before the work starts.

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=2)
    >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3", "redeal"]:
    ...     _ = game.play(move)
    >>> found = []
    >>> task = analyse_in_background(game, on_done=found.append, time_limit=None, max_states=5_000)
    >>> task.wait(60), found[0].losing_move
    (True, 7)
    """
    from ..solver.analysis import analyse_steps

    stop = threading.Event()
    steps = analyse_steps(game, time_limit=time_limit, max_states=max_states, progress=on_progress, stop=stop.is_set)
    return Task(_then(steps, on_done), "solitaire-widgets-analyse", thread, stop=stop, on_error=on_error)


def check_in_background(game: Game, move: MoveLike, *, on_done: Callable[[MoveCheck], None],
                        time_limit: Optional[float] = 0.5, max_states: Optional[int] = None,
                        thread: ThreadClass = threading.Thread,
                        on_error: Optional[Callable[[Exception], None]] = None) -> Task:
    """Whether playing ``move`` on ``game`` now would give up the win
    (``check_move``: the table's guard), in the background (see ``Task``),
    on copies taken now; ``on_done(check)`` when it ends.  An illegal move
    raises ``IllegalMoveError`` here, before the work starts.

    >>> import solitaire_widgets as sw
    >>> game = sw.Cruel(seed=2)
    >>> for move in ["t7 t2", "t3 t2", "redeal", "t0 t3", "t5 t3", "t5 f2", "t6 t3"]:
    ...     _ = game.play(move)
    >>> found = []
    >>> task = check_in_background(game, "redeal", on_done=found.append, time_limit=None, max_states=5_000)
    >>> task.wait(60), found[0].gives_up_win, str(found[0].better)
    (True, True, 't6 t11')
    """
    from ..solver.analysis import check_move_steps

    stop = threading.Event()
    steps = check_move_steps(game, move, time_limit=time_limit, max_states=max_states, stop=stop.is_set)
    return Task(_then(steps, on_done), "solitaire-widgets-guard", thread, stop=stop, on_error=on_error)


def deal_in_background(name: GameName, *, on_done: Callable[[Optional[Game], str], None],
                       on_progress: Optional[Callable[[int, float], None]] = None, seed: Optional[int] = None,
                       difficulty: Optional[str] = None, time_limit: Optional[float] = None,
                       thread: ThreadClass = threading.Thread,
                       on_error: Optional[Callable[[Exception], None]] = None, **options: Any) -> Task:
    """Look for a winnable deal of ``name`` (``deals.winnable_deal``, its
    budgets, from ``seed`` on; ``time_limit`` None: its default) in the
    background (see ``Task``); ``on_progress(deals_tried, seconds)`` runs
    after each seed, and ``on_done(game, why)`` when it ends: the game and
    ``""``, or None and why there is none (the time limit ran out, or
    ``"stopped"`` after ``task.stop()``).  The arguments are checked here,
    before the work starts.

    >>> found = []
    >>> task = deal_in_background("cruel", seed=4, on_done=lambda game, why: found.append((game.seed, why)))
    >>> task.wait(60), found
    (True, [(6, '')])
    """
    from ..solver.deals import DEAL_SECONDS, NoWinnableDeal, winnable_deal_steps

    stop = threading.Event()
    steps = winnable_deal_steps(name, seed=seed, difficulty=difficulty, progress=on_progress, stop=stop.is_set,
                                time_limit=DEAL_SECONDS if time_limit is None else time_limit, **options)

    def work(_stop: threading.Event) -> Iterator[float]:
        try:
            game = yield from _slices(steps)
        except NoWinnableDeal as err:
            on_done(None, "stopped" if err.stopped_by == "stopped" else str(err))
        else:
            on_done(game, "")

    return Task(work, "solitaire-widgets-deal", thread, stop=stop, on_error=on_error)


def play_in_background(game: Game, moves: Sequence[Move], *, pace: float, on_done: Callable[[PlayEnd], None],
                       on_move: Optional[Callable[[int], None]] = None,
                       lock: Optional[ContextManager] = None,
                       play: Optional[Callable[[Move], object]] = None,
                       thread: ThreadClass = threading.Thread) -> Task:
    """Play ``moves`` on ``game`` in the background (see ``Task``), ``pace``
    seconds apart.

    ``on_move(i)`` runs after move ``i`` (1-based); ``on_done(end)`` runs
    once with ``end`` one of ``PLAY_ENDS``: ``"won"``, ``"finished"`` (the
    line ran out without a win), ``"stopped"``, ``"changed"`` (someone else
    changed the game) or ``"failed"`` (a move was refused).  ``lock`` (held
    around each move) keeps the moves apart from the caller's own changes;
    ``play`` (default ``game.play``) plays one move; ``thread`` makes the
    worker thread (see ``Task``).
    """
    play_move = game.play if play is None else play
    held = lock if lock is not None else contextlib.nullcontext()
    line = list(moves)
    expected = game.version

    def work(stop: threading.Event) -> Iterator[float]:
        nonlocal expected
        end: PlayEnd = "won" if game.status == "won" else "finished"
        for i, move in enumerate(line, 1):
            yield pace
            if stop.is_set():
                end = "stopped"
                break
            with held:
                if stop.is_set():
                    end = "stopped"
                    break
                if game.version != expected:
                    end = "changed"
                    break
                try:
                    play_move(move)
                except Exception as err:  # the engine refused it: the line no longer fits the game
                    log.warning("solitaire_widgets: the play-out's move %s was refused: %s", move, err)
                    end = "failed"
                    break
                expected = game.version
                if on_move is not None:
                    on_move(i)
            if game.status == "won":
                end = "won"
                break
        with held:
            on_done(end)

    return Task(work, "solitaire-widgets-play-out", thread)
